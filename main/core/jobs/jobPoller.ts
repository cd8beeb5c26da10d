// Keeps running jobs fresh, cheaply (DESIGN rule 4). Jobs of one kind that one list call
// can show (a project's generations, an asset's transcriptions, …) are refreshed together
// (listReads.ts): read in full once, then — where the service can say what changed since —
// one request a read however many they are. Such a list is read on its own clock: soon
// again after a change, less often while nothing changes, the longer the less (a share of
// its youngest job's age), and never more than `listReadsPerMinute` over all lists. Other
// jobs are read one by one, each less often the longer it stays unchanged (base → max,
// reset on any change). Every poll is a 'background' request on the key's shared budget, so
// user actions go first. Polling stops when a job ends, when a verified webhook says it
// ended, and while the service is offline.
import { z } from 'zod';
import { toAppError } from '../../../shared/appError.ts';
import type { JobUpdatedEvent } from '../../../shared/api/jobEvents.ts';
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
import { readList } from './listReads.ts';
import { DEFAULT_POLL_TIMING, nextListInterval, nextStepWait, type PollTiming, type StepPace } from './pollTiming.ts';

export type { PollTiming } from './pollTiming.ts';

/** A list's own clock, and what its last reads showed. */
interface ListState {
  /** The latest `updatedAt` read: the next read asks for changes since (null: read it in full). */
  watermark: string | null;
  /** False once the service showed it does not honour `updatedSince`: its jobs keep their own clocks. */
  delta: boolean;
  lastFullAt: number;
  intervalMs: number;
}

interface Watched {
  readonly kind: string;
  readonly spec: JobKindSpec;
  readonly jobId: string;
  /** When this poller began to follow it: its age, as far as polling goes. */
  readonly since: number;
  context: JobContext;
  intentId: string | null;
  last: JobSnapshot | null;
  intervalMs: number;
  nextPollAt: number;
  /** When it first reported steps done (a transcription's chunks): the pace its reads follow. */
  pace: StepPace | null;
}

