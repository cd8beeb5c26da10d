// Keeps running jobs fresh, cheaply (DESIGN rule 4). Jobs of one kind that one list call
// can show (a project's generations, an asset's transcriptions, …) are refreshed together,
// a page of 100 at a time; the rest are read one by one. Each job is polled less often the
// longer it stays unchanged (base → max, reset on any change). Every poll is a 'background'
// request on the key's shared budget, so user actions go first. Polling stops when a job
// ends, when a verified webhook says it ended, and while the service is offline.
import { z } from 'zod';
import { toAppError } from '../../../shared/appError.ts';
import type { JobUpdatedEvent } from '../../../shared/api/jobEvents.ts';
import { CREATE_LIMITS } from '../../../shared/limits.ts';
import { isNetworkError } from './connectionMonitor.ts';
import {
  contextFromRequest,
  jobKindSpec,
  mergeContext,
  type JobContext,
  type JobKindSpec,
  type ListLocation,
} from './jobKinds.ts';
import { intentIdOfJob, publishJob, settleIntent, type JobsContext } from './jobsContext.ts';
import { readJob, sameSnapshot, stateOnlySnapshot, type JobSnapshot } from './jobSnapshot.ts';

export interface PollTiming {
  /** The first wait, and the wait again after any change. */
  baseMs: number;
  /** The longest wait for a job that stays unchanged. */
  maxMs: number;
  /** Each unchanged poll multiplies the wait by this. */
  factor: number;
}

export const DEFAULT_POLL_TIMING: PollTiming = { baseMs: 1_000, maxMs: 30_000, factor: 1.5 };

/** A list call is followed over at most this many pages in one refresh. */
const MAX_LIST_PAGES = 10;
const PAGE_SIZE = CREATE_LIMITS.pageSize.max;

interface Watched {
  readonly kind: string;
  readonly spec: JobKindSpec;
  readonly jobId: string;
  context: JobContext;
  intentId: string | null;
  last: JobSnapshot | null;
  intervalMs: number;
  nextPollAt: number;
}

interface ListGroup {
  readonly spec: JobKindSpec;
  readonly location: ListLocation;
  readonly members: Map<string, Watched>;
  readonly due: Watched[];
}

export interface WatchOptions {
  context?: JobContext;
  intentId?: string | null;
  /** What is known already (e.g. the creation answer), so only changes are announced. */
  last?: JobSnapshot | null;
  /** First poll after this long (the base wait by default). */
  dueInMs?: number;
}

export interface Applied {
  readonly changed: boolean;
  /** The job has ended (or a webhook ended it): it is no longer polled. */
  readonly ended: boolean;
}

const watchKey = (kind: string, jobId: string) => `${kind}\u0000${jobId}`;

export class JobPoller {
  readonly #ctx: JobsContext;
  readonly #timing: PollTiming;
  readonly #watched = new Map<string, Watched>();
  #running = false;
  #timer: NodeJS.Timeout | null = null;
  #timerAt = Infinity;
  #cycle: Promise<void> | null = null;
  #abort = new AbortController();
  #offOnline: (() => void) | null = null;

  constructor(ctx: JobsContext, timing: Partial<PollTiming> = {}) {
    this.#ctx = ctx;
    this.#timing = { ...DEFAULT_POLL_TIMING, ...timing };
  }

