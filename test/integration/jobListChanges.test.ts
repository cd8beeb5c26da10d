// Following many jobs by their changes, on the real sandbox: a job list asked for
// `updatedSince` shows only the jobs changed since; the app's poller reads a list of many
// jobs with one request a read and knows each end within a few seconds; and from a service
// that lists every job whatever it is asked, it still learns every end.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { JobUpdatedEvent } from '../../shared/api/jobEvents.ts';
import { editorClient } from '../support/editorSupport.ts';
import { makeJobs, setFaults, tempDir, until, type JobsHarness } from '../support/jobsSupport.ts';
import { makeFixtureDir, makeWav } from '../support/mediaFixtures.ts';
import { signIn } from '../support/session.ts';
import { apiClient, startSandboxProcess, type ApiCall, type RunningSandbox } from '../support/sandboxProcess.ts';

const fixtures = makeFixtureDir();
const data = tempDir();
let sandbox: RunningSandbox;
let setup: ApiCall;
let newKey: (name: string) => Promise<string>;

beforeAll(async () => {
  sandbox = await startSandboxProcess({ jobSeconds: 3 });
  // Each test makes its jobs, and the app follows them, with keys of their own (120 requests a minute each).
  const session = await signIn(sandbox);
  newKey = async (name) =>
    (await session.call('POST', '/keys', { body: { name, expiresInDays: 1 } })).body.data.token as string;
});
afterAll(async () => {
  await sandbox?.stop({ removeData: true });
  fixtures.cleanup();
  data.remove();
});

/** `count` caption reviews (free, quick) of a new WAV, made 100 to a key: the asset and the review IDs. */
async function reviews(count: number): Promise<{ assetId: number; ids: string[] }> {
  setup = apiClient(sandbox.createBaseUrl, await newKey('creator'));
  const editor = editorClient(setup);
  const projectId = await editor.createProject(`Reviews ${randomUUID()}`);
  const asset = await editor.upload(await makeWav(fixtures.dir, { seconds: 1 }), projectId);
  const ids: string[] = [];
  for (let from = 0; from < count; from += 100) {
    const creator = from === 0 ? setup : apiClient(sandbox.createBaseUrl, await newKey('creator'));
    const made = await Promise.all(
      Array.from({ length: Math.min(100, count - from) }, async () => {
        const res = await creator('POST', `/assets/${asset.id}/reviews`, {
          headers: { 'idempotency-key': randomUUID() },
          body: { aspects: ['captions'] },
        });
        expect(res.status).toBe(202);
        return String(res.body.data.id);
      }),
    );
    ids.push(...made);
  }
  return { assetId: asset.id, ids };
}

