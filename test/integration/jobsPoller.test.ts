// The jobs poller against the real sandbox: hundreds of running jobs are followed with a
// few list calls per cycle on the shared budget (no 429, ever), and a verified webhook
// event ends polling for its job at once. The render flow here also takes the generic
// submission path (editor commands answered at once, a render followed as a job).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editorClient, trackOf } from '../support/editorSupport.ts';
import {
  generationInput,
  makeJobs,
  newProject,
  setFaults,
  tempDir,
  until,
  type JobsHarness,
} from '../support/jobsSupport.ts';
import { makeFixtureDir, makePng, makeWav } from '../support/mediaFixtures.ts';
import { signIn } from '../support/session.ts';
import { apiClient, startSandboxProcess, waitForJob, type RunningSandbox } from '../support/sandboxProcess.ts';

const fixtures = makeFixtureDir();
const data = tempDir();
afterAll(() => {
  fixtures.cleanup();
  data.remove();
});

/** Runs `task` over `items`, at most `limit` at a time. */
async function inParallel<T, R>(items: T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await task(items[index]!);
      }
    }),
  );
  return results;
}

describe('300 running jobs', () => {
  let sandbox: RunningSandbox;
  let h: JobsHarness;
  beforeAll(async () => {
    sandbox = await startSandboxProcess({ jobSeconds: 1 });
  });
  afterAll(async () => {
    await h?.close();
    await sandbox?.stop({ removeData: true });
  });

  it('follows them all to completion with a few list calls per cycle and never meets a 429', async () => {
    const session = await signIn(sandbox);
    const issue = async (name: string) => {
      const res = await session.call('POST', '/keys', { body: { name, expiresInDays: 1 } });
      expect(res.status).toBe(201);
      return apiClient(sandbox.createBaseUrl, res.body.data.token as string);
    };
    // The jobs are made by other clients (each key has its own 120 a minute); the app polls with its own key.
    const setup = apiClient(sandbox.createBaseUrl, sandbox.apiKey);
    const creators = [setup, await issue('creator 2'), await issue('creator 3'), await issue('creator 4')];
    const pollerKey = (await session.call('POST', '/keys', { body: { name: 'poller', expiresInDays: 1 } })).body.data
      .token;

    // Two kinds of paid work in four lists: the generations of two projects, the speech edits
    // of two transcriptions (fewer generations: each makes a real image, and that takes time).
    const projects = [await newProject(setup, 'Many 1'), await newProject(setup, 'Many 2')];
    const audio = await editorClient(setup).upload(await makeWav(fixtures.dir, { seconds: 2 }), projects[0]!.id);
    const transcriptions: number[] = [];
    for (const language of ['en', 'en-GB']) {
      const res = await setup('POST', `/assets/${audio.id}/transcriptions`, {
        headers: { 'idempotency-key': randomUUID() },
        body: { language },
      });
      expect(res.status).toBe(202);
      expect((await waitForJob(setup, `/transcriptions/${res.body.data.id}`)).state).toBe('completed');
      transcriptions.push(res.body.data.id);
    }
    const batches = [
      ...projects.map((project, p) => ({
        call: creators[p]!,
        count: 40,
        path: '/generations',
        kind: 'generation',
        context: { projectId: project.id },
        body: (i: number) => generationInput(project, `many ${p}-${i}`),
      })),
      ...transcriptions.map((transcriptionId, t) => ({
        call: creators[2 + t]!,
        count: 110,
        path: '/speech-edits',
        kind: 'speech-edit',
        context: { transcriptionId },
        body: () => ({ transcriptionId, task: 'interview-edit', modelId: 'edit-text-1' }),
      })),
    ];
    const created = await Promise.all(
      batches.map((batch) =>
        inParallel(
          Array.from({ length: batch.count }, (_, i) => i),
          8,
          async (i) => {
            const res = await batch.call('POST', batch.path, {
              headers: { 'idempotency-key': randomUUID() },
              body: batch.body(i),
            });
            expect(res.status).toBe(202);
            return { kind: batch.kind, id: String(res.body.data.id), context: batch.context };
          },
        ),
      ),
    );
    const all = created.flat();
    expect(new Set(all.map((j) => `${j.kind} ${j.id}`)).size).toBe(300);

    h = makeJobs({
      baseUrl: sandbox.createBaseUrl,
      apiKey: pollerKey,
      dataDir: data.dir,
      timing: { poll: { baseMs: 1_000, maxMs: 4_000 } },
    });
    const finished = new Map<string, string>();
    h.jobs.on('job.updated', (e) => {
      if (e.terminal) finished.set(`${e.kind} ${e.id}`, e.state);
    });
    h.jobs.start();
    for (const job of all) h.jobs.track(job.kind, job.id, job.context);
    await until(() => finished.size === 300, 'all 300 jobs were seen to end', 90_000);

    expect([...finished.values()].every((state) => state === 'completed')).toBe(true);
    expect(h.exchanges.filter((e) => e.status === 429)).toEqual([]);
    expect(h.exchanges.every((e) => e.status === 200)).toBe(true);
    // List calls did the work: far fewer requests than jobs, and almost no single reads.
    const lists = h.exchanges.filter((e) => e.path === '/generations' || e.path === '/speech-edits');
    expect(lists.some((e) => e.path === '/generations') && lists.some((e) => e.path === '/speech-edits')).toBe(true);
    expect(h.exchanges.length).toBeLessThan(150);
    expect(h.exchanges.length - lists.length).toBeLessThan(10);
    // Every completed generation was announced with its image, and nothing is polled any more.
    const completed = h.events['job.updated'].filter((e) => e.state === 'completed');
    expect(completed.every((e) => e.source === 'poll')).toBe(true);
    expect(completed.filter((e) => e.kind === 'generation').every((e) => e.outputs.length === 1)).toBe(true);
    expect(h.journal.jobs.listToPoll('ws-test')).toEqual([]);
    const answered = h.exchanges.length;
    await new Promise((r) => setTimeout(r, 1_500));
    expect(h.exchanges.length).toBe(answered);
  }, 120_000);
});

