// What the outbox, the poller and the webhook path share for one workspace: the journal,
// the (watched) transport, the connection state and the event emitter; and the few ways
// they tell the UI what happened, so every event is built in one place.
import { appError } from '../../../shared/appError.ts';
import type { IntentSummary, JobEventMap, JobUpdatedEvent } from '../../../shared/api/jobEvents.ts';
import type { Intent, IntentLog } from '../journal/intents.ts';
import type { JobTable } from '../journal/jobs.ts';
import type { ConnectionMonitor } from './connectionMonitor.ts';
import { jobKindSpec } from './jobKinds.ts';
import type { JobSnapshot } from './jobSnapshot.ts';
import type { JobsTransport } from './jobsTransport.ts';
import type { TypedEmitter } from '../lifecycle/typedEmitter.ts';

export interface JobsJournal {
  readonly intents: IntentLog;
  readonly jobs: JobTable;
}

/**
 * The jobs service's events: those the UI gets (JobEventMap), except that an intent's update
 * carries, for work answered at once (editor commands), the service's answer (its `data`, as
 * it came) when the intent is done: the one channel whoever shows that work hears it on.
 * The answer stays inside main (the bridge to the page drops it).
 */
export type JobsServiceEventMap = Omit<JobEventMap, 'intent.updated'> & {
  'intent.updated': JobEventMap['intent.updated'] & { readonly answer?: unknown };
};

export interface JobsContext {
  readonly workspaceId: string;
  readonly journal: JobsJournal;
  /** Every request goes through here, so the connection state follows every answer. */
  readonly transport: JobsTransport;
  readonly connection: ConnectionMonitor;
  readonly events: TypedEmitter<JobsServiceEventMap>;
  readonly now: () => number;
}

export function summarizeIntent(intent: Intent): IntentSummary {
  return {
    id: intent.id,
    seq: intent.seq,
    kind: intent.kind,
    state: intent.state,
    jobId: intent.jobId,
    attempts: intent.attempts,
    requestId: intent.requestId,
    lastError: intent.lastError,
    createdAt: intent.createdAt,
    updatedAt: intent.updatedAt,
  };
}

/** Announces the intent as the journal holds it; `answer`: the service's answer to work answered at once. */
export function publishIntent(ctx: JobsContext, intentId: string, answer?: { data: unknown }): Intent | null {
  const intent = ctx.journal.intents.get(intentId);
  if (intent) {
    const update = { workspaceId: ctx.workspaceId, intent: summarizeIntent(intent) };
    ctx.events.emit('intent.updated', answer ? { ...update, answer: answer.data } : update);
  }
  return intent;
}

export function publishJob(
  ctx: JobsContext,
  kind: string,
  snapshot: JobSnapshot,
  source: JobUpdatedEvent['source'],
  intentId: string | null,
): void {
  ctx.events.emit('job.updated', {
    workspaceId: ctx.workspaceId,
    kind,
    id: snapshot.id,
    state: snapshot.state,
    terminal: snapshot.terminal,
    progress: snapshot.progress,
    outputs: snapshot.outputs,
    assetId: snapshot.assetId,
    error: snapshot.error,
    costUsd: snapshot.costUsd,
    projectId: snapshot.context.projectId ?? null,
    partial: snapshot.partial,
    intentId,
    source,
    at: ctx.now(),
  });
}

/**
 * A job ended: the intent that started it leaves the open set (done when the job
 * completed, failed with the job's error otherwise; never resent either way).
 * Returns the intent's ID when one was settled now.
 */
export function settleIntent(ctx: JobsContext, kind: string, snapshot: JobSnapshot): string | null {
  if (!snapshot.terminal) return null;
  const { intents } = ctx.journal;
  const intent = intents.findByJob(ctx.workspaceId, { jobKind: kind, jobId: snapshot.id });
  if (!intent || !['sent', 'accepted'].includes(intent.state)) return null;
  const job = { jobKind: kind, jobId: snapshot.id };
  if (snapshot.state === 'completed') {
    intents.markDone(intent.id, job);
  } else {
    const noun = jobKindSpec(kind)?.noun ?? kind;
    intents.markFailed(
      intent.id,
      appError(
        snapshot.error?.code ?? `job.${snapshot.state}`,
        snapshot.error?.message ?? `The ${noun} ${snapshot.state}.`,
      ),
    );
  }
  publishIntent(ctx, intent.id);
  return intent.id;
}

/** The intent that started a job, if this app started it. */
export function intentIdOfJob(ctx: JobsContext, kind: string, jobId: string): string | null {
  return ctx.journal.intents.findByJob(ctx.workspaceId, { jobKind: kind, jobId })?.id ?? null;
}
