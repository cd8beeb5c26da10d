// The app's webhook receiver against the real sandbox: in loopback mode the endpoint is
// registered for the receiver, emitted events arrive verified and reach the listener once
// (the jobs service, wired as the app wires it, which ends polling for their job), also
// when the sandbox delivers them twice. Forged, stale,
// replayed, oversized and misdirected requests, sent here straight to the receiver, are
// refused or ignored; and the receiver cannot be reached on any address but 127.0.0.1.
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Journal } from '../../main/core/journal/journal.ts';
import { startTunnel, type TunnelHandle, type TunnelStatus } from '../../main/core/webhooks/tunnel.ts';
import {
  startWebhookReceiver,
  type ReceivedEvent,
  type WebhookReceiver,
} from '../../main/core/webhooks/webhookReceiver.ts';
import { makeJobs, type JobsHarness } from '../support/jobsSupport.ts';
import { apiClient, startSandboxProcess, type ApiCall, type RunningSandbox } from '../support/sandboxProcess.ts';

const WORKSPACE = 'local';
const EVENTS = [
  'production.completed',
  'production.failed',
  'production.cancelled',
  'review.completed',
  'review.failed',
  'review.cancelled',
  'render.completed',
];

let sandbox: RunningSandbox;
let call: ApiCall;
let journal: Journal;
let jobs: JobsHarness;
let dataDir: string;
let receiver: WebhookReceiver;
let tunnel: TunnelHandle;
/** Stands in for the keychain: endpoint id → signing secret. */
const secrets = new Map<string, string>();
/** What the listener heard, and the job the jobs service said the event ended (null: none it announced). */
const heard: (ReceivedEvent & { job: { kind: string; jobId: string; state: string } | null })[] = [];
const statuses: TunnelStatus[] = [];