describe('webhook events', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSandboxProcess({ jobSeconds: 0.5 });
  });
  afterAll(() => sandbox?.stop({ removeData: true }));

  it('ends polling for the job a verified event says has ended, at once, while other jobs go on being polled', async () => {
    const call = apiClient(sandbox.createBaseUrl, sandbox.apiKey);
    const editor = editorClient(call);
    const dir = tempDir();
    const h = makeJobs({
      baseUrl: sandbox.createBaseUrl,
      apiKey: sandbox.apiKey,
      dataDir: dir.dir,
      timing: { poll: { baseMs: 100, maxMs: 300 } },
    });
    try {
      h.jobs.start();
      const png = await makePng(fixtures.dir);
      const intentState = (id: string) => h.journal.intents.get(id)?.state;

      // Two projects, each with an image on its timeline (editor commands: answered at once, no job).
      const projects: number[] = [];
      for (const name of ['Render A', 'Render B']) {
        const projectId = await editor.createProject(name);
        const asset = await editor.upload(png, projectId);
        const timeline = await editor.timeline(projectId);
        const edit = h.jobs.submit('editor-commands', {
          projectId,
          input: {
            revision: timeline.revision,
            commands: [
              { type: 'addClip', trackId: trackOf(timeline, 'video').id, assetId: asset.id, startMs: 0, outMs: 1_000 },
            ],
          },
        });
        await until(() => intentState(edit.id) === 'done', 'the timeline edit was applied');
        projects.push(projectId);
      }

      // Renders that stay running a long time, each alone in its list: polled one by one.
      await setFaults(sandbox, { jobSlowFactor: 100 });
      const renders = projects.map((projectId) => h.jobs.submit('render', { projectId }));
      await until(() => renders.every((r) => intentState(r.id) === 'accepted'), 'both renders were accepted');
      const [jobA, jobB] = renders.map((r) => h.journal.intents.get(r.id)!.jobId!) as [string, string];
      const pathA = `/projects/${projects[0]}/editor/renders/${jobA}`;
      const pathB = `/projects/${projects[1]}/editor/renders/${jobB}`;
      const gets = (path: string) => h.exchanges.filter((e) => e.method === 'GET' && e.path === path).length;
      await until(() => gets(pathA) >= 2 && gets(pathB) >= 2, 'both renders are being polled');

      // The render as the service shows it: the event's data (a verified event is believed as it is).
      const render = (await call('GET', pathA)).body.data;
      const event = {
        id: `evt_${randomUUID()}`,
        type: 'render.completed',
        data: { kind: 'render', ...render, state: 'completed' },
      };
      // It arrives just after a poll of A was answered (the next one is at least 100 ms away).
      const seen = gets(pathA);
      let applied: ReturnType<typeof h.jobs.onWebhookEvent> | null = null;
      await until(() => {
        if (gets(pathA) > seen) applied = h.jobs.onWebhookEvent(event);
        return applied !== null;
      }, 'A was polled once more');
      const getsOfA = gets(pathA);
      const getsOfB = gets(pathB);

      expect(applied).toMatchObject({
        applied: true,
        job: {
          kind: 'render',
          id: jobA,
          state: 'completed',
          terminal: true,
          source: 'webhook',
          intentId: renders[0]!.id,
        },
      });
      expect(h.journal.jobs.get({ workspaceId: 'ws-test', kind: 'render', jobId: jobA })).toMatchObject({
        state: 'completed',
        webhookFinished: true,
      });
      expect(intentState(renders[0]!.id)).toBe('done');

      await until(() => gets(pathB) >= getsOfB + 3, 'B was polled three more times');
      expect(gets(pathA)).toBe(getsOfA);
      expect(intentState(renders[1]!.id)).toBe('accepted');
      // A redelivery of the same event changes nothing and announces nothing.
      const updates = h.events['job.updated'].length;
      expect(h.jobs.onWebhookEvent(event)).toEqual({ applied: true, job: null });
      expect(h.events['job.updated']).toHaveLength(updates);
      // An event about work this app does not know is ignored.
      expect(h.jobs.onWebhookEvent({ id: 'evt_other', type: 'audit.logged', data: { kind: 'audit', id: 1 } })).toEqual({
        applied: false,
        job: null,
      });
      expect(h.listenerErrors).toEqual([]);
    } finally {
      await setFaults(sandbox, { jobSlowFactor: 1 });
      await h.close();
      dir.remove();
    }
  });
});

