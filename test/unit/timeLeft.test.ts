import { describe, expect, it } from 'vitest';
import {
  addSample,
  EMPTY_TIME_LEFT,
  timeLeftOf,
  timeLeftText,
  type TimeLeftState,
} from '../../renderer/model/timeLeft.ts';

/** Feeds `progress(t)` every `everyMs` from 0 to `untilMs`; the states after each reading. */
function feed(progress: (t: number) => number, untilMs: number, everyMs = 1000): TimeLeftState[] {
  const states: TimeLeftState[] = [];
  let state = EMPTY_TIME_LEFT;
  for (let t = 0; t <= untilMs; t += everyMs) {
    state = addSample(state, { at: t, progress: progress(t) });
    states.push(state);
  }
  return states;
}

const text = (state: TimeLeftState) => timeLeftText(timeLeftOf(state));

describe('the time a job has left', () => {
  it('says nothing before enough progress over enough time', () => {
    // 1% a minute: after 30 s only 0.5% done.
    const slow = feed((t) => t / 6_000_000, 30_000);
    expect(slow.map(text).every((t) => t === null)).toBe(true);
    // Fast, but only 3 s in.
    const early = feed((t) => t / 100_000, 3_000);
    expect(early.map(text).every((t) => t === null)).toBe(true);
  });

  it('at a steady rate, says the time left at that rate', () => {
    // 1% every 2.4 s: 240 s in all; at 120 s, 2 minutes left.
    const states = feed((t) => t / 240_000, 120_000);
    expect(timeLeftOf(states.at(-1)!)).toEqual({ kind: 'left', ms: expect.closeTo(120_000, -3) });
    expect(text(states.at(-1)!)).toBe('about 2 min left');
  });

  it('counts down smoothly when the rate changes, never jumping by the whole change', () => {
    // Steady for 60 s (10% a minute), then twice as fast.
    const rate = (t: number) => (t <= 60_000 ? t / 600_000 : 0.1 + (t - 60_000) / 300_000);
    const states = feed(rate, 120_000);
    const shown = states.map((s) => s.shownMs).filter((ms): ms is number => ms !== null);
    for (let i = 1; i < shown.length; i++) {
      // Each second the estimate moves by less than a third of what the raw reading did
      // (the raw one halves when the rate doubles), and it falls, as time left does.
      expect(shown[i]!).toBeLessThanOrEqual(shown[i - 1]! + 1);
      expect(shown[i - 1]! - shown[i]!).toBeLessThan(0.35 * shown[i - 1]!);
    }
  });

  it('is never negative, and says "almost done" near the end', () => {
    const states = feed((t) => Math.min(1, t / 60_000), 70_000);
    expect(states.every((s) => s.shownMs === null || s.shownMs >= 0)).toBe(true);
    expect(text(states.find((s) => s.samples.at(-1)!.progress >= 0.97)!)).toBe('almost done');
    expect(text(states.at(-1)!)).toBe('almost done');
  });

  it('begins afresh when the progress falls (the job started over)', () => {
    let state = feed((t) => t / 100_000, 20_000).at(-1)!;
    expect(text(state)).not.toBeNull();
    state = addSample(state, { at: 21_000, progress: 0.01 });
    expect(text(state)).toBeNull();
    expect(state.samples).toHaveLength(1);
  });

  it('words minutes and hours', () => {
    expect(timeLeftText({ kind: 'left', ms: 4 * 60_000 + 10_000 })).toBe('about 4 min left');
    expect(timeLeftText({ kind: 'left', ms: 25_000 })).toBe('less than a minute left');
    expect(timeLeftText({ kind: 'left', ms: 80 * 60_000 })).toBe('about 1 h 20 min left');
    expect(timeLeftText({ kind: 'left', ms: 120 * 60_000 })).toBe('about 2 h left');
    expect(timeLeftText({ kind: 'unknown' })).toBeNull();
  });
});
