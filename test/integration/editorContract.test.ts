// /openapi.json describes the editor operations, and what the sandbox really answers
// matches the schemas it documents (successes and the documented failures).
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { editorClient, trackOf } from '../support/editorSupport.ts';
import { makeFixtureDir, makeMp4 } from '../support/mediaFixtures.ts';
import {
  apiClient,
  startSandboxProcess,
  waitForJob,
  type ApiCall,
  type RunningSandbox,
} from '../support/sandboxProcess.ts';

let sandbox: RunningSandbox;
let call: ApiCall;
const fixtures = makeFixtureDir();

beforeAll(async () => {
  sandbox = await startSandboxProcess();
  call = apiClient(sandbox.createBaseUrl, sandbox.apiKey);
});
afterAll(async () => {
  await sandbox?.stop({ removeData: true });
  fixtures.cleanup();
});

const EDITOR_OPERATIONS = [
  'get /editor/catalog',
  'get /projects/{id}/editor/timeline',
  'post /projects/{id}/editor/commands',
  'post /projects/{id}/editor/sessions',
  'post /projects/{id}/editor/sessions/{sessionId}/reconnect',
  'get /editor/sessions/{sessionId}/open',
  'post /projects/{id}/editor/media-sync',
  'post /projects/{id}/editor/render',
  'get /projects/{id}/editor/renders',
  'get /projects/{id}/editor/renders/{renderId}',
];

it('describes the editor operations, and real answers match their documented schemas', async () => {
  const doc = (await call('GET', '/openapi.json')).body.data;
  const described = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops as object).map((m) => `${m} ${path}`),
  );
  expect(described).toEqual(expect.arrayContaining(EDITOR_OPERATIONS));
  expect(doc.paths['/projects/{id}/editor/commands'].post.parameters.map((p: any) => p.name)).toContain(
    'Idempotency-Key',
  );

  const validator = new Validator();
  await validator.validate(structuredClone(doc));
  const resolved = validator.resolveRefs() as any;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  const check = async (method: string, path: string, template: string, body?: unknown, idempotent = false) => {
    const res = await call(method, path, {
      ...(body === undefined ? {} : { body }),
      headers: idempotent ? { 'idempotency-key': randomUUID() } : {},
    });
    const schema =
      resolved.paths[template][method.toLowerCase()].responses[String(res.status)]?.content?.['application/json']
        ?.schema;
    expect(schema, `${method} ${template} ${res.status} is documented`).toBeDefined();
    expect(ajv.validate(schema, res.body), `${method} ${path} → ${res.status}: ${ajv.errorsText()}`).toBe(true);
    return res;
  };

  const editor = editorClient(call);
  const projectId = await editor.createProject('Contract');
  const asset = await editor.upload(await makeMp4(fixtures.dir), projectId);
  const base = `/projects/${projectId}/editor`;
  await check('GET', '/editor/catalog', '/editor/catalog');
  const timeline = (await check('GET', `${base}/timeline`, '/projects/{id}/editor/timeline')).body.data;
  const commands = (revision: string) => ({
    revision,
    commands: [
      { type: 'addClip', trackId: trackOf(timeline, 'video').id, assetId: asset.id, startMs: 0 },
      { type: 'addCaption', trackId: trackOf(timeline, 'caption').id, startMs: 0, endMs: 500, text: 'Hi' },
    ],
  });
  const applied = await check(
    'POST',
    `${base}/commands`,
    '/projects/{id}/editor/commands',
    commands(timeline.revision),
    true,
  );
  expect(applied.status).toBe(200);
  expect(
    (await check('POST', `${base}/commands`, '/projects/{id}/editor/commands', commands(timeline.revision), true))
      .status,
  ).toBe(409);
  expect(
    (
      await check(
        'POST',
        `${base}/commands`,
        '/projects/{id}/editor/commands',
        commands(applied.body.data.revision),
        true,
      )
    ).status,
  ).toBe(400);
  expect((await check('GET', '/projects/999999/editor/timeline', '/projects/{id}/editor/timeline')).status).toBe(404);

  const session = await check('POST', `${base}/sessions`, '/projects/{id}/editor/sessions', undefined, true);
  await check(
    'POST',
    `${base}/sessions/${session.body.data.id}/reconnect`,
    '/projects/{id}/editor/sessions/{sessionId}/reconnect',
  );
  await check('POST', `${base}/media-sync`, '/projects/{id}/editor/media-sync');

  const render = await check(
    'POST',
    `${base}/render`,
    '/projects/{id}/editor/render',
    { range: { startMs: 0, endMs: 500 } },
    true,
  );
  expect(render.status).toBe(202);
  await waitForJob(call, `${base}/renders/${render.body.data.id}`);
  await check('GET', `${base}/renders/${render.body.data.id}`, '/projects/{id}/editor/renders/{renderId}');
  await check('GET', `${base}/renders`, '/projects/{id}/editor/renders');
});