  /** Picks up every job the journal still follows (after a restart too) and starts polling. */
  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#abort = new AbortController();
    this.#offOnline = this.#ctx.connection.onOnline(() => this.#schedule());
    const { journal, workspaceId } = this.#ctx;
    for (const tracked of journal.jobs.listToPoll(workspaceId)) {
      const spec = jobKindSpec(tracked.kind);
      if (!spec || spec.synchronous) continue;
      const intent = journal.intents.findByJob(workspaceId, { jobKind: tracked.kind, jobId: tracked.jobId });
      this.watch(tracked.kind, tracked.jobId, {
        context: intent ? contextFromRequest(intent.request.path, intent.request.body) : {},
        intentId: intent?.id ?? null,
        last: stateOnlySnapshot(tracked.jobId, tracked.state),
        dueInMs: 0,
      });
    }
    this.#schedule();
  }

  async stop(): Promise<void> {
    this.#running = false;
    this.#offOnline?.();
    this.#offOnline = null;
    this.#clearTimer();
    this.#abort.abort();
    await this.#cycle;
  }

  /** Follows a job until it ends. Watching a job already followed only adds what is new. */
  watch(kind: string, jobId: string, options: WatchOptions = {}): void {
    const spec = jobKindSpec(kind);
    if (!spec || spec.synchronous) return;
    const key = watchKey(kind, jobId);
    const existing = this.#watched.get(key);
    if (existing) {
      existing.context = mergeContext(existing.context, options.context ?? {});
      existing.intentId ??= options.intentId ?? null;
      return;
    }
    this.#watched.set(key, {
      kind,
      spec,
      jobId,
      context: options.context ?? {},
      intentId: options.intentId ?? intentIdOfJob(this.#ctx, kind, jobId),
      last: options.last ?? null,
      intervalMs: this.#timing.baseMs,
      nextPollAt: this.#ctx.now() + (options.dueInMs ?? this.#timing.baseMs),
    });
    this.#schedule();
  }

  /** Stops polling a job at once (a webhook said it ended). */
  unwatch(kind: string, jobId: string): boolean {
    return this.#watched.delete(watchKey(kind, jobId));
  }

  isWatching(kind: string, jobId: string): boolean {
    return this.#watched.has(watchKey(kind, jobId));
  }

  get watchedCount(): number {
    return this.#watched.size;
  }

  /**
   * A fresh read of a job, from wherever it came: recorded in the journal, announced if
   * anything changed, and — once it ended — its polling stops and its intent settles.
   */
  apply(kind: string, snapshot: JobSnapshot, source: JobUpdatedEvent['source']): Applied {
    const { journal, workspaceId } = this.#ctx;
    const key = watchKey(kind, snapshot.id);
    const watched = this.#watched.get(key) ?? null;
    const tracked = journal.jobs.recordSeen({ workspaceId, kind, jobId: snapshot.id }, snapshot.state);
    if (tracked.webhookFinished) {
      // A verified webhook already ended it, and its word stands over a late poll. (It may
      // even have come before the creation answer was recorded: then settle the intent now.)
      this.#watched.delete(key);
      const final = { ...stateOnlySnapshot(snapshot.id, tracked.state), context: snapshot.context };
      if (source !== 'poll')
        publishJob(this.#ctx, kind, final, source, watched?.intentId ?? intentIdOfJob(this.#ctx, kind, snapshot.id));
      settleIntent(this.#ctx, kind, final);
      return { changed: false, ended: true };
    }
    // A job the journal saw end keeps its final state.
    const seen =
      tracked.state === snapshot.state
        ? snapshot
        : { ...stateOnlySnapshot(snapshot.id, tracked.state), context: snapshot.context };
    const changed = !sameSnapshot(watched?.last ?? null, seen);
    const intentId = watched?.intentId ?? intentIdOfJob(this.#ctx, kind, seen.id);
    if (watched) {
      watched.last = seen;
      watched.context = mergeContext(watched.context, seen.context);
    }
    if (changed || source !== 'poll') publishJob(this.#ctx, kind, seen, source, intentId);
    if (seen.terminal) {
      this.#watched.delete(key);
      settleIntent(this.#ctx, kind, seen);
    }
    return { changed, ended: seen.terminal };
  }

  #isCurrent(watched: Watched): boolean {
    return this.#watched.get(watchKey(watched.kind, watched.jobId)) === watched;
  }

  #schedule(): void {
    if (!this.#running || this.#cycle !== null) return;
    if (!this.#ctx.connection.online) {
      this.#clearTimer(); // onOnline schedules again
      return;
    }
    let next = Infinity;
    for (const watched of this.#watched.values()) next = Math.min(next, watched.nextPollAt);
    if (next === Infinity) {
      this.#clearTimer();
      return;
    }
    if (this.#timer !== null && this.#timerAt <= next) return;
    this.#clearTimer();
    this.#timerAt = next;
    this.#timer = setTimeout(
      () => {
        this.#timer = null;
        this.#timerAt = Infinity;
        this.#cycle = this.#runCycle().finally(() => {
          this.#cycle = null;
          this.#schedule();
        });
      },
      Math.max(0, next - this.#ctx.now()),
    );
  }

  #clearTimer(): void {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
    this.#timerAt = Infinity;
  }

  async #runCycle(): Promise<void> {
    if (!this.#running || !this.#ctx.connection.online) return;
    // Jobs due a little later ride along, so near-simultaneous jobs share a cycle.
    const horizon = this.#ctx.now() + this.#timing.baseMs / 4;
    const groups = new Map<string, ListGroup>();
    const groupOf = (watched: Watched): ListGroup | null => {
      const location = watched.spec.listPath(watched.context);
      if (!location) return null;
      const key = `${watched.kind} ${location.path} ${JSON.stringify(location.query)}`;
      let group = groups.get(key);
      if (!group) groups.set(key, (group = { spec: watched.spec, location, members: new Map(), due: [] }));
      return group;
    };
    const singles: Watched[] = [];
    for (const watched of this.#watched.values()) {
      const group = groupOf(watched);
      group?.members.set(watched.jobId, watched);
      if (watched.nextPollAt > horizon) continue;
      if (group) group.due.push(watched);
      else singles.push(watched);
    }
    const lists: ListGroup[] = [];
    for (const group of groups.values()) {
      if (group.due.length === 0) continue;
      // One list call costs what one read does, and refreshes every job it shows.
      if (group.members.size >= 2) lists.push(group);
      else singles.push(...group.due);
    }
    await Promise.all([...lists.map((group) => this.#pollList(group)), ...singles.map((w) => this.#pollOne(w))]);
  }

  async #pollOne(watched: Watched): Promise<void> {
    const path = watched.spec.pollPath(watched.jobId, watched.context);
    if (path === null) {
      // Nothing locates it yet (e.g. a render without its project): try again much later.
      this.#reschedule(watched, false, this.#timing.maxMs);
      return;
    }
    try {
      const { data } = await this.#ctx.transport.call({ method: 'GET', path }, z.unknown(), {
        priority: 'background',
        signal: this.#abort.signal,
      });
      const snapshot = readJob(watched.spec, data);
      if (!this.#isCurrent(watched)) return;
      if (snapshot === null || snapshot.id !== watched.jobId) {
        this.#reschedule(watched, false);
        return;
      }
      this.#reschedule(watched, this.apply(watched.kind, snapshot, 'poll').changed);
    } catch (err) {
      this.#afterFailure([watched], err);
    }
  }

  async #pollList(group: ListGroup): Promise<void> {
    const due = new Set(group.due);
    const wanted = new Set(group.due.map((w) => w.jobId));
    const maxPages = Math.min(MAX_LIST_PAGES, Math.ceil(group.members.size / PAGE_SIZE) + 1);
    let after: string | undefined;
    try {
      for (let page = 1; ; page++) {
        const { data, pagination } = await this.#ctx.transport.call(
          { method: 'GET', path: group.location.path, query: { ...group.location.query, limit: PAGE_SIZE, after } },
          z.array(z.unknown()),
          { priority: 'background', signal: this.#abort.signal },
        );
        let lowest = Infinity;
        for (const item of data) {
          const snapshot = readJob(group.spec, item);
          if (!snapshot) continue;
          lowest = Math.min(lowest, Number(snapshot.id));
          const watched = group.members.get(snapshot.id);
          if (!watched || !this.#isCurrent(watched)) continue;
          wanted.delete(snapshot.id);
          const { changed } = this.apply(watched.kind, snapshot, 'poll');
          // A job that was not due yet was refreshed for free: its wait starts again, unchanged.
          if (due.has(watched)) this.#reschedule(watched, changed);
          else this.#reschedule(watched, changed, changed ? this.#timing.baseMs : watched.intervalMs);
        }
        after = pagination?.nextCursor ?? undefined;
        if (after === undefined || wanted.size === 0 || page >= maxPages) break;
        // Lists are newest first: past the oldest job still wanted, later pages cannot hold it.
        const oldestWanted = Math.min(...[...wanted].map(Number));
        if (Number.isFinite(oldestWanted) && lowest < oldestWanted) break;
      }
    } catch (err) {
      this.#afterFailure(
        group.due.filter((w) => wanted.has(w.jobId)),
        err,
      );
      return;
    }
    // Due jobs the list did not show (older than its pages, or gone from it): read them directly.
    await Promise.all(group.due.filter((w) => wanted.has(w.jobId) && this.#isCurrent(w)).map((w) => this.#pollOne(w)));
  }

  #reschedule(watched: Watched, changed: boolean, waitMs?: number): void {
    if (!this.#isCurrent(watched)) return;
    const { baseMs, maxMs, factor } = this.#timing;
    if (waitMs !== undefined) watched.intervalMs = Math.min(maxMs, Math.max(baseMs, waitMs));
    else watched.intervalMs = changed ? baseMs : Math.min(maxMs, Math.round(watched.intervalMs * factor));
    watched.nextPollAt = this.#ctx.now() + watched.intervalMs;
  }

  #afterFailure(failed: Watched[], err: unknown): void {
    if (!this.#running || this.#abort.signal.aborted) return;
    const error = toAppError(err);
    for (const watched of failed) {
      // Offline: the wait does not grow (polling pauses until the service answers again).
      if (isNetworkError(error)) this.#reschedule(watched, false, watched.intervalMs);
      else this.#reschedule(watched, false);
    }
  }
}
