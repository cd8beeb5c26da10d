// The production work the panels around the timeline asked for, followed to its end: each
// request was journaled in main as an intent (with its idempotency key) and the jobs service
// reports how it goes (intent.updated until the service accepted it, then job.updated). A
// panel shows a piece of work by its intent; when the job completes, whoever asked is told
// (to read what it made). A job found unfinished after a restart is followed by its id.
import { isKeyProblemCode } from '../../shared/errorCodes.ts';
import { create } from 'zustand';
import type { AppError } from '../../shared/appError.ts';
import type { IntentSummary, JobUpdatedEvent } from '../../shared/api/jobEvents.ts';
import { hear } from '../client/mainEvents.ts';

export interface FollowedWork {
  readonly intentId: string;
  readonly kind: string;
  /** The intent's state until the service accepted it (pending, sent, failed…), then the job's. */
  readonly state: string;
  readonly jobId: string | null;
  readonly progress: number | null;
  readonly terminal: boolean;
  /** What went wrong: the intent's error (never sent, refused), or the job's. */
  readonly error: { code: string; message: string; requestId?: string | null } | null;
  readonly assetId: number | null;
}

type Done = (job: JobUpdatedEvent) => void;

interface ProductionJobsState {
  work: Readonly<Record<string, FollowedWork>>;
  /** Follows an intent just made; `done` is told once its job ends, whatever the end. */
  follow(intent: IntentSummary, done?: Done): void;
  /** Follows a job found unfinished (read from a list), by its kind and id. */
  followJob(kind: string, jobId: number, done: Done): void;
}

const byIntent = new Map<string, Done>();
const byJob = new Map<string, Done>();
/** Ends that came before the reply naming their intent (the outbox can be that fast). */
const early = new Map<string, JobUpdatedEvent>();
const EARLY_KEPT = 200;

const jobKey = (kind: string, id: string | number) => `${kind}:${id}`;

function fromIntent(intent: IntentSummary): FollowedWork {
  const failed = intent.state === 'failed' || intent.state === 'cancelled';
  return {
    intentId: intent.id,
    kind: intent.kind,
    state: intent.state,
    jobId: intent.jobId,
    progress: null,
    terminal: failed,
    error: intent.lastError && {
      code: intent.lastError.code,
      message: intent.lastError.message,
      requestId: intent.lastError.requestId,
    },
    assetId: null,
  };
}

export const useProductionJobs = create<ProductionJobsState>()((set, get) => {
  function onIntent(intent: IntentSummary): void {
    const known = get().work[intent.id];
    if (!known) return;
    // Once the job is known its state wins; an intent that failed for good ends the work.
    if (known.jobId !== null && intent.state !== 'failed' && intent.state !== 'cancelled') return;
    const next = fromIntent(intent);
    set((s) => ({ work: { ...s.work, [intent.id]: { ...next, jobId: next.jobId ?? known.jobId } } }));
  }

  function onJob(job: JobUpdatedEvent): void {
    const intentId = job.intentId;
    if (intentId !== null && get().work[intentId]) {
      const error = job.error ? { code: job.error.code, message: job.error.message } : null;
      set((s) => ({
        work: {
          ...s.work,
          [intentId]: {
            ...s.work[intentId]!,
            state: job.state,
            jobId: job.id,
            progress: job.progress,
            terminal: job.terminal,
            error,
            assetId: job.assetId,
          },
        },
      }));
    } else if (intentId !== null && job.terminal) {
      early.set(intentId, job);
      if (early.size > EARLY_KEPT) early.delete(early.keys().next().value!);
    }
    if (!job.terminal) return;
    const done = (intentId !== null && byIntent.get(intentId)) || byJob.get(jobKey(job.kind, job.id));
    if (intentId !== null) byIntent.delete(intentId);
    byJob.delete(jobKey(job.kind, job.id));
    done?.(job);
  }

  hear('intent.updated', ({ intent }) => onIntent(intent));
  hear('job.updated', onJob);

  return {
    work: {},

    follow(intent, done) {
      set((s) => ({ work: { ...s.work, [intent.id]: fromIntent(intent) } }));
      if (done) byIntent.set(intent.id, done);
      const ended = early.get(intent.id);
      early.delete(intent.id);
      if (ended) onJob(ended);
    },

    followJob(kind, jobId, done) {
      byJob.set(jobKey(kind, jobId), done);
    },
  };
});

/**
 * Whether work asked for is still under way: being journaled ('' while main answers), or
 * waiting, sending, queued or running. A panel offers no second request of the same work
 * meanwhile, so a double click never pays twice.
 */
export function useUnderWay(intentId: string | undefined): boolean {
  return useProductionJobs(
    (s) => intentId === '' || (intentId !== undefined && s.work[intentId] !== undefined && !s.work[intentId].terminal),
  );
}

/** The work's state in words for a panel. */
export function workText(work: FollowedWork, noun: string): string {
  switch (work.state) {
    case 'pending':
      return `${noun}: waiting to be sent (it goes when the service answers)`;
    case 'sent':
      // Held back by a key that does not work: say so, not "sending" for ever.
      return work.error && isKeyProblemCode(work.error.code)
        ? `${noun}: waiting for a working API key (${work.error.message})`
        : `${noun}: sending…`;
    case 'accepted':
    case 'queued':
      return `${noun}: queued`;
    case 'running':
      return work.progress === null ? `${noun}: running…` : `${noun}: running, ${Math.round(work.progress * 100)}%`;
    case 'completed':
    case 'done':
      return `${noun}: done`;
    case 'failed':
      return `${noun} failed`;
    case 'cancelled':
      return `${noun} was cancelled`;
    default:
      return `${noun}: ${work.state}`;
  }
}

export type WorkError = NonNullable<FollowedWork['error']> | AppError;
