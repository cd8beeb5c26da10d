// Builds the Jobs screen's rows from what the journal knows (intents with their states and
// request IDs, the jobs followed and those that ended) and what the app last heard of each
// job (its latest job.updated: progress, outputs, error); a job's project and price are also
// kept in the journal, so they outlive a restart. One row per piece of work: an
// intent and the job it started are one row; a job this app did not start is a row of its own.
// Pure: the handler reads the journal, this decides what the user sees.
import type { JobUpdatedEvent } from '../../../shared/api/jobEvents.ts';
import { isTerminalJobState } from '../../../shared/limits.ts';
import type { JobPhase, JobRow, JobRowError } from '../../../shared/ipc/jobsView.ts';
import type { TrackedJobView } from '../../../shared/ipcViews.ts';
import { isNetworkError } from './connectionMonitor.ts';
import { contextFromRequest, jobKindSpec } from './jobKinds.ts';
import type { Intent } from '../journal/intents.ts';
import type { TrackedJob } from '../journal/jobs.ts';

export interface OverviewSources {
  /** Open intents, oldest first (the order they are sent in). */
  readonly open: readonly Intent[];
  /** Intents that ended, newest first. */
  readonly finished: readonly Intent[];
  /** Jobs still followed, and jobs that ended (newest first); the same job may be in both. */
  readonly jobs: readonly TrackedJob[];
  /** The latest job.updated of a job, by jobKey(kind, id). */
  readonly activity: (kind: string, jobId: string) => JobUpdatedEvent | null;
  /** What the service charged for a job, when known. */
  readonly cost: (kind: string, jobId: string) => number | null;
  /** How many finished rows at most. */
  readonly finishedLimit: number;
}

export function jobKey(kind: string, jobId: string): string {
  return `${kind}:${jobId}`;
}

const PHASE_ORDER: Record<JobPhase, number> = { waiting: 0, sending: 0, running: 1, finished: 2 };

function intentPhase(intent: Intent, jobState: string | null): JobPhase {
  if (intent.state === 'pending') return 'waiting';
  // Tried, but the service could not be reached: it waits to be sent again (same key) when it answers.
  if (intent.state === 'sent') return intent.lastError && isNetworkError(intent.lastError) ? 'waiting' : 'sending';
  if (intent.state === 'accepted') return jobState !== null && isTerminalJobState(jobState) ? 'finished' : 'running';
  return 'finished';
}

/** The state to show: the job's once there is one, else the journal's word for the request. */
function intentState(intent: Intent, jobState: string | null): string {
  if (jobState !== null) return jobState;
  if (intent.state === 'done') return 'completed';
  if (intent.state === 'accepted') return 'queued';
  return intent.state;
}

/** How the work can be cancelled now: unsent (nothing sent yet) or at the service (where it offers a cancel). */
function cancelOf(kind: string, phase: JobPhase, jobId: string | null, pending: boolean): JobRow['cancel'] {
  if (pending) return 'unsent';
  if (phase !== 'running' || jobId === null) return null;
  return jobKindSpec(kind)?.cancelPath(jobId) ? 'service' : null;
}

/**
 * Timeline edits are many and small: those of one project that follow one another in the
 * list, in the same phase and state and without an error, are one row ("37 timeline edits").
 */
function groupEdits(rows: readonly JobRow[]): JobRow[] {
  const out: JobRow[] = [];
  for (const row of rows) {
    const last = out.at(-1);
    const joins =
      last !== undefined &&
      row.kind === 'editor-commands' &&
      last.kind === 'editor-commands' &&
      row.projectId === last.projectId &&
      row.phase === last.phase &&
      row.state === last.state &&
      row.error === null &&
      last.error === null;
    if (!joins) {
      out.push(row.kind === 'editor-commands' ? { ...row, cancel: row.count > 1 ? null : row.cancel } : row);
      continue;
    }
    out[out.length - 1] = {
      ...last,
      count: last.count + row.count,
      // One of several edits sent in order cannot be taken out of the middle: cancel them on the timeline.
      cancel: null,
      intentId: null,
      jobId: null,
      attempts: Math.max(last.attempts, row.attempts),
      requestId: last.updatedAt >= row.updatedAt ? last.requestId : row.requestId,
      createdAt: Math.min(last.createdAt, row.createdAt),
      updatedAt: Math.max(last.updatedAt, row.updatedAt),
    };
  }
  return out;
}

