// Moves asynchronous jobs queued → running → completed | failed (or cancelled) over
// the configured job time, doing each job's real work (ffmpeg) while it runs.
// Jobs that were not finished when the sandbox stopped start again when it starts.
// Work runs in slots: PAID_SLOTS for charged jobs and FREE_SLOTS apart for free ones (reviews,
// silent media), so free analysis never starves paid work; each run has a time budget
// (jobBudget.ts) after which it is stopped and fails; and its child processes get its abort
// signal (jobScope.ts): a cancel, a budget spent or the service stopping ends them.
import type { JobState } from '../../shared/limits.ts';
import { budgetMs, describeBudget, type JobBudget } from './jobBudget.ts';
import { jobScope } from './jobScope.ts';

/** Charged jobs run at once; a job that splits its work (a chunked transcription) uses at most this many cores. */
export const PAID_SLOTS = 2;
const FREE_SLOTS = 1;

export interface JobError {
  code: string;
  message: string;
}

export interface JobHandler<Result = unknown> {
  /** e.g. 'generation', 'export'. */
  kind: string;
  /** IDs of this kind's jobs that are queued or running (resumed at start-up). */
  unfinished(): number[];
  /** The job's real work; throw to fail it. `signal` aborts when the job is cancelled meanwhile. */
  work(id: number, signal: AbortSignal): Promise<Result>;
  /** Persist a state change (and refund, emit events, … as the kind needs). */
  transition(id: number, to: JobState, detail: { result?: Result; error?: JobError }): void;
  /** How much media the job works through, in ms (its time budget follows); null when unknown. */
  mediaMs?(id: number): number | null;
  /** True for a job nobody pays for: it runs in the free slots. */
  free?(id: number): boolean;
}

export interface JobTuning {
  /** Multiplies every job's duration (a fault switch: slow jobs). */
  slowFactor: number;
  /** Share of jobs, 0..1, that fail on purpose (a fault switch: failing jobs). */
  failShare: number;
}

export type TransitionListener = (kind: string, id: number, to: JobState) => void;

export function createJobRunner(options: {
  jobSeconds: number;
  concurrency?: number;
  budget?: Partial<JobBudget>;
  log?: (line: string) => void;
}) {
  const handlers = new Map<string, JobHandler>();
  const cancelled = new Set<string>();
  /** Jobs whose work is under way, to stop it (an ffmpeg run) when they are cancelled. */
  const working = new Map<string, AbortController>();
  const listeners: TransitionListener[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const tuning: JobTuning = { slowFactor: 1, failShare: 0 };
  const lanes = {
    paid: { limit: options.concurrency ?? PAID_SLOTS, active: 0, waiting: [] as (() => void)[] },
    free: { limit: FREE_SLOTS, active: 0, waiting: [] as (() => void)[] },
  };
  let stopped = false;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(() => {
        timers.delete(t);
        resolve();
      }, ms);
      timers.add(t);
    });

  async function slot<T>(lane: keyof typeof lanes, fn: () => Promise<T>): Promise<T> {
    const pool = lanes[lane];
    if (pool.active >= pool.limit) await new Promise<void>((resolve) => pool.waiting.push(resolve));
    else pool.active++;
    try {
      return await fn();
    } finally {
      const next = pool.waiting.shift();
      if (next) next();
      else pool.active--;
    }
  }

  /** The work, stopped (and failed with job.timed_out) once it has run for its budget. */
  async function withinBudget<T>(handler: JobHandler, id: number, controller: AbortController): Promise<T> {
    // Cancelled (or the service stopping) while it waited for a slot: nothing to start.
    if (controller.signal.aborted) throw new Error(`The ${handler.kind} was stopped before it started.`);
    let mediaMs: number | null = null;
    try {
      mediaMs = handler.mediaMs?.(id) ?? null;
    } catch {
      // A job whose length cannot be read gets the fixed budget.
    }
    const limitMs = budgetMs(options.budget, mediaMs) * tuning.slowFactor;
    let timer: NodeJS.Timeout | undefined;
    const spent = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        const error = new Error(
          `The ${handler.kind} ran longer than its time budget (${describeBudget(options.budget, mediaMs, limitMs)}) and was stopped.`,
        );
        reject(Object.assign(error, { code: 'job.timed_out' }));
      }, limitMs);
    });
    try {
      const work = jobScope.run({ signal: controller.signal }, () => handler.work(id, controller.signal));
      work.catch(() => undefined);
      return (await Promise.race([work, spent])) as T;
    } finally {
      clearTimeout(timer);
    }
  }

  function emit(handler: JobHandler, id: number, to: JobState, detail: { result?: unknown; error?: JobError } = {}) {
    if (stopped) return;
    handler.transition(id, to, detail);
    for (const listener of listeners) listener(handler.kind, id, to);
  }

  async function drive(handler: JobHandler, id: number): Promise<void> {
    const tag = `${handler.kind}:${id}`;
    const totalMs = options.jobSeconds * 1000 * tuning.slowFactor;
    const started = Date.now();
    await sleep(totalMs * 0.2);
    if (stopped || cancelled.has(tag)) return;
    emit(handler, id, 'running');
    try {
      if (Math.random() < tuning.failShare)
        throw Object.assign(new Error('The job failed on purpose (sandbox fault switch).'), { code: 'job.failed' });
      const controller = new AbortController();
      working.set(tag, controller);
      const lane = handler.free?.(id) ? 'free' : 'paid';
      const result = await slot(lane, () => withinBudget(handler, id, controller)).finally(() => working.delete(tag));
      await sleep(Math.max(0, totalMs - (Date.now() - started)));
      if (stopped || cancelled.has(tag)) return;
      emit(handler, id, 'completed', { result });
    } catch (err) {
      if (stopped || cancelled.has(tag)) return;
      const error = err as Error & { code?: string };
      options.log?.(`${tag} failed: ${error.message}`);
      emit(handler, id, 'failed', { error: { code: error.code ?? 'job.failed', message: error.message } });
    }
  }

  return {
    tuning,
    register(handler: JobHandler): void {
      handlers.set(handler.kind, handler);
    },
    enqueue(kind: string, id: number): void {
      const handler = handlers.get(kind);
      if (!handler) throw new Error(`No job handler for ${kind}`);
      void drive(handler, id);
    },
    /** Marks a job cancelled; its work, if running, is stopped and discarded. */
    cancel(kind: string, id: number): void {
      const handler = handlers.get(kind);
      if (!handler) throw new Error(`No job handler for ${kind}`);
      cancelled.add(`${kind}:${id}`);
      working.get(`${kind}:${id}`)?.abort();
      emit(handler, id, 'cancelled');
    },
    onTransition(listener: TransitionListener): void {
      listeners.push(listener);
    },
    resumeAll(): void {
      for (const handler of handlers.values()) for (const id of handler.unfinished()) void drive(handler, id);
    },
    stop(): void {
      stopped = true;
      for (const controller of working.values()) controller.abort();
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
