// The jobs outbox against the real sandbox: paid work is created exactly once however the
// network and the app misbehave — a 503 storm and dropped connections, the service away
// while work is submitted, the app killed mid-drain (even between the service's answer
// and its recording) — and work the user cancels before it is sent never reaches it.
// "Exactly once" is counted on the sandbox's side (GET /_sandbox/stats).
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppFailure, toAppError } from '../../shared/appError.ts';
import { openJournal } from '../../main/core/journal/journal.ts';
import {
  generationInput,
  makeJobs,
  newProject,
  projectGenerations,
  sandboxStats,
  setFaults,
  tempDir,
  until,
  type JobsHarness,
} from '../support/jobsSupport.ts';
import { apiClient, startSandboxProcess, type RunningSandbox } from '../support/sandboxProcess.ts';

const CHILD = resolve(import.meta.dirname, '../support/outboxChild.ts');

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function harness(sandbox: RunningSandbox, options: Partial<Parameters<typeof makeJobs>[0]> = {}): JobsHarness {
  const data = tempDir();
  const h = makeJobs({ baseUrl: sandbox.createBaseUrl, apiKey: sandbox.apiKey, dataDir: data.dir, ...options });
  cleanups.push(data.remove, () => h.close());
  return h;
}

function intentOf(h: JobsHarness, id: string) {
  const intent = h.journal.intents.get(id);
  if (!intent) throw new Error(`no intent ${id}`);
  return intent;
}

const allDone = (h: JobsHarness, ids: string[]) => () => ids.every((id) => intentOf(h, id).state === 'done');

