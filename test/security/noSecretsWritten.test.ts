// DESIGN.md "Secrets stay in one process": the app's secrets live in the keychain and
// nowhere else. A remote workspace is added with known keys (a Create API key and a Messaging
// API key), the app registers its webhook endpoint and keeps the signing secret the service
// returns, and the app's flows run through browser mode's socket, as the page drives them:
// upload (multipart, resumable, streamed from the page), generate, a wrong key refused, a
// verified webhook delivery, a text and a bulk send. Then every file under the user data
// folder (settings, the journal and its WAL, staging, anything else), and everything the app
// printed on stdout and stderr, is searched for each secret: as text, UTF-16, hex, base64
// (at every alignment) and URL-encoded. Nothing may be found; the keychain must hold them.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import keytar from 'keytar';
import { workspaceAccount } from '../support/profileKeychain.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { WIRE_PATH } from '../../shared/ipcWire.ts';
import { makeFixtureDir, makePng, makeWav } from '../support/mediaFixtures.ts';
import { patternsOf } from './support/secretPatterns.ts';
import { apiClient, startSandboxProcess, type ApiCall, type RunningSandbox } from '../support/sandboxProcess.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const HARNESS = join(ROOT, 'test/security/support/secretsHarness.ts');
const SERVICE = `Clipdesk-security-${randomUUID()}`;
const SENDER = '+12015550100';
/** A key the user mistypes: refused by the service, and never written anywhere either. */
const WRONG_KEY = `cd_live_${randomUUID().replaceAll('-', '')}`;

let remote: RunningSandbox;
let call: ApiCall;
let harness: ChildProcess;
let userDataDir: string;
let fixtures: ReturnType<typeof makeFixtureDir>;
let out = '';
let err = '';
let socket: WebSocket;
let workspaceId = '';
const events: { name: string; payload: any }[] = [];
const replies = new Map<number, (reply: any) => void>();
let nextId = 1;
/** name → the secret's value, filled as the flows make them known. */
const secrets = new Map<string, string>();

