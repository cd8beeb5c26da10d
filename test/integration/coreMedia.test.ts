// The Media requests of the contract through the composition root, against a real sandbox
// as a remote account (with a little latency, so an upload is still under way when the
// user pauses it): previews, downloads (saved where the desktop app's dialog says, or a
// single-use link browser mode serves without the key), and pause, resume and cancel of
// uploads under way.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventName, RequestArg, RequestName, RequestResult } from '../../shared/ipc.ts';
import { createCore, type Core } from '../../main/core/app/createCore.ts';
import type { SecretStore } from '../../main/core/keychain/secretStore.ts';
import { startBrowserServer, type BrowserServer } from '../../main/browserMode/browserServer.ts';
import { makeFixtureDir, makePng, makeWav, sha256OfFile } from '../support/mediaFixtures.ts';
import { startSandboxProcess, type RunningSandbox } from '../support/sandboxProcess.ts';

let sandbox: RunningSandbox;
let fixtures: { dir: string; cleanup(): void };
const dirs: string[] = [];
const cores: Core[] = [];
const servers: BrowserServer[] = [];

beforeAll(async () => {
  sandbox = await startSandboxProcess({ args: ['--latency-ms', '150'] });
  fixtures = makeFixtureDir();
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  await Promise.all(cores.map((core) => core.close()));
  await sandbox?.stop({ removeData: true });
  fixtures?.cleanup();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function memoryStore(): SecretStore {
  const values = new Map<string, string>();
  return {
    get: async (account) => values.get(account) ?? null,
    set: async (account, secret) => void values.set(account, secret),
    delete: async (account) => values.delete(account),
  };
}

async function openCore(chooseSavePath?: (name: string) => Promise<string | null>) {
  const userDataDir = mkdtempSync(join(tmpdir(), 'clipdesk-core-media-'));
  dirs.push(userDataDir);
  const events: { name: EventName; payload: unknown }[] = [];
  const core = createCore({
    userDataDir,
    secretStore: memoryStore(),
    chooseSavePath,
    mode: chooseSavePath ? 'electron' : 'browser',
  });
  cores.push(core);
  core.events.subscribe((name, payload) => void events.push({ name, payload }));
  await ask(core, 'workspaces.addRemote', {
    name: 'Remote',
    createBaseUrl: sandbox.createBaseUrl,
    apiKey: sandbox.apiKey,
  });
  const project = await ask(core, 'projects.create', { name: 'Media through the core', aspectRatio: '16:9' });
  return { core, events, project };
}

function ask<N extends RequestName>(core: Core, name: N, arg: RequestArg<N>): Promise<RequestResult<N>> {
  return core.handlers[name](arg);
}

async function waitFor<T>(check: () => T | undefined, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = check();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error('waited in vain');
    await new Promise((r) => setTimeout(r, 25));
  }
}

const finishedAsset = (events: { name: EventName; payload: unknown }[], uploadId: string) =>
  events.find((e) => e.name === 'upload.finished' && (e.payload as { uploadId: string }).uploadId === uploadId)
    ?.payload as { asset: { id: number } } | undefined;

describe('media through the core', () => {
  it('previews an uploaded image, and downloads it through a single-use browser-mode link', async () => {
    const { core, events, project } = await openCore();
    const png = await makePng(fixtures.dir, { width: 200, height: 100 });
    const { uploadId } = await ask(core, 'assets.upload', { path: png, projectId: project.id });
    const { asset } = await waitFor(() => finishedAsset(events, uploadId));

    const preview = await ask(core, 'media.preview', { assetId: asset.id });
    expect(preview.image).toMatch(/^data:image\/jpeg;base64,/);

    const outcome = await ask(core, 'media.download', { assetId: asset.id });
    expect(outcome).toMatchObject({ outcome: 'link', filename: expect.stringMatching(/\.png$/) });
    if (outcome.outcome !== 'link') throw new Error('not a link');
    expect(outcome.url).toMatch(/^\/downloads\/[A-Za-z0-9_-]{43}$/);

    const server = await startBrowserServer({ core, rendererDir: fixtures.dir, port: 0 });
    servers.push(server);
    const first = await fetch(`${server.origin}${outcome.url}`);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/png');
    expect(first.headers.get('content-disposition')).toContain(`filename="${outcome.filename}"`);
    expect(Buffer.from(await first.arrayBuffer()).equals(readFileSync(png))).toBe(true);
    // Used once: the same URL gets nothing again.
    expect((await fetch(`${server.origin}${outcome.url}`)).status).toBe(404);
    // Nothing it answered carries the key.
    expect(JSON.stringify(events)).not.toContain(sandbox.apiKey);
  });

  it('saves a download where the desktop dialog says, and nothing when the user cancels', async () => {
    const target = join(fixtures.dir, 'saved-copy.wav');
    let answer: string | null = target;
    const asked: string[] = [];
    const { core, events, project } = await openCore(async (name) => {
      asked.push(name);
      return answer;
    });
    const wav = await makeWav(fixtures.dir, { seconds: 1, name: 'voice over.wav' });
    const { uploadId } = await ask(core, 'assets.upload', { path: wav, projectId: project.id });
    const { asset } = await waitFor(() => finishedAsset(events, uploadId));

    const saved = await ask(core, 'media.download', { assetId: asset.id });
    expect(asked).toEqual(['voice over.wav']);
    expect(saved).toEqual({ outcome: 'saved', path: target, bytes: readFileSync(wav).length });
    expect(sha256OfFile(target)).toBe(sha256OfFile(wav));

    answer = null;
    expect(await ask(core, 'media.download', { assetId: asset.id })).toEqual({ outcome: 'cancelled' });
  });

  it('pauses, resumes and cancels uploads under way, and lists them while they are', async () => {
    const { core, events, project } = await openCore();
    const wav = await makeWav(fixtures.dir, { seconds: 3 });

    const { uploadId } = await ask(core, 'assets.upload', { path: wav, projectId: project.id, resumable: true });
    expect(await ask(core, 'uploads.pause', { uploadId })).toEqual({ paused: true });
    expect(await ask(core, 'uploads.list', undefined)).toEqual([
      expect.objectContaining({ uploadId, method: 'resumable', state: 'paused' }),
    ]);
    expect(await ask(core, 'uploads.pause', { uploadId })).toEqual({ paused: false });

    // Paused means paused: it finishes only after the resume.
    const resumedAt = events.length;
    expect(finishedAsset(events, uploadId)).toBeUndefined();
    expect(await ask(core, 'uploads.resume', { uploadId })).toEqual({ resumed: true });
    const { asset } = await waitFor(() => finishedAsset(events, uploadId));
    expect(asset.id).toBeGreaterThan(0);
    expect(events.findIndex((e) => e.name === 'upload.finished')).toBeGreaterThanOrEqual(resumedAt);
    expect(await ask(core, 'uploads.list', undefined)).toEqual([]);
    expect(await ask(core, 'uploads.resume', { uploadId })).toEqual({ resumed: false });

    const second = await ask(core, 'assets.upload', { path: wav, projectId: project.id, resumable: true });
    expect(await ask(core, 'uploads.cancel', { uploadId: second.uploadId })).toEqual({ cancelled: true });
    expect(await ask(core, 'uploads.list', undefined)).toEqual([]);
    expect(await ask(core, 'uploads.cancel', { uploadId: second.uploadId })).toEqual({ cancelled: false });
    expect(finishedAsset(events, second.uploadId)).toBeUndefined();
  });

  it('refuses bad arguments with request.invalid naming the field', async () => {
    const { core } = await openCore();
    const reply = await core.dispatch('media.createLink', { assetId: 1, expiresInHours: 0 });
    expect(reply).toMatchObject({ ok: false, error: { code: 'request.invalid' } });
    if (!reply.ok) expect(reply.error.message).toContain('expiresInHours');
  });
});
