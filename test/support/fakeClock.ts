// A clock for scheduling logic under test: time moves only when the test says so, and
// the timers due on the way run in order, with promise callbacks settled between them.
import { setImmediate as realImmediate } from 'node:timers/promises';

interface Timer {
  at: number;
  seq: number;
  callback: () => void;
}

export function createFakeClock(start = Date.UTC(2026, 0, 1)) {
  let now = start;
  let seq = 0;
  const timers = new Map<number, Timer>();

  /** Lets every pending promise callback run (they may set or clear timers). */
  const settle = async () => {
    for (let i = 0; i < 3; i++) await realImmediate();
  };

  return {
    now: () => now,
    setTimeout(callback: () => void, ms: number): unknown {
      const id = ++seq;
      timers.set(id, { at: now + Math.max(0, ms), seq: id, callback });
      return id;
    },
    clearTimeout(handle: unknown): void {
      timers.delete(handle as number);
    },
    /** Moves time forward by `ms`, firing each timer at its own time. */
    async advance(ms: number): Promise<void> {
      const target = now + ms;
      await settle();
      for (;;) {
        let next: [number, Timer] | undefined;
        for (const entry of timers) {
          if (
            entry[1].at <= target &&
            (!next || entry[1].at < next[1].at || (entry[1].at === next[1].at && entry[1].seq < next[1].seq))
          )
            next = entry;
        }
        if (!next) break;
        timers.delete(next[0]);
        now = Math.max(now, next[1].at);
        next[1].callback();
        await settle();
      }
      now = target;
      await settle();
    },
    settle,
    pendingTimers: () => timers.size,
  };
}

export type FakeClock = ReturnType<typeof createFakeClock>;
