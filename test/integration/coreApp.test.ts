// The composition root against the real pieces: the bundled sandbox as the local workspace
// (started and stopped as a child process), a second sandbox as a "remote" account, and the
// REAL Secret Service (scripts/test.sh runs this inside dbus-run-session with gnome-keyring).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import keytar from 'keytar';
import { workspaceAccount } from '../support/profileKeychain.ts';
import { isLocalWorkspaceAccount } from '../../main/core/keychain/keychainAccounts.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EventName, RequestArg, RequestName, RequestResult } from '../../shared/ipc.ts';
import { createCore, type Core } from '../../main/core/app/createCore.ts';
import { STREAM_CHUNK_MAX_BYTES } from '../../shared/limits.ts';
import { streamFileToMain } from '../../renderer/client/streamFile.ts';
import { makeFixtureDir, makePng, makeWav } from '../support/mediaFixtures.ts';
import { startSandboxProcess, type RunningSandbox } from '../support/sandboxProcess.ts';

const SERVICE = `Clipdesk-core-test-${randomUUID()}`;
const dirs: string[] = [];
const cores: Core[] = [];
let remote: RunningSandbox;

beforeAll(async () => {
  remote = await startSandboxProcess();
});
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.close()));
});
afterAll(async () => {
  await remote?.stop({ removeData: true });
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  for (const { account } of await keytar.findCredentials(SERVICE)) await keytar.deletePassword(SERVICE, account);
});

function openCore(userDataDir = mkdtempSync(join(tmpdir(), 'clipdesk-core-'))) {
  dirs.push(userDataDir);
  const events: { name: EventName; payload: unknown }[] = [];
  const core = createCore({
    userDataDir,
    env: { CLIPDESK_KEYCHAIN_SERVICE: SERVICE, CLIPDESK_SANDBOX_JOB_SECONDS: '0.5' },
  });
  core.events.subscribe((name, payload) => void events.push({ name, payload }));
  cores.push(core);
  return { core, events, userDataDir };
}

