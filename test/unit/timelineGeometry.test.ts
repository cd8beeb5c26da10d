// What the timeline draws: the clips that intersect a window, found by binary search on a
// 5,000-clip track; clips too narrow to see merged into clusters (selected ones always on
// their own); snapping to the nearest edge within reach; time codes typed and shown.
import { describe, expect, it } from 'vitest';
import type { Clip } from '../../shared/timeline/timelineTypes.ts';
import {
  formatTime,
  laneItems,
  parseTime,
  snapShift,
  visibleRange,
} from '../../renderer/model/timeline/timelineGeometry.ts';

/** n clips of `length` ms, one every `every` ms. */
function track(n: number, length: number, every: number): Clip[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `c${i}`,
    kind: 'caption',
    startMs: i * every,
    endMs: i * every + length,
    text: 't',
    style: 'subtitle',
    font: 'inter',
  }));
}

describe('the clips drawn for a window', () => {
  const clips = track(5000, 800, 1000);

  it('are exactly those that intersect it', () => {
    const [from, to] = visibleRange(clips, 2_500, 7_900);
    const expected = clips.filter((c) => c.endMs > 2_500 && c.startMs < 7_900).map((c) => c.id);
    expect(clips.slice(from, to).map((c) => c.id)).toEqual(expected);
    expect(expected).toEqual(['c2', 'c3', 'c4', 'c5', 'c6', 'c7']);
    expect(visibleRange(clips, 10_000_000, 10_001_000)).toEqual([5000, 5000]);
  });

  it('are each drawn when wide enough, and merged into a few clusters when not', () => {
    const near = laneItems(clips, 0, 20_000, 0.1, new Set());
    expect(near.every((i) => i.kind === 'clip')).toBe(true);
    expect(near).toHaveLength(20);
    // The whole 5,000 s on 1,000 px: each clip is far narrower than a pixel.
    const far = laneItems(clips, 0, 5_000_000, 1000 / 5_000_000, new Set(['c42']));
    expect(far.length).toBeLessThan(10);
    expect(far.filter((i) => i.kind === 'clip').map((i) => (i.kind === 'clip' ? i.clip.id : ''))).toEqual(['c42']);
    const counted = far.reduce((n, i) => n + (i.kind === 'cluster' ? i.count : 1), 0);
    expect(counted).toBe(5000);
  });
});

describe('snapping', () => {
  it('moves the nearest edge onto a target within reach, and nothing otherwise', () => {
    expect(snapShift([1_040, 2_040], [0, 1_000, 5_000], 80)).toBe(-40);
    expect(snapShift([1_200], [0, 1_000], 80)).toBe(0);
  });
});

describe('time codes', () => {
  it('are shown to the millisecond and read in any usual form', () => {
    expect(formatTime(3_723_450)).toBe('01:02:03.450');
    expect(parseTime('1.5')).toBe(1500);
    expect(parseTime('1:02.5')).toBe(62_500);
    expect(parseTime('01:02:03.450')).toBe(3_723_450);
    expect(parseTime('soon')).toBeNull();
  });
});
