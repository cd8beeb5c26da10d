// The jobs service of one workspace: how paid work is asked for, sent exactly once, and
// followed to its end. submit* checks the input and journals an intent (with its key)
// before anything is sent; the outbox sends it, in order, whenever the service answers;
// the poller follows the job; a verified webhook event ends polling for its job at once.
// Everything the UI needs to know goes out as events (shared/api/jobEvents.ts); an edit's
// answer rides on its intent's done update. In the app, jobsCoordinator.ts runs one for the
// active workspace, forwards its events to the domain events and hands it each verified
// webhook (webhook.verified) through onWebhookEvent, which reads the event
// (webhookJobEvent.ts: the app's one reading of a webhook).
import { z } from 'zod';
import { AppFailure, appError, toAppError } from '../../../shared/appError.ts';
import type { ExportInput, GenerationInput } from '../../../shared/api/createTypes.ts';
import type {
  ConnectionChangedEvent,
  IntentSummary,
  JobUpdatedEvent,
  QueueChangedEvent,
} from '../../../shared/api/jobEvents.ts';
import type {
  BatchInput,
  EditorCommandsInput,
  FinishInput,
  ReframeInput,
  RenderInput,
  ReviewInput,
  SpeechEditInput,
  TranscriptionInput,
} from '../../../shared/api/jobInputs.ts';
import type { IntentKind } from '../journal/intents.ts';
import { ConnectionMonitor, type ConnectionTiming } from './connectionMonitor.ts';
import { jobKindSpec, type GenericKind, type JobContext, type PathParams } from './jobKinds.ts';
import { JobPoller, type PollTiming } from './jobPoller.ts';
import {
  intentIdOfJob,
  publishJob,
  settleIntent,
  summarizeIntent,
  type JobsContext,
  type JobsJournal,
  type JobsServiceEventMap,
} from './jobsContext.ts';
import { jobIdOf, readJob, stateOnlySnapshot } from './jobSnapshot.ts';
import type { JobsTransport } from './jobsTransport.ts';
import { Outbox, type OutboxTiming } from './outbox.ts';
import { checkedSubmission } from './submission.ts';
import { createTypedEmitter, type TypedEmitter } from '../lifecycle/typedEmitter.ts';
import { jobOutcomeOfEvent, type JobWebhookEvent } from './webhookJobEvent.ts';

/** What each kind submitted through the generic path needs: its path parameters and its input. */
export interface GenericSubmissions {
  render: { projectId: number; input?: RenderInput };
  transcription: { assetId: number; input?: TranscriptionInput };
  review: { assetId: number; input?: ReviewInput };
  'speech-edit': { input: SpeechEditInput };
  finish: { assetId: number; input?: FinishInput };
  batch: { projectId: number; input: BatchInput };
  'editor-commands': { projectId: number; input: EditorCommandsInput };
  reframe: { projectId: number; input?: ReframeInput };
}

export interface JobsTiming {
  outbox?: Partial<OutboxTiming>;
  poll?: Partial<PollTiming>;
  connection?: Partial<ConnectionTiming>;
}

export interface JobsServiceOptions {
  workspaceId: string;
  /** The journal (main/core/journal): intents with their keys, and the jobs followed. */
  journal: JobsJournal;
  /** Requests through the workspace key's shared rate budget (createJobsTransport). */
  transport: JobsTransport;
  timing?: JobsTiming;
  now?: () => number;
  /** A UI listener threw: report it (it never stops the jobs service). */
  onListenerError?: (event: string, error: unknown) => void;
}

export interface WebhookApplied {
  /** The event named a job this app follows, and its state was recorded. */
  readonly applied: boolean;
  readonly job: JobUpdatedEvent | null;
}

export interface JobsService {
  readonly workspaceId: string;
  submitGeneration(input: GenerationInput): IntentSummary;
  submitExport(input: ExportInput): IntentSummary;
  /** Render, transcription, review, speech edit, finish, batch and editor commands. */
  submit<Kind extends GenericKind>(kind: Kind, request: GenericSubmissions[Kind]): IntentSummary;
  /** Cancels paid work that was never sent; false once sending has begun (then it runs to its end). */
  cancel(intentId: string): boolean;
  /**
   * Asks the service to cancel a running job where it offers a cancel (it stops and is
   * refunded); its answer is applied like a poll. False when it had already ended.
   */
  cancelJob(kind: string, jobId: string): Promise<boolean>;
  /** Follows a job this app did not start (e.g. one found in a list). */
  track(kind: string, jobId: string | number, context?: JobContext): void;
  /** A verified webhook event (main/core/webhooks): a job it says ended is not polled again. */
  onWebhookEvent(event: JobWebhookEvent): WebhookApplied;
  queue(): QueueChangedEvent;
  connection(): ConnectionChangedEvent;
  on: TypedEmitter<JobsServiceEventMap>['on'];
  /** Recovers what the journal holds open (sends unaccepted intents again, follows accepted jobs). */
  start(): void;
  /** Stops sending and polling; anything mid-send goes again, same key, at the next start. */
  stop(): Promise<void>;
}

