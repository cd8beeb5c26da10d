// Webhooks against the real sandbox: registration (secret shown once, public HTTPS only
// unless --allow-insecure-webhooks), deliveries to a real receiver on 127.0.0.1 that
// verify with an HMAC computed here over the raw bytes, retries with backoff, the
// duplicate fault, secret rotation, and pending deliveries that survive a restart.
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, startSandboxProcess, type ApiCall, type RunningSandbox } from '../support/sandboxProcess.ts';

const RETRY_BASE_MS = 150;
const INSECURE_ARGS = ['--allow-insecure-webhooks', '--webhook-retry-base-ms', String(RETRY_BASE_MS)];

interface Received {
  headers: IncomingHttpHeaders;
  raw: Buffer;
  body: any;
}

/** A webhook receiver: answers each delivery with the next status of `plan` (then 200), and keeps the raw bytes. */
async function startReceiver(options: { port?: number; plan?: number[] } = {}) {
  const plan = [...(options.plan ?? [])];
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      received.push({ headers: req.headers, raw, body: JSON.parse(raw.toString('utf8')) });
      res.writeHead(plan.shift() ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    async waitFor(count: number, timeoutMs = 15_000): Promise<Received[]> {
      await until(() => received.length >= count, `${count} deliveries (got ${received.length})`, timeoutMs);
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The v1 values of X-Service-Signature. */
function v1Values(headers: IncomingHttpHeaders): string[] {
  return String(headers['x-service-signature'])
    .split(' ')
    .map((part) => {
      expect(part).toMatch(/^v1=[0-9a-f]{64}$/);
      return part.slice(3);
    });
}

/** Computed here, independently of the sandbox: HMAC-SHA256(secret, timestamp + "." + raw body). */
function expectedSignature(secret: string, delivery: Received): string {
  const timestamp = String(delivery.headers['x-service-timestamp']);
  return createHmac('sha256', secret)
    .update(Buffer.concat([Buffer.from(`${timestamp}.`), delivery.raw]))
    .digest('hex');
}

async function emit(
  sandbox: RunningSandbox,
  type: string,
  data: Record<string, unknown> = {},
): Promise<{ id: string; deliveries: number }> {
  const res = await sandbox.admin('POST', '/_sandbox/webhooks/emit', { type, data });
  expect(res.status).toBe(200);
  return (await res.json()).data;
}

async function register(
  call: ApiCall,
  url: string,
  events = ['render.completed'],
): Promise<{ id: number; secret: string }> {
  const res = await call('POST', '/webhooks', { body: { url, events, description: 'test receiver' } });
  expect(res.status).toBe(201);
  return res.body.data;
}

async function deliveriesOf(call: ApiCall, endpointId: number): Promise<any[]> {
  const res = await call('GET', `/webhooks/${endpointId}/deliveries`);
  expect(res.status).toBe(200);
  return res.body.data;
}

describe('webhooks on a sandbox started with --allow-insecure-webhooks', () => {
  let sandbox: RunningSandbox;
  let call: ApiCall;

  beforeAll(async () => {
    sandbox = await startSandboxProcess({ args: INSECURE_ARGS });
    call = apiClient(sandbox.createBaseUrl, sandbox.apiKey);
  });
  afterAll(() => sandbox?.stop({ removeData: true }));
  // Each test's endpoints only: an emitted event goes to every endpoint of the account.
  afterEach(async () => {
    for (const endpoint of (await call('GET', '/webhooks?limit=100')).body.data)
      await call('DELETE', `/webhooks/${endpoint.id}`);
  });

  it('registers an endpoint and shows its signing secret only once', async () => {
    const created = await call('POST', '/webhooks', {
      body: {
        url: 'http://127.0.0.1:9/hooks',
        events: ['review.completed', 'render.completed', 'review.completed'],
        description: 'local',
      },
    });
    expect(created.status).toBe(201);
    const endpoint = created.body.data;
    expect(endpoint).toMatchObject({
      url: 'http://127.0.0.1:9/hooks',
      events: ['review.completed', 'render.completed'],
      description: 'local',
      secretRotatedAt: null,
    });
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9_-]{40,}$/);

    const list = await call('GET', '/webhooks');
    const read = await call('GET', `/webhooks/${endpoint.id}`);
    expect(list.body.data.map((e: any) => e.id)).toContain(endpoint.id);
    expect(list.body.pagination).toEqual({ nextCursor: null });
    for (const res of [list, read]) {
      expect(res.status).toBe(200);
      expect(JSON.stringify(res.body)).not.toContain(endpoint.secret);
    }
    expect(read.body.data).not.toHaveProperty('secret');
  });

  it('refuses bad registrations with a message that names the field', async () => {
    const noEvents = await call('POST', '/webhooks', { body: { url: 'http://127.0.0.1:9/', events: [] } });
    expect(noEvents.status).toBe(400);
    expect(noEvents.body.error.message).toContain('events');
    const generation = await call('POST', '/webhooks', {
      body: { url: 'http://127.0.0.1:9/', events: ['generation.completed'] },
    });
    expect(generation.status).toBe(400);
    expect(generation.body.error.message).toMatch(/events\.0: .*poll/);
    const notUrl = await call('POST', '/webhooks', { body: { url: 'not a url', events: ['render.completed'] } });
    expect(notUrl.status).toBe(400);
    expect(notUrl.body.error.message).toContain('url');
  });

  it('delivers an emitted event whose signature verifies with an HMAC computed over the raw bytes', async () => {
    const receiver = await startReceiver();
    try {
      const endpoint = await register(call, receiver.url);
      const event = await emit(sandbox, 'render.completed', {
        kind: 'render',
        id: 42,
        state: 'completed',
        projectId: 7,
      });
      expect(event).toMatchObject({ id: expect.stringMatching(/^evt_[0-9a-f-]{36}$/), deliveries: 1 });

      const [delivery] = await receiver.waitFor(1);
      expect(delivery!.headers['content-type']).toContain('application/json');
      expect(delivery!.body).toMatchObject({
        id: event.id,
        type: 'render.completed',
        data: { kind: 'render', id: 42, state: 'completed', projectId: 7 },
      });
      expect(Date.parse(delivery!.body.createdAt)).not.toBeNaN();
      const timestamp = Number(delivery!.headers['x-service-timestamp']);
      expect(Number.isInteger(timestamp)).toBe(true);
      expect(Math.abs(timestamp - Date.now() / 1000)).toBeLessThan(300);
      expect(v1Values(delivery!.headers)).toEqual([expectedSignature(endpoint.secret, delivery!)]);
      // A signature made with another secret does not match: the check means something.
      expect(expectedSignature('whsec_someone-else', delivery!)).not.toBe(v1Values(delivery!.headers)[0]);

      await until(
        async () => (await deliveriesOf(call, endpoint.id))[0]?.state === 'delivered',
        'the delivery to be recorded',
      );
      const [recorded] = await deliveriesOf(call, endpoint.id);
      expect(recorded).toMatchObject({
        eventId: event.id,
        type: 'render.completed',
        state: 'delivered',
        nextAttemptAt: null,
      });
      expect(recorded.attempts).toMatchObject([{ number: 1, statusCode: 200, error: null }]);
    } finally {
      await receiver.close();
    }
  });

  it('retries a failing receiver with growing waits and delivers on the third attempt', async () => {
    const receiver = await startReceiver({ plan: [500, 503] });
    try {
      const endpoint = await register(call, receiver.url, ['review.failed']);
      const event = await emit(sandbox, 'review.failed', { kind: 'review', id: 3, state: 'failed' });
      const deliveries = await receiver.waitFor(3);
      expect(deliveries.map((d) => d.body.id)).toEqual([event.id, event.id, event.id]);
      for (const d of deliveries) expect(v1Values(d.headers)).toEqual([expectedSignature(endpoint.secret, d)]);

      await until(
        async () => (await deliveriesOf(call, endpoint.id))[0]?.state === 'delivered',
        'the delivery to be recorded',
      );
      const [recorded] = await deliveriesOf(call, endpoint.id);
      expect(recorded.attempts.map((a: any) => [a.number, a.statusCode])).toEqual([
        [1, 500],
        [2, 503],
        [3, 200],
      ]);
      const at = recorded.attempts.map((a: any) => Date.parse(a.at));
      expect(at[1] - at[0]).toBeGreaterThanOrEqual(RETRY_BASE_MS);
      expect(at[2] - at[1]).toBeGreaterThanOrEqual(2 * RETRY_BASE_MS);
      expect(receiver.received).toHaveLength(3);
    } finally {
      await receiver.close();
    }
  });

  it('records a receiver that cannot be reached, and lists deliveries by state', async () => {
    const closed = await startReceiver();
    await closed.close();
    const endpoint = await register(call, closed.url);
    await emit(sandbox, 'render.completed');
    await until(
      async () => ((await deliveriesOf(call, endpoint.id))[0]?.attempts.length ?? 0) >= 2,
      'two failed attempts',
    );
    const [pending] = (await call('GET', `/webhooks/${endpoint.id}/deliveries?state=pending`)).body.data;
    expect(pending.state).toBe('pending');
    expect(pending.attempts[0]).toMatchObject({
      number: 1,
      statusCode: null,
      error: expect.stringContaining('ECONNREFUSED'),
    });
    expect((await call('GET', `/webhooks/${endpoint.id}/deliveries?state=delivered`)).body.data).toEqual([]);
    const bad = await call('GET', `/webhooks/${endpoint.id}/deliveries?state=lost`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('state');
  });

  it('delivers every event twice with the same id while the duplicate switch is on', async () => {
    const receiver = await startReceiver();
    try {
      const endpoint = await register(call, receiver.url, ['production.completed']);
      expect((await sandbox.admin('POST', '/_sandbox/faults', { duplicateWebhooks: true })).status).toBe(200);
      const doubled = await emit(sandbox, 'production.completed', { kind: 'production', id: 1 });
      expect(doubled.deliveries).toBe(2);
      const twice = await receiver.waitFor(2);
      expect(twice.map((d) => d.body.id)).toEqual([doubled.id, doubled.id]);

      expect((await sandbox.admin('POST', '/_sandbox/faults', { duplicateWebhooks: false })).status).toBe(200);
      const single = await emit(sandbox, 'production.completed', { kind: 'production', id: 2 });
      expect(single.deliveries).toBe(1);
      await receiver.waitFor(3);
      await until(
        async () => (await deliveriesOf(call, endpoint.id)).every((d) => d.state === 'delivered'),
        'all deliveries recorded',
      );
      const byEvent = (await deliveriesOf(call, endpoint.id)).map((d) => d.eventId);
      expect(byEvent.filter((id) => id === single.id)).toHaveLength(1);
      expect(byEvent.filter((id) => id === doubled.id)).toHaveLength(2);
      expect(receiver.received.filter((d) => d.body.id === single.id)).toHaveLength(1);
    } finally {
      await sandbox.admin('POST', '/_sandbox/faults', { duplicateWebhooks: false });
      await receiver.close();
    }
  });

  it('sends nothing more to a deleted endpoint', async () => {
    const endpoint = await register(call, 'http://127.0.0.1:9/gone', ['review.cancelled']);
    const deleted = await call('DELETE', `/webhooks/${endpoint.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.data.id).toBe(endpoint.id);
    expect((await call('GET', `/webhooks/${endpoint.id}`)).status).toBe(404);
    expect((await emit(sandbox, 'review.cancelled')).deliveries).toBe(0);
    expect((await call('DELETE', `/webhooks/${endpoint.id}`)).body.error.code).toBe('resource.not_found');
  });

  it('describes the webhook operations in /openapi.json', async () => {
    const doc = (await call('GET', '/openapi.json')).body.data;
    expect(Object.keys(doc.paths['/webhooks'])).toEqual(expect.arrayContaining(['get', 'post']));
    expect(doc.paths['/webhooks/{id}']).toHaveProperty('delete');
    expect(doc.paths['/webhooks/{id}/rotate-secret']).toHaveProperty('post');
    expect(doc.paths['/webhooks/{id}/deliveries']).toHaveProperty('get');
    const created = doc.paths['/webhooks'].post.responses['201'].content['application/json'].schema.properties.data;
    expect(created.required).toContain('secret');
    const listed = doc.paths['/webhooks'].get.responses['200'].content['application/json'].schema.properties.data.items;
    expect(Object.keys(listed.properties)).not.toContain('secret');
  });

  // Last: it moves the sandbox clock a day forward.
  it('signs with both secrets for a day after a rotation, then with the new one only', async () => {
    const receiver = await startReceiver();
    try {
      const endpoint = await register(call, receiver.url);
      const rotated = await call('POST', `/webhooks/${endpoint.id}/rotate-secret`);
      expect(rotated.status).toBe(200);
      const { secret: newSecret, previousSecretExpiresAt, secretRotatedAt } = rotated.body.data;
      expect(newSecret).toMatch(/^whsec_/);
      expect(newSecret).not.toBe(endpoint.secret);
      expect(Date.parse(previousSecretExpiresAt) - Date.parse(secretRotatedAt)).toBe(24 * 3600 * 1000);
      expect(JSON.stringify((await call('GET', `/webhooks/${endpoint.id}`)).body)).not.toContain(newSecret);

      await emit(sandbox, 'render.completed');
      const [during] = await receiver.waitFor(1);
      const values = v1Values(during!.headers);
      expect(values).toHaveLength(2);
      expect(values).toContain(expectedSignature(newSecret, during!));
      expect(values).toContain(expectedSignature(endpoint.secret, during!));

      expect((await sandbox.admin('POST', '/_sandbox/clock', { advanceMs: 24 * 3600 * 1000 + 1000 })).status).toBe(200);
      expect((await call('GET', `/webhooks/${endpoint.id}`)).body.data.previousSecretExpiresAt).toBeNull();
      await emit(sandbox, 'render.completed');
      const [, after] = await receiver.waitFor(2);
      expect(v1Values(after!.headers)).toEqual([expectedSignature(newSecret, after!)]);
    } finally {
      await receiver.close();
    }
  });
});

describe('webhooks on a sandbox started without --allow-insecure-webhooks', () => {
  let sandbox: RunningSandbox;
  let call: ApiCall;

  beforeAll(async () => {
    sandbox = await startSandboxProcess();
    call = apiClient(sandbox.createBaseUrl, sandbox.apiKey);
  });
  afterAll(() => sandbox?.stop({ removeData: true }));

  it('refuses plain http with webhook.url_not_https', async () => {
    const res = await call('POST', '/webhooks', {
      body: { url: 'http://hooks.clipdesk-test.dev/in', events: ['render.completed'] },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('webhook.url_not_https');
    expect(res.body.error.message).toContain('https://');
    expect(res.body.error.message).toContain('--allow-insecure-webhooks');
  });

  it.each([
    'https://127.0.0.1/hooks',
    'https://2130706433/hooks',
    'https://[::1]:8443/hooks',
    'https://10.1.2.3/hooks',
    'https://192.168.1.20/hooks',
    'https://169.254.169.254/latest',
    'https://8.8.8.8/hooks',
    'https://localhost/hooks',
    'https://printer.local/hooks',
    'https://intranet/hooks',
  ])('refuses %s with webhook.url_not_allowed', async (url) => {
    const res = await call('POST', '/webhooks', { body: { url, events: ['render.completed'] } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('webhook.url_not_allowed');
    expect(res.body.error.message).toContain('public');
  });

  it('accepts a public HTTPS name', async () => {
    const res = await call('POST', '/webhooks', {
      body: { url: 'https://hooks.clipdesk-test.dev/in#ignored', events: ['render.completed'] },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.url).toBe('https://hooks.clipdesk-test.dev/in');
    expect((await call('GET', '/webhooks')).body.data).toHaveLength(1);
  });
});

describe('pending deliveries across a restart', () => {
  let sandbox: RunningSandbox;
  afterAll(() => sandbox?.stop({ removeData: true }));

  it('keeps retrying after the sandbox restarts and delivers once the receiver is up', async () => {
    sandbox = await startSandboxProcess({ args: INSECURE_ARGS });
    let call = apiClient(sandbox.createBaseUrl, sandbox.apiKey);
    // Reserve a port, then leave it closed: the receiver is down.
    const probe = await startReceiver();
    const { port, url } = probe;
    await probe.close();

    const endpoint = await register(call, url);
    const event = await emit(sandbox, 'render.completed', { kind: 'render', id: 9 });
    await until(
      async () => ((await deliveriesOf(call, endpoint.id))[0]?.attempts.length ?? 0) >= 1,
      'a failed attempt',
    );

    sandbox = await sandbox.restart(INSECURE_ARGS);
    call = apiClient(sandbox.createBaseUrl, sandbox.apiKey);
    const receiver = await startReceiver({ port });
    try {
      const [delivery] = await receiver.waitFor(1, 20_000);
      expect(delivery!.body.id).toBe(event.id);
      expect(v1Values(delivery!.headers)).toEqual([expectedSignature(endpoint.secret, delivery!)]);
      await until(
        async () => (await deliveriesOf(call, endpoint.id))[0]?.state === 'delivered',
        'the delivery to be recorded',
      );
      const [recorded] = await deliveriesOf(call, endpoint.id);
      expect(recorded.attempts.length).toBeGreaterThanOrEqual(2);
      expect(recorded.attempts[0].error).toContain('ECONNREFUSED');
      expect(recorded.attempts.at(-1)).toMatchObject({ statusCode: 200, error: null });
    } finally {
      await receiver.close();
    }
  });
});