async function listAll(path: string): Promise<any[]> {
  const res = await setup('GET', path);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** Every item of a list, page after page. */
async function listEvery(path: string): Promise<any[]> {
  const all: any[] = [];
  let after: string | null = null;
  do {
    const res = await setup('GET', `${path}?limit=100${after ? `&after=${after}` : ''}`);
    expect(res.status).toBe(200);
    all.push(...res.body.data);
    after = res.body.pagination.nextCursor;
  } while (after);
  return all;
}

/** The app's jobs service following the reviews with its own key, each end noted as it learns it. */
async function follow(assetId: number, ids: string[]): Promise<{ h: JobsHarness; ends: Map<string, JobUpdatedEvent> }> {
  const h = makeJobs({ baseUrl: sandbox.createBaseUrl, apiKey: await newKey('poller'), dataDir: data.dir, timing: {} });
  const ends = new Map<string, JobUpdatedEvent>();
  h.jobs.on('job.updated', (event) => {
    if (event.terminal && !ends.has(event.id)) ends.set(event.id, event);
  });
  h.jobs.start();
  for (const id of ids) h.jobs.track('review', id, { sourceAssetId: assetId });
  return { h, ends };
}

it('lists only the jobs changed at or after updatedSince, and refuses a time it cannot read', async () => {
  const { assetId } = await reviews(6);
  const path = `/assets/${assetId}/reviews?limit=100`;
  const before = await listAll(path);
  expect(before).toHaveLength(6);
  const latest = before
    .map((r) => r.updatedAt as string)
    .sort()
    .at(-1)!;
  // Nothing changed since the latest time read but the jobs stamped with it.
  const same = await listAll(`${path}&updatedSince=${encodeURIComponent(latest)}`);
  expect(same.every((r) => r.updatedAt === latest)).toBe(true);

  // Asked twice a second: at the helper's pace a slow machine spent the key's 120 requests a minute before the end.
  await until(
    async () => (await listAll(path)).every((r) => r.state === 'completed'),
    'the reviews ended',
    20_000,
    500,
  );
  const changed = await listAll(`${path}&updatedSince=${encodeURIComponent(latest)}`);
  expect(changed.map((r) => r.id).sort()).toEqual(before.map((r) => r.id).sort());
  expect(changed.every((r) => r.updatedAt >= latest && r.state === 'completed')).toBe(true);
  // A time with an offset is read as that instant.
  const later = new Date(Date.parse(changed[0].updatedAt) + 1).toISOString().replace('Z', '+00:00');
  expect(await listAll(`${path}&updatedSince=${encodeURIComponent(later)}`)).toEqual(
    changed.filter((r) => Date.parse(r.updatedAt) >= Date.parse(later)),
  );

  const refused = await setup('GET', `${path}&updatedSince=yesterday`);
  expect(refused.status).toBe(400);
  expect(refused.body.error.code).toBe('request.invalid');
  expect(refused.body.error.message).toContain('updatedSince');
  const doc = (await setup('GET', '/openapi.json')).body.data;
  const params = doc.paths['/assets/{id}/reviews'].get.parameters.map((p: { name: string }) => p.name);
  expect(params).toContain('updatedSince');
});

it('follows 150 jobs of one list with one request a read, and knows each end within a few seconds', async () => {
  // Jobs of 15 s: long enough that waiting longer each time a job shows no change would learn their ends late.
  await setFaults(sandbox, { jobSlowFactor: 5 });
  try {
    const { assetId, ids } = await reviews(150);
    const started = Date.now();
    const { h, ends } = await follow(assetId, ids);
    try {
      await until(() => ends.size === ids.length, 'every end known', 120_000);
      const took = Date.now() - started;
      const completed = new Map(
        (await listEvery(`/assets/${assetId}/reviews`)).map((r) => [String(r.id), Date.parse(r.completedAt)]),
      );
      const late = ids.map((id) => ends.get(id)!.at - completed.get(id)!).sort((a, b) => a - b);
      expect(late[Math.floor(late.length / 2)]!).toBeLessThanOrEqual(3_000);
      expect(late.at(-1)!).toBeLessThanOrEqual(8_000);
      // A read every 2 s at most (30 a minute), each one request once the list was read in full (two pages).
      const lists = h.exchanges.filter((e) => e.path === `/assets/${assetId}/reviews`);
      expect(h.exchanges.length - lists.length).toBeLessThan(3);
      expect(lists.length).toBeLessThanOrEqual(Math.ceil(took / 2_000) + 3);
      expect(h.exchanges.every((e) => e.status === 200)).toBe(true);
    } finally {
      await h.close();
    }
  } finally {
    await setFaults(sandbox, { jobSlowFactor: 1 });
  }
}, 180_000);

it('still knows every end from a service that lists every job whatever it is asked', async () => {
  await setFaults(sandbox, { ignoreUpdatedSince: true });
  try {
    const { assetId, ids } = await reviews(30);
    const { h, ends } = await follow(assetId, ids);
    try {
      await until(() => ends.size === ids.length, 'every end known', 90_000);
      expect([...ends.values()].every((e) => e.state === 'completed')).toBe(true);
      expect(h.exchanges.every((e) => e.status === 200)).toBe(true);
    } finally {
      await h.close();
    }
  } finally {
    await setFaults(sandbox, { ignoreUpdatedSince: false });
  }
}, 120_000);