async function until<T>(what: string, check: () => T | undefined | false | Promise<T | undefined | false>): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${err.slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A contract request over the socket, as the page sends it; a failure rejects with its AppError. */
function ask(name: string, arg?: unknown): Promise<any> {
  const id = nextId++;
  return new Promise((resolvePromise, reject) => {
    replies.set(id, (reply) => (reply.ok ? resolvePromise(reply.value) : reject(reply.error)));
    socket.send(JSON.stringify({ type: 'request', id, name, arg }));
  });
}

function eventFor(name: string, match: (payload: any) => boolean) {
  return until(name, () => events.find((e) => e.name === name && match(e.payload)));
}

function startHarness(): Promise<string> {
  harness = spawn(process.execPath, [HARNESS, userDataDir], {
    cwd: ROOT,
    env: { ...process.env, CLIPDESK_KEYCHAIN_SERVICE: SERVICE, CLIPDESK_SANDBOX_JOB_SECONDS: '0.5' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  harness.stderr!.on('data', (chunk: Buffer) => void (err += chunk.toString('utf8')));
  return new Promise((resolveReady, reject) => {
    createInterface({ input: harness.stdout! }).on('line', (line) => {
      out += `${line}\n`;
      if (line.startsWith('HARNESS READY ')) resolveReady(JSON.parse(line.slice('HARNESS READY '.length)).url);
    });
    harness.once('exit', (code) => reject(new Error(`the app exited (${code}) before it was ready\n${err}`)));
  });
}

function openSocket(pageUrl: string): Promise<WebSocket> {
  const page = new URL(pageUrl);
  const url = `ws://${page.host}${WIRE_PATH}?token=${page.searchParams.get('token')}`;
  const ws = new WebSocket(url, { headers: { origin: page.origin } });
  ws.on('message', (data) => {
    const frame = JSON.parse(String(data));
    if (frame.type === 'reply') replies.get(frame.id)?.(frame.reply);
    else if (frame.type === 'event') events.push({ name: frame.name, payload: frame.payload });
  });
  return new Promise((resolveOpen, reject) => {
    ws.once('open', () => resolveOpen(ws));
    ws.once('error', reject);
  });
}

async function stopHarness(): Promise<void> {
  if (!harness || harness.exitCode !== null || harness.signalCode !== null) return;
  const exited = new Promise<void>((r) => harness.once('exit', () => r()));
  harness.kill('SIGTERM');
  const timer = setTimeout(() => harness.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/** Every file under a folder (the user data folder), recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/** "<where>: <secret> as <form>" for every secret found in any of the named contents. */
function leaks(contents: { where: string; bytes: Buffer }[]): string[] {
  const found: string[] = [];
  for (const [name, secret] of secrets)
    for (const { form, bytes } of patternsOf(secret))
      for (const { where, bytes: content } of contents)
        if (content.includes(bytes)) found.push(`${where}: ${name} as ${form}`);
  return found;
}

/** What was searched, with sizes: printed when a leak is found. */
function listing(): string {
  return filesUnder(userDataDir)
    .map((file) => `${relative(userDataDir, file)} ${statSync(file).size}`)
    .join('\n');
}

function everythingWritten(): { where: string; bytes: Buffer }[] {
  return [
    ...filesUnder(userDataDir).map((file) => ({ where: relative(userDataDir, file), bytes: readFileSync(file) })),
    { where: 'stdout', bytes: Buffer.from(out) },
    { where: 'stderr', bytes: Buffer.from(err) },
  ];
}

beforeAll(async () => {
  remote = await startSandboxProcess({ args: ['--allow-insecure-webhooks', '--webhook-retry-base-ms', '200'] });
  call = apiClient(remote.createBaseUrl, remote.apiKey);
  secrets.set('Create API key', remote.apiKey);
  secrets.set('Messaging API key', remote.messagingApiKey);
  secrets.set('mistyped key', WRONG_KEY);
  fixtures = makeFixtureDir();
  userDataDir = mkdtempSync(join(tmpdir(), 'clipdesk-secrets-'));
  socket = await openSocket(await startHarness());
});

afterAll(async () => {
  socket?.close();
  await stopHarness();
  await remote?.stop({ removeData: true });
  fixtures?.cleanup();
  if (userDataDir) rmSync(userDataDir, { recursive: true, force: true });
  for (const { account } of await keytar.findCredentials(SERVICE).catch(() => []))
    await keytar.deletePassword(SERVICE, account);
});

describe('no secret is ever written outside the keychain', () => {
  it('the search finds a secret in every form it looks for (so finding none means something)', () => {
    const secret = `cd_test_${randomUUID()}`;
    const saved = new Map(secrets);
    secrets.clear();
    secrets.set('probe', secret);
    const hidden = `{"note":"${Buffer.from(`xx${secret}yy`).toString('base64')}"}`;
    const found = leaks([
      { where: 'plain', bytes: Buffer.from(`key=${secret};`) },
      { where: 'base64', bytes: Buffer.from(hidden) },
      { where: 'hex', bytes: Buffer.from(`0x${Buffer.from(secret).toString('hex')}`) },
      { where: 'utf16', bytes: Buffer.from(`<${secret}>`, 'utf16le') },
    ]);
    secrets.clear();
    for (const [k, v] of saved) secrets.set(k, v);
    expect(found.map((f) => f.split(':')[0])).toEqual(expect.arrayContaining(['plain', 'base64', 'hex', 'utf16']));
  });

  it('a remote workspace, uploads, a generation, a wrong key, a webhook and messages leave every secret in the keychain only', async () => {
    // The remote workspace, with both keys.
    const workspace = await ask('workspaces.addRemote', {
      name: 'Studio account',
      createBaseUrl: remote.createBaseUrl,
      apiKey: remote.apiKey,
      messagingBaseUrl: remote.messagingBaseUrl,
      messagingApiKey: remote.messagingApiKey,
    });
    workspaceId = workspace.id;
    expect(workspace).toMatchObject({ kind: 'remote', active: true, keys: { create: { present: true } } });

    // Its webhook endpoint: registered with the service, the secret the service returned kept.
    const endpoint = await until('the webhook endpoint', async () => (await call('GET', '/webhooks')).body.data?.[0]);
    expect(endpoint.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/webhooks$/);
    const entry = await until('the signing secret in the keychain', async () => {
      const stored = await keytar.getPassword(SERVICE, workspaceAccount(userDataDir, workspaceId));
      const parsed = stored ? JSON.parse(stored) : null;
      return parsed?.webhookSecrets?.[String(endpoint.id)] ? parsed : undefined;
    });
    secrets.set('webhook signing secret', entry.webhookSecrets[String(endpoint.id)].secret);
    expect(secrets.get('webhook signing secret')).toMatch(/^whsec_/);
    expect(entry.createApiKey.secret).toBe(remote.apiKey);
    expect(entry.messagingApiKey.secret).toBe(remote.messagingApiKey);

    // Uploads: multipart, resumable, and streamed from the page through staging.
    const project = await ask('projects.create', { name: 'Trailer', aspectRatio: '16:9' });
    const png = await makePng(fixtures.dir, { name: 'still.png' });
    const wav = await makeWav(fixtures.dir, { name: 'voice.wav' });
    const uploads = [
      (await ask('assets.upload', { path: png, projectId: project.id })).uploadId,
      (await ask('assets.upload', { path: wav, projectId: project.id, resumable: true })).uploadId,
    ];
    const bytes = readFileSync(png);
    const { streamId } = await ask('assets.streamBegin', {
      filename: 'dropped.png',
      sizeBytes: bytes.length,
      projectId: project.id,
    });
    await ask('assets.streamChunk', { streamId, offset: 0, data: bytes.toString('base64') });
    uploads.push((await ask('assets.streamEnd', { streamId })).uploadId);
    for (const uploadId of uploads) await eventFor('upload.finished', (p) => p.uploadId === uploadId);

    // A paid generation, journaled, sent and followed to its end.
    const [model] = await ask('models.list', { kind: 'image' });
    const intent = await ask('generations.submit', {
      input: { projectId: project.id, sceneId: project.scenes[0].id, modelId: model.id, prompt: 'a red kite' },
    });
    await eventFor('job.updated', (p) => p.intentId === intent.id && p.terminal);

    // A mistyped key is refused by the service (and is not kept either).
    await expect(
      ask('workspaces.replaceKey', { workspaceId, which: 'create', apiKey: WRONG_KEY }),
    ).rejects.toMatchObject({ code: expect.stringMatching(/^auth\./) });

    // A delivery, signed with the endpoint's secret, verified by the app's receiver.
    const emitted = await remote.admin('POST', '/_sandbox/webhooks/emit', {
      type: 'render.completed',
      data: { kind: 'render', id: 9, state: 'completed', projectId: project.id },
    });
    const eventId = (await emitted.json()).data.id;
    await until('the delivery to be accepted', async () =>
      (await call('GET', `/webhooks/${endpoint.id}/deliveries?limit=100`)).body.data.find(
        (d: any) => d.eventId === eventId && d.state === 'delivered',
      ),
    );

    // A text and a bulk of three on the Messaging API key.
    const done = new Promise<string>((resolveDone) =>
      createInterface({ input: harness.stdout! }).on('line', (line) => {
        if (line.startsWith('HARNESS DONE') || line.startsWith('HARNESS FAILED')) resolveDone(line);
      }),
    );
    harness.stdin!.write(
      `message ${JSON.stringify({ workspaceId, messagingBaseUrl: remote.messagingBaseUrl, senderId: SENDER })}\n`,
    );
    const result = await done;
    expect(result).toContain('HARNESS DONE');
    expect(JSON.parse(result.slice('HARNESS DONE '.length))).toEqual({ textCode: '00', bulkSent: 3 });

    // While the app runs: the journal's WAL is live, staging may hold files.
    const files = filesUnder(userDataDir).map((f) => relative(userDataDir, f));
    expect(files).toEqual(expect.arrayContaining(['settings.json']));
    expect(files.some((f) => f.endsWith('-wal'))).toBe(true);
    expect(leaks(everythingWritten()), listing()).toEqual([]);
    // What the app wrote does name the workspace and its work (the search reads the right files).
    expect(everythingWritten().some((c) => c.bytes.includes(Buffer.from(workspaceId)))).toBe(true);

    // After a clean stop: the journal checkpointed, logs complete.
    socket.close();
    await stopHarness();
    expect(harness.exitCode, `stopped by ${harness.signalCode}\n${err.slice(-1500)}`).toBe(0);
    expect(leaks(everythingWritten()), listing()).toEqual([]);
    expect(secrets.size).toBe(4);
    // The keys stay where they belong (the endpoint's secret went with the endpoint, at stop).
    const kept = await keytar.getPassword(SERVICE, workspaceAccount(userDataDir, workspaceId));
    for (const name of ['Create API key', 'Messaging API key']) expect(kept, name).toContain(secrets.get(name)!);
  });
});
