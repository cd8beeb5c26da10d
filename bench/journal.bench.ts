// Journal benchmark (main/core/journal, WAL with synchronous=FULL):
//  1. Writing: 10,000 intents through the journal (IntentLog.create: the intent and its
//     idempotency key committed in one transaction before anything is sent), against plain
//     node:sqlite insert loops of the same rows into the same table in the same run — with
//     synchronous=NORMAL (the baseline of the ratio) and with FULL (what the journal's own
//     code adds on top of the fsync).
//  2. Draining after an offline period: intents submitted through the jobs service while the
//     sandbox is down, then sent by the outbox when it is back, at the pace of the key's
//     budget (120 requests a minute). 10,000 at 120 a minute would take 83 minutes, so a
//     smaller count is drained (240 by default: two minutes' worth of budget).
//
//   BENCH_JOURNAL_INTENTS    intents written (default 10000)
//   BENCH_JOURNAL_DRAIN      intents drained (default 240)
//   BENCH_JOURNAL_OFFLINE_S  how long the app stays offline before the sandbox comes back (default 5)
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { IntentSummary } from '../shared/api/jobEvents.ts';
import { JOURNAL_FILE_NAME } from '../main/core/journal/database.ts';
import { openJournal } from '../main/core/journal/journal.ts';
import { startAppJobs } from './support/appJobs.ts';
import {
  expectStatus,
  issueKeys,
  jsonClient,
  newProject,
  startBenchSandbox,
  type BenchSandbox,
} from './support/benchSandbox.ts';
import {
  busiestWindow,
  envInt,
  fixed,
  heading,
  median,
  note,
  quantile,
  ratio,
  summary,
  table,
} from './support/report.ts';
import { silentWavBytes, writeSilentWav } from './support/silentWav.ts';

const INTENTS = envInt('BENCH_JOURNAL_INTENTS', 10_000);
const DRAIN = envInt('BENCH_JOURNAL_DRAIN', 240);
const OFFLINE_MS = envInt('BENCH_JOURNAL_OFFLINE_S', 5, 0) * 1000;
const LIMIT = 120;
const ROUNDS = 10;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const REQUEST = { method: 'POST' as const, path: '/assets/1/reviews', body: { aspects: ['captions'] } };

interface Timing {
  name: string;
  perIntentMs: number[];
  totalMs: number;
}

interface Writer extends Timing {
  write(): void;
  close(): void;
}

function writer(name: string, write: () => void, close: () => void): Writer {
  return { name, perIntentMs: [], totalMs: 0, write, close };
}

/** The journal's own table (made by its migrations), written by a bare prepared INSERT per intent. */
function plainWriter(dir: string, synchronous: 'NORMAL' | 'FULL'): Writer {
  openJournal({ dataDir: dir }).close();
  const db = new DatabaseSync(join(dir, JOURNAL_FILE_NAME));
  db.exec('PRAGMA journal_mode = WAL');
  db.exec(`PRAGMA synchronous = ${synchronous}`);
  const insert = db.prepare(
    `INSERT INTO intents (id, kind, workspace_id, method, path, body_json, idempotency_key, state, created_at, updated_at)
     VALUES (?, 'review', 'bench', ?, ?, ?, ?, 'pending', ?, ?)`,
  );
  return writer(
    `plain node:sqlite INSERT loop, synchronous=${synchronous}`,
    () => {
      const now = Date.now();
      insert.run(randomUUID(), REQUEST.method, REQUEST.path, JSON.stringify(REQUEST.body), randomUUID(), now, now);
    },
    () => db.close(),
  );
}

/**
 * Each writer has its own file; they take turns in rounds of INTENTS/ROUNDS, so a change in
 * the machine's load (other processes writing to the same disk) falls on all of them alike.
 */
