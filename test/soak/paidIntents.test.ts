// Fault soak of paid work (DESIGN rules 1-3): 40 paid generations are journaled, then the
// app's jobs service is SIGKILLed at 100 random moments — while starting, mid-request,
// between the service's answer and the journal's record, while idle — against a sandbox
// that answers 30% of requests 503 with Retry-After and cuts 15% of connections. After a
// last run drains the queue, every intent is done exactly once: one job each, counted by
// the service, and the wallet charged exactly 40 prices. And no process ever sent a
// request on the key before a Retry-After it had read was over (the first process meets
// only 503s and lives 2.5 s, so pauses surely end inside a process and the check bites).
//
// The Retry-After pause lives in a process's rate budget (DESIGN rule 3: one budget per
// key, in memory), so it is checked within each process's lifetime: a process started
// after a kill has not read the 503 its predecessor got, and owes it nothing.
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openJournal } from '../../main/core/journal/journal.ts';
import {
  generationInput,
  makeJobs,
  projectGenerations,
  sandboxStats,
  setFaults,
  tempDir,
  until,
} from '../support/jobsSupport.ts';
import { afterLine, afterSpawn, killLoop, seededRandom, soakSeed, startChild } from '../support/soakChildren.ts';
import type { SoakJobsChildConfig } from '../support/soakJobsChild.ts';
import { checkRetryAfter, readRequestLog, type LoggedRequest } from '../support/soakRequestLog.ts';
import { steadyCall } from '../support/soakService.ts';
import { apiClient, startSandboxProcess, type ApiCall, type RunningSandbox } from '../support/sandboxProcess.ts';

const CHILD = resolve(import.meta.dirname, '../support/soakJobsChild.ts');
const WORKSPACE = 'ws-soak';
const INTENTS = 40;
const KILLS = 100;

let sandbox: RunningSandbox;
let call: ApiCall;
let data: { dir: string; remove(): void };

beforeAll(async () => {
  sandbox = await startSandboxProcess({
    jobSeconds: 0.2,
    args: ['--unavailable-share', '0.3', '--retry-after', '1', '--drop-share', '0.15', '--latency-ms', '35'],
  });
  call = apiClient(sandbox.createBaseUrl, sandbox.apiKey);
  data = tempDir('clipdesk-soak-jobs-');
});
afterAll(async () => {
  await sandbox?.stop({ removeData: true });
  data?.remove();
});

const walletUsd = async () => (await steadyCall(call, 'GET', '/me')).body.data.account.walletUsd as number;

