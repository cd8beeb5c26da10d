// Faults on purpose, against the real sandbox: each switch (CLI flag at start, or the
// admin API while running) does what a client would notice — added latency, a share
// of 503s with Retry-After, connections dropped unanswered, jobs that fail (and are
// refunded) or run slow — and switching it off restores normal service.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiClient,
  startSandboxProcess,
  waitForJob,
  type ApiCall,
  type RunningSandbox,
} from '../support/sandboxProcess.ts';

const ALL_OFF = {
  latencyMs: 0,
  unavailableShare: 0,
  dropShare: 0,
  duplicateWebhooks: false,
  ignoreUpdatedSince: false,
  jobFailShare: 0,
  jobSlowFactor: 1,
};
const JOB_SECONDS = 0.3;

let sandbox: RunningSandbox;
let call: ApiCall;

async function setFaults(patch: Record<string, unknown>): Promise<any> {
  const res = await sandbox.admin('POST', '/_sandbox/faults', patch);
  expect(res.status).toBe(200);
  return (await res.json()).data;
}

/** GET / needs no key, so many calls do not touch the per-key rate limit. */
async function timedDiscovery(): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const res = await fetch(`${sandbox.createBaseUrl}/`);
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
}

beforeAll(async () => {
  sandbox = await startSandboxProcess({
    jobSeconds: JOB_SECONDS,
    args: [
      '--latency-ms',
      '300',
      '--retry-after',
      '4',
      '--job-slow-factor',
      '1.5',
      '--job-fail-share',
      '0.25',
      '--duplicate-webhooks',
    ],
  });
  call = apiClient(sandbox.createBaseUrl, sandbox.apiKey);
});
afterAll(() => sandbox?.stop({ removeData: true }));

describe('fault switches from the command line', () => {
  it('start in force and are reported by GET /_sandbox/faults', async () => {
    const res = await sandbox.admin('GET', '/_sandbox/faults');
    expect(res.status).toBe(200);
    expect((await res.json()).data).toEqual({
      latencyMs: 300,
      unavailableShare: 0,
      retryAfterSeconds: 4,
      dropShare: 0,
      duplicateWebhooks: true,
      ignoreUpdatedSince: false,
      jobFailShare: 0.25,
      jobSlowFactor: 1.5,
    });
    expect((await timedDiscovery()).ms).toBeGreaterThanOrEqual(300);
    expect(await setFaults(ALL_OFF)).toMatchObject({ ...ALL_OFF, retryAfterSeconds: 4 });
  });

  it.each([
    [['--unavailable-share', '1.5'], '--unavailable-share must be a number from 0 to 1, not "1.5"'],
    [['--retry-after', '2.5'], '--retry-after must be a whole number from 0 to 86400'],
    [['--webhook-retry-base-ms', '5'], '--webhook-retry-base-ms must be a whole number from 10 to 60000, not "5"'],
  ])('refuses %j with a clear message', async (args, message) => {
    const started = startSandboxProcess({ args });
    await expect(started).rejects.toThrow(message);
    await expect(started).rejects.toThrow('usage: npm run sandbox');
  });
});

