// The track list as editors read it: captions on top, then video with the track that draws
// on top listed first, then audio in order; moving a track up or down the list swaps it with
// its listed neighbour of the same kind in the timeline's drawing order.
import { describe, expect, it } from 'vitest';
import { listedMoveTarget, listedTracks } from '../../renderer/model/timeline/trackOrder.ts';
import type { Track } from '../../shared/timeline/timelineTypes.ts';

const track = (kind: Track['kind'], name: string): Track => ({
  id: name,
  kind,
  name,
  muted: false,
  locked: false,
  clips: [],
});

// The drawing order as the service keeps it: later video tracks draw over earlier ones.
const drawn = [
  track('video', 'Video 1'),
  track('audio', 'Audio 1'),
  track('video', 'Video 2'),
  track('caption', 'Captions 1'),
  track('audio', 'Audio 2'),
  track('video', 'Video 3'),
  track('caption', 'Captions 2'),
];

describe('the listed track order', () => {
  it('lists captions, then video from the top-drawn down, then audio in order', () => {
    expect(listedTracks(drawn).map((t) => t.name)).toEqual([
      'Captions 2',
      'Captions 1',
      'Video 3',
      'Video 2',
      'Video 1',
      'Audio 1',
      'Audio 2',
    ]);
  });

  it('moves a video track up the list to draw over the one it passes', () => {
    // Video 1 (drawn first, listed last of the video) moved up: it goes after Video 2.
    const to = listedMoveTarget(drawn, 'Video 1', -1);
    expect(to).toBe(2);
    const moved = drawn.filter((t) => t.name !== 'Video 1');
    moved.splice(to!, 0, drawn[0]!);
    expect(
      listedTracks(moved)
        .map((t) => t.name)
        .slice(2, 5),
    ).toEqual(['Video 3', 'Video 1', 'Video 2']);
  });

  it('moves an audio track down the list to a later place', () => {
    expect(listedMoveTarget(drawn, 'Audio 1', 1)).toBe(4);
  });

  it('keeps a track among its kind: no move past the first or last of it', () => {
    expect(listedMoveTarget(drawn, 'Video 3', -1)).toBeNull();
    expect(listedMoveTarget(drawn, 'Video 1', 1)).toBeNull();
    expect(listedMoveTarget(drawn, 'Captions 1', 1)).toBeNull();
    expect(listedMoveTarget(drawn, 'Audio 2', 1)).toBeNull();
    expect(listedMoveTarget(drawn, 'nowhere', 1)).toBeNull();
  });
});
