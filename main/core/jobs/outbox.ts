// The outbox: paid work leaves the app only from here, exactly once (DESIGN rules 1-2).
// Each intent was committed to the journal with its idempotency key before anything is
// sent; the outbox sends intents one at a time in journal order, each with its own stored
// key, so a retry — after a network error, a 5xx, a 429, a restart or coming back online —
// is the identical request, which the service answers with the same job (200). An intent
// leaves the open set only on a terminal answer: a 2xx (then its job is followed until it
// ends) or a permanent 4xx such as 409 idempotency.key_reused (failed, never resent); a key the
// service refused (401) is not such an answer: the work waits, same key, for a new API key.
// While the service is offline nothing is sent; the queue waits and drains when it answers.
import { z } from 'zod';
import { appError, toAppError, type AppError } from '../../../shared/appError.ts';
import { isTerminalJobState } from '../../../shared/limits.ts';
import type { QueueChangedEvent } from '../../../shared/api/jobEvents.ts';
import { isKeyProblemCode } from '../../../shared/errorCodes.ts';
import type { Intent, NewIntent } from '../journal/intents.ts';
import { isNetworkError } from './connectionMonitor.ts';
import type { JobPoller } from './jobPoller.ts';
import { contextFromRequest, jobKindSpec, mergeContext } from './jobKinds.ts';
import { publishIntent, settleIntent, summarizeIntent, type JobsContext } from './jobsContext.ts';
import { readJob, stateOnlySnapshot } from './jobSnapshot.ts';

export interface OutboxTiming {
  /** First wait before an intent that failed (5xx, 429, network) is sent again; doubles up to retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
}

export const DEFAULT_OUTBOX_TIMING: OutboxTiming = { retryBaseMs: 2_000, retryMaxMs: 60_000 };

/** Not yet accepted by the service: what the queue shows. */
const QUEUED_STATES: readonly string[] = ['pending', 'sent'];

/**
 * A failure worth sending the same request again (same key) later. Everything else the
 * service said is final: a 4xx other than 408/429, or a 2xx whose body is unreadable
 * (the job may exist; resending would only replay it, but nothing would change).
 */
export function isRetryableSendError(error: AppError): boolean {
  if (isNetworkError(error)) return true;
  // A refused key did nothing at the service: the work waits for a new key (the app asks for one).
  if (error.status === 401 && isKeyProblemCode(error.code)) return true;
  if (error.status === null) return error.code !== 'response.invalid';
  return error.status === 408 || error.status === 429 || error.status >= 500;
}

interface Backoff {
  failures: number;
  notBefore: number;
}

export class Outbox {
  readonly #ctx: JobsContext;
  readonly #poller: JobPoller;
  readonly #timing: OutboxTiming;
  readonly #backoff = new Map<string, Backoff>();
  #running = false;
  #draining: Promise<void> | null = null;
  #busy = false;
  #again = false;
  #timer: NodeJS.Timeout | null = null;
  #abort = new AbortController();
  #offOnline: (() => void) | null = null;
  #lastQueue = '';

  constructor(ctx: JobsContext, poller: JobPoller, timing: Partial<OutboxTiming> = {}) {
    this.#ctx = ctx;
    this.#poller = poller;
    this.#timing = { ...DEFAULT_OUTBOX_TIMING, ...timing };
  }

