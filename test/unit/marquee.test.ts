// Marquee selection (renderer/model/timeline/marquee.ts): a box picks the clips it touches on
// the rows it spans, drawn either way, never those of a locked track or outside its time.
import { describe, expect, it } from 'vitest';
import { boxBetween, clipsInBox } from '../../renderer/model/timeline/marquee.ts';
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
