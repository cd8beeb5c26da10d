// /openapi.json: a valid OpenAPI 3.1 document, version 1.2.0, describing every
// operation the sandbox serves — and real responses match what it says.
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, startSandboxProcess, type ApiCall, type RunningSandbox } from '../support/sandboxProcess.ts';

let sandbox: RunningSandbox;
let call: ApiCall;
let doc: any;

beforeAll(async () => {
  sandbox = await startSandboxProcess();
  call = apiClient(sandbox.createBaseUrl, sandbox.apiKey);
  doc = (await call('GET', '/openapi.json')).body.data;
});
afterAll(() => sandbox?.stop({ removeData: true }));

/** Every operation of the spec's "Operations with known shape" table. */
const KNOWN_SHAPE = [
  'get /',
  'get /openapi.json',
  'get /me',
  'get /keys',
  'post /keys',
  'delete /keys/{keyId}',
  'get /models',
  'get /projects',
  'post /projects',
  'get /projects/{id}',
  'patch /projects/{id}',
  'get /assets',
  'post /assets',
  'get /assets/{id}',
  'get /generations',
  'post /generations',
  'get /generations/{id}',
  'get /exports',
  'post /exports',
  'get /exports/{id}',
];

/** The spec's "Operations known by name only", and the ones it names without a path (ours). */
const NAMED_ONLY = [
  'post /uploads',
  'get /brands/{id}/assets',
  'get /editor/catalog',
  'get /projects/{id}/editor/timeline',
  'post /projects/{id}/editor/commands',
  'post /templates',
  'post /templates/{templateId}/variants',
  'post /projects/{id}/editor/batches',
  'post /assets/{id}/transcriptions',
  'post /assets/{id}/reviews',
  'post /speech-edits',
  'post /projects/{id}/editor/render',
  'post /assets/{id}/finishes',
  'post /webhooks',
  // "starting or reconnecting an editor session, syncing media, authenticated content download, delivery links"
  'post /projects/{id}/editor/sessions',
  'post /projects/{id}/editor/sessions/{sessionId}/reconnect',
  'post /projects/{id}/editor/media-sync',
  'get /assets/{id}/content',
  'post /assets/{id}/delivery-links',
  'delete /assets/{id}/delivery-links/{linkId}',
];

