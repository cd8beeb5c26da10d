// The core behind the Jobs and Settings screens, against a real sandbox as a remote account
// and the real Secret Service: the jobs overview (waiting, running, finished and failed
// work with price, request ID and error), a refused key announced once and cleared by a
// replacement (work submitted meanwhile waits, then runs once), and a workspace's own settings.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import keytar from 'keytar';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EventName, RequestArg, RequestName, RequestResult } from '../../shared/ipc.ts';
import type { JobRow } from '../../shared/ipc/jobsView.ts';
import { createCore, type Core } from '../../main/core/app/createCore.ts';
import { startSandboxProcess, type RunningSandbox } from '../support/sandboxProcess.ts';
import { signIn } from '../support/session.ts';
import { editorClient } from '../support/editorSupport.ts';
import { makeFixtureDir, makeWav } from '../support/mediaFixtures.ts';
import { apiClient } from '../support/sandboxProcess.ts';

const SERVICE = `Clipdesk-jobs-keys-test-${randomUUID()}`;
const DAY_MS = 24 * 60 * 60 * 1000;
const dirs: string[] = [];
const cores: Core[] = [];
let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandboxProcess({ jobSeconds: 0.3 });
});
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.close()));
  await sandbox.admin('POST', '/_sandbox/faults', { jobFailShare: 0, jobSlowFactor: 1 });
});
afterAll(async () => {
  await sandbox?.stop({ removeData: true });
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  for (const { account } of await keytar.findCredentials(SERVICE)) await keytar.deletePassword(SERVICE, account);
});

function openCore() {
  const userDataDir = mkdtempSync(join(tmpdir(), 'clipdesk-jobs-keys-'));
  dirs.push(userDataDir);
  const events: { name: EventName; payload: unknown }[] = [];
  // The desktop app, whose user allows the tunnel commands these tests set (tunnelConfirmation.test.ts tests the asking).
  const core = createCore({
    userDataDir,
    env: { CLIPDESK_KEYCHAIN_SERVICE: SERVICE },
    mode: 'electron',
    confirmTunnelCommand: async () => true,
  });
  core.events.subscribe((name, payload) => void events.push({ name, payload }));
  cores.push(core);
  return { core, events };
}

