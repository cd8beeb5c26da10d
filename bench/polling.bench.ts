// Polling benchmark: 500 jobs in flight at once, followed three ways at the same time, on
// the same jobs, each with its own key (its own 120 requests a minute):
//  - the app's jobs poller (main/core/jobs) with its default timing, no webhooks;
//  - the same with the webhook path: the receiver and a loopback tunnel registered with the
//    sandbox (started with --allow-insecure-webhooks); polling goes on until an event ends it;
//  - the baseline: naive per-job polling, one GET per job per cycle, paced to 120 a minute so
//    it meets no 429 either.
// The jobs are caption reviews (free, quick, and they emit review.* webhook events) of a short WAV,
// made by other keys. Measured: requests spent (per minute, and the busiest 60-s window,
// never over 120), 429 answers (must be none), and the time from a job's completion on the
// sandbox (its completedAt) to the app knowing it (its job.updated event, or the verified
// webhook event reaching the jobs service): median and p95.
//
//   BENCH_POLL_JOBS         jobs in flight (default 500)
//   BENCH_POLL_JOB_SECONDS  how long each job takes on the sandbox (default 30, so all are in flight together)
//   BENCH_POLL_NAIVE_EXTRA_S  how long the naive baseline goes on after the app knows every job (default 30)
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JobUpdatedEvent } from '../shared/api/jobEvents.ts';
import { createRateBudget } from '../main/core/rate/rateBudget.ts';
import { startAppJobs, type AppJobs, type TimedExchange } from './support/appJobs.ts';
import { attachWebhooks } from './support/appWebhooks.ts';
import {
  expectStatus,
  issueKeys,
  jsonClient,
  newProject,
  startBenchSandbox,
  type JsonCall,
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

const JOBS = envInt('BENCH_POLL_JOBS', 500);
const JOB_SECONDS = envInt('BENCH_POLL_JOB_SECONDS', 30);
const NAIVE_EXTRA_MS = envInt('BENCH_POLL_NAIVE_EXTRA_S', 30, 0) * 1000;
const PER_CREATOR = 100;
const REVIEW_EVENTS = ['review.completed', 'review.failed', 'review.cancelled'];
const TERMINAL = new Set(['completed', 'failed', 'cancelled']);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs `task` over `items`, at most `limit` at a time. */
async function inParallel<T>(items: T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await task(items[next++]!);
    }),
  );
}

/** When each job's end became known to one follower. */
type Known = Map<string, number>;

function followTerminal(app: AppJobs, known: Known, sources: Map<string, number>): void {
  app.jobs.on('job.updated', (event: JobUpdatedEvent) => {
    if (!event.terminal || known.has(event.id)) return;
    known.set(event.id, event.at);
    sources.set(event.source, (sources.get(event.source) ?? 0) + 1);
  });
}

/** The baseline: every job read on its own, round robin, as fast as a 120-a-minute budget allows. */
function startNaivePoller(baseUrl: string, apiKey: string) {
  const budget = createRateBudget();
  const queue: string[] = [];
  const known: Known = new Map();
  const exchanges: TimedExchange[] = [];
  let stopped = false;
  const worker = async () => {
    while (!stopped) {
      const id = queue.shift();
      if (id === undefined) {
        await sleep(20);
        continue;
      }
      let slot;
      try {
        slot = await budget.acquire('background');
      } catch {
        return; // closed
      }
      try {
        const res = await fetch(`${baseUrl}/reviews/${id}`, { headers: { authorization: `Bearer ${apiKey}` } });
        const body = (await res.json()) as { data?: { state?: string } };
        exchanges.push({ at: Date.now(), method: 'GET', path: `/reviews/${id}`, status: res.status, elapsedMs: 0 });
        if (res.status === 200 && TERMINAL.has(body.data?.state ?? '')) known.set(id, Date.now());
        else queue.push(id);
      } catch {
        queue.push(id);
      } finally {
        slot.release();
      }
    }
  };
  const workers = Array.from({ length: 4 }, worker);
  return {
    known,
    exchanges,
    add: (id: string) => void queue.push(id),
    async stop() {
      stopped = true;
      budget.close();
      await Promise.all(workers);
    },
  };
}

/** completedAt of every review of the asset, from the sandbox's own list. */
async function completionTimes(call: JsonCall, assetId: number): Promise<Map<string, number>> {
  const times = new Map<string, number>();
  let after: string | null = null;
  do {
    const res = await call('GET', `/assets/${assetId}/reviews?limit=100${after ? `&after=${after}` : ''}`);
    for (const review of expectStatus(res, 200, 'listing reviews') as { id: number; completedAt: string | null }[]) {
      if (review.completedAt) times.set(String(review.id), Date.parse(review.completedAt));
    }
    after = res.body.pagination?.nextCursor ?? null;
  } while (after);
  return times;
}

