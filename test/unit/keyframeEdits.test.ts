// The app's keyframe edits (renderer/model/timeline/keyframeEdits.ts) and where it hears
// speech for ducking (speechSpans.ts): snapped to frames, Premiere's "a value typed with
// keyframes present is a keyframe at the playhead", and loud stretches of the waveform.
import { describe, expect, it } from 'vitest';
import {
  adjacentKeyframe,
  laneProperty,
  moveKeyframe,
  offsetValues,
  setValueAt,
  snapClipTime,
  toggleKeyframe,
} from '../../renderer/model/timeline/keyframeEdits.ts';
import { speechFromPeaks, speechOnOtherTracks } from '../../renderer/model/timeline/speechSpans.ts';
import type { MediaClip, Timeline } from '../../shared/timeline/timelineTypes.ts';

const clip = (over: Partial<MediaClip> = {}): MediaClip => ({
  id: 'c',
  kind: 'media',
  assetId: 1,
  startMs: 1000,
  endMs: 5000,
  inMs: 0,
  outMs: 4000,
  properties: {},
  effects: [],
  transitionIn: null,
  ...over,
});

describe('keyframe edits', () => {
  it('snaps times to the frame grid, inside the clip', () => {
    expect(snapClipTime(1010, 4000)).toBe(1000);
    expect(snapClipTime(1020, 4000)).toBe(1033);
    expect(snapClipTime(-50, 4000)).toBe(0);
    expect(snapClipTime(9000, 4000)).toBe(4000);
  });

  it('toggles a keyframe at a moment, and a typed value moves the one there or adds one', () => {
    const one = toggleKeyframe([], 500, 1);
    expect(one).toEqual([{ atMs: 500, value: 1 }]);
    expect(toggleKeyframe(one, 510, 1)).toEqual([]);
    const eased = [{ atMs: 0, value: 1, easing: 'easeOut' as const }];
    expect(setValueAt(eased, 2000, 0.2)).toEqual([...eased, { atMs: 2000, value: 0.2, easing: 'easeOut' }]);
    expect(setValueAt(eased, 10, 0.5)).toEqual([{ atMs: 0, value: 0.5, easing: 'easeOut' }]);
  });

  it('moves a keyframe onto a frame, replacing one already there, in time order', () => {
    const list = [
      { atMs: 0, value: 1 },
      { atMs: 1000, value: 0.5 },
      { atMs: 2000, value: 0 },
    ];
    expect(moveKeyframe(list, 0, 1510, 4000)).toEqual([
      { atMs: 1000, value: 0.5 },
      { atMs: 1500, value: 1 },
      { atMs: 2000, value: 0 },
    ]);
    expect(moveKeyframe(list, 0, 2005, 4000)).toEqual([
      { atMs: 1000, value: 0.5 },
      { atMs: 2000, value: 1 },
    ]);
  });

  it('finds the keyframe before and after, offsets values within the range, and picks the lane property', () => {
    const list = [
      { atMs: 0, value: 1.9 },
      { atMs: 1000, value: 0.1 },
    ];
    expect(adjacentKeyframe(list, 500, 1)).toBe(1000);
    expect(adjacentKeyframe(list, 500, -1)).toBe(0);
    expect(adjacentKeyframe(list, 1000, 1)).toBeNull();
    expect(offsetValues(list, 0.5, 0, 2).map((k) => k.value)).toEqual([2, 0.6]);
    expect(laneProperty(clip({ keyframes: { scale: list } }), null)).toBe('scale');
    expect(laneProperty(clip(), 'opacity')).toBe('opacity');
    expect(laneProperty(clip(), null)).toBeNull();
  });
});

describe('speech for ducking', () => {
  // 20 peaks a second: quiet, speech from 1.0 to 2.0 s of the recording (with a soft syllable), quiet.
  const peaks = Array.from({ length: 80 }, (_, i) => (i >= 20 && i < 40 ? (i === 30 ? 0.1 : 0.6) : 0.005));

  it('hears the loud stretches of a clip, placed where the clip plays them', () => {
    expect(speechFromPeaks(clip(), { peaks, peaksPerSecond: 20 })).toEqual([{ startMs: 2000, endMs: 3000 }]);
    // Trimmed to start at 1.5 s of the recording: the speech starts with the clip.
    expect(speechFromPeaks(clip({ inMs: 1500 }), { peaks, peaksPerSecond: 20 })).toEqual([
      { startMs: 1000, endMs: 1500 },
    ]);
  });

  it('takes words where a transcript is known, the level elsewhere, and never the ducked track', () => {
    const track = (id: string, kind: 'audio' | 'video', clips: MediaClip[]) => ({
      id,
      kind,
      name: id,
      muted: false,
      locked: false,
      clips,
    });
    const timeline: Timeline = {
      projectId: 1,
      revision: 'r1',
      durationMs: 5000,
      tracks: [
        track('voice', 'audio', [clip({ id: 'v', assetId: 1 })]),
        track('camera', 'video', [clip({ id: 'c2', assetId: 2, startMs: 0, endMs: 4000 })]),
        track('music', 'audio', [clip({ id: 'm', assetId: 3, startMs: 0 })]),
      ],
    };
    const transcripts = new Map([[1, [{ text: 'hello', startMs: 100, endMs: 400 }]]]) as never;
    const found = speechOnOtherTracks(timeline, 'music', transcripts, (id) =>
      id === 2 ? { peaks, peaksPerSecond: 20 } : id === 3 ? { peaks: [1, 1, 1], peaksPerSecond: 1 } : null,
    );
    expect(found.speech).toEqual([
      { startMs: 1100, endMs: 1400 },
      { startMs: 1000, endMs: 2000 },
    ]);
    expect([found.byWords, found.byLevel, found.unheard]).toEqual([1, 1, 0]);
  });
});