describe('fault switches through the admin API', () => {
  it('refuses a bad switch value, naming the field', async () => {
    for (const [body, field] of [
      [{ dropShare: -0.1 }, 'dropShare'],
      [{ unavailableShare: 2 }, 'unavailableShare'],
      [{ latencyMs: 1.5 }, 'latencyMs'],
      [{ slowness: 3 }, 'slowness'],
    ] as const) {
      const res = await sandbox.admin('POST', '/_sandbox/faults', body);
      expect(res.status).toBe(400);
      const error = (await res.json()).error;
      expect(error.code).toBe('request.invalid');
      expect(error.message).toContain(field);
    }
  });

  it('adds latency to every API request, and stops when switched off', async () => {
    await setFaults({ latencyMs: 400 });
    const slow = await timedDiscovery();
    expect(slow.status).toBe(200);
    expect(slow.ms).toBeGreaterThanOrEqual(400);
    await setFaults({ latencyMs: 0 });
    expect((await timedDiscovery()).ms).toBeLessThan(400);
  });

  it('answers about the chosen share of requests 503 service.unavailable with Retry-After', async () => {
    await setFaults({ unavailableShare: 0.5, retryAfterSeconds: 2 });
    let unavailable = 0;
    for (let i = 0; i < 100; i++) {
      const res = await fetch(`${sandbox.createBaseUrl}/`);
      const body = await res.json();
      if (res.status === 503) {
        unavailable++;
        expect(res.headers.get('retry-after')).toBe('2');
        expect(body.error.code).toBe('service.unavailable');
        expect(body.meta.requestId).toMatch(/^[0-9a-f-]{36}$/);
      } else {
        expect(res.status).toBe(200);
      }
    }
    // Binomial(100, 0.5): outside 25..75 is a five-sigma event.
    expect(unavailable).toBeGreaterThanOrEqual(25);
    expect(unavailable).toBeLessThanOrEqual(75);

    // The admin controls are never faulted, or nobody could switch them off.
    expect((await sandbox.admin('GET', '/_sandbox/faults')).status).toBe(200);
    await setFaults({ unavailableShare: 0 });
    for (let i = 0; i < 20; i++) expect((await timedDiscovery()).status).toBe(200);
  });

  it('drops connections unanswered, and the dropped request does nothing', async () => {
    const countProjects = async () => (await (await sandbox.admin('GET', '/_sandbox/stats')).json()).data.projects;
    const before = await countProjects();
    await setFaults({ dropShare: 1 });
    await expect(fetch(`${sandbox.createBaseUrl}/`)).rejects.toThrow(/fetch failed/);
    const post = fetch(`${sandbox.createBaseUrl}/projects`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sandbox.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'never made', aspectRatio: '16:9' }),
    });
    const error = await post.then(
      () => undefined,
      (err: Error & { cause?: { code?: string } }) => err,
    );
    expect(error).toBeInstanceOf(TypeError);
    expect(String(error?.cause?.code)).toMatch(/UND_ERR_SOCKET|ECONNRESET|EPIPE/);
    await setFaults({ dropShare: 0 });
    expect(await countProjects()).toBe(before);
    expect((await call('POST', '/projects', { body: { name: 'made', aspectRatio: '16:9' } })).status).toBe(201);
    expect(await countProjects()).toBe(before + 1);
  });
});

describe('job faults', () => {
  let projectId: number;
  let sceneId: string;
  let modelId: string;

  beforeAll(async () => {
    await setFaults(ALL_OFF);
    const project = (await call('POST', '/projects', { body: { name: 'Job faults', aspectRatio: '1:1' } })).body.data;
    projectId = project.id;
    sceneId = project.scenes[0].id;
    const models = (await call('GET', '/models')).body.data;
    modelId = models.find((m: any) => m.kind === 'image' && m.available).id;
  });

  const walletUsd = async () => (await call('GET', '/me')).body.data.account.walletUsd;
  const generate = () =>
    call('POST', '/generations', {
      headers: { 'idempotency-key': randomUUID() },
      body: { projectId, sceneId, modelId, prompt: 'a red kite' },
    });

  it('fails every job with jobFailShare 1 and refunds it; jobs complete again at 0', async () => {
    await setFaults({ jobFailShare: 1 });
    const before = await walletUsd();
    const accepted = await generate();
    expect(accepted.status).toBe(202);
    expect(await walletUsd()).toBeLessThan(before);
    const failed = await waitForJob(call, `/generations/${accepted.body.data.id}`);
    expect(failed.state).toBe('failed');
    expect(failed.error.code).toBe('job.failed');
    expect(await walletUsd()).toBeCloseTo(before, 6);

    await setFaults({ jobFailShare: 0 });
    const next = await generate();
    expect((await waitForJob(call, `/generations/${next.body.data.id}`)).state).toBe('completed');
  });

  it('slows every job by jobSlowFactor', async () => {
    const factor = 5;
    await setFaults({ jobSlowFactor: factor });
    const started = Date.now();
    const accepted = await generate();
    const done = await waitForJob(call, `/generations/${accepted.body.data.id}`);
    expect(done.state).toBe('completed');
    expect(Date.now() - started).toBeGreaterThanOrEqual(JOB_SECONDS * factor * 1000);
    expect((await setFaults({ jobSlowFactor: 1 })).jobSlowFactor).toBe(1);
  });
});
