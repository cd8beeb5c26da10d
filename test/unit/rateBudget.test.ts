// The rate budget's scheduling on a fake clock: the limit holds in every window, user
// actions go first, Retry-After pauses everything, waiting callers can be cancelled.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRateBudget, type BudgetSlot, type Priority, type RateBudget } from '../../main/core/rate/rateBudget.ts';
import { createFakeClock, type FakeClock } from '../support/fakeClock.ts';

/** The most events any window [start, start + windowMs) holds, trying every whole-ms start. */
function busiestWindow(times: number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  const countBefore = (t: number) => {
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid]! < t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  let most = 0;
  for (let start = sorted[0]! - windowMs; start <= sorted.at(-1)!; start++) {
    most = Math.max(most, countBefore(start + windowMs) - countBefore(start));
  }
  return most;
}

interface Traffic {
  arriveAt: number;
  durationMs: number;
  /** Where between send and answer the service counts the request (0..1). */
  stampAt: number;
  priority: Priority;
}

/** Runs callers through the budget on the fake clock; returns when each got its slot and when the service counted it. */
async function simulate(clock: FakeClock, budget: RateBudget, traffic: Traffic[]) {
  const granted: number[] = [];
  const stamped: number[] = [];
  let finished = 0;
  for (const t of traffic) {
    clock.setTimeout(() => {
      void budget.acquire(t.priority).then((slot) => {
        const at = clock.now();
        granted.push(at);
        stamped.push(at + Math.round(t.durationMs * t.stampAt));
        clock.setTimeout(() => {
          slot.release();
          finished++;
        }, t.durationMs);
      });
    }, t.arriveAt);
  }
  for (let i = 0; i < 10_000 && finished < traffic.length; i++) await clock.advance(1_000);
  return { granted, stamped, finished };
}

const traffic = (maxArrive: number, maxDuration: number) =>
  fc.array(
    fc.record({
      arriveAt: fc.integer({ min: 0, max: maxArrive }),
      durationMs: fc.integer({ min: 0, max: maxDuration }),
      stampAt: fc.double({ min: 0, max: 1, noNaN: true }),
      priority: fc.constantFrom<Priority>('user', 'background'),
    }),
    { minLength: 1, maxLength: 40 },
  );

describe('the rate budget never exceeds its limit', () => {
  it('300 requests in bursts at 120 per minute: never 121 in any 60 s window, on our side or the service side', async () => {
    const clock = createFakeClock();
    const budget = createRateBudget({ clock });
    const rand = fc.sample(fc.integer({ min: 0, max: 2_000 }), { seed: 42, numRuns: 300 });
    const load: Traffic[] = rand.map((r, i) => ({
      arriveAt: Math.floor(i / 100) * 20_000 + (r % 50),
      durationMs: r,
      stampAt: (r % 7) / 6,
      priority: i % 3 === 0 ? 'background' : 'user',
    }));
    const { granted, stamped, finished } = await simulate(clock, budget, load);
    expect(finished).toBe(300);
    expect(busiestWindow(granted, 60_000)).toBe(120);
    expect(busiestWindow(stamped, 60_000)).toBeLessThanOrEqual(120);
  });

  it('holds for any arrivals and durations (property, small limits)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 5 }), traffic(3_000, 800), async (limit, load) => {
        const clock = createFakeClock();
        const budget = createRateBudget({ clock, limit, windowMs: 1_000 });
        const { granted, stamped, finished } = await simulate(clock, budget, load);
        expect(finished).toBe(load.length);
        expect(busiestWindow(granted, 1_000)).toBeLessThanOrEqual(limit);
        expect(busiestWindow(stamped, 1_000)).toBeLessThanOrEqual(limit);
      }),
      { numRuns: 40 },
    );
  });

  it('a slot counts until a full window after its request ended, not after it began', async () => {
    const clock = createFakeClock();
    const budget = createRateBudget({ clock, limit: 1, windowMs: 60_000 });
    const first = await budget.acquire('user');
    await clock.advance(10_000);
    first.release();
    let second: BudgetSlot | undefined;
    void budget.acquire('user').then((slot) => (second = slot));
    await clock.advance(59_999);
    expect(second).toBeUndefined();
    expect(budget.snapshot()).toMatchObject({ used: 1, inFlight: 0, waitingUser: 1 });
    await clock.advance(1);
    expect(second).toBeDefined();
  });
});

describe('who goes first', () => {
  it('a waiting user action takes the next free slot before waiting polls; each priority keeps its order', async () => {
    const clock = createFakeClock();
    const budget = createRateBudget({ clock, limit: 2, windowMs: 1_000 });
    (await budget.acquire('background')).release();
    (await budget.acquire('background')).release();
    const order: string[] = [];
    const want = (name: string, priority: Priority) =>
      void budget.acquire(priority).then((slot) => {
        order.push(name);
        slot.release();
      });
    want('poll 1', 'background');
    want('poll 2', 'background');
    want('click 1', 'user');
    want('poll 3', 'background');
    want('click 2', 'user');
    await clock.settle();
    expect(order).toEqual([]);
    expect(budget.snapshot()).toMatchObject({ used: 2, waitingUser: 2, waitingBackground: 3 });
    await clock.advance(1_000);
    expect(order).toEqual(['click 1', 'click 2']);
    await clock.advance(1_000);
    expect(order).toEqual(['click 1', 'click 2', 'poll 1', 'poll 2']);
    await clock.advance(1_000);
    expect(order).toEqual(['click 1', 'click 2', 'poll 1', 'poll 2', 'poll 3']);
  });
});

