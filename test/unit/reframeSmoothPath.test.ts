import { describe, expect, it } from 'vitest';
import { followKeyframes, type FollowSettings, type PathSample } from '../../sandbox/reframe/smoothPath.ts';

const SETTINGS: FollowSettings = { deadZone: 0.05, slack: 0.2, panPerSecond: 0.3, limit: 0.8, tolerance: 0.005 };
const every = (ms: number, count: number, target: (i: number) => number | null): PathSample[] =>
  Array.from({ length: count }, (_, i) => ({ atMs: i * ms, target: target(i) }));

/** The keyframes' value at t (linear between them), as the render reads them. */
function valueAt(keys: { atMs: number; value: number }[], t: number): number {
  const after = keys.findIndex((k) => k.atMs >= t);
  if (after <= 0) return after === 0 ? keys[0]!.value : keys.at(-1)!.value;
  const a = keys[after - 1]!;
  const b = keys[after]!;
  return a.value + ((b.value - a.value) * (t - a.atMs)) / (b.atMs - a.atMs);
}

describe('auto reframe: the camera path', () => {
  it('holds still for a subject that jitters inside the dead zone: one value, no wobble', () => {
    const keys = followKeyframes(
      every(250, 40, (i) => 0.1 + (i % 2 ? 0.02 : -0.02)),
      SETTINGS,
    );
    expect(new Set(keys.map((k) => k.value)).size).toBe(1);
    expect(keys.length).toBeLessThanOrEqual(2);
  });

  it('follows a steady pan with a few keyframes and keeps the subject within the slack', () => {
    const samples = every(250, 25, (i) => -0.4 + (0.8 * i) / 24);
    const keys = followKeyframes(samples, SETTINGS);
    expect(keys.length).toBeLessThanOrEqual(6);
    for (const s of samples) expect(Math.abs(valueAt(keys, s.atMs) - s.target!)).toBeLessThanOrEqual(0.2 + 0.006);
    // Monotonic: the camera never swings back on a one-way pan.
    for (let i = 1; i < keys.length; i++) expect(keys[i]!.value).toBeGreaterThanOrEqual(keys[i - 1]!.value);
  });

  it('ignores one stray detection and bridges gaps with the last framing', () => {
    const keys = followKeyframes(
      every(250, 20, (i) => (i === 7 ? -0.7 : i > 10 && i < 15 ? null : 0.3)),
      SETTINGS,
    );
    expect(keys.every((k) => k.value === 0.3)).toBe(true);
  });

  it('keeps the framing within the limit where the picture still covers the frame', () => {
    const keys = followKeyframes(
      every(250, 10, () => 2),
      SETTINGS,
    );
    expect(keys.every((k) => k.value === 0.8)).toBe(true);
  });

  it('makes no keyframes of no samples', () => {
    expect(followKeyframes([], SETTINGS)).toEqual([]);
  });
});