interface Figures {
  name: string;
  requests: number;
  /** Over the whole run (a run shorter than a minute counts as one minute). */
  perMinute: number;
  busiest: number;
  status429: number;
  knownCount: number;
  /** Jobs not known by the end count as ending then, so with any such job the quantiles are lower bounds. */
  censored: boolean;
  medianMs: number;
  p95Ms: number;
}

function figures(
  name: string,
  exchanges: TimedExchange[],
  known: Known,
  completed: Map<string, number>,
  from: number,
  to: number,
): Figures {
  const latencies = [...completed].map(([id, at]) => Math.max(0, (known.get(id) ?? to) - at));
  const spent = exchanges.filter((e) => e.at >= from && e.at <= to);
  const knownCount = [...completed.keys()].filter((id) => known.has(id)).length;
  return {
    name,
    requests: spent.length,
    perMinute: spent.length / Math.max(1, (to - from) / 60_000),
    busiest: busiestWindow(spent.map((e) => e.at)),
    status429: exchanges.filter((e) => e.status === 429).length,
    knownCount,
    censored: knownCount < completed.size,
    medianMs: median(latencies),
    p95Ms: quantile(latencies, 0.95),
  };
}

const seconds = (f: Figures, ms: number) => `${f.censored ? '≥ ' : ''}${(ms / 1000).toFixed(2)} s`;

/** app/baseline; an upper bound ("≤") when the baseline's figure is a lower bound. */
const versus = (app: number, base: Figures, baseValue: number) =>
  `${base.censored ? '≤ ' : ''}${ratio(app, baseValue)}`;

