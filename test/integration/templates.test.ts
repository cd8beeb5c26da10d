// Templates on the real sandbox: a timeline with real media published as immutable,
// numbered versions with typed slots; variants checked slot by slot (dry run: nothing
// created) and, when valid, turned into prepared projects whose timelines carry the values;
// idempotent replays create nothing twice.
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editorClient } from '../support/editorSupport.ts';
import { makeFixtureDir } from '../support/mediaFixtures.ts';
import { apiClient, startSandboxProcess, type ApiCall, type RunningSandbox } from '../support/sandboxProcess.ts';
import { makeTemplateSource, postIdempotent, templateBody, type TemplateSource } from '../support/templateSupport.ts';

let sandbox: RunningSandbox;
let call: ApiCall;
let source: TemplateSource;
const fixtures = makeFixtureDir();

beforeAll(async () => {
  sandbox = await startSandboxProcess();
  call = apiClient(sandbox.createBaseUrl, sandbox.apiKey);
  source = await makeTemplateSource(call, fixtures.dir);
});
afterAll(async () => {
  await sandbox?.stop({ removeData: true });
  fixtures.cleanup();
});

const projectCount = async () => (await call('GET', '/projects?limit=100')).body.data.length as number;

async function publish(body: unknown): Promise<any> {
  const res = await postIdempotent(call, '/templates', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

describe('templates', () => {
  it('publishes numbered, immutable versions of a timeline with typed slots', async () => {
    const key = randomUUID();
    const first = await postIdempotent(call, '/templates', templateBody(source), key);
    expect(first.status).toBe(201);
    const v1 = first.body.data;
    expect(v1).toMatchObject({ version: 1, name: 'Promo', projectId: source.projectId, aspectRatio: '16:9' });
    expect(v1.slots.map((s: any) => [s.name, s.type, s.required])).toEqual([
      ['caption', 'text', true],
      ['clip', 'video', false],
      ['brandColor', 'color', false],
    ]);
    expect(v1.timeline.durationMs).toBe(3000);
    const captionIn = (version: any) =>
      version.timeline.tracks.flatMap((t: any) => t.clips).find((c: any) => c.id === source.captionClipId).text;
    expect(captionIn(v1)).toBe('Placeholder caption');

    // The same key and body: the same version again, not a new one.
    const replay = await postIdempotent(call, '/templates', templateBody(source), key);
    expect(replay.status).toBe(200);
    expect(replay.body.data).toEqual(v1);

    // The source changes, then version 2 is published from it.
    const editor = editorClient(call);
    const now = await editor.timeline(source.projectId);
    await editor.apply(source.projectId, now.revision, [
      { type: 'updateCaption', clipId: source.captionClipId, text: 'Second draft' },
    ]);
    const v2 = await publish(templateBody(source, { templateId: v1.templateId, name: 'Promo v2' }));
    expect(v2).toMatchObject({ templateId: v1.templateId, version: 2, name: 'Promo v2' });
    expect(captionIn(v2)).toBe('Second draft');
    expect(v2.sourceRevision).not.toBe(v1.sourceRevision);

    // Version 1 is as it was published.
    const readV1 = await call('GET', `/templates/${v1.templateId}/versions/1`);
    expect(readV1.status).toBe(200);
    expect(readV1.body.data).toEqual(v1);

    const template = (await call('GET', `/templates/${v1.templateId}`)).body.data;
    expect(template).toMatchObject({ id: v1.templateId, name: 'Promo v2', latestVersion: 2, latest: v2 });
    expect(template.versions.map((v: any) => [v.version, v.name])).toEqual([
      [1, 'Promo'],
      [2, 'Promo v2'],
    ]);
    const list = (await call('GET', '/templates')).body;
    expect(list.data.find((t: any) => t.id === v1.templateId)).toMatchObject({ latestVersion: 2 });
    expect(list.pagination).toEqual({ nextCursor: null });

    // Nothing changes a published version.
    for (const [method, path] of [
      ['PATCH', `/templates/${v1.templateId}`],
      ['PUT', `/templates/${v1.templateId}`],
      ['DELETE', `/templates/${v1.templateId}`],
      ['PATCH', `/templates/${v1.templateId}/versions/1`],
      ['PUT', `/templates/${v1.templateId}/versions/1`],
    ] as const) {
      const res = await call(method, path, { body: { name: 'Changed' } });
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.body.error.code).toBe('route.method_not_allowed');
    }
    expect((await call('GET', `/templates/${v1.templateId}/versions/1`)).body.data).toEqual(v1);
    expect((await call('GET', `/templates/${v1.templateId}/versions/3`)).status).toBe(404);
    expect((await call('GET', '/templates/999999')).status).toBe(404);
  });

  it('refuses a template whose bindings or defaults do not fit its timeline, naming the field', async () => {
    const refused = async (body: unknown, code: string, mentions: string) => {
      const res = await postIdempotent(call, '/templates', body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error.code).toBe(code);
      expect(res.body.error.message).toContain(mentions);
    };
    const base = templateBody(source);
    await refused(
      { ...base, bindings: [{ slot: 'caption', clipId: randomUUID(), property: 'text' }] },
      'template.invalid',
      'bindings[0].clipId',
    );
    await refused(
      { ...base, bindings: [{ slot: 'caption', clipId: source.videoClipId, property: 'text' }] },
      'template.invalid',
      'bindings[0].property',
    );
    await refused(
      { ...base, bindings: [{ slot: 'clip', clipId: source.captionClipId, property: 'asset' }] },
      'template.invalid',
      'is a caption',
    );
    await refused(
      { ...base, bindings: [{ slot: 'caption', clipId: source.videoClipId, property: 'properties.opacity' }] },
      'template.invalid',
      'takes a number slot',
    );
    await refused(
      { ...base, bindings: [{ slot: 'nope', clipId: source.videoClipId, property: 'asset' }] },
      'template.invalid',
      'no slot "nope"',
    );
    await refused(
      { ...base, slots: [{ name: 'clip', type: 'video', required: false, default: source.media.image }], bindings: [] },
      'template.invalid',
      'slots[0].default',
    );
    await refused(
      { ...base, slots: [{ name: 'caption', type: 'text', required: true, default: 'x' }] },
      'request.invalid',
      'slots.0.default',
    );
    await refused(
      { ...base, slots: [{ name: 'caption', type: 'gif', required: true }] },
      'request.invalid',
      'type must be one of',
    );
    await refused(
      { ...base, slots: [{ name: 'two words', type: 'text', required: true }] },
      'request.invalid',
      'identifier',
    );
    expect((await postIdempotent(call, '/templates', { ...base, templateId: 999999 })).status).toBe(404);
  });

  it('dry-runs variants: reports each wrong value by slot and creates nothing', async () => {
    const v = await publish(templateBody(source));
    const before = await projectCount();
    const key = randomUUID();
    const variants = [
      { name: 'fine', values: { caption: 'Spring sale', clip: source.media.longVideo } },
      { name: 'image for video', values: { caption: 'Hello', clip: source.media.image } },
      { name: 'no caption', values: { clip: source.media.shortVideo } },
      { name: 'unknown slot', values: { caption: 'Hi', logo: 3 } },
      { name: 'bad colour', values: { caption: 'Hi', brandColor: 'red' } },
      { name: 'too long', values: { caption: 'x'.repeat(41) } },
    ];
    const res = await postIdempotent(call, `/templates/${v.templateId}/variants`, { dryRun: true, variants }, key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ templateId: v.templateId, version: 1, valid: false });
    const byName = Object.fromEntries(res.body.data.variants.map((x: any) => [x.name, x]));
    expect(byName.fine).toEqual({ name: 'fine', valid: true, errors: [] });
    expect(byName['image for video'].errors).toEqual([
      { slot: 'clip', message: expect.stringMatching(/is an image; this slot takes a video/) },
    ]);
    expect(byName['no caption'].errors).toEqual([{ slot: 'caption', message: expect.stringContaining('required') }]);
    expect(byName['unknown slot'].errors).toEqual([
      { slot: 'logo', message: expect.stringContaining('no slot "logo"') },
    ]);
    expect(byName['bad colour'].errors).toEqual([{ slot: 'brandColor', message: expect.stringContaining('#RRGGBB') }]);
    expect(byName['too long'].errors).toEqual([{ slot: 'caption', message: expect.stringContaining('at most 40') }]);
    expect(await projectCount()).toBe(before);

    // Without dryRun the same variants are refused as a whole, with the same errors.
    const real = await postIdempotent(call, `/templates/${v.templateId}/variants`, { variants });
    expect(real.status).toBe(400);
    expect(real.body.error.code).toBe('template.variants_invalid');
    expect(real.body.error.variants.filter((x: any) => !x.valid)).toHaveLength(5);
    expect(await projectCount()).toBe(before);
  });

  it('turns valid variants into prepared projects whose timelines carry the values, exactly once per key', async () => {
    const v = await publish(templateBody(source));
    const before = await projectCount();
    const key = randomUUID();
    const body = {
      variants: [
        { name: 'Short', values: { caption: 'One second', clip: source.media.shortVideo } },
        { name: 'Default clip', values: { caption: 'Template clip' } },
      ],
    };
    const res = await postIdempotent(call, `/templates/${v.templateId}/variants`, body, key);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const made = res.body.data;
    expect(made.variants.map((x: any) => x.name)).toEqual(['Short', 'Default clip']);
    expect(made.variants[0].values).toEqual({
      caption: 'One second',
      clip: source.media.shortVideo,
      brandColor: '#112233',
    });
    expect(await projectCount()).toBe(before + 2);

    const timelineOf = async (projectId: number) =>
      (await call('GET', `/projects/${projectId}/editor/timeline`)).body.data;
    const clipsOf = (timeline: any) => timeline.tracks.flatMap((t: any) => t.clips);
    const short = await timelineOf(made.variants[0].projectId);
    const shortClips = clipsOf(short);
    expect(shortClips.find((c: any) => c.id === source.captionClipId).text).toBe('One second');
    // The 1 s video replaces the 3 s one: the clip starts where it did and ends with its media.
    expect(shortClips.find((c: any) => c.id === source.videoClipId)).toMatchObject({
      assetId: source.media.shortVideo,
      startMs: 0,
      inMs: 0,
    });
    expect(short.durationMs).toBeGreaterThan(900);
    expect(short.durationMs).toBeLessThan(1100);
    const project = (await call('GET', `/projects/${made.variants[0].projectId}`)).body.data;
    expect(project).toMatchObject({ name: 'Promo – Short', aspectRatio: '16:9' });

    const untouched = clipsOf(await timelineOf(made.variants[1].projectId));
    expect(untouched.find((c: any) => c.id === source.captionClipId).text).toBe('Template clip');
    expect(untouched.find((c: any) => c.id === source.videoClipId).endMs).toBe(3000);

    // A retry with the same key answers the same projects and creates none.
    const replay = await postIdempotent(call, `/templates/${v.templateId}/variants`, body, key);
    expect(replay.status).toBe(200);
    expect(replay.body.data).toEqual(made);
    expect(await projectCount()).toBe(before + 2);
    const reused = await postIdempotent(
      call,
      `/templates/${v.templateId}/variants`,
      { variants: [body.variants[0]] },
      key,
    );
    expect(reused.status).toBe(409);
    expect(reused.body.error.code).toBe('idempotency.key_reused');
  });

  it('is described in /openapi.json, and real answers match the documented schemas', async () => {
    const doc = (await call('GET', '/openapi.json')).body.data;
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    const resolved = validator.resolveRefs() as any;
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    const check = async (method: string, path: string, template: string, body?: unknown) => {
      const res = await call(method, path, {
        ...(body === undefined ? {} : { body }),
        headers: method === 'POST' ? { 'idempotency-key': randomUUID() } : {},
      });
      const schema =
        resolved.paths[template]?.[method.toLowerCase()]?.responses[String(res.status)]?.content?.['application/json']
          ?.schema;
      expect(schema, `${method} ${template} ${res.status} is documented`).toBeDefined();
      expect(ajv.validate(schema, res.body), `${method} ${path} → ${res.status}: ${ajv.errorsText()}`).toBe(true);
      return res;
    };

    const v = (await check('POST', '/templates', '/templates', templateBody(source))).body.data;
    await check('POST', '/templates', '/templates', {
      ...templateBody(source),
      bindings: [{ slot: 'caption', clipId: randomUUID(), property: 'text' }],
    });
    await check('GET', '/templates?limit=2', '/templates');
    await check('GET', `/templates/${v.templateId}`, '/templates/{templateId}');
    await check('GET', `/templates/${v.templateId}/versions/1`, '/templates/{templateId}/versions/{version}');
    const variants = `/templates/${v.templateId}/variants`;
    await check('POST', variants, '/templates/{templateId}/variants', {
      dryRun: true,
      variants: [{ name: 'a', values: { caption: 5 } }],
    });
    await check('POST', variants, '/templates/{templateId}/variants', { variants: [{ name: 'a', values: {} }] });
    const made = await check('POST', variants, '/templates/{templateId}/variants', {
      variants: [{ name: 'a', values: { caption: 'A' } }],
    });
    const projectId = made.body.data.variants[0].projectId;
    const batch = await check('POST', `/projects/${projectId}/editor/batches`, '/projects/{id}/editor/batches', {
      output: { kind: 'render' },
    });
    await check('GET', `/projects/${projectId}/editor/batches`, '/projects/{id}/editor/batches');
    await check('GET', `/batches/${batch.body.data.id}`, '/batches/{id}');
    await check('POST', `/batches/${batch.body.data.id}/cancel`, '/batches/{id}/cancel');
  });
});
