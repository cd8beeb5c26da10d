// Marquee selection (renderer/model/timeline/marquee.ts): a box picks the clips it touches on
// the rows it spans, drawn either way, never those of a locked track or outside its time;
// rows are found in the lane layout, where each track may have its own height.
import { describe, expect, it } from 'vitest';
import { boxBetween, clipsInBox } from '../../renderer/model/timeline/marquee.ts';
import { clampLaneHeight, laneLayout, rowAt } from '../../renderer/model/timeline/laneLayout.ts';
import type { Track } from '../../shared/timeline/timelineTypes.ts';

const caption = (id: string, startMs: number, endMs: number) =>
  ({ id, kind: 'caption', startMs, endMs, text: id, style: 'plain', font: 'inter' }) as const;
const track = (id: string, locked: boolean, clips: ReturnType<typeof caption>[]): Track => ({
  id,
  kind: 'caption',
  name: id,
  muted: false,
  locked,
  clips,
});

const listed = [
  track('a', false, [caption('a1', 0, 1000), caption('a2', 2000, 3000)]),
  track('b', true, [caption('b1', 500, 1500)]),
  track('c', false, [caption('c1', 900, 2100), caption('c2', 4000, 5000)]),
];

describe('marquee selection', () => {
  it('picks the clips the box touches across the rows it spans, drawn either way', () => {
    expect(clipsInBox(listed, boxBetween({ ms: 950, row: 0 }, { ms: 2500, row: 2 }))).toEqual(['a1', 'a2', 'c1']);
    expect(clipsInBox(listed, boxBetween({ ms: 2500, row: 2 }, { ms: 950, row: 0 }))).toEqual(['a1', 'a2', 'c1']);
  });

  it('leaves a locked track, a clip the box only meets at an edge, and rows past the last', () => {
    expect(clipsInBox(listed, boxBetween({ ms: 1000, row: 1 }, { ms: 1999, row: 5 }))).toEqual(['c1']);
    expect(clipsInBox(listed, boxBetween({ ms: -50, row: -1 }, { ms: 0, row: 0 }))).toEqual([]);
  });
});

describe('lane layout', () => {
  it('stacks each track at its own height and finds the row under a point', () => {
    const layout = laneLayout([{ id: 'a' }, { id: 'b' }, { id: 'c' }], { b: 120 });
    expect(layout).toEqual({ tops: [0, 64, 184], heights: [64, 120, 64], total: 248 });
    expect([-1, 0, 63, 64, 183, 184, 247, 248].map((y) => rowAt(layout, y))).toEqual([-1, 0, 0, 1, 1, 2, 2, 3]);
    expect([0, 40, 1000].map(clampLaneHeight)).toEqual([40, 40, 240]);
  });
});