interface ListGroup {
  readonly key: string;
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
const listKey = (kind: string, location: ListLocation) => `${kind} ${location.path} ${JSON.stringify(location.query)}`;

export class JobPoller {
  readonly #ctx: JobsContext;
  readonly #timing: PollTiming;
  readonly #watched = new Map<string, Watched>();
  readonly #lists = new Map<string, ListState>();
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
    this.#offOnline = this.#ctx.events.on('connection.changed', ({ state }) => {
      if (state === 'online') this.#schedule();
    });
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
    const now = this.#ctx.now();
    this.#watched.set(key, {
      kind,
      spec,
      jobId,
      since: now,
      context: options.context ?? {},
      intentId: options.intentId ?? intentIdOfJob(this.#ctx, kind, jobId),
      last: options.last ?? null,
      intervalMs: this.#timing.baseMs,
      // A job joining a list read on its own clock brings its next read this near, then keeps its clock.
      nextPollAt: now + (options.dueInMs ?? this.#timing.baseMs),
      pace: null,
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
    // Its project and price go to the journal too: the Jobs screen shows them after a restart.
    const tracked = journal.jobs.recordSeen({ workspaceId, kind, jobId: snapshot.id }, snapshot.state, {
      projectId: mergeContext(watched?.context ?? {}, snapshot.context).projectId ?? null,
      costUsd: snapshot.costUsd,
    });
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
      this.#clearTimer(); // back online (connection.changed) schedules again
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
      const key = listKey(watched.kind, location);
      let group = groups.get(key);
      if (!group) groups.set(key, (group = { key, spec: watched.spec, location, members: new Map(), due: [] }));
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
      if (group.members.size < 2) continue;
      lists.push(group);
    }
    // A list no job needs any more forgets what it read.
    for (const key of this.#lists.keys()) if (!lists.some((group) => group.key === key)) this.#lists.delete(key);
    for (const group of groups.values()) {
      if (group.due.length === 0) continue;
      // One list call costs what one read does, and refreshes every job it shows.
      if (group.members.size < 2) singles.push(...group.due);
    }
    const reads = lists.filter((group) => group.due.length > 0);
    await Promise.all([
      ...reads.map((group) => this.#pollList(group, lists.length)),
      ...singles.map((w) => this.#pollOne(w)),
    ]);
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
      const { changed } = this.apply(watched.kind, snapshot, 'poll');
      this.#reschedule(watched, changed, changed ? this.#stepWait(watched, snapshot) : undefined);
    } catch (err) {
      this.#afterFailure([watched], err);
    }
  }

  async #pollList(group: ListGroup, activeLists: number): Promise<void> {
    const now = this.#ctx.now();
    const { baseMs, fullReadMs } = this.#timing;
    let state = this.#lists.get(group.key);
    if (!state) {
      state = { watermark: null, delta: true, lastFullAt: 0, intervalMs: baseMs };
      this.#lists.set(group.key, state);
    }
    const members = [...group.members.values()];
    // In full when there is nothing to ask changes since, and now and then in any case (a job
    // followed after it was last read in full, and unchanged since, is known by then).
    const full = !state.delta || state.watermark === null || now - state.lastFullAt >= fullReadMs;
    const wanted = new Set((full ? members : group.due).map((w) => w.jobId));
    let result;
    try {
      result = await readList({
        transport: this.#ctx.transport,
        spec: group.spec,
        location: group.location,
        updatedSince: full ? null : state.watermark,
        wanted,
        signal: this.#abort.signal,
      });
    } catch (err) {
      this.#afterFailure(group.due, err);
      return;
    }
    if (full) state.lastFullAt = now;
    state.watermark = result.watermark;
    state.delta = state.delta && result.honoured;
    const read = new Map<Watched, boolean>();
    for (const snapshot of result.snapshots) {
      const watched = group.members.get(snapshot.id);
      if (!watched || !this.#isCurrent(watched)) continue;
      wanted.delete(snapshot.id);
      read.set(watched, this.apply(watched.kind, snapshot, 'poll').changed);
    }
    if (state.delta) {
      this.#nextListRead(state, members, [...read.values()].includes(true), activeLists);
    } else {
      // Its jobs keep their own clocks; one that was not due yet was refreshed for free.
      const due = new Set(group.due);
      for (const [watched, changed] of read) {
        if (due.has(watched)) this.#reschedule(watched, changed);
        else this.#reschedule(watched, changed, changed ? baseMs : watched.intervalMs);
      }
    }
    // Jobs a full read did not show (older than its pages, or gone from it): read them directly.
    if (full)
      await Promise.all(
        group.due.filter((w) => wanted.has(w.jobId) && this.#isCurrent(w)).map((w) => this.#pollOne(w)),
      );
  }

  /**
   * A list read by its changes: soon again after a change, later while nothing changes (by
   * `factor`, up to a share of its youngest job's age, then maxMs), never sooner than the
   * lists together allow; every job of it is due then.
   */
  #nextListRead(state: ListState, members: Watched[], changed: boolean, activeLists: number): void {
    const youngest = Math.max(...members.map((w) => w.since));
    state.intervalMs = nextListInterval(this.#timing, {
      intervalMs: state.intervalMs,
      changed,
      youngestAgeMs: this.#ctx.now() - youngest,
      activeLists,
    });
    const nextReadAt = this.#ctx.now() + state.intervalMs;
    for (const watched of members) {
      if (!this.#isCurrent(watched)) continue;
      watched.intervalMs = state.intervalMs;
      watched.nextPollAt = nextReadAt;
    }
  }

  /** After a change: the wait its steps' pace gives, for a job that reports steps (else the base wait). */
  #stepWait(watched: Watched, snapshot: JobSnapshot): number | undefined {
    const done = snapshot.partial?.chunks.done;
    if (done === undefined) return undefined;
    const now = this.#ctx.now();
    watched.pace ??= { atMs: now, done };
    return nextStepWait(this.#timing, watched.pace, now, done);
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
