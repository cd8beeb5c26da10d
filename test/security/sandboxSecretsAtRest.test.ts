// The local service keeps no secret at rest (issue 14, DESIGN.md: only a key's hash is kept).
// The app starts its local workspace as it always does, gets its keys into the keychain and
// registers its webhook endpoint; then the service is used as a person would: the demo and
// support logins, a key issued in a session, a webhook registered and its secret rotated, a
// delivery the app verifies. The raw bytes of <user-data>/sandbox/sandbox.sqlite and its WAL
// must contain none of those secrets (nor the master secret they are derived from), while the
// app runs and after it stopped; a restart gives the app the same keys. And a data folder
// written before (test/security/fixtures: made by the service as it was, with the secrets
// listed below) is upgraded at its first start: the clear secrets are gone from the file, the
// keys they were no longer work, and its webhook endpoint signs with a new secret.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import keytar from 'keytar';
import { workspaceAccount } from '../support/profileKeychain.ts';
import { afterAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../main/core/app/createCore.ts';
import { verifyWebhook } from '../../main/core/webhooks/verifyWebhook.ts';
import { apiClient, startSandboxProcess, type RunningSandbox, type SandboxReady } from '../support/sandboxProcess.ts';
import { signIn } from '../support/session.ts';
import { patternsOf } from './support/secretPatterns.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const SERVICE = `Clipdesk-secrets-at-rest-${randomUUID()}`;
const dirs: string[] = [];
const cores: Core[] = [];
const sandboxes: RunningSandbox[] = [];

afterAll(async () => {
  await Promise.all(cores.map((core) => core.close()));
  await Promise.all(sandboxes.map((s) => s.stop()));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  for (const { account } of await keytar.findCredentials(SERVICE).catch(() => []))
    await keytar.deletePassword(SERVICE, account);
});

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

async function until<T>(what: string, check: () => Promise<T | undefined> | T | undefined): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The database file and its WAL, as bytes on disk. */
function databaseBytes(dataDir: string): { where: string; bytes: Buffer }[] {
  return ['sandbox.sqlite', 'sandbox.sqlite-wal']
    .filter((name) => existsSync(join(dataDir, name)))
    .map((name) => ({ where: name, bytes: readFileSync(join(dataDir, name)) }));
}

/** "<file>: <secret> as <form>" for each secret found. */
function leaks(secrets: Map<string, string>, contents: { where: string; bytes: Buffer }[]): string[] {
  const found: string[] = [];
  for (const [name, secret] of secrets)
    for (const { form, bytes } of patternsOf(secret))
      for (const { where, bytes: content } of contents)
        if (content.includes(bytes)) found.push(`${where}: ${name} as ${form}`);
  return found;
}

async function localEntry(userDataDir: string): Promise<any> {
  return JSON.parse((await keytar.getPassword(SERVICE, workspaceAccount(userDataDir))) ?? 'null');
}

/** A loopback receiver that keeps what it is sent (body and headers). */
async function startReceiver() {
  const received: { body: Buffer; headers: IncomingHttpHeaders }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ body: Buffer.concat(chunks), headers: req.headers });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

async function emit(ready: SandboxReady): Promise<string> {
  const emitted = await fetch(`${ready.origin}/_sandbox/webhooks/emit`, {
    method: 'POST',
    headers: { 'x-sandbox-admin': ready.adminToken, 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'render.completed', data: { kind: 'render', id: 7, state: 'completed' } }),
  });
  return ((await emitted.json()) as { data: { id: string } }).data.id;
}

/** The delivery of that event to the receiver, checked against these secrets. */
async function verifiedDelivery(
  receiver: Awaited<ReturnType<typeof startReceiver>>,
  eventId: string,
  secrets: string[],
) {
  const delivery = await until('the delivery', () =>
    receiver.received.find((r) => r.body.toString('utf8').includes(eventId)),
  );
  return verifyWebhook({
    rawBody: delivery.body,
    timestampHeader: delivery.headers['x-service-timestamp'],
    signatureHeader: delivery.headers['x-service-signature'],
    secrets,
    now: Date.now(),
  });
}