function ask<N extends RequestName>(core: Core, name: N, arg: RequestArg<N>): Promise<RequestResult<N>> {
  return core.handlers[name](arg);
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

/** A remote workspace on the sandbox with `apiKey`, a project, and an image model to generate with. */
async function remoteWorkspace(core: Core, apiKey = sandbox.apiKey) {
  const workspace = await ask(core, 'workspaces.addRemote', {
    name: 'Studio account',
    createBaseUrl: sandbox.createBaseUrl,
    apiKey,
  });
  const project = await ask(core, 'projects.create', { name: `Jobs ${randomUUID().slice(0, 8)}`, aspectRatio: '16:9' });
  const [model] = await ask(core, 'models.list', { kind: 'image' });
  const input = (prompt: string) => ({
    projectId: project.id,
    sceneId: project.scenes[0]!.id,
    modelId: model!.id,
    prompt,
  });
  return { workspace, project, input };
}

async function rowOf(core: Core, intentId: string, phase: JobRow['phase']): Promise<JobRow> {
  return waitFor(async () => {
    const { rows } = await ask(core, 'jobs.overview', undefined);
    return rows.find((row) => row.intentId === intentId && row.phase === phase);
  });
}

describe('the jobs overview', () => {
  it('names the project and price of a transcription, and cancels it at the service, refunded', async () => {
    const { core } = openCore();
    const { project } = await remoteWorkspace(core);
    const fixtures = makeFixtureDir();
    dirs.push(fixtures.dir);
    const sound = await editorClient(apiClient(sandbox.createBaseUrl, sandbox.apiKey)).upload(
      await makeWav(fixtures.dir, { seconds: 3 }),
      project.id,
    );
    // Slow enough to be cancelled while it runs.
    await sandbox.admin('POST', '/_sandbox/faults', { jobSlowFactor: 60 });
    const asked = await ask(core, 'transcriptions.submit', { assetId: sound.id });
    const running = await rowOf(core, asked.id, 'running');
    expect(running).toMatchObject({ kind: 'transcription', projectId: project.id, cancel: 'service' });
    const charged = await waitFor(async () => {
      const { rows } = await ask(core, 'jobs.overview', undefined);
      const row = rows.find((r) => r.intentId === asked.id);
      return row?.costUsd ? row : undefined;
    });
    expect(charged.costUsd).toBeGreaterThan(0);

    expect(await ask(core, 'jobs.cancelJob', { kind: 'transcription', jobId: running.jobId! })).toEqual({
      cancelled: true,
    });
    const ended = await rowOf(core, asked.id, 'finished');
    expect(ended).toMatchObject({ state: 'cancelled', cancel: null, costUsd: 0 });
    // Cancelled already: nothing more to cancel, and a kind the service cannot cancel is refused.
    expect(await ask(core, 'jobs.cancelJob', { kind: 'transcription', jobId: running.jobId! })).toEqual({
      cancelled: false,
    });
    expect(await core.dispatch('jobs.cancelJob', { kind: 'generation', jobId: '1' })).toMatchObject({
      ok: false,
      error: { code: 'job.not_cancellable' },
    });
  });

  it('shows finished work with its price and request ID, and failed work with its error', async () => {
    const { core } = openCore();
    const { input } = await remoteWorkspace(core);

    const ok = await ask(core, 'generations.submit', { input: input('a lighthouse at dusk') });
    const done = await rowOf(core, ok.id, 'finished');
    expect(done).toMatchObject({ kind: 'generation', state: 'completed', cancel: null, error: null });
    expect(done.jobId).toMatch(/^\d+$/);
    expect(done.requestId).toEqual(expect.any(String));
    expect(done.costUsd).toBeGreaterThan(0);
    expect(done.outputs.length).toBeGreaterThan(0);
    // The price is what the service charged for that generation.
    const generation = await ask(core, 'generations.get', { id: Number(done.jobId) });
    expect(done.costUsd).toBe(generation.costUsd);

    await sandbox.admin('POST', '/_sandbox/faults', { jobFailShare: 1 });
    const bad = await ask(core, 'generations.submit', { input: input('a storm that fails') });
    const failed = await rowOf(core, bad.id, 'finished');
    expect(failed).toMatchObject({ state: 'failed', error: { code: 'job.failed' } });

    // Newest first among the finished; nothing waits or runs any more.
    const { rows } = await ask(core, 'jobs.overview', { finishedLimit: 1 });
    expect(rows.map((row) => row.intentId)).toEqual([bad.id]);
  });

  it('keeps showing work a restart finds in the journal (finished rows come from the journal, not memory)', async () => {
    const first = openCore();
    const { input } = await remoteWorkspace(first.core);
    const intent = await ask(first.core, 'generations.submit', { input: input('kept across a restart') });
    await rowOf(first.core, intent.id, 'finished');
    const userDataDir = dirs.at(-1)!;
    await first.core.close();

    const again = createCore({ userDataDir, env: { CLIPDESK_KEYCHAIN_SERVICE: SERVICE } });
    cores.push(again);
    const { rows } = await ask(again, 'jobs.overview', undefined);
    expect(rows.find((row) => row.intentId === intent.id)).toMatchObject({ phase: 'finished', state: 'completed' });
  });
});

describe('a key the service refuses', () => {
  it('is announced once, keeps paid work waiting, and a working replacement clears it and sends the work once', async () => {
    const session = await signIn(sandbox);
    const issued = await session.call('POST', '/keys', { body: { name: 'one day', expiresInDays: 1 } });
    expect(issued.status).toBe(201);
    const { core, events } = openCore();
    const { workspace, input } = await remoteWorkspace(core, issued.body.data.token);
    expect(workspace.keys.create.expiresAt).toBe(issued.body.data.expiresAt);
    const before = (await sandbox.admin('GET', '/_sandbox/stats').then((r) => r.json())).data.generations;

    await sandbox.admin('POST', '/_sandbox/clock', { advanceMs: 2 * DAY_MS });
    for (let i = 0; i < 3; i++) {
      const reply = await core.dispatch('projects.list', {});
      expect(reply).toMatchObject({ ok: false, error: { code: 'auth.key_expired', status: 401 } });
    }
    const intent = await ask(core, 'generations.submit', { input: input('sent after the new key') });
    const waiting = await waitFor(async () => {
      const { rows } = await ask(core, 'jobs.overview', undefined);
      return rows.find((row) => row.intentId === intent.id && row.error?.code === 'auth.key_expired');
    });
    expect(waiting.phase).toBe('sending');

    const announced = events.filter((e) => e.name === 'key.problem');
    expect(announced).toHaveLength(1);
    expect(announced[0]!.payload).toMatchObject({
      workspaceId: workspace.id,
      problem: { workspaceName: 'Studio account', code: 'auth.key_expired' },
    });
    expect(await ask(core, 'keys.problems', undefined)).toHaveLength(1);

    await ask(core, 'workspaces.replaceKey', { workspaceId: workspace.id, which: 'create', apiKey: sandbox.apiKey });
    expect(await ask(core, 'keys.problems', undefined)).toEqual([]);
    expect(events.filter((e) => e.name === 'key.problem').at(-1)!.payload).toEqual({
      workspaceId: workspace.id,
      problem: null,
    });
    const done = await rowOf(core, intent.id, 'finished');
    expect(done.state).toBe('completed');
    const after = (await sandbox.admin('GET', '/_sandbox/stats').then((r) => r.json())).data.generations;
    expect(after - before).toBe(1);
    expect((await ask(core, 'projects.list', {})).items.length).toBeGreaterThan(0);
  });
});

describe("a workspace's own settings", () => {
  it('saves the tunnel choice and messaging defaults, refuses what the schema refuses, and renames live', async () => {
    const { core, events } = openCore();
    const { workspace } = await remoteWorkspace(core);
    const saved = await ask(core, 'settings.updateWorkspace', {
      workspaceId: workspace.id,
      name: 'Studio (main)',
      tunnel: { mode: 'command', command: 'cloudflared tunnel --url http://127.0.0.1:{port}' },
      defaultCountry: 'gb',
      senderId: '+15550100200',
    });
    expect(saved).toMatchObject({
      name: 'Studio (main)',
      tunnel: { mode: 'command', command: 'cloudflared tunnel --url http://127.0.0.1:{port}' },
      defaultCountry: 'GB',
      senderId: '+15550100200',
      webhooks: { state: 'polling' },
    });
    expect(await ask(core, 'settings.workspace', { workspaceId: workspace.id })).toEqual(saved);
    expect(events.filter((e) => e.name === 'workspace.changed').at(-1)!.payload).toMatchObject({
      id: workspace.id,
      name: 'Studio (main)',
    });

    const badCountry = await core.dispatch('settings.updateWorkspace', {
      workspaceId: workspace.id,
      defaultCountry: 'ZZ',
    });
    expect(badCountry).toMatchObject({ ok: false, error: { code: 'settings.invalid' } });
    expect(!badCountry.ok && badCountry.error.message).toContain('defaultCountry');
    // Another origin: the saved key is not sent there; with the key for it, it is checked there first.
    const otherOrigin = await core.dispatch('settings.updateWorkspace', {
      workspaceId: workspace.id,
      createBaseUrl: 'http://127.0.0.1:1/api/v1',
    });
    expect(otherOrigin).toMatchObject({ ok: false, error: { code: 'workspace.key_origin' } });
    const badUrl = await core.dispatch('settings.updateWorkspace', {
      workspaceId: workspace.id,
      createBaseUrl: 'http://127.0.0.1:1/api/v1',
      apiKey: sandbox.apiKey,
    });
    expect(badUrl).toMatchObject({ ok: false, error: { code: 'network.unreachable' } });
    expect((await ask(core, 'settings.workspace', { workspaceId: workspace.id })).createBaseUrl).toBe(
      sandbox.createBaseUrl,
    );
    expect((await ask(core, 'settings.workspace', { workspaceId: workspace.id })).defaultCountry).toBe('GB');
  });
});
