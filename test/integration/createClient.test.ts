// The main process's Create API client against the real sandbox over 127.0.0.1: typed
// data from real answers, AppErrors with the request ID, retries only where they cannot
// create work twice, Retry-After honoured, and a burst that stays inside the rate limit.
// Where the sandbox cannot misbehave on purpose (non-JSON bodies, unknown states, HTTP-date
// Retry-After), a tiny node:http server in this file is the real HTTP peer.
import { randomUUID } from 'node:crypto';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppFailure, toAppError } from '../../shared/appError.ts';
import { RevisionConflictSchema, type Project } from '../../shared/api/createTypes.ts';
import { isTerminalJobState } from '../../shared/limits.ts';
import {
  createApiClient,
  type CreateApiClient,
  type CreateApiClientOptions,
} from '../../main/core/api/createApiClient.ts';
import type { Exchange } from '../../main/core/api/httpClient.ts';
import { createRateBudget, type RateBudget } from '../../main/core/rate/rateBudget.ts';
import { startSandboxProcess, type RunningSandbox } from '../support/sandboxProcess.ts';

/** The AppError a promise rejects with (it must reject with an AppFailure). */
async function failureOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(AppFailure);
    return toAppError(err);
  }
  throw new Error('expected the call to fail');
}

async function until(condition: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** A client that records every answer it got, as a request log would. */
function observedClient(options: Omit<CreateApiClientOptions, 'onResponse'>) {
  const exchanges: Exchange[] = [];
  const client = createApiClient({ ...options, onResponse: (e) => exchanges.push(e) });
  return { client, exchanges };
}

/** A real HTTP peer for answers the sandbox never gives; counts the requests it got. */
async function startPeer(handler: (req: IncomingMessage, res: ServerResponse, count: number) => void) {
  let count = 0;
  const server: Server = createHttpServer((req, res) => {
    count++;
    req.resume();
    req.on('end', () => handler(req, res, count));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/api/v1`,
    requests: () => count,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', 'x-request-id': 'peer-request-1', ...headers });
  res.end(JSON.stringify(body));
}

const peerKey = async () => 'peer-key';
const fastRetry = { baseDelayMs: 20, maxDelayMs: 100 };

describe('against the sandbox', () => {
  let sandbox: RunningSandbox;
  let budget: RateBudget;
  let client: CreateApiClient;
  let exchanges: Exchange[];

  const setFaults = async (patch: Record<string, unknown>) => {
    const res = await sandbox.admin('POST', '/_sandbox/faults', patch);
    expect(res.status).toBe(200);
  };
  const stats = async (): Promise<{ projects: number; generations: number }> =>
    (await (await sandbox.admin('GET', '/_sandbox/stats')).json()).data;

  beforeAll(async () => {
    sandbox = await startSandboxProcess({ jobSeconds: 0.3 });
    // One budget for the key, shared by every client of it.
    budget = createRateBudget();
    ({ client, exchanges } = observedClient({
      baseUrl: sandbox.createBaseUrl,
      getApiKey: async () => sandbox.apiKey,
      budget,
      retry: fastRetry,
    }));
  });
  afterAll(async () => {
    await client?.close();
    budget?.close();
    await sandbox?.stop({ removeData: true });
  });

  describe('typed parsing of real answers', () => {
    it('discovery and the OpenAPI document need no key and spend no budget; unknown fields are kept', async () => {
      const used = budget.snapshot().used;
      const discovery = await client.discovery();
      expect(discovery.status).toBe(200);
      expect(discovery.data.apiVersion).toBe('1');
      expect(discovery.data.links?.openapi).toBe(`${sandbox.createBaseUrl}/openapi.json`);
      const openapi = await client.openapi();
      expect(openapi.data.openapi).toMatch(/^3\.1/);
      // `paths` and `info` are nowhere in the client's schema, yet they survive parsing.
      expect((openapi.data as Record<string, any>).info.version).toBe('1.2.0');
      expect(Object.keys((openapi.data as Record<string, any>).paths)).toContain('/projects/{id}');
      expect(budget.snapshot().used).toBe(used);
    });

    it('me: who the key belongs to', async () => {
      const me = await client.me();
      expect(me.data.authenticatedWith).toBe('key');
      expect(me.data.key?.lastFour).toBe(sandbox.apiKey.slice(-4));
      expect(me.data.account?.walletUsd).toBeGreaterThan(0);
      expect(me.requestId).toBe(exchanges.at(-1)!.requestId);
    });

    it('projects: create, get, list, and every page by following nextCursor', async () => {
      const created: Project[] = [];
      for (let i = 0; i < 5; i++) {
        const { data, status } = await client.projects.create({ name: `  Reel ${i}  `, aspectRatio: '9:16' });
        expect(status).toBe(201);
        created.push(data);
      }
      const [first] = created;
      expect(first!.name).toBe('Reel 0');
      expect(first!.scenes).toHaveLength(1);
      expect((await client.projects.get(first!.id)).data).toEqual(first);

      const page = await client.projects.list({ limit: 2 });
      expect(page.items.map((p) => p.id)).toEqual([created[4]!.id, created[3]!.id]);
      expect(page.nextCursor).toBe(String(created[3]!.id));

      const before = exchanges.length;
      const all = await client.projects.listAll({ limit: 2 });
      expect(all.map((p) => p.id)).toEqual(created.map((p) => p.id).reverse());
      expect(exchanges.length - before).toBe(3);

      const lazy: number[] = [];
      for await (const project of client.projects.each({ limit: 2 })) {
        lazy.push(project.id);
        if (lazy.length === 3) break;
      }
      expect(lazy).toEqual(all.slice(0, 3).map((p) => p.id));
    });

    it('models, assets, generations and exports parse, and a job runs to completion by polling', async () => {
      const models = await client.models.list();
      const image = models.items.find((m) => m.kind === 'image' && m.available)!;
      expect(image.inputs?.some((input) => input.name === 'prompt')).toBe(true);
      expect(image.priceUsd).toBeGreaterThan(0);
      expect((await client.models.list({ kind: 'text' })).items.every((m) => m.kind === 'text')).toBe(true);

      const project = (await client.projects.create({ name: 'Generated' })).data;
      const key = randomUUID();
      const input = {
        projectId: project.id,
        sceneId: project.scenes[0]!.id,
        modelId: image.id,
        prompt: 'a lighthouse at dusk',
      };
      const accepted = await client.generations.create(input, { idempotencyKey: key });
      expect(accepted.status).toBe(202);
      expect(accepted.data.outputs).toEqual([]);

      const replay = await client.generations.create(input, { idempotencyKey: key });
      expect(replay.data.id).toBe(accepted.data.id);

      let generation = accepted.data;
      const deadline = Date.now() + 10_000;
      while (!isTerminalJobState(generation.state) && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
        generation = (await client.generations.get(generation.id, { priority: 'background' })).data;
      }
      expect(generation.state).toBe('completed');
      expect(generation.outputs.length).toBeGreaterThan(0);

      const asset = (await client.assets.get(generation.outputs[0]!)).data;
      expect(asset).toMatchObject({ id: generation.outputs[0], projectId: project.id, kind: 'image' });
      expect((await client.assets.listAll({ projectId: project.id })).map((a) => a.id)).toContain(asset.id);
      expect((await client.generations.list({ projectId: project.id })).items.map((g) => g.id)).toEqual([
        generation.id,
      ]);

      const exportKey = randomUUID();
      const started = await client.exports.create(
        { projectId: project.id, clips: [{ assetId: asset.id, trimEndMs: 500 }] },
        { idempotencyKey: exportKey },
      );
      expect([200, 202]).toContain(started.status);
      let exported = started.data;
      while (!isTerminalJobState(exported.state) && Date.now() < deadline + 10_000) {
        await new Promise((r) => setTimeout(r, 100));
        exported = (await client.exports.get(exported.id, { priority: 'background' })).data;
      }
      expect(exported.state).toBe('completed');
      expect(exported.assetId).toBeGreaterThan(0);
      expect((await client.exports.list({ projectId: project.id })).items[0]!.id).toBe(exported.id);
    });
  });

  describe('failures as AppErrors', () => {
    it('404 carries the code, status and the request ID of the X-Request-Id header', async () => {
      const error = await failureOf(client.projects.get(2_147_483_647));
      expect(error).toMatchObject({ code: 'resource.not_found', status: 404, retryAfterMs: null });
      expect(error.requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(error.requestId).toBe(exchanges.at(-1)!.requestId);
    });

    it('a stale rename is 409 revision.conflict carrying the current revision and project; it is not retried', async () => {
      const project = (await client.projects.create({ name: 'Draft' })).data;
      const renamed = (await client.projects.rename(project.id, { name: 'Final', revision: project.updatedAt })).data;
      expect(renamed.updatedAt).not.toBe(project.updatedAt);

      const before = exchanges.length;
      const error = await failureOf(client.projects.rename(project.id, { name: 'Mine', revision: project.updatedAt }));
      expect(exchanges.length - before).toBe(1);
      expect(error).toMatchObject({ code: 'revision.conflict', status: 409, requestId: exchanges.at(-1)!.requestId });
      const conflict = RevisionConflictSchema.parse(error.details);
      expect(conflict.currentRevision).toBe(renamed.updatedAt);
      expect(conflict.current?.name).toBe('Final');
      // Recover as the user would: apply the rename to the current revision.
      expect(
        (await client.projects.rename(project.id, { name: 'Mine', revision: conflict.currentRevision })).data.name,
      ).toBe('Mine');
    });

    it('an idempotency key reused with other inputs is a final 409, sent once', async () => {
      const project = (await client.projects.create({ name: 'Keys' })).data;
      const model = (await client.models.list({ kind: 'image' })).items[0]!;
      const key = randomUUID();
      const input = { projectId: project.id, sceneId: project.scenes[0]!.id, modelId: model.id, prompt: 'one' };
      await client.generations.create(input, { idempotencyKey: key });
      const before = exchanges.length;
      const error = await failureOf(client.generations.create({ ...input, prompt: 'two' }, { idempotencyKey: key }));
      expect(error).toMatchObject({ code: 'idempotency.key_reused', status: 409 });
      expect(exchanges.length - before).toBe(1);
    });

    it('bad input is refused before any request is sent, naming the field', async () => {
      const before = exchanges.length;
      expect(await failureOf(client.projects.create({ name: 'x'.repeat(121) }))).toMatchObject({
        code: 'request.invalid',
        status: null,
      });
      expect((await failureOf(client.projects.create({ name: '   ' }))).message).toContain('name');
      expect(await failureOf(client.projects.get(0))).toMatchObject({ code: 'request.invalid_id' });
      expect(await failureOf(client.projects.list({ limit: 101 }))).toMatchObject({ code: 'request.invalid' });
      const badKey = client.generations.create(
        { projectId: 1, sceneId: 's', modelId: 'm', prompt: 'p' },
        { idempotencyKey: 'not-a-uuid' },
      );
      expect(await failureOf(badKey)).toMatchObject({ code: 'idempotency.key_invalid' });
      expect(exchanges.length).toBe(before);
    });
  });

  describe('Retry-After and retries, with the sandbox fault switches', () => {
    afterAll(() => setFaults({ unavailableShare: 0, dropShare: 0 }));

    it('a GET answered 503 waits for its Retry-After (pausing the budget), then is sent again and succeeds', async () => {
      await setFaults({ unavailableShare: 1, retryAfterSeconds: 1 });
      const before = exchanges.length;
      const started = performance.now();
      const me = client.me();
      await until(() => budget.snapshot().pausedUntil !== null, 'the 503 paused the budget');
      await setFaults({ unavailableShare: 0 });
      expect((await me).data.authenticatedWith).toBe('key');
      expect(performance.now() - started).toBeGreaterThanOrEqual(1_000);
      const statuses = exchanges.slice(before).map((e) => e.status);
      expect(statuses[0]).toBe(503);
      expect(statuses.at(-1)).toBe(200);
    });

    it('a POST without an idempotency key is not sent again: the 503 comes back at once with its Retry-After', async () => {
      await until(() => budget.snapshot().pausedUntil === null, 'the previous pause ended');
      await setFaults({ unavailableShare: 1, retryAfterSeconds: 1 });
      const projectsBefore = (await stats()).projects;
      const before = exchanges.length;
      const started = performance.now();
      const error = await failureOf(client.projects.create({ name: 'Not twice' }));
      const elapsed = performance.now() - started;
      await setFaults({ unavailableShare: 0 });
      expect(error).toMatchObject({ code: 'service.unavailable', status: 503, retryAfterMs: 1_000 });
      expect(exchanges.length - before).toBe(1);
      expect(elapsed).toBeLessThan(1_000);
      expect((await stats()).projects).toBe(projectsBefore);
      expect(budget.snapshot().pausedUntil).not.toBeNull();
    });

    it('a request sent without the key (discovery, the reachability probe) also waits out a Retry-After pause', async () => {
      await until(() => budget.snapshot().pausedUntil === null, 'the previous pause ended');
      await setFaults({ unavailableShare: 1, retryAfterSeconds: 2 });
      await failureOf(client.projects.create({ name: 'Pauses the budget' }));
      await setFaults({ unavailableShare: 0 });
      const pausedUntil = budget.snapshot().pausedUntil!;
      expect(pausedUntil).toBeGreaterThan(Date.now());
      const before = exchanges.length;
      const discovery = await client.discovery();
      expect(discovery.status).toBe(200);
      const sent = exchanges.slice(before);
      expect(sent).toHaveLength(1);
      // It left only once the pause was over.
      expect(Date.now()).toBeGreaterThanOrEqual(pausedUntil);
    });

    it('a POST with an idempotency key is sent again with the same key, and the job is created once', async () => {
      const project = (await client.projects.create({ name: 'Retried job' })).data;
      const model = (await client.models.list({ kind: 'image' })).items[0]!;
      const generationsBefore = (await stats()).generations;
      await setFaults({ unavailableShare: 1, retryAfterSeconds: 1 });
      const before = exchanges.length;
      const job = client.generations.create(
        { projectId: project.id, sceneId: project.scenes[0]!.id, modelId: model.id, prompt: 'exactly once' },
        { idempotencyKey: randomUUID() },
      );
      await until(() => exchanges.slice(before).some((e) => e.status === 503), 'the POST met a 503');
      await setFaults({ unavailableShare: 0 });
      expect((await job).status).toBe(202);
      expect((await stats()).generations).toBe(generationsBefore + 1);
    });

    it('a GET whose connection dropped is sent again after a backoff', async () => {
      const retried: string[] = [];
      const dropping = createApiClient({
        baseUrl: sandbox.createBaseUrl,
        getApiKey: async () => sandbox.apiKey,
        budget,
        retry: { ...fastRetry, maxAttempts: 20, maxTotalMs: 10_000 },
        onRetry: (info) => retried.push(info.code),
      });
      await setFaults({ dropShare: 1 });
      const me = dropping.me();
      await until(() => retried.length > 0, 'a retry was scheduled');
      await setFaults({ dropShare: 0 });
      expect((await me).data.authenticatedWith).toBe('key');
      expect(retried[0]).toBe('network.connection_lost');
      await dropping.close();
    });
  });
});

describe('answers only a misbehaving peer gives', () => {
  it('an unreachable port gives network.unreachable promptly, after bounded retries', async () => {
    const probe = createTcpServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));

    const budget = createRateBudget();
    const client = createApiClient({
      baseUrl: `http://127.0.0.1:${port}/api/v1`,
      getApiKey: peerKey,
      budget,
      retry: { ...fastRetry, maxAttempts: 3 },
    });
    const started = performance.now();
    const error = await failureOf(client.me());
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(error).toMatchObject({ code: 'network.unreachable', status: null, requestId: null });
    expect(error.message).toContain(`127.0.0.1:${port}`);
    expect(budget.snapshot().used).toBe(3);
    await client.close();
  });

  it('a peer that accepts but never answers gives network.timeout within the headers timeout', async () => {
    const sockets = new Set<Socket>();
    const silent = createTcpServer((socket) => void sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const client = createApiClient({
      baseUrl: `http://127.0.0.1:${port}/api/v1`,
      getApiKey: peerKey,
      budget: createRateBudget(),
      retry: { maxAttempts: 1 },
      timeouts: { headersMs: 300 },
    });
    const started = performance.now();
    const error = await failureOf(client.me());
    const elapsed = performance.now() - started;
    expect(error.code).toBe('network.timeout');
    expect(elapsed).toBeGreaterThanOrEqual(250);
    expect(elapsed).toBeLessThan(3_000);
    await client.close();
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  it('a body that is not the envelope is response.invalid with its status and request ID', async () => {
    const peer = await startPeer((req, res) => {
      if (req.url!.endsWith('/me')) {
        res.writeHead(502, { 'content-type': 'text/html', 'x-request-id': 'proxy-7' });
        res.end('<html>Bad gateway</html>');
      } else sendJson(res, 200, { hello: 'world' });
    });
    const client = createApiClient({
      baseUrl: peer.baseUrl,
      getApiKey: peerKey,
      budget: createRateBudget(),
      retry: { maxAttempts: 1 },
    });
    expect(await failureOf(client.me())).toMatchObject({ code: 'response.invalid', status: 502, requestId: 'proxy-7' });
    const noData = await failureOf(client.projects.get(1));
    expect(noData).toMatchObject({ code: 'response.invalid', status: 200 });
    expect(noData.message).toContain('data');
    await client.close();
    await peer.close();
  });

  it('unknown fields, job states and error codes are kept as they came', async () => {
    const peer = await startPeer((req, res) => {
      const meta = { requestId: 'r-42', apiVersion: '1' };
      if (req.url!.includes('/generations/')) {
        sendJson(res, 200, {
          data: { id: 7, state: 'paused_for_review', outputs: [], reviewer: { name: 'Ada' } },
          meta,
          serverHint: 'x',
        });
      } else {
        sendJson(res, 403, {
          error: { code: 'quota.monthly_minutes', message: "You used this month's minutes.", minutesLeft: 0 },
          meta,
        });
      }
    });
    const client = createApiClient({ baseUrl: peer.baseUrl, getApiKey: peerKey, budget: createRateBudget() });
    const generation = (await client.generations.get(7)).data;
    expect(generation.state).toBe('paused_for_review');
    expect(isTerminalJobState(generation.state)).toBe(false);
    expect((generation as Record<string, unknown>).reviewer).toEqual({ name: 'Ada' });
    const error = await failureOf(client.projects.get(1));
    expect(error).toEqual({
      code: 'quota.monthly_minutes',
      message: "You used this month's minutes.",
      status: 403,
      requestId: 'r-42',
      retryAfterMs: null,
      details: { minutesLeft: 0 },
    });
    expect(peer.requests()).toBe(2);
    await client.close();
    await peer.close();
  });

  it('a 429 with an HTTP-date Retry-After pauses the budget until then; the GET then succeeds', async () => {
    const peer = await startPeer((_req, res, count) => {
      if (count === 1) {
        // HTTP dates have whole seconds: two seconds ahead is at least one second away.
        sendJson(
          res,
          429,
          { error: { code: 'rate.limited', message: 'Slow down.' }, meta: { requestId: 'r-1' } },
          { 'retry-after': new Date(Date.now() + 2_000).toUTCString() },
        );
      } else sendJson(res, 200, { data: { authenticatedWith: 'key', permissions: [] }, meta: { requestId: 'r-2' } });
    });
    const budget = createRateBudget();
    const client = createApiClient({ baseUrl: peer.baseUrl, getApiKey: peerKey, budget });
    const started = performance.now();
    const me = client.me();
    await until(() => budget.snapshot().pausedUntil !== null, 'the 429 paused the budget');
    const pausedFor = budget.snapshot().pausedUntil! - Date.now();
    expect(pausedFor).toBeGreaterThan(900);
    expect(pausedFor).toBeLessThanOrEqual(2_000);
    expect((await me).requestId).toBe('r-2');
    expect(performance.now() - started).toBeGreaterThanOrEqual(900);
    expect(peer.requests()).toBe(2);
    await client.close();
    await peer.close();
  });
});

describe('a burst through the budget', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSandboxProcess();
  });
  afterAll(() => sandbox?.stop({ removeData: true }));

  it('120 requests at once all succeed without a 429; the 121st waits for a slot instead of being refused', async () => {
    const budget = createRateBudget();
    const { client, exchanges } = observedClient({
      baseUrl: sandbox.createBaseUrl,
      getApiKey: async () => sandbox.apiKey,
      budget,
    });
    const burst = await Promise.all(Array.from({ length: 120 }, () => client.me({ priority: 'background' })));
    expect(burst).toHaveLength(120);
    expect(exchanges.filter((e) => e.status !== 200)).toEqual([]);
    expect(budget.snapshot()).toMatchObject({ used: 120, inFlight: 0 });

    const controller = new AbortController();
    const extra = client.me({ signal: controller.signal });
    await new Promise((r) => setTimeout(r, 300));
    expect(budget.snapshot()).toMatchObject({ used: 120, waitingUser: 1 });
    expect(exchanges).toHaveLength(120);

    // The limit is real: a request outside the budget is refused by the service.
    const outside = await fetch(`${sandbox.createBaseUrl}/me`, {
      headers: { authorization: `Bearer ${sandbox.apiKey}` },
    });
    expect(outside.status).toBe(429);
    expect(Number(outside.headers.get('retry-after'))).toBeGreaterThan(0);

    controller.abort();
    expect(await failureOf(extra)).toMatchObject({ code: 'request.cancelled' });
    expect(budget.snapshot().waitingUser).toBe(0);
    await client.close();
    budget.close();
  });
});