async function until<T>(
  what: string,
  check: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${sandbox.stderr().slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function emit(type: string, data: Record<string, unknown>): Promise<string> {
  const res = await sandbox.admin('POST', '/_sandbox/webhooks/emit', { type, data });
  expect(res.status).toBe(200);
  return (await res.json()).data.id;
}

/** The sandbox's record of the deliveries of one event to our endpoint. */
async function deliveriesOf(eventId: string): Promise<any[]> {
  const endpointId = tunnel.status().endpointId;
  const res = await call('GET', `/webhooks/${endpointId}/deliveries?limit=100`);
  expect(res.status).toBe(200);
  return res.body.data.filter((d: any) => d.eventId === eventId);
}

/** A delivery made here, as anyone could post one to the receiver. */
async function post(
  body: string,
  headers: Record<string, string> = {},
  init: { method?: string; path?: string } = {},
): Promise<{ status: number; body: any; headers: Headers }> {
  const res = await fetch(`http://127.0.0.1:${receiver.port}${init.path ?? '/webhooks'}`, {
    method: init.method ?? 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: init.method === 'GET' ? undefined : body,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}

function signed(
  raw: string | Buffer,
  secret: string,
  timestamp = Math.floor(Date.now() / 1000),
): Record<string, string> {
  const hex = createHmac('sha256', secret).update(`${timestamp}.`).update(raw).digest('hex');
  return { 'x-service-timestamp': String(timestamp), 'x-service-signature': `v1=${hex}` };
}

function currentSecret(): string {
  return secrets.get(tunnel.status().endpointId!)!;
}

function canConnect(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 2_000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

beforeAll(async () => {
  sandbox = await startSandboxProcess({ args: ['--allow-insecure-webhooks', '--webhook-retry-base-ms', '200'] });
  call = apiClient(sandbox.createBaseUrl, sandbox.apiKey);
  dataDir = mkdtempSync(join(tmpdir(), 'clipdesk-receiver-'));
  jobs = makeJobs({ baseUrl: sandbox.createBaseUrl, apiKey: sandbox.apiKey, dataDir, workspaceId: WORKSPACE });
  journal = jobs.journal;
  receiver = await startWebhookReceiver({
    workspaceId: WORKSPACE,
    journal,
    getSecrets: async () => [...secrets.values()],
  });
  // As the app wires it (createCore: webhook.verified → the jobs coordinator): the jobs service
  // reads the event, records the job's end in the journal and stops polling it.
  receiver.onEvent((received) => {
    const { job } = jobs.jobs.onWebhookEvent(received.event);
    heard.push({ ...received, job: job && { kind: job.kind, jobId: job.id, state: job.state } });
  });
  tunnel = startTunnel(
    { mode: 'loopback' },
    {
      receiver,
      events: EVENTS,
      // The Create API client's job in the app; plain HTTP to the sandbox here.
      async registerEndpoint(url, events) {
        const res = await call('POST', '/webhooks', { body: { url, events, description: 'Clipdesk receiver' } });
        if (res.status !== 201) throw new Error(`registration answered ${res.status}: ${JSON.stringify(res.body)}`);
        return res.body.data;
      },
      async deleteEndpoint(id) {
        const res = await call('DELETE', `/webhooks/${id}`);
        if (res.status !== 200) throw new Error(`deletion answered ${res.status}`);
      },
      async saveSecret(id, secret) {
        secrets.set(id, secret);
      },
      async forgetSecret(id) {
        secrets.delete(id);
      },
      onStatus: (status) => statuses.push(status),
    },
  );
  await until('the tunnel to be ready', () => tunnel.status().state === 'ready');
});

afterAll(async () => {
  await tunnel?.stop();
  await receiver?.close();
  await jobs?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  await sandbox?.stop({ removeData: true });
});

describe('loopback mode with the real sandbox', () => {
  it('registers the receiver’s 127.0.0.1 URL for every event kind and keeps its secret', async () => {
    expect(statuses.map((s) => s.state)).toEqual(['starting', 'ready']);
    const { endpointId, publicUrl } = tunnel.status();
    expect(publicUrl).toBe(`http://127.0.0.1:${receiver.port}/webhooks`);
    const endpoint = (await call('GET', `/webhooks/${endpointId}`)).body.data;
    expect(endpoint.url).toBe(receiver.url);
    expect(endpoint.events.toSorted()).toEqual(EVENTS.toSorted());
    expect([...secrets.keys()]).toEqual([endpointId]);
    expect(secrets.get(endpointId!)).toMatch(/^whsec_/);
  });

  it('believes an emitted event, ends polling for its job and tells the listener', async () => {
    journal.jobs.recordSeen({ workspaceId: WORKSPACE, kind: 'render', jobId: '42' }, 'running');
    expect(journal.jobs.listToPoll(WORKSPACE).map((j) => j.jobId)).toContain('42');
    const before = heard.length;

    const eventId = await emit('render.completed', { kind: 'render', id: 42, state: 'completed', projectId: 7 });
    const received = await until('the listener to hear the event', () =>
      heard.slice(before).find((h) => h.event.id === eventId),
    );
    expect(received).toMatchObject({
      workspaceId: WORKSPACE,
      event: { id: eventId, type: 'render.completed', body: { data: { kind: 'render', id: 42, projectId: 7 } } },
      job: { kind: 'render', jobId: '42', state: 'completed' },
    });
    expect(journal.jobs.get({ workspaceId: WORKSPACE, kind: 'render', jobId: '42' })).toMatchObject({
      state: 'completed',
      webhookFinished: true,
    });
    expect(journal.jobs.listToPoll(WORKSPACE).map((j) => j.jobId)).not.toContain('42');
    const delivery = await until('the sandbox to record the delivery', async () =>
      (await deliveriesOf(eventId)).find((d) => d.state === 'delivered'),
    );
    expect(delivery.attempts).toMatchObject([{ number: 1, statusCode: 200 }]);
  });

  it('applies an event delivered twice with the same id only once', async () => {
    const before = { heard: heard.length, stats: receiver.stats() };
    expect((await sandbox.admin('POST', '/_sandbox/faults', { duplicateWebhooks: true })).status).toBe(200);
    try {
      const eventId = await emit('review.completed', { kind: 'review', id: 9, state: 'completed' });
      const both = await until('both deliveries to be answered', async () => {
        const deliveries = await deliveriesOf(eventId);
        return deliveries.length === 2 && deliveries.every((d) => d.state === 'delivered') && deliveries;
      });
      expect(both.map((d: any) => d.attempts[0].statusCode)).toEqual([200, 200]);
      await until('the event to be applied', () => heard.slice(before.heard).some((h) => h.event.id === eventId));
      expect(heard.slice(before.heard).filter((h) => h.event.id === eventId)).toHaveLength(1);
      const after = receiver.stats();
      expect(after.accepted - before.stats.accepted).toBe(1);
      expect(after.duplicates - before.stats.duplicates).toBe(1);
      expect(journal.jobs.get({ workspaceId: WORKSPACE, kind: 'review', jobId: '9' })?.webhookFinished).toBe(true);
    } finally {
      await sandbox.admin('POST', '/_sandbox/faults', { duplicateWebhooks: false });
    }
  });
});

describe('deliveries that are not believed', () => {
  const body = (id: string, jobId = 77) =>
    JSON.stringify({
      id,
      type: 'render.completed',
      createdAt: new Date().toISOString(),
      data: { kind: 'render', id: jobId, state: 'completed' },
    });

  it('refuses a forged delivery (another secret, or no signature) with 401 and applies nothing', async () => {
    const before = { heard: heard.length, stats: receiver.stats() };
    const raw = body('evt_forged-1');
    const forged = await post(raw, signed(raw, 'whsec_not-the-endpoint-secret'));
    expect(forged).toMatchObject({ status: 401, body: { error: 'signature.mismatch' } });
    const unsigned = await post(raw, { 'x-service-timestamp': String(Math.floor(Date.now() / 1000)) });
    expect(unsigned).toMatchObject({ status: 401, body: { error: 'signature.missing' } });
    const noTimestamp = await post(raw, {
      'x-service-signature': signed(raw, currentSecret())['x-service-signature']!,
    });
    expect(noTimestamp).toMatchObject({ status: 400, body: { error: 'timestamp.missing' } });

    // Signed with the right secret but a byte changed after signing.
    const tampered = await post(raw.replace('"id":77', '"id":78'), signed(raw, currentSecret()));
    expect(tampered).toMatchObject({ status: 401, body: { error: 'signature.mismatch' } });

    const after = receiver.stats();
    expect(after.refused['signature.mismatch']! - (before.stats.refused['signature.mismatch'] ?? 0)).toBe(2);
    expect(after.refused['signature.missing']! - (before.stats.refused['signature.missing'] ?? 0)).toBe(1);
    expect(after.lastRefusal?.reason).toBe('signature.mismatch');
    expect(after.accepted).toBe(before.stats.accepted);
    expect(heard.length).toBe(before.heard);
    expect(journal.jobs.get({ workspaceId: WORKSPACE, kind: 'render', jobId: '77' })).toBeNull();
  });

  it('refuses a correctly signed delivery whose timestamp is more than five minutes old or ahead', async () => {
    const now = Math.floor(Date.now() / 1000);
    const raw = body('evt_stale-1', 79);
    expect(await post(raw, signed(raw, currentSecret(), now - 600))).toMatchObject({
      status: 400,
      body: { error: 'timestamp.too_old' },
    });
    expect(await post(raw, signed(raw, currentSecret(), now + 600))).toMatchObject({
      status: 400,
      body: { error: 'timestamp.in_future' },
    });
    // The same bytes, signed now, are believed: only the time was wrong.
    expect(await post(raw, signed(raw, currentSecret(), now))).toMatchObject({ status: 200, body: { received: true } });
  });

  it('answers a replayed event (an id already seen) with 200 but does not apply it again', async () => {
    const eventId = await emit('render.completed', { kind: 'render', id: 43, state: 'completed' });
    await until('the event to be applied', () => heard.some((h) => h.event.id === eventId));
    const before = { heard: heard.length, stats: receiver.stats() };
    journal.jobs.recordSeen({ workspaceId: WORKSPACE, kind: 'render', jobId: '43' }, 'completed');

    const raw = JSON.stringify({ id: eventId, type: 'render.failed', data: { kind: 'render', id: 43 } });
    const replay = await post(raw, signed(raw, currentSecret()));
    expect(replay).toMatchObject({ status: 200, body: { received: true, duplicate: true } });
    expect(receiver.stats().duplicates).toBe(before.stats.duplicates + 1);
    expect(heard.length).toBe(before.heard);
    expect(journal.jobs.get({ workspaceId: WORKSPACE, kind: 'render', jobId: '43' })?.state).toBe('completed');
  });

  it('refuses bodies over 256 KiB with 413, declared or streamed, without believing them', async () => {
    const before = receiver.stats();
    const big = JSON.stringify({ id: 'evt_big', type: 'render.completed', padding: 'x'.repeat(300 * 1024) });
    expect(await post(big, signed(big, currentSecret()))).toMatchObject({
      status: 413,
      body: { error: 'body.too_large' },
    });

    const bytes = Buffer.from(big);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < bytes.length; at += 16 * 1024) controller.enqueue(bytes.subarray(at, at + 16 * 1024));
        controller.close();
      },
    });
    const res = await fetch(receiver.url, {
      method: 'POST',
      headers: signed(big, currentSecret()),
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: 'body.too_large' });

    const after = receiver.stats();
    expect(after.refused['body.too_large']! - (before.refused['body.too_large'] ?? 0)).toBe(2);
    expect(after.accepted).toBe(before.accepted);
    // The receiver is still well: a normal delivery right after is believed.
    const raw = body('evt_after-big', 80);
    expect(await post(raw, signed(raw, currentSecret()))).toMatchObject({ status: 200, body: { received: true } });
  });

  it('answers other methods with 405 and other paths with 404', async () => {
    const get = await post('', {}, { method: 'GET' });
    expect(get).toMatchObject({ status: 405, body: { error: 'method.not_allowed' } });
    expect(get.headers.get('allow')).toBe('POST');
    const raw = body('evt_elsewhere', 81);
    expect(await post(raw, signed(raw, currentSecret()), { path: '/admin' })).toMatchObject({
      status: 404,
      body: { error: 'path.not_found' },
    });
  });

  it('answers 503 (so the service retries) while the secrets cannot be read', async () => {
    const locked = await startWebhookReceiver({
      workspaceId: WORKSPACE,
      journal,
      getSecrets: async () => {
        throw new Error('the keychain is locked');
      },
    });
    try {
      const raw = body('evt_locked', 82);
      const res = await fetch(locked.url, { method: 'POST', headers: signed(raw, currentSecret()), body: raw });
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('30');
      expect(await res.json()).toEqual({ error: 'secret.unavailable' });
      // Not recorded as seen: once the keychain opens, the redelivery is believed.
      expect(journal.webhookEvents.recordIfNew(WORKSPACE, 'evt_locked')).toBe(true);
    } finally {
      await locked.close();
    }
  });
});

describe('where the receiver listens', () => {
  it('is bound to 127.0.0.1 only: no other address of this machine reaches it', async () => {
    expect(receiver.host).toBe('127.0.0.1');
    expect(receiver.url).toBe(`http://127.0.0.1:${receiver.port}/webhooks`);
    expect(await canConnect('127.0.0.1', receiver.port)).toBe(true);
    const others = Object.values(networkInterfaces())
      .flat()
      .filter((a) => a !== undefined && !a.internal && !a.address.startsWith('fe80:'))
      .map((a) => a!.address);
    // 127.0.0.2 and ::1 are loopback too: a server on 0.0.0.0 or :: would answer there.
    for (const host of ['127.0.0.2', '::1', ...others]) expect(await canConnect(host, receiver.port), host).toBe(false);
  });
});

describe('stopping', () => {
  it('deletes the endpoint at the service and forgets its secret', async () => {
    const { endpointId } = tunnel.status();
    await tunnel.stop();
    expect(tunnel.status().state).toBe('stopped');
    expect((await call('GET', `/webhooks/${endpointId}`)).status).toBe(404);
    expect(secrets.size).toBe(0);
  });
});
