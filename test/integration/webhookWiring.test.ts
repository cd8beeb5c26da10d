// The webhook wiring end to end: createCore with the bundled sandbox as the local workspace
// (its default tunnel is loopback), the real receiver and the REAL Secret Service (run inside
// the keyring's dbus session, like coreApp.test.ts). A review (review.completed is a webhook
// event; reviews are free) ends by its webhook, and is then no longer polled; with the
// tunnel 'none' the endpoint is deleted and the same kind of job ends by polling.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import keytar from 'keytar';
import { workspaceAccount } from '../support/profileKeychain.ts';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { JobUpdatedEvent } from '../../shared/api/jobEvents.ts';
import type { EventName, RequestArg, RequestName, RequestResult } from '../../shared/ipc.ts';
import { createCore, type Core } from '../../main/core/app/createCore.ts';
import { makeFixtureDir, makeWav } from '../support/mediaFixtures.ts';

const SERVICE = `Clipdesk-webhook-wiring-test-${randomUUID()}`;
const dirs: string[] = [];
const cores: Core[] = [];
const fixtures = makeFixtureDir();

afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.close()));
});
afterAll(async () => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  fixtures.cleanup();
  for (const { account } of await keytar.findCredentials(SERVICE)) await keytar.deletePassword(SERVICE, account);
});

/** The profile of the core opened last: its keychain entry is the one the helpers below read. */
let latestDir = '';

function openCore() {
  const userDataDir = mkdtempSync(join(tmpdir(), 'clipdesk-webhooks-'));
  dirs.push(userDataDir);
  latestDir = userDataDir;
  const events: { name: EventName; payload: unknown }[] = [];
  // Jobs take 3 s: polls come 1 s, 2.5 s and 4.75 s after the job was accepted, so its
  // ending falls well between two polls and the webhook, delivered at once, comes first.
  const core = createCore({
    userDataDir,
    env: { CLIPDESK_KEYCHAIN_SERVICE: SERVICE, CLIPDESK_SANDBOX_JOB_SECONDS: '3' },
  });
  core.events.subscribe((name, payload) => void events.push({ name, payload }));
  cores.push(core);
  return { core, events };
}

async function waitFor<T>(check: () => T | undefined | Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await check();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error('waited in vain');
    await new Promise((r) => setTimeout(r, 50));
  }
}

function ask<N extends RequestName>(core: Core, name: N, arg: RequestArg<N>): Promise<RequestResult<N>> {
  return core.handlers[name](arg);
}

/** The local sandbox's webhook endpoints, read with the key the core saved in the keychain. */
async function endpoints(baseUrl: string): Promise<{ id: number; url: string; description: string | null }[]> {
  const key = JSON.parse((await keytar.getPassword(SERVICE, workspaceAccount(latestDir)))!).createApiKey
    .secret as string;
  const res = await fetch(`${baseUrl}/webhooks`, { headers: { authorization: `Bearer ${key}` } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { id: number; url: string; description: string | null }[] }).data;
}

async function webhookSecretIds(): Promise<string[]> {
  const entry = await keytar.getPassword(SERVICE, workspaceAccount(latestDir));
  return entry ? Object.keys(JSON.parse(entry).webhookSecrets ?? {}) : [];
}

/** Starts the local workspace and uploads a short WAV to a new project: the asset to review. */
async function localWithAudio(core: Core, events: { name: EventName; payload: unknown }[]) {
  const workspace = await ask(core, 'workspaces.useLocal', undefined);
  const project = await ask(core, 'projects.create', { name: 'Reviewed', aspectRatio: '16:9' });
  const { uploadId } = await ask(core, 'assets.upload', { path: await makeWav(fixtures.dir), projectId: project.id });
  const finished = await waitFor(() =>
    events.find((e) => e.name === 'upload.finished' && (e.payload as { uploadId: string }).uploadId === uploadId),
  );
  return { baseUrl: workspace.createBaseUrl!, assetId: (finished.payload as { asset: { id: number } }).asset.id };
}

function updatesOf(events: { name: EventName; payload: unknown }[], intentId: string): JobUpdatedEvent[] {
  return events
    .filter((e) => e.name === 'job.updated' && (e.payload as JobUpdatedEvent).intentId === intentId)
    .map((e) => e.payload as JobUpdatedEvent);
}

async function reviewEnding(core: Core, events: { name: EventName; payload: unknown }[], assetId: number) {
  const intent = await ask(core, 'reviews.submit', { assetId });
  const ending = await waitFor(() => updatesOf(events, intent.id).find((update) => update.terminal));
  return { intent, ending };
}

describe('webhooks in the app', () => {
  it('registers the local workspace’s receiver (loopback by default) and ends a review by its webhook, not by polling', async () => {
    const { core, events } = openCore();
    const { baseUrl, assetId } = await localWithAudio(core, events);
    expect((await ask(core, 'settings.workspace', { workspaceId: 'local' })).tunnel).toEqual({ mode: 'loopback' });

    const [endpoint] = await waitFor(async () => {
      const list = await endpoints(baseUrl);
      return list.length > 0 ? list : undefined;
    });
    expect(endpoint).toMatchObject({ description: 'Clipdesk local' });
    expect(endpoint!.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/webhooks$/);
    // Its signing secret is in the keychain, under the endpoint's id.
    await waitFor(async () => ((await webhookSecretIds()).includes(String(endpoint!.id)) ? true : undefined));

    const first = await reviewEnding(core, events, assetId);
    expect(first.ending).toMatchObject({ kind: 'review', state: 'completed', source: 'webhook' });
    // The webhook ended its polling: no longer among the jobs followed.
    const listed = await ask(core, 'jobs.list', undefined);
    expect(listed.jobs.map((job) => job.jobId)).not.toContain(first.ending.id);

    // A second review takes as long again: by its end the first would have been polled, were it still followed.
    const second = await reviewEnding(core, events, assetId);
    expect(second.ending.source).toBe('webhook');
    const endedAt = updatesOf(events, first.intent.id).findIndex((update) => update.terminal);
    expect(updatesOf(events, first.intent.id).slice(endedAt + 1)).toEqual([]);
    expect(updatesOf(events, first.intent.id).filter((update) => update.source === 'poll' && update.terminal)).toEqual(
      [],
    );
  });

  it('with the tunnel set to none, deletes the endpoint and forgets its secret; the review then ends by polling', async () => {
    const { core, events } = openCore();
    const { baseUrl, assetId } = await localWithAudio(core, events);
    await waitFor(async () => ((await endpoints(baseUrl)).length > 0 ? true : undefined));

    await ask(core, 'settings.updateWorkspace', { workspaceId: 'local', tunnel: { mode: 'none' } });
    await waitFor(async () => ((await endpoints(baseUrl)).length === 0 ? true : undefined));
    await waitFor(async () => ((await webhookSecretIds()).length === 0 ? true : undefined));

    const { ending } = await reviewEnding(core, events, assetId);
    expect(ending).toMatchObject({ kind: 'review', state: 'completed', source: 'poll' });
  });
});
