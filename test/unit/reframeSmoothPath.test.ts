import { describe, expect, it } from 'vitest';
import { boxInFrame, centringValue, followSettings } from '../../sandbox/reframe/framing.ts';
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

describe('auto reframe: framing a clip', () => {
  it('measures a 16:9 picture covering a 9:16 frame as 3.16 frames wide and one tall', () => {
    const box = boxInFrame({ width: 9, height: 16 }, { width: 1280, height: 720 }, 'cover', 1);
    expect(box.width).toBeCloseTo(3.1605, 3);
    expect(box.height).toBeCloseTo(1, 6);
    // A point at three quarters across is centred by moving the picture left by a quarter of its width.
    expect(centringValue(0.75, box.width)).toBeCloseTo(-0.79, 2);
  });

  it('follows only on an axis where the picture overflows the frame, within positionX’s −1 to 1', () => {
    expect(followSettings(1, 0.1)).toBeNull();
    expect(followSettings(0.8, 0.1)).toBeNull();
    const wide = followSettings(3.16, 0.14)!;
    expect(wide.limit).toBe(1);
    // The subject (0.44 frames wide) keeps a margin to the edges, the keyframes' tolerance included.
    expect(wide.slack + wide.tolerance + (0.14 * 3.16) / 2).toBeLessThan(0.5);
    expect(wide.deadZone).toBeLessThan(wide.slack);
  });
});