function writing(): { journal: Timing; normal: Timing; full: Timing } {
  const dirs = [0, 1, 2].map(() => mkdtempSync(join(tmpdir(), 'clipdesk-bench-journal-')));
  const journal = openJournal({ dataDir: dirs[0]! });
  const writers: Writer[] = [];
  try {
    if (journal.durability().synchronous !== 'full') throw new Error('the journal is not synchronous=FULL');
    writers.push(
      writer(
        'journal (IntentLog.create), synchronous=FULL',
        () => void journal.intents.create({ kind: 'review', workspaceId: 'bench', request: REQUEST }),
        () => journal.close(),
      ),
      plainWriter(dirs[1]!, 'FULL'),
      plainWriter(dirs[2]!, 'NORMAL'),
    );
    for (let round = 0; round < ROUNDS; round++) {
      const count = Math.floor(INTENTS / ROUNDS) + (round < INTENTS % ROUNDS ? 1 : 0);
      for (let k = 0; k < writers.length; k++) {
        const w = writers[(round + k) % writers.length]!;
        const started = performance.now();
        for (let i = 0; i < count; i++) {
          const t = performance.now();
          w.write();
          w.perIntentMs.push(performance.now() - t);
        }
        w.totalMs += performance.now() - started;
      }
    }
    const [j, full, normal] = writers as [Writer, Writer, Writer];
    return { journal: j, full, normal };
  } finally {
    for (const w of writers) w.close();
    if (writers.length === 0) journal.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

async function draining(): Promise<{
  busiest: number;
  drainS: number;
  idealS: number;
  status429: number;
  submitMs: number[];
}> {
  let sandbox: BenchSandbox = await startBenchSandbox({ jobSeconds: 1 });
  const dir = mkdtempSync(join(tmpdir(), 'clipdesk-bench-drain-'));
  let app: ReturnType<typeof startAppJobs> | null = null;
  try {
    const [appKey] = await issueKeys(sandbox, ['drain app']);
    const setup = jsonClient(sandbox.createBaseUrl, sandbox.apiKey);
    const projectId = await newProject(setup, 'Drain benchmark');
    const wav = join(dir, 'silence.wav');
    await writeSilentWav(wav, silentWavBytes(1));
    const form = new FormData();
    form.append('projectId', String(projectId));
    form.append('file', new Blob([readFileSync(wav)], { type: 'audio/wav' }), 'silence.wav');
    const assetId = expectStatus(await setup('POST', '/assets', { form }), 201, 'uploading the WAV').id as number;

    // Offline: the service goes away before the work is asked for.
    await sandbox.stop();
    app = startAppJobs({ baseUrl: sandbox.createBaseUrl, apiKey: appKey!, workspaceId: 'drain' });
    const accepted = new Map<string, { at: number; seq: number }>();
    let failed = 0;
    let online: number | null = null;
    let offline: number | null = null;
    app.jobs.on('intent.updated', ({ intent }: { intent: IntentSummary }) => {
      if (['accepted', 'done'].includes(intent.state) && !accepted.has(intent.id))
        accepted.set(intent.id, { at: Date.now(), seq: intent.seq });
      if (intent.state === 'failed') failed++;
    });
    app.jobs.on('connection.changed', (event) => {
      if (event.state === 'offline') offline ??= event.since;
      else if (offline !== null) online ??= event.since;
    });
    app.jobs.start();
    const submitMs: number[] = [];
    for (let i = 0; i < DRAIN; i++) {
      const t = performance.now();
      app.jobs.submit('review', { assetId, input: { aspects: ['captions'] } });
      submitMs.push(performance.now() - t);
    }
    while (offline === null) await sleep(50);
    const offlineFor = Date.now();
    await sleep(OFFLINE_MS);
    const queued = app.jobs.queue().pending;

    sandbox = await sandbox.restart();
    const back = Date.now();
    const deadline = back + (Math.ceil(DRAIN / LIMIT) * 60 + 90) * 1000;
    while (accepted.size + failed < DRAIN && Date.now() < deadline) await sleep(50);
    if (accepted.size + failed < DRAIN)
      throw new Error(`only ${accepted.size} of ${DRAIN} intents were accepted by the deadline`);
    const times = [...accepted.values()];
    const last = Math.max(...times.map((t) => t.at));
    const start = online ?? back;
    const drainS = (last - start) / 1000;
    const inOrder = times.toSorted((a, b) => a.at - b.at).every((t, i, all) => i === 0 || all[i - 1]!.seq < t.seq);
    // GET / (the reachability probe) is public: it spends no slot of the budget.
    const during = app.exchanges.filter((e) => e.at >= start && e.path !== '/');
    const posts = during.filter((e) => e.method === 'POST');
    const busiest = busiestWindow(during.map((e) => e.at));
    // The budget was empty when the service came back: 120 requests may go at once, and each later
    // one waits for a slot 60 s after an earlier one was released. The poller's reads share it.
    const usedUntilLast = during.filter((e) => e.at <= last).length;
    const idealS = Math.floor((usedUntilLast - 1) / LIMIT) * 60;
    const firstMinute = times.filter((t) => t.at < start + 60_000).length;
    const answerMs = median(posts.map((e) => e.elapsedMs));
    table([
      ['drain after an offline period', 'value'],
      ['intents submitted while offline', `${DRAIN} (${queued} still queued when the service came back)`],
      ['offline for', `${((back - offlineFor) / 1000).toFixed(1)} s after the app saw the service gone`],
      ['service back → app online', `${((start - back) / 1000).toFixed(1)} s (its probe backs off while offline)`],
      [
        'drain (online → last intent accepted)',
        `${drainS.toFixed(1)} s; the least at 120/min for its ${usedUntilLast} budgeted requests is ${idealS} s`,
      ],
      ['intents accepted in the first 60 s', `${firstMinute}`],
      [
        'accepted by (s after online)',
        [5, 15, 30, 45, 60, 62, 65, 75, 90, 120]
          .map((sec) => `${sec}: ${times.filter((t) => t.at <= start + sec * 1000).length}`)
          .join(', '),
      ],
      ['intents accepted / failed', `${accepted.size} / ${failed}, in journal order: ${inOrder ? 'yes' : 'NO'}`],
      [
        'budgeted requests during the drain',
        `${during.length} (${posts.length} intents sent, ${during.length - posts.length} polls and reads)`,
      ],
      ['busiest 60-s window', `${busiest} requests (limit ${LIMIT}: ${ratio(busiest, LIMIT)})`],
      [
        'median answer time of a send',
        `${fixed(answerMs, 0)} ms (sent one at a time, in order: at most ${fixed(60_000 / answerMs, 0)} a minute from that alone)`,
      ],
      ['429 answers', String(app.exchanges.filter((e) => e.status === 429).length)],
    ]);
    return {
      busiest,
      drainS,
      idealS,
      status429: app.exchanges.filter((e) => e.status === 429).length,
      submitMs,
    };
  } finally {
    await app?.close();
    await sandbox.remove();
    rmSync(dir, { recursive: true, force: true });
  }
}

const ms = (value: number) => fixed(value, 3);

async function main(): Promise<void> {
  heading(
    `Journal: writing ${INTENTS} intents (synchronous=FULL) and draining ${DRAIN} after an offline period`,
    `Each intent is one committed transaction, as the journal does it. Baseline: the same INSERTs into the same table in a plain\n` +
      `node:sqlite loop with synchronous=NORMAL (and, for comparison, FULL), in the same run.`,
  );
  const { journal, normal, full } = writing();
  const mean = (t: Timing) => t.totalMs / t.perIntentMs.length;
  table([
    ['writer', 'total s', 'mean ms/intent', 'median ms', 'p99 ms', 'intents/s', 'vs NORMAL loop'],
    ...[journal, full, normal].map((t) => [
      t.name,
      fixed(t.totalMs / 1000, 2),
      ms(mean(t)),
      ms(median(t.perIntentMs)),
      ms(quantile(t.perIntentMs, 0.99)),
      fixed(t.perIntentMs.length / (t.totalMs / 1000), 0),
      ratio(mean(t), mean(normal)),
    ]),
  ]);

  note(
    `Draining ${DRAIN} intents (10,000 at 120 requests a minute would take 83 minutes; the pace is what is measured).`,
  );
  const drain = await draining();
  const submit = drain.submitMs;
  note(
    `jobs.submit() while offline (check, journal, events, outbox wake-up): mean ${ms(submit.reduce((a, b) => a + b, 0) / submit.length)} ms per intent, ` +
      `median ${ms(median(submit))} ms, first 10 ${ms(median(submit.slice(0, 10)))} ms, last 10 ${ms(median(submit.slice(-10)))} ms.`,
  );
  summary(
    'journal',
    `${INTENTS} intents: journal (FULL) ${ms(mean(journal))} ms/intent vs plain NORMAL loop ${ms(mean(normal))} ms (${ratio(mean(journal), mean(normal))}; ` +
      `plain FULL ${ms(mean(full))} ms); drain of ${DRAIN} after offline: busiest minute ${drain.busiest}/${LIMIT} requests (${ratio(drain.busiest, LIMIT)}), ` +
      `${drain.drainS.toFixed(1)} s vs least ${drain.idealS} s at 120/min, 429s ${drain.status429}`,
  );
}

await main();