describe('exactly once under faults', () => {
  it('creates 20 generations exactly once through a 503 storm and dropped connections, and follows each to completion', async () => {
    const sandbox = await startSandboxProcess({ jobSeconds: 0.3 });
    cleanups.push(() => sandbox.stop({ removeData: true }));
    const project = await newProject(apiClient(sandbox.createBaseUrl, sandbox.apiKey), 'Storm');
    await setFaults(sandbox, { unavailableShare: 0.7, retryAfterSeconds: 1 });

    const h = harness(sandbox);
    h.jobs.start();
    const intents = Array.from({ length: 20 }, (_, i) =>
      h.jobs.submitGeneration(generationInput(project, `storm ${i}`)),
    );
    const keys = intents.map((i) => intentOf(h, i.id).idempotencyKey);
    const accepted = () => intents.filter((i) => ['accepted', 'done'].includes(intentOf(h, i.id).state)).length;
    const unavailable = () => h.exchanges.filter((e) => e.status === 503).length;

    // The storm: most requests are refused with 503 and Retry-After.
    await until(() => accepted() >= 5 && unavailable() >= 3, 'five intents got through the 503 storm', 45_000);
    // Then the network: a share of connections is cut before any answer.
    await setFaults(sandbox, { unavailableShare: 0, dropShare: 0.3 });
    await until(
      allDone(
        h,
        intents.map((i) => i.id),
      ),
      'every generation completed',
      45_000,
      25,
      () =>
        JSON.stringify({
          intents: intents.map((i) => {
            const { state, jobId, lastError } = intentOf(h, i.id);
            return { state, jobId, lastError: lastError?.code };
          }),
          connection: h.jobs.connection().state,
          queue: h.jobs.queue(),
          responses: h.exchanges.length,
          retries: h.retries.length,
        }),
    );
    await setFaults(sandbox, { dropShare: 0 });

    expect(h.retries.some((r) => r.code === 'network.connection_lost')).toBe(true);
    expect((await sandboxStats(sandbox)).generations).toBe(20);
    const listed = await projectGenerations(apiClient(sandbox.createBaseUrl, sandbox.apiKey), project.id);
    expect(listed.map((g) => g.prompt).sort()).toEqual(intents.map((_, i) => `storm ${i}`).sort());
    expect(listed.every((g) => g.state === 'completed')).toBe(true);
    // Each intent kept its own key throughout, and names its own job.
    expect(intents.map((i) => intentOf(h, i.id).idempotencyKey)).toEqual(keys);
    const jobIds = intents.map((i) => intentOf(h, i.id).jobId);
    expect(new Set(jobIds).size).toBe(20);
    expect(jobIds.sort()).toEqual(listed.map((g) => String(g.id)).sort());
    // The UI heard each job complete, with its image.
    const completed = h.events['job.updated'].filter((e) => e.state === 'completed');
    expect(new Set(completed.map((e) => e.id)).size).toBe(20);
    expect(completed.every((e) => e.terminal && e.outputs.length === 1)).toBe(true);
    expect(h.jobs.queue()).toMatchObject({ pending: 0, oldest: null });
    expect(h.listenerErrors).toEqual([]);
  }, 100_000);

  it('keeps work submitted while the service is away as pending, then drains it in order once it answers', async () => {
    let sandbox = await startSandboxProcess({ jobSeconds: 0.3 });
    const project = await newProject(apiClient(sandbox.createBaseUrl, sandbox.apiKey), 'Offline');
    const port = Number(new URL(sandbox.origin).port);
    const messagingPort = Number(new URL(sandbox.messagingBaseUrl).port);
    await sandbox.stop();
    cleanups.push(() => sandbox.stop({ removeData: true }));

    const h = harness(sandbox);
    h.jobs.start();
    const intents = Array.from({ length: 5 }, (_, i) =>
      h.jobs.submitGeneration(generationInput(project, `offline ${i}`)),
    );
    await until(() => h.jobs.connection().state === 'offline', 'the service is seen offline');
    await until(() => h.events['queue.changed'].at(-1)?.pending === 5, 'the queue shows the five waiting');

    expect(h.events['connection.changed'].map((e) => e.state)).toEqual(['offline']);
    expect(h.events['connection.changed'][0]!.error?.code).toBe('network.unreachable');
    expect(h.jobs.queue().oldest?.id).toBe(intents[0]!.id);
    for (const intent of intents) {
      expect(['pending', 'sent']).toContain(intentOf(h, intent.id).state);
      expect(intentOf(h, intent.id).jobId).toBeNull();
    }

    sandbox = await startSandboxProcess({
      dataDir: sandbox.dataDir,
      masterSecret: sandbox.masterSecret,
      port,
      messagingPort,
      jobSeconds: 0.3,
    });
    await until(
      allDone(
        h,
        intents.map((i) => i.id),
      ),
      'the queue drained and every job completed',
    );

    expect(h.events['connection.changed'].map((e) => e.state)).toEqual(['offline', 'online']);
    expect((await sandboxStats(sandbox)).generations).toBe(5);
    // Sent in the order they were made: the service numbered them in that order.
    const jobIds = intents.map((i) => Number(intentOf(h, i.id).jobId));
    expect(jobIds).toEqual([...jobIds].sort((a, b) => a - b));
    const listed = await projectGenerations(apiClient(sandbox.createBaseUrl, sandbox.apiKey), project.id);
    const promptOf = new Map(listed.map((g) => [g.id, g.prompt]));
    expect(jobIds.map((id) => promptOf.get(id))).toEqual(intents.map((_, i) => `offline ${i}`));
    expect(h.events['queue.changed'].at(-1)?.pending).toBe(0);
  });

  it('finishes the work of an app killed mid-drain, creating each generation once', async () => {
    const sandbox = await startSandboxProcess({ jobSeconds: 0.3 });
    cleanups.push(() => sandbox.stop({ removeData: true }));
    const call = apiClient(sandbox.createBaseUrl, sandbox.apiKey);
    const project = await newProject(call, 'Crash');
    const data = tempDir();
    cleanups.push(data.remove);

    // The user asks for 8 generations; the app has not sent any yet.
    const before = makeJobs({
      baseUrl: sandbox.createBaseUrl,
      apiKey: sandbox.apiKey,
      dataDir: data.dir,
      workspaceId: 'ws-crash',
    });
    const intents = Array.from({ length: 8 }, (_, i) =>
      before.jobs.submitGeneration(generationInput(project, `crash ${i}`)),
    );
    await before.close();
    const ids = intents.map((i) => i.id);

    function runChild(killAtAnswer: number, onLine: (line: any) => void = () => {}) {
      const child = spawn(
        process.execPath,
        [CHILD, data.dir, sandbox.createBaseUrl, sandbox.apiKey, 'ws-crash', String(killAtAnswer)],
        {
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      const lines: any[] = [];
      let stderr = '';
      child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      createInterface({ input: child.stdout! }).on('line', (text) => {
        const line = JSON.parse(text);
        lines.push(line);
        onLine(line);
      });
      cleanups.push(() => void child.kill('SIGKILL'));
      const exited = new Promise<NodeJS.Signals | null>((r) => child.once('exit', (_code, signal) => r(signal)));
      return { child, lines, exited, stderr: () => stderr };
    }
    const states = () => {
      const journal = openJournal({ dataDir: data.dir });
      try {
        return ids.map((id) => journal.intents.get(id)!);
      } finally {
        journal.close();
      }
    };

    // 1. The app dies the instant the third answer arrives: the service made that job, the journal never heard.
    const first = runChild(3);
    expect(await first.exited, first.stderr()).toBe('SIGKILL');
    const afterFirst = states();
    expect(afterFirst.slice(0, 2).every((i) => ['accepted', 'done'].includes(i.state))).toBe(true);
    expect(afterFirst[2]).toMatchObject({ state: 'sent', jobId: null, attempts: 1 });
    expect(afterFirst.slice(3).every((i) => i.state === 'pending' && i.attempts === 0)).toBe(true);
    expect((await sandboxStats(sandbox)).generations).toBe(3);

    // 2. The app starts again and is killed from outside while it drains (requests are slow now).
    await setFaults(sandbox, { latencyMs: 150 });
    let acceptedNow = 0;
    const second = runChild(0, (line) => {
      if (line.state === 'accepted' && ++acceptedNow === 3) second.child.kill('SIGKILL');
    });
    expect(await second.exited, second.stderr()).toBe('SIGKILL');
    // Its first request was the third intent again, same key: the service answered with the job it already made.
    expect(second.lines.find((l) => 'answer' in l)).toEqual({ answer: 200 });
    const replayedJob = second.lines.find((l) => l.intent === ids[2] && l.state === 'accepted')?.jobId;
    expect(replayedJob).toBeTruthy();
    await setFaults(sandbox, { latencyMs: 0 });

    // 3. A third start on the same journal finishes the rest.
    const after = makeJobs({
      baseUrl: sandbox.createBaseUrl,
      apiKey: sandbox.apiKey,
      dataDir: data.dir,
      workspaceId: 'ws-crash',
    });
    cleanups.push(() => after.close());
    after.jobs.start();
    await until(allDone(after, ids), 'every intent is done');

    expect((await sandboxStats(sandbox)).generations).toBe(8);
    const listed = await projectGenerations(call, project.id);
    expect(listed.map((g) => g.prompt).sort()).toEqual(intents.map((_, i) => `crash ${i}`).sort());
    const jobIds = ids.map((id) => intentOf(after, id).jobId);
    expect(new Set(jobIds).size).toBe(8);
    expect(jobIds[2]).toBe(replayedJob);
    expect(listed.find((g) => String(g.id) === replayedJob)?.prompt).toBe('crash 2');
  });
});

describe('cancelling, refusals and bad input', () => {
  let sandbox: RunningSandbox;
  let project: { id: number; sceneId: string };
  beforeAll(async () => {
    sandbox = await startSandboxProcess({ jobSeconds: 0.3 });
    project = await newProject(apiClient(sandbox.createBaseUrl, sandbox.apiKey), 'Cancel');
  });
  afterAll(() => sandbox?.stop({ removeData: true }));

  it('never sends an intent cancelled before it was sent; a sent one can no longer be cancelled', async () => {
    const h = harness(sandbox);
    const created = (await sandboxStats(sandbox)).generations;
    const [a, b, c] = ['keep 1', 'cancel me', 'keep 2'].map((prompt) =>
      h.jobs.submitGeneration(generationInput(project, prompt)),
    );
    expect(h.jobs.cancel(b!.id)).toBe(true);
    expect(h.jobs.queue()).toMatchObject({ pending: 2, oldest: { id: a!.id } });
    expect(h.events['intent.updated'].at(-1)?.intent).toMatchObject({ id: b!.id, state: 'cancelled' });

    h.jobs.start();
    await until(allDone(h, [a!.id, c!.id]), 'the other two completed');
    expect(intentOf(h, b!.id)).toMatchObject({ state: 'cancelled', attempts: 0, jobId: null });
    expect(h.jobs.cancel(a!.id)).toBe(false);
    expect(h.jobs.cancel(b!.id)).toBe(false);
    expect((await sandboxStats(sandbox)).generations - created).toBe(2);
    const prompts = (await projectGenerations(apiClient(sandbox.createBaseUrl, sandbox.apiKey), project.id)).map(
      (g) => g.prompt,
    );
    expect(prompts).not.toContain('cancel me');
  });

  it('fails an intent whose key the service says was used with other inputs, and never sends it again', async () => {
    const h = harness(sandbox);
    const intent = h.jobs.submitGeneration(generationInput(project, 'mine'));
    // Someone else's request took the key first, with other inputs.
    const key = intentOf(h, intent.id).idempotencyKey;
    const taken = await apiClient(sandbox.createBaseUrl, sandbox.apiKey)('POST', '/generations', {
      headers: { 'idempotency-key': key },
      body: generationInput(project, 'theirs'),
    });
    expect(taken.status).toBe(202);
    const next = h.jobs.submitGeneration(generationInput(project, 'after it'));

    h.jobs.start();
    await until(() => intentOf(h, next.id).state === 'done', 'the intent behind it went through');
    const failed = intentOf(h, intent.id);
    expect(failed).toMatchObject({ state: 'failed', attempts: 1, jobId: null });
    expect(failed.lastError).toMatchObject({ code: 'idempotency.key_reused', status: 409 });
    expect(failed.lastError?.requestId).toBeTruthy();
    expect(
      h.events['intent.updated'].find((e) => e.intent.id === intent.id && e.intent.state === 'failed'),
    ).toBeTruthy();
    expect(h.exchanges.filter((e) => e.method === 'POST' && e.status === 409)).toHaveLength(1);
  });

  it('refuses bad input with an error naming the field, before any intent or request exists', async () => {
    const h = harness(sandbox);
    const failure = (fn: () => unknown) => {
      try {
        fn();
      } catch (err) {
        expect(err).toBeInstanceOf(AppFailure);
        return toAppError(err);
      }
      throw new Error('expected a refusal');
    };
    expect(
      failure(() => h.jobs.submitGeneration({ ...generationInput(project, '  '), modelId: 'sketch-image-1' })),
    ).toMatchObject({
      code: 'request.invalid',
      message: expect.stringContaining('prompt'),
    });
    expect(failure(() => h.jobs.submitExport({ projectId: project.id, clips: [] }))).toMatchObject({
      code: 'request.invalid',
      message: expect.stringContaining('clips'),
    });
    expect(failure(() => h.jobs.submit('render', { projectId: 0 }))).toMatchObject({
      code: 'request.invalid_id',
      message: expect.stringContaining('projectId'),
    });
    expect(
      failure(() =>
        h.jobs.submit('editor-commands', { projectId: project.id, input: { revision: 'r0', commands: [] } }),
      ),
    ).toMatchObject({ code: 'request.invalid', message: expect.stringContaining('commands') });
    expect(h.journal.intents.listOpen()).toEqual([]);
    expect(h.exchanges).toEqual([]);
    // New inputs are a new intent with a new key.
    const one = intentOf(h, h.jobs.submitGeneration(generationInput(project, 'same words')).id);
    const two = intentOf(h, h.jobs.submitGeneration(generationInput(project, 'same words')).id);
    expect(one.idempotencyKey).not.toBe(two.idempotencyKey);
    expect(one.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });
});