/** Polls until `check` gives something (deadline-bound, no fixed sleeps). */
async function waitFor<T>(check: () => T | undefined | Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await check();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error('waited in vain');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A request that must succeed, typed by the contract (a failure throws its AppError). */
function ask<N extends RequestName>(core: Core, name: N, arg: RequestArg<N>): Promise<RequestResult<N>> {
  return core.handlers[name](arg);
}

describe('the local workspace', () => {
  it('starts the bundled sandbox, keeps its key in the keychain only, and stops it with the app', async () => {
    const { core, events, userDataDir } = openCore();
    const workspace = await ask(core, 'workspaces.useLocal', undefined);
    expect(workspace).toMatchObject({ id: 'local', kind: 'local', active: true, keys: { create: { present: true } } });
    expect(workspace.createBaseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);

    const project = await ask(core, 'projects.create', { name: 'Local one', aspectRatio: '1:1' });
    const page = await ask(core, 'projects.list', {});
    expect(page.items.map((p) => p.id)).toContain(project.id);

    const entry = JSON.parse((await keytar.getPassword(SERVICE, workspaceAccount(userDataDir)))!);
    const key: string = entry.createApiKey.secret;
    expect(key.length).toBeGreaterThan(12);
    expect(workspace.keys.create.lastFour).toBe(key.slice(-4));
    // Never in the settings file, never in anything main sent.
    expect(readFileSync(join(userDataDir, 'settings.json'), 'utf8')).not.toContain(key);
    expect(JSON.stringify(events)).not.toContain(key);
    const status = await ask(core, 'status.get', undefined);
    expect(JSON.stringify(status)).not.toContain(key);
    expect(status.connection.state).toBe('online');
    expect(status.budget?.used).toBeGreaterThan(0);

    expect((await fetch(`${workspace.createBaseUrl}/`)).ok).toBe(true);
    await core.close();
    await expect(fetch(`${workspace.createBaseUrl}/`)).rejects.toThrow();
  });

  it('remembers the choice: the next start is no first launch and the projects are still there', async () => {
    const first = openCore();
    await ask(first.core, 'workspaces.useLocal', undefined);
    await ask(first.core, 'projects.create', { name: 'Kept', aspectRatio: '16:9' });
    await first.core.close();

    const again = openCore(first.userDataDir);
    expect((await ask(again.core, 'app.state', undefined)).firstLaunch).toBe(false);
    const page = await ask(again.core, 'projects.list', {});
    expect(page.items.map((p) => p.name)).toEqual(['Kept']);
  });

  it('journals a generation before it is sent, then the outbox sends it and the job is followed to its end', async () => {
    const { core, events } = openCore();
    await ask(core, 'workspaces.useLocal', undefined);
    const project = await ask(core, 'projects.create', { name: 'Gen', aspectRatio: '16:9' });
    const [model] = await ask(core, 'models.list', { kind: 'image' });
    const intent = await ask(core, 'generations.submit', {
      input: { projectId: project.id, sceneId: project.scenes[0]!.id, modelId: model!.id, prompt: 'a red kite' },
    });
    expect(intent).toMatchObject({ kind: 'generation' });
    expect(JSON.stringify(intent)).not.toMatch(/idempotency/i);

    const finished = await waitFor(() =>
      events.find(
        (e) =>
          e.name === 'job.updated' &&
          (e.payload as { intentId: string; terminal: boolean }).intentId === intent.id &&
          (e.payload as { terminal: boolean }).terminal,
      ),
    );
    expect(finished.payload).toMatchObject({ kind: 'generation', state: 'completed', outputs: [expect.any(Number)] });
    await waitFor(async () => ((await ask(core, 'jobs.list', undefined)).intents.length === 0 ? true : undefined));
    expect(events.some((e) => e.name === 'intent.updated')).toBe(true);
    expect(events.filter((e) => e.name === 'pending.changed').at(-1)?.payload).toMatchObject({
      pending: { openIntents: 0, pendingIntents: 0 },
    });
    // It ran once: the service lists exactly one generation of the project.
    const generations = await ask(core, 'generations.list', { projectId: project.id });
    expect(generations.items).toHaveLength(1);
    // Sent already: too late to cancel.
    expect(await ask(core, 'jobs.cancelIntent', { intentId: intent.id })).toEqual({ cancelled: false });
    // The wallet was read again after the paid job ended.
    await waitFor(() =>
      events.find((e) => e.name === 'wallet.changed' && (e.payload as { walletUsd: number }).walletUsd < 100),
    );
  });

  it('a rename that lost the race answers revision.conflict with the current project', async () => {
    const { core } = openCore();
    await ask(core, 'workspaces.useLocal', undefined);
    const project = await ask(core, 'projects.create', { name: 'Before', aspectRatio: '16:9' });
    await ask(core, 'projects.rename', { id: project.id, name: 'Theirs', revision: project.updatedAt });
    const reply = await core.dispatch('projects.rename', { id: project.id, name: 'Mine', revision: project.updatedAt });
    expect(reply).toMatchObject({
      ok: false,
      error: { code: 'revision.conflict', status: 409, details: { current: { id: project.id, name: 'Theirs' } } },
    });
  });
});

describe('a remote account', () => {
  it('is checked with GET /me before the key is saved: a refused key saves nothing', async () => {
    const { core, userDataDir } = openCore();
    const reply = await core.dispatch('workspaces.addRemote', {
      name: 'Studio',
      createBaseUrl: remote.createBaseUrl,
      apiKey: 'cd_wrong_key_000000000000',
    });
    expect(reply).toMatchObject({ ok: false, error: { code: 'auth.invalid_key', status: 401 } });
    expect((await ask(core, 'workspaces.list', undefined)).map((w) => w.id)).toEqual(['local']);
    expect(readFileSync(join(userDataDir, 'settings.json'), 'utf8')).not.toContain('Studio');
    expect((await keytar.findCredentials(SERVICE)).filter((c) => !isLocalWorkspaceAccount(c.account))).toEqual([]);
    expect((await ask(core, 'app.state', undefined)).firstLaunch).toBe(true);
  });

  it('with a good key becomes the active workspace; its key shows only its last four and can be replaced only by a working key', async () => {
    const { core } = openCore();
    // The bare origin is enough: the spec's /api/v1 is added.
    const workspace = await ask(core, 'workspaces.addRemote', {
      name: 'Studio',
      createBaseUrl: remote.origin,
      apiKey: remote.apiKey,
      messagingBaseUrl: remote.messagingBaseUrl,
      messagingApiKey: remote.messagingApiKey,
    });
    expect(workspace).toMatchObject({
      kind: 'remote',
      active: true,
      createBaseUrl: remote.createBaseUrl,
      keys: { create: { present: true, lastFour: remote.apiKey.slice(-4) } },
    });
    expect(workspace.keys.create.expiresAt).not.toBeNull();
    expect(JSON.stringify(workspace)).not.toContain(remote.apiKey);
    expect((await ask(core, 'account.me', undefined)).walletUsd).toBeGreaterThan(0);

    const refused = await core.dispatch('workspaces.replaceKey', {
      workspaceId: workspace.id,
      which: 'create',
      apiKey: 'cd_not_a_real_key_0000000',
    });
    expect(refused).toMatchObject({ ok: false, error: { code: 'auth.invalid_key' } });
    // The old key still works.
    expect((await ask(core, 'projects.list', { limit: 5 })).items).toBeInstanceOf(Array);

    const forgotten = await ask(core, 'workspaces.forgetKey', { workspaceId: workspace.id, which: 'create' });
    expect(forgotten).toEqual({ present: false, lastFour: null, expiresAt: null });
    expect(await core.dispatch('projects.list', {})).toMatchObject({
      ok: false,
      error: { code: 'workspace.key_missing' },
    });

    const switched = await ask(core, 'workspaces.switch', { workspaceId: 'local' });
    expect(switched.active).toBe(true);
    expect(await core.dispatch('workspaces.switch', { workspaceId: 'nope' })).toMatchObject({
      ok: false,
      error: { code: 'workspace.not_found' },
    });
  });

  it('refuses plain http to a host that is not this computer, naming the field', async () => {
    const { core } = openCore();
    const reply = await core.dispatch('workspaces.addRemote', {
      name: 'Remote',
      createBaseUrl: 'http://api.example.com/api/v1',
      apiKey: 'cd_key_0000000000000',
    });
    expect(reply).toMatchObject({ ok: false, error: { code: 'request.invalid' } });
    expect(!reply.ok && reply.error.message).toContain('createBaseUrl: The Create API base URL must use https');
  });
});

describe('a file streamed from the page', () => {
  it('is staged in chunks, uploaded by the uploader under its own name, and the staged copy removed', async () => {
    const { core, events, userDataDir } = openCore();
    await ask(core, 'workspaces.useLocal', undefined);
    const project = await ask(core, 'projects.create', { name: 'Media', aspectRatio: '16:9' });
    const fixtures = makeFixtureDir();
    try {
      const bytes = readFileSync(await makePng(fixtures.dir, { width: 320, height: 240 }));
      const { streamId } = await ask(core, 'assets.streamBegin', {
        filename: 'Poster frame.png',
        sizeBytes: bytes.length,
        projectId: project.id,
      });
      const chunk = Math.ceil(bytes.length / 3);
      for (let offset = 0; offset < bytes.length; offset += chunk) {
        const data = bytes.subarray(offset, offset + chunk).toString('base64');
        expect(await ask(core, 'assets.streamChunk', { streamId, offset, data })).toEqual({
          receivedBytes: Math.min(bytes.length, offset + chunk),
        });
      }
      const { uploadId } = await ask(core, 'assets.streamEnd', { streamId });
      const finished = await waitFor(() =>
        events.find((e) => e.name === 'upload.finished' && (e.payload as { uploadId: string }).uploadId === uploadId),
      );
      const asset = (finished.payload as { asset: { id: number; filename?: string; sizeBytes?: number } }).asset;
      expect(asset).toMatchObject({ filename: 'Poster frame.png', sizeBytes: bytes.length });
      expect((await ask(core, 'assets.list', { projectId: project.id })).items.map((a) => a.id)).toEqual([asset.id]);
      await waitFor(() => (readdirSync(join(userDataDir, 'staging')).length === 0 ? true : undefined));
    } finally {
      fixtures.cleanup();
    }
  });

  it("arrives whole through the renderer's streaming helper, chunk after chunk", async () => {
    const { core, events } = openCore();
    await ask(core, 'workspaces.useLocal', undefined);
    const project = await ask(core, 'projects.create', { name: 'Dropped', aspectRatio: '16:9' });
    const fixtures = makeFixtureDir();
    // The renderer's window.clipdesk, answered by this core (as the preload or the socket would).
    const bridge = {
      invoke: async (name: string, arg?: unknown) => {
        const reply = await core.dispatch(name, arg);
        if (reply.ok) return reply.value;
        throw reply.error;
      },
      on: () => () => {},
    };
    (globalThis as { window?: unknown }).window = { clipdesk: bridge };
    try {
      // Larger than one chunk, so it goes in several.
      const bytes = readFileSync(await makeWav(fixtures.dir, { seconds: 8 }));
      expect(bytes.length).toBeGreaterThan(STREAM_CHUNK_MAX_BYTES);
      const staged: number[] = [];
      const file = new File([bytes], 'Interview take 3.wav', { type: 'audio/wav' });
      const { uploadId } = await streamFileToMain(file, { projectId: project.id }, (sent) => staged.push(sent));
      expect(staged.at(-1)).toBe(bytes.length);
      expect(staged.length).toBe(Math.ceil(bytes.length / STREAM_CHUNK_MAX_BYTES));
      const finished = await waitFor(() =>
        events.find((e) => e.name === 'upload.finished' && (e.payload as { uploadId: string }).uploadId === uploadId),
      );
      expect((finished.payload as { asset: object }).asset).toMatchObject({
        filename: 'Interview take 3.wav',
        sizeBytes: bytes.length,
        kind: 'audio',
      });
    } finally {
      delete (globalThis as { window?: unknown }).window;
      fixtures.cleanup();
    }
  });

  it('is staged in order, bounded by the size announced, and removed when aborted', async () => {
    const { core } = openCore();
    const { streamId } = await ask(core, 'assets.streamBegin', { filename: 'clip.mp4', sizeBytes: 6, projectId: 1 });
    expect(
      await ask(core, 'assets.streamChunk', { streamId, offset: 0, data: Buffer.from('abc').toString('base64') }),
    ).toEqual({ receivedBytes: 3 });
    expect(
      await core.dispatch('assets.streamChunk', { streamId, offset: 0, data: Buffer.from('abc').toString('base64') }),
    ).toMatchObject({ ok: false, error: { code: 'stream.out_of_order' } });
    expect(
      await core.dispatch('assets.streamChunk', { streamId, offset: 3, data: Buffer.from('defg').toString('base64') }),
    ).toMatchObject({ ok: false, error: { code: 'stream.size_mismatch' } });
    // Too large a chunk dropped the stream with its bytes.
    expect(await core.dispatch('assets.streamAbort', { streamId })).toEqual({ ok: true, value: { aborted: false } });

    const second = await ask(core, 'assets.streamBegin', { filename: 'clip.mp4', sizeBytes: 6, projectId: 1 });
    expect((await ask(core, 'status.get', undefined)).pending.uploads).toBe(1);
    expect(await ask(core, 'assets.streamAbort', { streamId: second.streamId })).toEqual({ aborted: true });
    expect((await ask(core, 'status.get', undefined)).pending.uploads).toBe(0);
  });
});