async function main(): Promise<void> {
  heading(
    `Polling: ${JOBS} jobs in flight, followed by the app's poller, with and without webhooks, against naive polling`,
    `Caption reviews of a 2-s WAV (free; they emit review.* events), each taking ${JOB_SECONDS} s on the sandbox, made by other keys.\n` +
      `Each follower has its own key and budget. Latency: the job's completedAt on the sandbox → the follower knowing it.`,
  );
  const creatorCount = Math.ceil(JOBS / PER_CREATOR);
  const sandbox = await startBenchSandbox({ jobSeconds: JOB_SECONDS, args: ['--allow-insecure-webhooks'] });
  const dir = mkdtempSync(join(tmpdir(), 'clipdesk-bench-polling-'));
  const closers: (() => Promise<void>)[] = [];
  try {
    const [pollKey, webhookKey, naiveKey, ...creatorKeys] = await issueKeys(sandbox, [
      'poll app',
      'webhook app',
      'naive baseline',
      ...Array.from({ length: creatorCount }, (_, i) => `creator ${i + 1}`),
    ]);
    const setup = jsonClient(sandbox.createBaseUrl, sandbox.apiKey);
    const projectId = await newProject(setup, 'Polling benchmark');
    const wav = join(dir, 'silence.wav');
    await writeSilentWav(wav, silentWavBytes(2));
    const form = new FormData();
    form.append('projectId', String(projectId));
    form.append('file', new Blob([readFileSync(wav)], { type: 'audio/wav' }), 'silence.wav');
    const assetId = expectStatus(await setup('POST', '/assets', { form }), 201, 'uploading the WAV').id as number;

    const pollApp = startAppJobs({ baseUrl: sandbox.createBaseUrl, apiKey: pollKey!, workspaceId: 'poll' });
    closers.push(() => pollApp.close());
    const webhookApp = startAppJobs({ baseUrl: sandbox.createBaseUrl, apiKey: webhookKey!, workspaceId: 'webhook' });
    closers.push(() => webhookApp.close());
    const webhooks = await attachWebhooks(webhookApp, REVIEW_EVENTS);
    closers.unshift(() => webhooks.close());
    const naive = startNaivePoller(sandbox.createBaseUrl, naiveKey!);
    closers.push(() => naive.stop());

    const pollKnown: Known = new Map();
    const webhookKnown: Known = new Map();
    const pollSources = new Map<string, number>();
    const webhookSources = new Map<string, number>();
    followTerminal(pollApp, pollKnown, pollSources);
    followTerminal(webhookApp, webhookKnown, webhookSources);
    pollApp.jobs.start();
    webhookApp.jobs.start();

    // The jobs, made by the creator keys; each is followed as soon as the service accepted it.
    const started = Date.now();
    const creators = creatorKeys.map((key) => jsonClient(sandbox.createBaseUrl, key));
    await Promise.all(
      creators.map((creator, c) =>
        inParallel(
          Array.from({ length: Math.min(PER_CREATOR, JOBS - c * PER_CREATOR) }, (_, i) => i),
          4,
          async () => {
            const res = await creator('POST', `/assets/${assetId}/reviews`, {
              headers: { 'idempotency-key': randomUUID() },
              // Captions only: the cheapest review (an ffprobe, no decoding), so 500 finish close together.
              body: { aspects: ['captions'] },
            });
            const id = String(expectStatus(res, 202, 'creating a review').id);
            pollApp.jobs.track('review', id, { sourceAssetId: assetId });
            webhookApp.jobs.track('review', id, { sourceAssetId: assetId });
            naive.add(id);
          },
        ),
      ),
    );
    const created = Date.now();
    note(`${JOBS} reviews created in ${((created - started) / 1000).toFixed(1)} s by ${creatorCount} other keys.`);

    // The webhook path counts a job as known when its verified event reached the jobs service.
    const webhookKnows = () => {
      for (const [id, { at }] of webhooks.ended)
        if (!webhookKnown.has(id) || webhookKnown.get(id)! > at) webhookKnown.set(id, at);
      return webhookKnown.size;
    };
    const deadline = created + (JOB_SECONDS + 240) * 1000;
    let appsDone = 0;
    while (Date.now() < deadline) {
      if (pollKnown.size >= JOBS && webhookKnows() >= JOBS) {
        appsDone = Date.now();
        break;
      }
      await sleep(100);
    }
    if (!appsDone)
      note(
        `The apps did not know every job by the deadline: poll ${pollKnown.size}, webhook ${webhookKnows()} of ${JOBS}.`,
      );
    const end = appsDone || Date.now();
    while (naive.known.size < JOBS && Date.now() < end + NAIVE_EXTRA_MS) await sleep(100);
    const naiveEnd = Date.now();
    await naive.stop();
    webhookKnows();

    const completed = await completionTimes(setup, assetId);
    const ends = [...completed.values()];
    note(
      `${completed.size} jobs ended on the sandbox, from ${((Math.min(...ends) - created) / 1000).toFixed(1)} s to ` +
        `${((Math.max(...ends) - created) / 1000).toFixed(1)} s after the last one was created.\n`,
    );
    const rows = [
      figures('app poller', pollApp.exchanges, pollKnown, completed, started, end),
      figures('app poller + webhooks', webhookApp.exchanges, webhookKnown, completed, started, end),
      figures('naive per-job polling', naive.exchanges, naive.known, completed, started, naiveEnd),
    ];
    const [poll, hook, base] = rows as [Figures, Figures, Figures];
    table([
      ['follower', 'requests', 'per min', 'busiest 60 s', '429s', 'known', 'median latency', 'p95 latency'],
      ...rows.map((f) => [
        f.name,
        f.requests,
        fixed(f.perMinute, 1),
        f.busiest,
        f.status429,
        `${f.knownCount}/${completed.size}`,
        seconds(f, f.medianMs),
        seconds(f, f.p95Ms),
      ]),
    ]);
    note(
      `Run: ${((end - started) / 1000).toFixed(0)} s for the app (from the first job created to every end known); the naive baseline went on ` +
        `${((naiveEnd - end) / 1000).toFixed(0)} s more. "per min" is requests over the run (at least a minute); "≥": some jobs were still unknown ` +
        `at the end of that follower's run, counted as ending then.`,
    );
    const fromWebhook = [...webhooks.ended.values()];
    note(
      `Webhook app: ${fromWebhook.length} verified end events reached the jobs service, ${fromWebhook.filter((e) => e.jobUpdated).length} of them ` +
        `producing a job.updated event; its job.updated events by source: ${JSON.stringify(Object.fromEntries(webhookSources))}. ` +
        `Poll app: ${JSON.stringify(Object.fromEntries(pollSources))}.`,
    );
    note(
      `Against the naive baseline (app/baseline, lower is better): requests in the busiest minute: poller ${ratio(poll.busiest, base.busiest)}, ` +
        `with webhooks ${ratio(hook.busiest, base.busiest)}; median latency: poller ${versus(poll.medianMs, base, base.medianMs)}, ` +
        `with webhooks ${versus(hook.medianMs, base, base.medianMs)}; with webhooks against the poller alone: median ${ratio(hook.medianMs, poll.medianMs)}, ` +
        `requests ${ratio(hook.requests, poll.requests)}.`,
    );
    summary(
      'polling',
      `${JOBS} jobs: app poller ${poll.busiest} req in its busiest minute, 429s ${poll.status429}, latency median ${seconds(poll, poll.medianMs)} p95 ${seconds(poll, poll.p95Ms)}; ` +
        `with webhooks ${hook.busiest} req, 429s ${hook.status429}, median ${seconds(hook, hook.medianMs)} p95 ${seconds(hook, hook.p95Ms)}; ` +
        `naive per-job polling ${base.busiest} req, knew ${base.knownCount}/${completed.size} in ${((naiveEnd - started) / 1000).toFixed(0)} s, median ${seconds(base, base.medianMs)} ` +
        `(app/naive median: ${versus(poll.medianMs, base, base.medianMs)}, webhooks ${versus(hook.medianMs, base, base.medianMs)})`,
    );
  } finally {
    for (const close of closers) await close().catch(() => undefined);
    await sandbox.remove();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