function jobError(update: JobUpdatedEvent | null): JobRowError | null {
  return update?.error ? { code: update.error.code, message: update.error.message, requestId: null } : null;
}

export function buildJobRows(sources: OverviewSources): JobRow[] {
  const jobs = new Map<string, TrackedJob>();
  for (const job of sources.jobs) {
    const key = jobKey(job.kind, job.jobId);
    const seen = jobs.get(key);
    if (!seen || seen.updatedAt < job.updatedAt) jobs.set(key, job);
  }
  const rows: JobRow[] = [];
  const claimed = new Set<string>();

  const intentRow = (intent: Intent): JobRow => {
    const kind = intent.jobKind ?? intent.kind;
    const key = intent.jobId === null ? null : jobKey(kind, intent.jobId);
    if (key) claimed.add(key);
    const tracked = key ? (jobs.get(key) ?? null) : null;
    const update = intent.jobId === null ? null : sources.activity(kind, intent.jobId);
    const jobState = update?.state ?? tracked?.state ?? null;
    const lastError = intent.lastError;
    const phase = intentPhase(intent, jobState);
    return {
      key: intent.id,
      kind: intent.kind,
      phase,
      state: intentState(intent, jobState),
      intentId: intent.id,
      jobId: intent.jobId,
      progress: update?.progress ?? null,
      costUsd: intent.jobId === null ? null : (update?.costUsd ?? tracked?.costUsd ?? sources.cost(kind, intent.jobId)),
      requestId: intent.requestId ?? lastError?.requestId ?? null,
      error: lastError
        ? { code: lastError.code, message: lastError.message, requestId: lastError.requestId }
        : jobError(update),
      attempts: intent.attempts,
      cancel: cancelOf(kind, phase, intent.jobId, intent.state === 'pending'),
      projectId:
        contextFromRequest(intent.request.path, intent.request.body).projectId ??
        update?.projectId ??
        tracked?.projectId ??
        null,
      count: 1,
      outputs: update?.outputs ?? [],
      createdAt: intent.createdAt,
      updatedAt: Math.max(intent.updatedAt, update?.at ?? 0),
    };
  };

  for (const intent of sources.open) rows.push(intentRow(intent));
  const finishedIntents = sources.finished.map(intentRow);

  // Jobs this app follows or saw end without an intent of its own (found in a list, or started elsewhere).
  const loose: JobRow[] = [];
  for (const [key, job] of jobs) {
    if (claimed.has(key)) continue;
    const update = sources.activity(job.kind, job.jobId);
    const state = update?.state ?? job.state;
    const ended = job.webhookFinished || isTerminalJobState(state);
    const phase: JobPhase = ended ? 'finished' : 'running';
    loose.push({
      key,
      kind: job.kind,
      phase,
      state,
      intentId: null,
      jobId: job.jobId,
      progress: update?.progress ?? null,
      costUsd: update?.costUsd ?? job.costUsd ?? sources.cost(job.kind, job.jobId),
      requestId: null,
      error: jobError(update),
      attempts: 0,
      cancel: cancelOf(job.kind, phase, job.jobId, false),
      projectId: update?.projectId ?? job.projectId ?? null,
      count: 1,
      outputs: update?.outputs ?? [],
      createdAt: job.createdAt,
      updatedAt: Math.max(job.updatedAt, update?.at ?? 0),
    });
  }

  const finished = [...finishedIntents, ...loose.filter((row) => row.phase === 'finished')]
    .sort((a, b) => b.updatedAt - a.updatedAt)
    .slice(0, sources.finishedLimit);
  const running = loose.filter((row) => row.phase !== 'finished').sort((a, b) => b.createdAt - a.createdAt);
  // Open intents keep their send order; an accepted one whose job just ended moves to the finished part.
  const all = [...rows, ...running, ...finished];
  return groupEdits(
    all
      .map((row, index) => ({ row, index }))
      .sort((a, b) => PHASE_ORDER[a.row.phase] - PHASE_ORDER[b.row.phase] || a.index - b.index)
      .map(({ row }) => row),
  );
}

/** A job the journal follows, as jobs.list shows it. */
export function trackedJobView(job: TrackedJob): TrackedJobView {
  return {
    workspaceId: job.workspaceId,
    kind: job.kind,
    jobId: job.jobId,
    state: job.state,
    lastSeenAt: job.lastSeenAt,
    webhookFinished: job.webhookFinished,
  };
}