it(`${INTENTS} paid generations survive ${KILLS} SIGKILLs under 503s and dropped connections: each done exactly once, Retry-After always kept`, async () => {
  const seed = soakSeed();
  const random = seededRandom(seed);
  const started = Date.now();

  const created = await steadyCall(call, 'POST', '/projects', { body: { name: 'Soak' } });
  expect(created.status).toBe(201);
  const project = { id: created.body.data.id as number, sceneId: created.body.data.scenes[0].id as string };
  const models = await steadyCall(call, 'GET', '/models?kind=image');
  const price = (models.body.data as { id: string; priceUsd: number }[]).find(
    (m) => m.id === 'sketch-image-1',
  )!.priceUsd;
  expect(price).toBeGreaterThan(0);
  const walletBefore = await walletUsd();

  // The user asks for the work while the app is not running its outbox: it is all journaled, nothing sent.
  const submitter = makeJobs({
    baseUrl: sandbox.createBaseUrl,
    apiKey: sandbox.apiKey,
    dataDir: data.dir,
    workspaceId: WORKSPACE,
  });
  const intents = Array.from({ length: INTENTS }, (_, i) =>
    submitter.journal.intents.get(submitter.jobs.submitGeneration(generationInput(project, `soak ${i}`)).id)!,
  );
  await submitter.close();
  expect((await sandboxStats(sandbox)).generations).toBe(0);

  const logs: string[] = [];
  const startApp = (round: number | 'final') => {
    const requestLog = join(data.dir, `requests-${round}.jsonl`);
    logs.push(requestLog);
    const config: SoakJobsChildConfig = {
      dataDir: data.dir,
      baseUrl: sandbox.createBaseUrl,
      apiKey: sandbox.apiKey,
      workspaceId: WORKSPACE,
      requestLog,
    };
    return startChild(CHILD, [JSON.stringify(config)]);
  };
  // Open intents before each round, to count the kills that met unfinished work.
  const journal = openJournal({ dataDir: data.dir });
  const openBefore: number[] = [];
  const ready = (line: any) => typeof line.ready === 'number';
  const kills = await killLoop({
    kills: KILLS,
    random,
    moments: [
      afterSpawn('while starting', 0.1, [0, 300]),
      // Before the POST reaches the service, while it is handled, or after its answer and before the journal has it.
      afterLine('just after a POST left', 0.45, (line) => typeof line.post === 'number', [0, 80], 1_500),
      afterLine('at random while working', 0.3, ready, [20, 600], 20_000),
      // Long enough to outlive a Retry-After pause (1 s), so the pause's end is seen from inside a process.
      afterLine('later, after pauses', 0.15, ready, [1_000, 2_500], 20_000),
    ],
    momentOf(round) {
      // The first process surely meets Retry-After pauses and lives past them: every answer is a 503.
      if (round === 0) return afterLine('after 503s only', 0, ready, [2_500, 2_500], 20_000);
      // Once everything is done, a restart only has to prove it sends nothing again: kill it soon.
      if (openBefore[round] === 0) return afterLine('with nothing left to do', 0, ready, [20, 300], 20_000);
      return undefined;
    },
    start: startApp,
    async beforeEach(round) {
      openBefore.push(journal.intents.listOpen(WORKSPACE).length);
      // The service's latency wanders between 20 and 50 ms, so kills meet requests at every stage.
      await setFaults(sandbox, {
        latencyMs: 20 + Math.floor(random() * 31),
        unavailableShare: round === 0 ? 1 : 0.3,
        dropShare: round === 0 ? 0 : 0.15,
      });
    },
  });
  const killPhase = Date.now() - started;

  // A last run, never killed, drains what is left.
  const openAfterKills = journal.intents.listOpen(WORKSPACE).length;
  const last = startApp('final');
  try {
    await until(() => journal.intents.listOpen(WORKSPACE).length === 0, 'the last run drained every intent', 150_000);
  } finally {
    await last.kill();
  }

  // Every intent is done, with its own job, and its key never changed.
  const after = intents.map((i) => journal.intents.get(i.id)!);
  expect(journal.intents.listOpen()).toEqual([]);
  expect(after.map((i) => i.state)).toEqual(intents.map(() => 'done'));
  expect(after.map((i) => i.idempotencyKey)).toEqual(intents.map((i) => i.idempotencyKey));
  const jobIds = after.map((i) => i.jobId);
  expect(new Set(jobIds).size).toBe(INTENTS);
  journal.close();

  // The service made each generation once, and charged each once.
  await setFaults(sandbox, { unavailableShare: 0, dropShare: 0, latencyMs: 0 });
  expect((await sandboxStats(sandbox)).generations).toBe(INTENTS);
  const listed = await projectGenerations(call, project.id);
  expect(listed).toHaveLength(INTENTS);
  const promptOf = new Map(listed.map((g) => [String(g.id), g.prompt as string]));
  expect(jobIds.map((id) => promptOf.get(id!))).toEqual(intents.map((_, i) => `soak ${i}`));
  expect(listed.every((g) => g.state === 'completed')).toBe(true);
  expect(walletBefore - (await walletUsd())).toBeCloseTo(INTENTS * price, 6);

  // No process sent a request on the key before a Retry-After it had read was over.
  const perProcess = logs.map((path) => {
    let lines: LoggedRequest[] = [];
    try {
      lines = readRequestLog(path);
    } catch {
      // Killed before its log was opened.
    }
    return { path, lines, check: checkRetryAfter(lines) };
  });
  const breaches = perProcess.flatMap((p) => p.check.breaches.map((b) => ({ log: p.path, ...b })));
  expect(breaches).toEqual([]);
  // A restart that found nothing open sent nothing paid.
  const idleRounds = perProcess.slice(0, KILLS).filter((_, round) => openBefore[round] === 0);
  expect(idleRounds.flatMap((p) => p.lines.filter((l) => l.ev === 'create' && l.method === 'POST'))).toEqual([]);

  const all = perProcess.flatMap((p) => p.lines);
  const answers = all.filter((l) => l.ev === 'answer');
  const posts = all.filter((l) => l.ev === 'create' && l.method === 'POST');
  const figures = {
    seed,
    kills: kills.length,
    killMoments: Object.fromEntries(
      [...new Set(kills.map((k) => k.moment))].map((m) => [m, kills.filter((k) => k.moment === m).length]),
    ),
    killsWithWorkOpen: openBefore.filter((n) => n > 0).length,
    killsWithRequestInFlight: perProcess.slice(0, KILLS).filter((p) => inFlightAtEnd(p.lines)).length,
    openAfterKills,
    requests: all.filter((l) => l.ev === 'create').length,
    generationPosts: posts.length,
    acceptedFirstTime: answers.filter((a) => a.method === 'POST' && a.status === 202).length,
    replayedAfterCrash: answers.filter((a) => a.method === 'POST' && a.status === 200).length,
    unavailable503: answers.filter((a) => a.status === 503).length,
    rateLimited429: answers.filter((a) => a.status === 429).length,
    dropped: all.filter((l) => l.ev === 'error').length,
    pausesKept: perProcess.reduce((n, p) => n + p.check.pauses, 0),
    pausesFollowed: perProcess.reduce((n, p) => n + p.check.pausesFollowed, 0),
    closestAfterPauseMs: Math.min(...perProcess.map((p) => p.check.closestAfterPauseMs ?? Infinity)),
    probesDuringPause: perProcess.reduce((n, p) => n + p.check.unauthenticatedDuringPause, 0),
    killPhaseS: Math.round(killPhase / 100) / 10,
    totalS: Math.round((Date.now() - started) / 100) / 10,
  };
  console.log(`paid-intents soak: ${JSON.stringify(figures)}`);
  // The faults really were met: the app saw 503s with Retry-After and lost connections, and
  // processes lived on past pauses, so the check above had requests to judge.
  expect(figures.pausesKept).toBeGreaterThan(0);
  expect(figures.pausesFollowed).toBeGreaterThan(0);
  expect(figures.dropped).toBeGreaterThan(0);
});

/** The log ends with a request issued and neither answered nor failed: the kill met it mid-flight. */
function inFlightAtEnd(lines: readonly LoggedRequest[]): boolean {
  const open = new Set<number>();
  for (const line of lines) {
    if (line.ev === 'create') open.add(line.n);
    else if (line.ev === 'headers' || line.ev === 'error') open.delete(line.n);
  }
  return open.size > 0;
}