export function createJobsService(options: JobsServiceOptions): JobsService {
  const { workspaceId, journal } = options;
  const now = options.now ?? Date.now;
  const events = createTypedEmitter<JobsServiceEventMap>((name, error) =>
    options.onListenerError?.(String(name), error),
  );
  const connection = new ConnectionMonitor({
    workspaceId,
    transport: options.transport,
    emit: (event) => events.emit('connection.changed', event),
    timing: options.timing?.connection,
    now,
  });
  const ctx: JobsContext = {
    workspaceId,
    journal,
    transport: connection.observe(options.transport),
    connection,
    events,
    now,
  };
  const poller = new JobPoller(ctx, options.timing?.poll);
  const outbox = new Outbox(ctx, poller, options.timing?.outbox);

  function submitChecked(kind: string, params: PathParams, input: unknown): IntentSummary {
    const request = checkedSubmission(kind, params, input);
    const intent = outbox.submit({ kind: kind as IntentKind, workspaceId, request });
    return summarizeIntent(intent);
  }

  return {
    workspaceId,
    submitGeneration: (input) => submitChecked('generation', {}, input),
    submitExport: (input) => submitChecked('export', {}, input),
    submit(kind, request) {
      const { input, ...params } = request as { input?: unknown } & PathParams;
      return submitChecked(kind, params, input);
    },
    cancel: (intentId) => outbox.cancel(intentId),

    async cancelJob(kind, jobId) {
      const spec = jobKindSpec(kind);
      const path = spec?.cancelPath(jobId) ?? null;
      if (!spec || path === null)
        throw new AppFailure(
          appError('job.not_cancellable', `The service offers no way to cancel a ${spec?.noun ?? kind} once it runs.`),
        );
      try {
        // A user's action: before polling on the shared budget. Cancelling twice is harmless.
        const { data } = await ctx.transport.call({ method: 'POST', path }, z.unknown(), { priority: 'user' });
        const snapshot = readJob(spec, data);
        if (snapshot) poller.apply(kind, snapshot, 'poll');
        return true;
      } catch (err) {
        // Already completed, failed or cancelled: it is read again, so the screen shows how it ended.
        if (toAppError(err).code !== 'job.not_cancellable') throw err;
        poller.watch(kind, jobId, { dueInMs: 0 });
        return false;
      }
    },

    track(kind, jobId, context = {}) {
      const id = jobIdOf(jobId);
      if (id !== null) poller.watch(kind, id, { context, dueInMs: 0 });
    },

    onWebhookEvent(event) {
      const outcome = jobOutcomeOfEvent(event);
      if (!outcome) return { applied: false, job: null };
      const { spec, jobId, state } = outcome;
      const snapshot = readJob(spec, outcome.data) ?? stateOnlySnapshot(jobId, state);
      let job: JobUpdatedEvent | null = null;
      const off = events.on('job.updated', (update) => {
        if (update.kind === spec.kind && update.id === jobId) job = update;
      });
      try {
        if (!outcome.terminal) {
          // Only an ending ends polling; any other news is recorded like a poll's.
          poller.apply(spec.kind, snapshot, 'webhook');
          return { applied: true, job };
        }
        // First, so no poll of it starts from here on.
        poller.unwatch(spec.kind, jobId);
        const key = { workspaceId, kind: spec.kind, jobId };
        const before = journal.jobs.get(key);
        journal.jobs.recordWebhookFinished(key, state, {
          projectId: snapshot.context.projectId ?? null,
          costUsd: snapshot.costUsd,
        });
        if (!(before?.webhookFinished && before.state === state)) {
          publishJob(ctx, spec.kind, snapshot, 'webhook', intentIdOfJob(ctx, spec.kind, jobId));
        }
        settleIntent(ctx, spec.kind, snapshot);
        return { applied: true, job };
      } finally {
        off();
      }
    },

    queue: () => outbox.queue(),
    connection: () => connection.snapshot(),
    on: (name, listener) => events.on(name, listener),

    start() {
      poller.start();
      outbox.start();
    },

    async stop() {
      connection.stop();
      await Promise.all([outbox.stop(), poller.stop()]);
    },
  };
}
