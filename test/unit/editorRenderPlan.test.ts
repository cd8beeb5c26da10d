// How a timeline range becomes render cuts: video tracks flattened with the later track on
// top, gaps as black, cut points on the 30 fps grid, and the first unmuted audio track.
import { describe, expect, it } from 'vitest';
import { planRender } from '../../sandbox/editor/renderPlan.ts';
import type { MediaClip, Track } from '../../sandbox/editor/timelineSchemas.ts';

let n = 0;
function clip(assetId: number, startMs: number, endMs: number, extra: Partial<MediaClip> = {}): MediaClip {
  n += 1;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    kind: 'media',
    assetId,
    startMs,
    endMs,
    inMs: 1000,
    outMs: 1000 + (endMs - startMs),
    properties: { volume: 1 },
    effects: [],
    transitionIn: null,
    fit: 'contain',
    ...extra,
  };
}
const track = (kind: Track['kind'], clips: MediaClip[], muted = false): Track => ({
  id: `t-${kind}-${n++}`,
  kind,
  name: kind,
  muted,
  locked: false,
  clips,
});

describe('planRender', () => {
  it('shows the later video track on top and black where no track has a clip', () => {
    const base = track('video', [
      clip(1, 0, 2000),
      clip(2, 3000, 4000, { transitionIn: { transitionId: 'wipe', durationMs: 300 } }),
    ]);
    const overlay = track('video', [clip(3, 500, 1000)]);
    const { video, audio } = planRender([base, overlay], { startMs: 0, endMs: 4000 });
    expect(video.map((s) => [s.assetId, s.frames, s.sourceStartMs, s.transition])).toEqual([
      [1, 15, 1000, 'none'],
      [3, 15, 1000, 'none'],
      [1, 30, 2000, 'none'],
      [null, 30, 0, 'none'],
      [2, 30, 1000, 'dissolve'],
    ]);
    expect(video.reduce((sum, s) => sum + s.frames, 0)).toBe(120);
    expect(audio).toEqual([]);
  });

  it('starts mid-clip at the right source point, without the clip transition, and mutes a muted track', () => {
    const v = track('video', [clip(1, 0, 3000, { transitionIn: { transitionId: 'fade', durationMs: 300 } })], true);
    const a = track('audio', [clip(5, 2500, 4000, { properties: { volume: 0.5 } })]);
    const { video, audio } = planRender([v, a], { startMs: 1000, endMs: 3500 });
    expect(video).toEqual([
      { assetId: 1, sourceStartMs: 2000, frames: 60, transition: 'none', volume: 0 },
      { assetId: null, sourceStartMs: 0, frames: 15, transition: 'none', volume: 1 },
    ]);
    expect(audio).toEqual([
      { assetId: null, sourceStartMs: 0, frames: 45, transition: 'none', volume: 1 },
      { assetId: 5, sourceStartMs: 1000, frames: 30, transition: 'none', volume: 0.5 },
    ]);
  });
});
