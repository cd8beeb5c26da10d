// A project changes its own shape (PUT /projects/{id}/aspect-ratio) under the revision rules
// of a rename: the current revision is needed, a stale one is 409 with the project as it is
// now, each change makes a new revision, a bad ratio is a 400 naming the field; the timeline
// is untouched (same revision, clips with their properties) and the next render takes the
// new frame.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editorClient, trackOf } from '../support/editorSupport.ts';
import { makeFixtureDir } from '../support/mediaFixtures.ts';
import { stillImage, videoFacts } from '../support/renderFixtures.ts';
import {
  apiClient,
  startSandboxProcess,
  waitForJob,
  type ApiCall,
  type RunningSandbox,
} from '../support/sandboxProcess.ts';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';

let sandbox: RunningSandbox;
let call: ApiCall;
const fixtures = makeFixtureDir();

beforeAll(async () => {
  sandbox = await startSandboxProcess({ jobSeconds: 0.2 });
  call = apiClient(sandbox.createBaseUrl, sandbox.apiKey);
});
afterAll(async () => {
  await sandbox?.stop({ removeData: true });
  fixtures.cleanup();
});

const reshape = (id: number, body: unknown) => call('PUT', `/projects/${id}/aspect-ratio`, { body });

describe("a project's own shape", () => {
  it('changes with the current revision, keeps the timeline, and renders in the new frame', async () => {
    const editor = editorClient(call);
    const id = await editor.createProject('Wide');
    const image = await editor.upload(await stillImage(fixtures.dir, { colour: 'cyan', size: '320x180' }), id);
    const start = await editor.timeline(id);
    const clipId = randomUUID();
    const { timeline } = await editor.apply(id, start.revision, [
      { type: 'addClip', trackId: trackOf(start, 'video').id, clipId, assetId: image.id, startMs: 0, outMs: 1000 },
      { type: 'setClipProperties', clipId, properties: { scale: 0.5, positionX: 0.1, cropLeft: 0.2 } },
    ]);
    const project = (await call('GET', `/projects/${id}`)).body.data;
    const changed = await reshape(id, { aspectRatio: '9:16', revision: project.updatedAt });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data).toMatchObject({ id, name: 'Wide', aspectRatio: '9:16' });
    expect(changed.body.data.updatedAt).not.toBe(project.updatedAt);
    expect((await call('GET', `/projects/${id}`)).body.data).toEqual(changed.body.data);
    // The timeline is as it was: same revision, the clip with its properties.
    const after = await editor.timeline(id);
    expect(after.revision).toBe(timeline.revision);
    expect(after.tracks).toEqual(timeline.tracks);

    const accepted = await call('POST', `/projects/${id}/editor/render`, {
      headers: { 'idempotency-key': randomUUID() },
      body: { output: { resolution: '360p', frameRate: 25, quality: 'draft' } },
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(202);
    const done = await waitForJob(call, `/projects/${id}/editor/renders/${accepted.body.data.id}`, 120_000);
    expect(done.state, JSON.stringify(done.error)).toBe('completed');
    const res = await fetch(`${sandbox.createBaseUrl}/assets/${done.assetId}/content`, {
      headers: { authorization: `Bearer ${sandbox.apiKey}` },
    });
    const file = join(fixtures.dir, 'tall.mp4');
    await writeFile(file, Buffer.from(await res.arrayBuffer()));
    expect(await videoFacts(file)).toMatchObject({ width: 360, height: 640 });
  });

  it('refuses a stale revision with the project as it is now, and a bad ratio naming the field', async () => {
    const project = (await call('POST', '/projects', { body: { name: 'Square', aspectRatio: '1:1' } })).body.data;
    const first = await reshape(project.id, { aspectRatio: '4:5', revision: project.updatedAt });
    expect(first.status).toBe(200);
    // A rename made with the revision read before the change of shape is stale too.
    const stale = await call('PATCH', `/projects/${project.id}`, {
      body: { name: 'Mine', revision: project.updatedAt },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('revision.conflict');
    expect(stale.body.error.current.aspectRatio).toBe('4:5');
    const staleShape = await reshape(project.id, { aspectRatio: '16:9', revision: project.updatedAt });
    expect(staleShape.status).toBe(409);
    expect(staleShape.body.error.currentRevision).toBe(first.body.data.updatedAt);
    expect(staleShape.body.error.message).toMatch(/retry the change of shape/);
    for (const [body, field] of [
      [{ aspectRatio: 'tall', revision: first.body.data.updatedAt }, 'aspectRatio'],
      [{ revision: first.body.data.updatedAt }, 'aspectRatio'],
      [{ aspectRatio: '9:16' }, 'revision'],
      [{ aspectRatio: '9:16', revision: first.body.data.updatedAt, name: 'x' }, 'name'],
    ] as const) {
      const res = await reshape(project.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('request.invalid');
      expect(JSON.stringify(res.body.error)).toContain(field);
    }
    expect((await call('GET', `/projects/${project.id}`)).body.data.aspectRatio).toBe('4:5');
    expect((await reshape(999_999, { aspectRatio: '1:1', revision: project.updatedAt })).status).toBe(404);
  });

  it('is described in /openapi.json with the revision rules of a rename', async () => {
    const doc = (await call('GET', '/openapi.json')).body.data;
    const op = doc.paths['/projects/{id}/aspect-ratio'].put;
    const body = op.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(expect.arrayContaining(['aspectRatio', 'revision']));
    expect(body.properties.aspectRatio.pattern).toBeDefined();
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '409']));
    expect(op.description).toMatch(/keeps its properties/);
  });
});
