// One rate budget per API key, shared by every caller that uses the key (DESIGN rule 3):
// never more than `limit` requests in any `windowMs` window. Callers wait for a slot
// instead of being refused; a waiting user action takes the next free slot before any
// waiting background poll; a Retry-After pauses all sending.
//
// A slot counts from when it is granted until `windowMs` after it is released. The
// service stamps a request somewhere between our send and our receipt of its answer, so
// counting from the release means that however the network delays each request, the
// service never sees more than `limit` of ours in one window (the service's own limiter
// is a sliding log too: sandbox/auth/rateLimiter.ts).
import { clientClosed, requestCancelled, AppFailure, type AppError } from '../../../shared/appError.ts';
import type { RateBudgetSnapshot } from '../../../shared/api/rateBudgetSnapshot.ts';
import { CREATE_LIMITS } from '../../../shared/limits.ts';

export type Priority = 'user' | 'background';

/** Time, injected so tests run the scheduling on a fake clock. */
export interface BudgetClock {
  /** Epoch milliseconds. */
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: BudgetClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export interface RateBudgetOptions {
  limit?: number;
  windowMs?: number;
  clock?: BudgetClock;
  /** A Retry-After longer than this pauses only this long (a bad header must not freeze the app). */
  maxPauseMs?: number;
}

/** A granted slot: release it once the request is over (answered, failed or cancelled). */
export interface BudgetSlot {
  release(): void;
}

export interface RateBudget {
  /** Waits for a slot; rejects with AppFailure request.cancelled when `signal` aborts, client.closed after close(). */
  acquire(priority: Priority, signal?: AbortSignal): Promise<BudgetSlot>;
  /** Sends nothing for `ms` (from a Retry-After); a longer pause already in force is kept. */
  pause(ms: number): void;
  /**
   * Resolves once no Retry-After pause is in force, without taking a slot: for requests
   * sent without the key (the reachability probe), which must not outrun a pause either.
   */
  whenUnpaused(signal?: AbortSignal): Promise<void>;
  snapshot(): RateBudgetSnapshot;
  /** Called after every change (grant, release, wait, pause); returns the unsubscribe function. */
  subscribe(listener: (snapshot: RateBudgetSnapshot) => void): () => void;
  /** Rejects every waiting caller with client.closed and refuses new ones. */
  close(): void;
}

interface Waiter {
  grant(slot: BudgetSlot): void;
  fail(error: AppError): void;
}

export function createRateBudget(options: RateBudgetOptions = {}): RateBudget {
  const limit = options.limit ?? CREATE_LIMITS.requestsPerMinute;
  const windowMs = options.windowMs ?? CREATE_LIMITS.rateWindowMs;
  const clock = options.clock ?? systemClock;
  const maxPauseMs = options.maxPauseMs ?? 10 * 60_000;

  /** Release times of finished requests still inside the window, oldest first. */
  const released: number[] = [];
  let inFlight = 0;
  let pausedUntil = 0;
  const waiting: Record<Priority, Waiter[]> = { user: [], background: [] };
  let timer: unknown = null;
  let timerAt = Infinity;
  let closed = false;
  const listeners = new Set<(snapshot: RateBudgetSnapshot) => void>();

  function prune(now: number): void {
    while (released.length > 0 && released[0]! + windowMs <= now) released.shift();
  }

  function snapshot(): RateBudgetSnapshot {
    const now = clock.now();
    prune(now);
    return {
      limit,
      windowMs,
      used: inFlight + released.length,
      inFlight,
      waitingUser: waiting.user.length,
      waitingBackground: waiting.background.length,
      pausedUntil: now < pausedUntil ? pausedUntil : null,
    };
  }

  function changed(): void {
    if (listeners.size === 0) return;
    const current = snapshot();
    for (const listener of listeners) {
      try {
        listener(current);
      } catch {
        // A failing status-bar listener must not stop the requests.
      }
    }
  }

  function newSlot(): BudgetSlot {
    inFlight++;
    let done = false;
    return {
      release() {
        if (done) return;
        done = true;
        inFlight--;
        // Kept in order even if the wall clock steps back.
        released.push(Math.max(clock.now(), released.at(-1) ?? -Infinity));
        pump();
        changed();
      },
    };
  }

  function wakeAt(at: number, now: number): void {
    if (at === timerAt) return;
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
    timerAt = at;
    if (Number.isFinite(at)) {
      timer = clock.setTimeout(
        () => {
          timer = null;
          timerAt = Infinity;
          pump();
          changed();
        },
        Math.max(0, at - now),
      );
    }
  }

  /** Grants free slots to waiters, user actions first, and sets the timer for the next chance. */
  function pump(): void {
    if (closed) return;
    const now = clock.now();
    prune(now);
    while (now >= pausedUntil && inFlight + released.length < limit) {
      const next = waiting.user.shift() ?? waiting.background.shift();
      if (!next) break;
      next.grant(newSlot());
    }
    let at = Infinity;
    if (waiting.user.length + waiting.background.length > 0) {
      if (now < pausedUntil) at = pausedUntil;
      else if (released.length > 0) at = released[0]! + windowMs;
      // else every slot is in flight: the next release pumps.
    }
    wakeAt(at, now);
  }

  return {
    acquire(priority, signal) {
      if (closed) return Promise.reject(new AppFailure(clientClosed()));
      if (signal?.aborted)
        return Promise.reject(
          new AppFailure(requestCancelled('The request was cancelled while it waited for the rate budget.')),
        );
      return new Promise<BudgetSlot>((resolve, reject) => {
        const queue = waiting[priority];
        const onAbort = () => {
          const index = queue.indexOf(waiter);
          if (index >= 0) queue.splice(index, 1);
          reject(new AppFailure(requestCancelled('The request was cancelled while it waited for the rate budget.')));
          pump();
          changed();
        };
        const waiter: Waiter = {
          grant(slot) {
            signal?.removeEventListener('abort', onAbort);
            resolve(slot);
          },
          fail(error) {
            signal?.removeEventListener('abort', onAbort);
            reject(new AppFailure(error));
          },
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        queue.push(waiter);
        pump();
        changed();
      });
    },

    pause(ms) {
      if (!(ms > 0) || closed) return;
      const until = clock.now() + Math.min(ms, maxPauseMs);
      if (until <= pausedUntil) return;
      pausedUntil = until;
      pump();
      changed();
    },

    async whenUnpaused(signal) {
      for (;;) {
        const wait = pausedUntil - clock.now();
        if (wait <= 0 || closed) return;
        await new Promise<void>((resolve, reject) => {
          const onAbort = (): void => {
            clock.clearTimeout(handle);
            reject(new AppFailure(requestCancelled()));
          };
          const handle = clock.setTimeout(() => {
            signal?.removeEventListener('abort', onAbort);
            resolve();
          }, wait);
          if (signal?.aborted) onAbort();
          else signal?.addEventListener('abort', onAbort, { once: true });
        });
      }
    },

    snapshot,

    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },

    close() {
      if (closed) return;
      closed = true;
      wakeAt(Infinity, clock.now());
      const all = [...waiting.user, ...waiting.background];
      waiting.user.length = 0;
      waiting.background.length = 0;
      for (const waiter of all) waiter.fail(clientClosed());
      changed();
    },
  };
}