  /**
   * Crash recovery, then draining: accepted intents get their jobs followed again (or
   * settled, if the journal saw them end); every intent not yet accepted — including one
   * that was being sent when the app stopped — is sent again with its own key.
   */
  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#abort = new AbortController();
    this.#offOnline = this.#ctx.events.on('connection.changed', ({ state }) => {
      if (state !== 'online') return;
      // Back online: what waited for the service goes now, in order.
      for (const backoff of this.#backoff.values()) backoff.notBefore = 0;
      this.kick();
    });
    this.#recoverAccepted();
    this.#publishQueue(true);
    this.kick();
  }

  async stop(): Promise<void> {
    this.#running = false;
    this.#offOnline?.();
    this.#offOnline = null;
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
    this.#abort.abort();
    await this.#draining;
  }

  /** Journals a new intent (its key made and committed with it) and wakes the drain. */
  submit(intent: NewIntent): Intent {
    const created = this.#ctx.journal.intents.create(intent);
    publishIntent(this.#ctx, created.id);
    this.#publishQueue();
    this.kick();
    return created;
  }

  /** Cancels an intent that was never sent; false once sending has begun or it ended. */
  cancel(intentId: string): boolean {
    const intent = this.#ctx.journal.intents.get(intentId);
    if (!intent || intent.workspaceId !== this.#ctx.workspaceId) return false;
    const cancelled = this.#ctx.journal.intents.cancel(intentId);
    if (cancelled) {
      this.#backoff.delete(intentId);
      publishIntent(this.#ctx, intentId);
      this.#publishQueue();
    }
    return cancelled;
  }

  queue(): QueueChangedEvent {
    const queued = this.#queued();
    const oldest = queued[0];
    return {
      workspaceId: this.#ctx.workspaceId,
      pending: queued.length,
      oldest: oldest ? summarizeIntent(oldest) : null,
    };
  }

  /** Starts draining unless a drain is under way (which then looks again before it ends). */
  kick(): void {
    if (!this.#running) return;
    this.#again = true;
    if (this.#busy) return;
    this.#busy = true;
    this.#draining = this.#drain();
  }

  #queued(): Intent[] {
    return this.#ctx.journal.intents.listOpen(this.#ctx.workspaceId).filter((i) => QUEUED_STATES.includes(i.state));
  }

  async #drain(): Promise<void> {
    try {
      while (this.#again && this.#running) {
        this.#again = false;
        while (this.#running && this.#ctx.connection.online) {
          const head = this.#queued()[0];
          if (!head) break;
          const wait = (this.#backoff.get(head.id)?.notBefore ?? 0) - this.#ctx.now();
          if (wait > 0) {
            // In order: nothing behind it goes before it.
            this.#wakeIn(wait);
            break;
          }
          await this.#send(head);
        }
      }
    } finally {
      // Cleared inside, not in a later callback: a kick arriving after this sees it at once.
      this.#busy = false;
    }
  }

  #wakeIn(ms: number): void {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.kick();
    }, ms);
  }

  async #send(intent: Intent): Promise<void> {
    const { journal, transport } = this.#ctx;
    // The last moment a cancel can win; a cancelled or answered intent is skipped.
    const begun = journal.intents.beginAttempt(intent.id);
    if (!begun) {
      this.#publishQueue();
      return;
    }
    publishIntent(this.#ctx, begun.id);
    this.#publishQueue();
    try {
      const { data, requestId } = await transport.call(
        {
          method: begun.request.method,
          path: begun.request.path,
          body: begun.request.body,
          idempotencyKey: begun.idempotencyKey,
        },
        z.unknown(),
        { priority: 'user', signal: this.#abort.signal },
      );
      this.#backoff.delete(begun.id);
      this.#accepted(begun, data, requestId);
    } catch (err) {
      const error = toAppError(err);
      // Stopping: the intent stays `sent` and goes again, same key, at the next start.
      if (!this.#running || this.#abort.signal.aborted) return;
      if (isRetryableSendError(error)) {
        journal.intents.recordRetryableError(begun.id, error);
        const failures = (this.#backoff.get(begun.id)?.failures ?? 0) + 1;
        const step = Math.min(this.#timing.retryMaxMs, this.#timing.retryBaseMs * 2 ** (failures - 1));
        // Half the step for sure, half at random; never sooner than a Retry-After asked.
        const delay = Math.max(step / 2 + Math.random() * (step / 2), error.retryAfterMs ?? 0);
        this.#backoff.set(begun.id, { failures, notBefore: this.#ctx.now() + delay });
      } else {
        journal.intents.markFailed(begun.id, error);
        this.#backoff.delete(begun.id);
      }
      publishIntent(this.#ctx, begun.id);
    } finally {
      this.#publishQueue();
    }
  }

  /** A 2xx: the intent is accepted (its job followed until it ends), or done for work answered at once. */
  #accepted(intent: Intent, data: unknown, requestId: string | null): void {
    const { journal } = this.#ctx;
    const spec = jobKindSpec(intent.kind);
    if (spec?.synchronous) {
      journal.intents.markDone(intent.id, undefined, requestId);
      // The answer rides on the intent's done update: whoever shows the work hears both at once.
      publishIntent(this.#ctx, intent.id, { data });
      return;
    }
    const snapshot = spec ? readJob(spec, data) : null;
    if (!spec || !snapshot) {
      journal.intents.markFailed(
        intent.id,
        appError(
          'response.invalid',
          `The service accepted this ${spec?.noun ?? intent.kind} but its answer names no job to follow: look for it in the service's list before submitting it again.`,
        ),
      );
      publishIntent(this.#ctx, intent.id);
      return;
    }
    journal.intents.markAccepted(intent.id, { jobKind: spec.kind, jobId: snapshot.id }, requestId);
    publishIntent(this.#ctx, intent.id);
    const context = mergeContext(contextFromRequest(intent.request.path, intent.request.body), snapshot.context);
    this.#poller.watch(spec.kind, snapshot.id, { context, intentId: intent.id, last: null });
    // Announces the job, and settles the intent at once if the answer (a replay) shows it ended.
    this.#poller.apply(spec.kind, { ...snapshot, context }, 'submit');
  }

  #recoverAccepted(): void {
    const { journal, workspaceId } = this.#ctx;
    for (const intent of journal.intents.listOpen(workspaceId)) {
      if (intent.state !== 'accepted' || intent.jobKind === null || intent.jobId === null) continue;
      const tracked = journal.jobs.get({ workspaceId, kind: intent.jobKind, jobId: intent.jobId });
      const context = contextFromRequest(intent.request.path, intent.request.body);
      if (tracked && (tracked.webhookFinished || isTerminalJobState(tracked.state))) {
        // It ended before the app stopped, but the intent was not settled yet.
        settleIntent(this.#ctx, intent.jobKind, stateOnlySnapshot(tracked.jobId, tracked.state, context));
        continue;
      }
      this.#poller.watch(intent.jobKind, intent.jobId, {
        context,
        intentId: intent.id,
        last: tracked ? stateOnlySnapshot(tracked.jobId, tracked.state) : null,
        dueInMs: 0,
      });
    }
  }

  #publishQueue(force = false): void {
    const queue = this.queue();
    const o = queue.oldest;
    const signature = JSON.stringify([queue.pending, o?.id, o?.state, o?.attempts, o?.lastError?.code]);
    if (!force && signature === this.#lastQueue) return;
    this.#lastQueue = signature;
    this.#ctx.events.emit('queue.changed', queue);
  }
}