function openCore(userDataDir: string, readyFile: string): Core {
  process.env.CLIPDESK_TEST_READY_FILE = readyFile;
  const core = createCore({
    userDataDir,
    env: { CLIPDESK_KEYCHAIN_SERVICE: SERVICE },
    sandboxScript: join(ROOT, 'test/security/support/sandboxReadyCopy.ts'),
  });
  cores.push(core);
  return core;
}

function lastReady(readyFile: string): SandboxReady {
  const lines = readFileSync(readyFile, 'utf8').trim().split('\n');
  return JSON.parse(lines.at(-1)!.slice('SANDBOX READY '.length)) as SandboxReady;
}

describe("the local service's database", () => {
  it('holds no key, password, session or signing secret of a local workspace the app started and used', async () => {
    const userDataDir = tempDir('clipdesk-at-rest-');
    const dataDir = join(userDataDir, 'sandbox');
    const readyFile = join(tempDir('clipdesk-ready-'), 'ready.txt');
    const core = openCore(userDataDir, readyFile);
    const local = await core.handlers['workspaces.useLocal'](undefined);
    expect(local).toMatchObject({ kind: 'local', active: true, keys: { create: { present: true } } });
    const ready = lastReady(readyFile);
    const secrets = new Map<string, string>([
      ['ready key', ready.apiKey],
      ['Messaging key', ready.messagingApiKey],
      ['demo password', ready.login.password],
      ['support password', ready.supportLogin.password],
    ]);

    // The app got its keys, and keeps them (and the master secret) in the keychain.
    const entry = await until('the app webhook secret in the keychain', async () => {
      const found = await localEntry(userDataDir);
      return found && Object.keys(found.webhookSecrets).length > 0 ? found : undefined;
    });
    expect(entry.createApiKey.secret).toBe(ready.apiKey);
    expect(entry.messagingApiKey.secret).toBe(ready.messagingApiKey);
    secrets.set('master secret', entry.serviceMasterSecret.secret);
    const [appEndpointId, appEndpoint] = Object.entries(entry.webhookSecrets)[0] as [string, { secret: string }];
    secrets.set("app's webhook secret", appEndpoint.secret);

    // A person signs in and issues a key; support signs in on their behalf.
    const person = await signIn(ready);
    secrets.set('session cookie', person.cookie.split('=')[1]!);
    secrets.set('CSRF token', person.csrfToken);
    const issued = await person.call('POST', '/keys', { body: { name: 'Laptop', expiresInDays: 30 } });
    expect(issued.status).toBe(201);
    secrets.set('issued key', issued.body.data.token);
    const support = await signIn(ready, { ...ready.supportLogin, impersonate: ready.login.email });
    secrets.set('support session cookie', support.cookie.split('=')[1]!);

    // A webhook endpoint registered with the issued key, its secret rotated (both sign for a while).
    const receiver = await startReceiver();
    const call = apiClient(ready.createBaseUrl, issued.body.data.token);
    const registered = await call('POST', '/webhooks', { body: { url: receiver.url, events: ['render.completed'] } });
    expect(registered.status).toBe(201);
    secrets.set('webhook secret', registered.body.data.secret);
    const rotated = await call('POST', `/webhooks/${registered.body.data.id}/rotate-secret`, { body: {} });
    expect(rotated.status).toBe(200);
    secrets.set('rotated webhook secret', rotated.body.data.secret);
    expect(rotated.body.data.secret).not.toBe(registered.body.data.secret);

    // A delivery to the app's endpoint is signed with the secret the app kept, and accepted.
    const appCall = apiClient(ready.createBaseUrl, ready.apiKey);
    const eventId = await emit(ready);
    expect(await verifiedDelivery(receiver, eventId, [rotated.body.data.secret])).toMatchObject({ ok: true });
    await until('the delivery to the app', async () => {
      const deliveries = await appCall('GET', `/webhooks/${appEndpointId}/deliveries?limit=100`);
      return deliveries.body.data.find((d: any) => d.eventId === eventId && d.state === 'delivered');
    });

    expect(secrets.size).toBe(12);
    expect(leaks(secrets, databaseBytes(dataDir))).toEqual([]);
    // The search reads the right file: the endpoint's URL is in it.
    expect(databaseBytes(dataDir).some((c) => c.bytes.includes(Buffer.from(receiver.url)))).toBe(true);

    // After a stop, and a start again: the same keys (derived from the kept master secret).
    await core.close();
    expect(leaks(secrets, databaseBytes(dataDir))).toEqual([]);
    const again = openCore(userDataDir, readyFile);
    await again.handlers['workspaces.useLocal'](undefined);
    expect(lastReady(readyFile).apiKey).toBe(ready.apiKey);
    expect(lastReady(readyFile).messagingApiKey).toBe(ready.messagingApiKey);
    const restarted = lastReady(readyFile);
    expect((await apiClient(restarted.createBaseUrl, restarted.apiKey)('GET', '/webhooks')).status).toBe(200);
    // The endpoint registered before still signs with the secret shown at its rotation.
    const later = await emit(lastReady(readyFile));
    expect(await verifiedDelivery(receiver, later, [rotated.body.data.secret])).toMatchObject({ ok: true });
    await again.close();
    await receiver.close();
  });

  it('of a data folder that kept secrets in clear loses them at its first start, and the old keys stop working', async () => {
    // What the fixture's service printed and answered before it was stopped (throwaway values).
    const old = {
      apiKey: 'cd_hJnxBmtaOGsnmxa_PFbjcIMXXMzOsEviEMUjcHh5J2Y',
      messagingApiKey: 'msk_n6u6uhW9_7MTC1WYdVaew_QsWzPOfR_hah4R940VOQo',
      password: 'uJOQS6LiIrBRR8U9',
      supportPassword: 'O0QFF1T3YO3VwWzi',
      cookie: 'kY1plShFbtq_8PvkeRqDJlaMs4f-jlCClMbnE2chmMs',
      csrfToken: 'wYQ5p-pcZxJIspSKBP6o11mbs6CvfDL_',
      webhookSecret: 'whsec_GnCGalaa5L3Ulwpldh2l1SpVw4kEa8KtqjvUUpGDjNk',
      rotatedWebhookSecret: 'whsec_UhV9Hmoxp-9C0MQQGLFg9K_ASTb-m2v17guZPNGJXJg',
    };
    const secrets = new Map(Object.entries(old));
    const dataDir = tempDir('clipdesk-upgrade-');
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(
      join(dataDir, 'sandbox.sqlite'),
      gunzipSync(readFileSync(join(ROOT, 'test/security/fixtures/sandbox-with-clear-secrets.sqlite.gz'))),
    );
    // The search does find them in the folder as it was.
    expect(leaks(secrets, databaseBytes(dataDir)).length).toBeGreaterThanOrEqual(secrets.size);

    const sandbox = await startSandboxProcess({ dataDir });
    sandboxes.push(sandbox);
    expect(sandbox.stderr()).toContain('forgot what this data folder kept in clear');
    expect(leaks(secrets, databaseBytes(dataDir))).toEqual([]);

    // The old keys and the old session no longer work; the new ones do.
    expect((await apiClient(sandbox.createBaseUrl, old.apiKey)('GET', '/webhooks')).status).toBe(401);
    const call = apiClient(sandbox.createBaseUrl, sandbox.apiKey);
    expect((await call('GET', '/webhooks')).status).toBe(200);
    const oldSession = await fetch(`${sandbox.createBaseUrl}/keys`, {
      headers: { cookie: `cd_session=${old.cookie}` },
    });
    expect(oldSession.status).toBe(401);
    // The old Messaging key answers "revoked" (401), as after a rotation.
    const messaging = await fetch(`${sandbox.messagingBaseUrl}/calendar_api`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ apiKey: old.messagingApiKey }),
    });
    expect(messaging.status).toBe(401);
    await expect(signIn(sandbox, { email: 'demo@clipdesk.local', password: old.password })).rejects.toThrow(/401/);
    await signIn(sandbox);

    // The endpoint is kept; a rotation shows the secret it signs with now, and it is not kept either.
    const endpoints = await call('GET', '/webhooks');
    expect(endpoints.body.data.map((e: any) => e.url)).toEqual(['http://127.0.0.1:9/hook']);
    expect(endpoints.body.data[0].previousSecretExpiresAt).toBeNull();
    const rotated = await call('POST', `/webhooks/${endpoints.body.data[0].id}/rotate-secret`, { body: {} });
    expect(rotated.body.data.secret).toMatch(/^whsec_/);
    secrets.set('new webhook secret', rotated.body.data.secret);
    expect(leaks(secrets, databaseBytes(dataDir))).toEqual([]);
  });
});