describe('pause (Retry-After)', () => {
  it('stops all sending until the pause ends, even with slots free; a shorter pause does not shorten it', async () => {
    const clock = createFakeClock();
    const budget = createRateBudget({ clock });
    budget.pause(5_000);
    budget.pause(1_000);
    expect(budget.snapshot().pausedUntil).toBe(clock.now() + 5_000);
    let user: BudgetSlot | undefined;
    let poll: BudgetSlot | undefined;
    void budget.acquire('background').then((slot) => (poll = slot));
    void budget.acquire('user').then((slot) => (user = slot));
    await clock.advance(4_999);
    expect(user).toBeUndefined();
    expect(poll).toBeUndefined();
    expect(budget.snapshot()).toMatchObject({ used: 0, waitingUser: 1, waitingBackground: 1 });
    await clock.advance(1);
    expect(user).toBeDefined();
    expect(poll).toBeDefined();
    expect(budget.snapshot().pausedUntil).toBeNull();
  });

  it('a longer pause extends the current one; an absurd Retry-After is capped', async () => {
    const clock = createFakeClock();
    const budget = createRateBudget({ clock, maxPauseMs: 60_000 });
    budget.pause(1_000);
    budget.pause(3_000);
    expect(budget.snapshot().pausedUntil).toBe(clock.now() + 3_000);
    budget.pause(86_400_000);
    expect(budget.snapshot().pausedUntil).toBe(clock.now() + 60_000);
  });
});

describe('waiting callers', () => {
  it('a cancelled wait rejects with request.cancelled and leaves the queue; the slot goes to the next caller', async () => {
    const clock = createFakeClock();
    const budget = createRateBudget({ clock, limit: 1, windowMs: 1_000 });
    (await budget.acquire('user')).release();
    const controller = new AbortController();
    const cancelled = budget.acquire('user', controller.signal);
    let next: BudgetSlot | undefined;
    void budget.acquire('background').then((slot) => (next = slot));
    await clock.settle();
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ code: 'request.cancelled', status: null });
    expect(budget.snapshot()).toMatchObject({ waitingUser: 0, waitingBackground: 1 });
    await clock.advance(1_000);
    expect(next).toBeDefined();
  });

  it('close() rejects every waiting caller with client.closed and refuses new ones', async () => {
    const clock = createFakeClock();
    const budget = createRateBudget({ clock, limit: 1, windowMs: 1_000 });
    await budget.acquire('user');
    const waiting = [budget.acquire('user'), budget.acquire('background')];
    budget.close();
    for (const w of waiting) await expect(w).rejects.toMatchObject({ code: 'client.closed' });
    await expect(budget.acquire('user')).rejects.toMatchObject({ code: 'client.closed' });
    expect(clock.pendingTimers()).toBe(0);
  });

  it('tells subscribers about every change, for the status bar', async () => {
    const clock = createFakeClock();
    const budget = createRateBudget({ clock, limit: 1, windowMs: 1_000 });
    const seen: { used: number; waitingUser: number }[] = [];
    const stop = budget.subscribe((s) => seen.push({ used: s.used, waitingUser: s.waitingUser }));
    const slot = await budget.acquire('user');
    const second = budget.acquire('user');
    slot.release();
    await clock.advance(1_000);
    (await second).release();
    stop();
    budget.pause(10);
    expect(seen[0]).toEqual({ used: 1, waitingUser: 0 });
    expect(seen).toContainEqual({ used: 1, waitingUser: 1 });
    expect(seen.at(-1)).toEqual({ used: 1, waitingUser: 0 });
    const count = seen.length;
    budget.pause(20);
    expect(seen.length).toBe(count);
  });
});

describe('whenUnpaused (requests sent without the key)', () => {
  it('resolves at once when no pause is in force, and only when the pause ends otherwise, without using a slot', async () => {
    const clock = createFakeClock();
    const budget = createRateBudget({ clock });
    let early = false;
    await budget.whenUnpaused().then(() => (early = true));
    expect(early).toBe(true);
    budget.pause(2_000);
    let done = false;
    void budget.whenUnpaused().then(() => (done = true));
    await clock.advance(1_999);
    expect(done).toBe(false);
    await clock.advance(1);
    expect(done).toBe(true);
    expect(budget.snapshot().used).toBe(0);
  });

  it('a cancelled wait rejects with request.cancelled', async () => {
    const clock = createFakeClock();
    const budget = createRateBudget({ clock });
    budget.pause(5_000);
    const controller = new AbortController();
    const waiting = budget.whenUnpaused(controller.signal);
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ code: 'request.cancelled' });
  });
});