describe('the OpenAPI document', () => {
  it('passes an OpenAPI 3.1 validator and carries version 1.2.0', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.info.version).toBe('1.2.0');
    expect(doc.servers[0].url).toBe(sandbox.createBaseUrl);
  });

  it('describes every operation of known shape in the spec', () => {
    const described = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops as object).map((m) => `${m} ${path}`),
    );
    expect(described).toEqual(expect.arrayContaining(KNOWN_SHAPE));
  });

  it('describes every operation the spec names without a shape', () => {
    const described = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops as object).map((m) => `${m} ${path}`),
    );
    expect(described).toEqual(expect.arrayContaining(NAMED_ONLY));
  });

  it('documents the Idempotency-Key on every creating POST of paid or job work', () => {
    const jobPosts = NAMED_ONLY.filter((op) =>
      /^post .*(commands|variants|batches|transcriptions|reviews|speech-edits|render|finishes)$/.test(op),
    );
    for (const op of [...jobPosts, 'post /generations', 'post /exports']) {
      const [method, path] = op.split(' ') as [string, string];
      const params = doc.paths[path][method].parameters as { name: string; in: string; required: boolean }[];
      expect(
        params.some((p) => p.name === 'Idempotency-Key' && p.in === 'header' && p.required),
        op,
      ).toBe(true);
    }
  });

  it('real responses match the response schemas it documents', async () => {
    const validator = new Validator();
    await validator.validate(structuredClone(doc));
    const resolved = validator.resolveRefs() as any;
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    const check = async (method: string, path: string, template: string, body?: unknown) => {
      const res = await call(method, path, body === undefined ? {} : { body });
      const schema =
        resolved.paths[template][method.toLowerCase()].responses[String(res.status)]?.content?.['application/json']
          ?.schema;
      expect(schema, `${method} ${template} ${res.status} is documented`).toBeDefined();
      const ok = ajv.validate(schema, res.body);
      expect(ok, `${method} ${path} → ${res.status}: ${ajv.errorsText()}`).toBe(true);
      return res;
    };
    await check('GET', '/', '/');
    await check('GET', '/me', '/me');
    const project = await check('POST', '/projects', '/projects', { name: 'Contract' });
    await check('GET', '/projects?limit=1', '/projects');
    await check('GET', `/projects/${project.body.data.id}`, '/projects/{id}');
    await check('PATCH', `/projects/${project.body.data.id}`, '/projects/{id}', {
      name: 'x',
      revision: '2000-01-01T00:00:00Z',
    });
    await check('GET', '/projects/999999', '/projects/{id}');
    await check('GET', '/models', '/models');
    await check('GET', '/assets', '/assets');
    await check('GET', '/generations', '/generations');
    await check('GET', '/exports', '/exports');
  });

  it('states the output settings as typed enums, so a client validating a body refuses what the service refuses', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    const body = doc.paths['/projects/{id}/editor/render'].post.requestBody.content['application/json'].schema;
    const output = body.properties.output;
    expect(output.properties.resolution).toMatchObject({ type: 'string', enum: ['360p', '720p', '1080p', '2160p'] });
    expect(output.properties.frameRate).toMatchObject({ type: 'number', enum: [24, 25, 30, 60] });
    expect(output.properties.quality.enum).toEqual(['draft', 'standard', 'high']);
    const format = output.properties.format;
    expect(format.enum ?? [format.const]).toContain('mp4');
    const validBody = ajv.compile(body);
    expect(validBody({ output: { resolution: '720p', frameRate: 25 } })).toBe(true);
    expect(validBody({ output: { resolution: '999p' } })).toBe(false);
    expect(validBody({ output: { frameRate: 29.97 } })).toBe(false);
  });

  it('describes export for every destination: formats, loudness, range, still, captions burnt or as files', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    const formats = ['mp4', 'mp4-h265', 'webm-vp9', 'mov-prores', 'mp3', 'wav', 'm4a'];
    const render = doc.paths['/projects/{id}/editor/render'].post.requestBody.content['application/json'].schema;
    const exportBody = doc.paths['/exports'].post.requestBody.content['application/json'].schema;
    for (const output of [render.properties.output, exportBody.properties.output]) {
      expect(output.properties.format).toMatchObject({ type: 'string', enum: formats });
      expect(output.properties.loudnessLufs).toMatchObject({ type: 'number', minimum: -30, maximum: -5 });
      expect(output.properties.burnCaptions).toMatchObject({ type: 'boolean' });
    }
    expect(render.properties.still.properties.atMs).toMatchObject({ type: 'integer', minimum: 0 });
    expect(exportBody.properties.timeline.properties.range.required).toEqual(['startMs', 'endMs']);
    expect(exportBody.properties.timeline.properties.still.properties.atMs).toMatchObject({ type: 'integer' });
    const validRender = ajv.compile(render);
    expect(validRender({ still: { atMs: 500 }, output: { format: 'mov-prores', burnCaptions: false } })).toBe(true);
    expect(validRender({ output: { format: 'avi' } })).toBe(false);
    expect(validRender({ output: { format: 'mp3', loudnessLufs: -60 } })).toBe(false);
    for (const format of ['srt', 'vtt']) {
      const op = doc.paths[`/projects/{id}/editor/captions.${format}`].get;
      expect(Object.keys(op.responses['200'].content)).toEqual([
        format === 'srt' ? 'application/x-subrip' : 'text/vtt',
      ]);
      expect(op.parameters.map((p: any) => p.name)).toContain('trackId');
    }
  });

  it('describes change over time: setKeyframes with its easings and limits, transition edges, freeze frames and the catalog', async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    const body = doc.paths['/projects/{id}/editor/commands'].post.requestBody.content['application/json'].schema;
    const variants: any[] = body.properties.commands.items.oneOf ?? body.properties.commands.items.anyOf;
    const of = (type: string) => variants.find((v) => v.properties.type.const === type);
    const keyframes = of('setKeyframes').properties.keyframes;
    expect(keyframes.maxItems).toBe(1000);
    expect(keyframes.items.properties.easing.enum).toEqual(['linear', 'easeIn', 'easeOut', 'easeInOut', 'hold']);
    expect(keyframes.items.properties.atMs).toMatchObject({ type: 'integer', minimum: 0 });
    expect(of('setTransition').properties.edge.enum).toEqual(['in', 'out']);
    expect(of('freezeFrame').required).toEqual(expect.arrayContaining(['clipId', 'atMs', 'durationMs']));
    expect(of('addClip').properties.freezeMs).toMatchObject({ type: 'integer', minimum: 1 });
    const fades = of('setClipProperties').properties.properties.properties;
    expect(fades.audioFadeOutMs).toMatchObject({ type: 'number', minimum: 0 });
    expect(fades.reverse).toMatchObject({ minimum: 0, maximum: 1 });
    expect(fades.volume).toMatchObject({ minimum: 0, maximum: 2 });
    const valid = ajv.compile(body);
    const clipId = '0b6a4f36-5d8e-4c1e-9d0a-5b2f6c1d2e3f';
    const setKeyframes = (easing: string) => ({
      revision: 'r1',
      commands: [{ type: 'setKeyframes', clipId, property: 'opacity', keyframes: [{ atMs: 0, value: 1, easing }] }],
    });
    expect(valid(setKeyframes('easeInOut'))).toBe(true);
    expect(valid(setKeyframes('bounce'))).toBe(false);
    const clip =
      doc.paths['/projects/{id}/editor/timeline'].get.responses['200'].content['application/json'].schema.properties
        .data.properties.tracks.items.properties.clips.items;
    const media = (clip.oneOf ?? clip.anyOf).find((v: any) => v.properties.kind.const === 'media');
    expect(Object.keys(media.properties)).toEqual(expect.arrayContaining(['keyframes', 'transitionOut', 'freezeMs']));
    const render = doc.paths['/projects/{id}/editor/render'].post.description;
    expect(render).toMatch(/## Change over time/);
    expect(render).toMatch(/easeInOut/);
    const catalog = (await call('GET', '/editor/catalog')).body.data;
    expect(catalog.easings).toEqual(['linear', 'easeIn', 'easeOut', 'easeInOut', 'hold']);
    expect(catalog.outTransitions).toEqual(['fade', 'dissolve', 'crossfade']);
    expect(catalog.limits.keyframesPerProperty).toBe(1000);
    const animatable = catalog.properties.filter((p: any) => p.animatable).map((p: any) => p.name);
    expect(animatable.sort()).toEqual([
      'cropBottom',
      'cropLeft',
      'cropRight',
      'cropTop',
      'opacity',
      'positionX',
      'positionY',
      'rotation',
      'scale',
      'volume',
    ]);
    expect(catalog.properties.map((p: any) => p.name)).toEqual(
      expect.arrayContaining(['fadeInMs', 'fadeOutMs', 'audioFadeInMs', 'audioFadeOutMs', 'reverse']),
    );
    expect(catalog.transitions.map((t: any) => t.id)).toContain('crossfade');
  });

  it('describes crop: four keyframable clip properties from 0 to below 1, opposite sides below 1 together', async () => {
    const body = doc.paths['/projects/{id}/editor/commands'].post.requestBody.content['application/json'].schema;
    const variants: any[] = body.properties.commands.items.oneOf ?? body.properties.commands.items.anyOf;
    const properties = variants.find((v) => v.properties.type.const === 'setClipProperties').properties.properties
      .properties;
    for (const side of ['cropLeft', 'cropRight', 'cropTop', 'cropBottom']) {
      expect(properties[side]).toMatchObject({ type: 'number', minimum: 0, exclusiveMaximum: 1 });
      expect(properties[side].description).toMatch(/below 1/);
    }
    const catalog = (await call('GET', '/editor/catalog')).body.data;
    const crop = catalog.properties.filter((p: any) => p.name.startsWith('crop'));
    expect(crop.map((p: any) => [p.name, p.animatable, p.appliesTo, p.default])).toEqual([
      ['cropLeft', true, ['video'], 0],
      ['cropRight', true, ['video'], 0],
      ['cropTop', true, ['video'], 0],
      ['cropBottom', true, ['video'], 0],
    ]);
    const render = doc.paths['/projects/{id}/editor/render'].post.description;
    expect(render).toMatch(/\*\*Crop\.\*\*/);
  });

  it("declares the Messaging API's sandbox-only controls with a security scheme, not a bare header", async () => {
    const res = await fetch(`${sandbox.messagingBaseUrl}/openapi.json`);
    const messaging = (await res.json()) as any;
    expect(messaging.components.securitySchemes.sandboxAdmin).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'X-Sandbox-Admin',
    });
    const admin = Object.values(messaging.paths as Record<string, Record<string, any>>)
      .flatMap((ops) => Object.values(ops))
      .filter((op) => op.tags?.includes('Sandbox admin'));
    expect(admin.length).toBeGreaterThan(0);
    for (const op of admin) {
      expect(op.security).toEqual([{ sandboxAdmin: [] }]);
      expect((op.parameters ?? []).some((p: { name: string }) => p.name === 'X-Sandbox-Admin')).toBe(false);
    }
    expect((await new Validator().validate(structuredClone(messaging))).valid).toBe(true);
  });
});