describe('batches (productions)', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSandboxProcess({ jobSeconds: 0.3 });
  });
  afterAll(() => sandbox?.stop({ removeData: true }));

  it('a batch submitted through the outbox is followed at /batches/{id} until its items are rendered', async () => {
    const call = apiClient(sandbox.createBaseUrl, sandbox.apiKey);
    const editor = editorClient(call);
    const dir = tempDir();
    const h = makeJobs({ baseUrl: sandbox.createBaseUrl, apiKey: sandbox.apiKey, dataDir: dir.dir });
    try {
      h.jobs.start();
      const projectId = await editor.createProject('Batch');
      const asset = await editor.upload(await makePng(fixtures.dir), projectId);
      const timeline = await editor.timeline(projectId);
      const edit = h.jobs.submit('editor-commands', {
        projectId,
        input: {
          revision: timeline.revision,
          commands: [
            { type: 'addClip', trackId: trackOf(timeline, 'video').id, assetId: asset.id, startMs: 0, outMs: 800 },
          ],
        },
      });
      await until(() => h.journal.intents.get(edit.id)?.state === 'done', 'the timeline edit was applied');

      const batch = h.jobs.submit('batch', { projectId, input: { output: { kind: 'render' } } });
      await until(() => h.journal.intents.get(batch.id)?.state === 'done', 'the batch finished', 30_000);
      const jobId = h.journal.intents.get(batch.id)!.jobId!;
      expect(h.exchanges.some((e) => e.method === 'GET' && e.path.startsWith(`/batches/${jobId}`))).toBe(true);
      const finished = h.events['job.updated']
        .filter((e) => e.kind === 'batch' && String(e.id) === String(jobId))
        .at(-1)!;
      expect(finished.state).toBe('completed');
      expect(finished.outputs).toHaveLength(1);
      const rendered = (await call('GET', `/assets/${finished.outputs![0]}`)).body.data;
      expect(rendered).toMatchObject({ kind: 'video', source: 'production', projectId });
    } finally {
      await h.close();
      dir.remove();
    }
  });
});
