// The monitor's reading of "Change over time" (docs/render-semantics.md), rule by rule: values
// between keyframes of every property and easing (the shared valueAt), keyframed effect
// parameters, picture fades as alpha, a transition at the out edge, reversed and frozen
// source times, and the mix: volume as an interpolated gain factor, equal-power fades, a
// crossfade's ramps and reach past the cut, and a reversed clip's buffer.
import { describe, expect, it } from 'vitest';
import { mediaClip as media } from '../support/previewClips.ts';
import { ease, valueAt, type Easing } from '../../shared/timeline/keyframes.ts';
import type { MediaClip, Timeline, Track } from '../../shared/timeline/timelineTypes.ts';
import { clipGain, soundAt, soundSpanOf } from '../../renderer/preview/audioMix.ts';
import { pictureMsAt, sourceMsAt } from '../../renderer/preview/clipTiming.ts';
import { audioFadeAt, pictureFadeAt, propertyAt } from '../../renderer/preview/clipValues.ts';
import { composeFrame, type MediaShape } from '../../renderer/preview/composeFrame.ts';
import { reversedStretch } from '../../renderer/preview/reversedSound.ts';

const FRAME = { width: 640, height: 360 };
const SHAPE: MediaShape = { kind: 'video', hasVideo: true, width: 640, height: 360 };
const ctx = { frame: FRAME, shapeOf: () => SHAPE };
let ids = 0;

const track = (clips: MediaClip[], kind: Track['kind'] = 'video'): Track => ({
  id: `t${++ids}`,
  kind,
  name: kind,
  muted: false,
  locked: false,
  clips,
});
const timeline = (...tracks: Track[]): Timeline => ({ projectId: 1, revision: 'r1', durationMs: 60_000, tracks });
const layerAt = (clip: MediaClip, t: number) => composeFrame(timeline(track([clip])), t, ctx).pictures[0]!;

describe('the picture between keyframes', () => {
  const easings: Easing[] = ['linear', 'easeIn', 'easeOut', 'easeInOut', 'hold'];
  it.each(easings)('every property follows the %s curve of the shared valueAt', (easing) => {
    // Keyframes at 1000 and 3000 ms of a clip starting at 500: a quarter of the way at t = 2000.
    const keys = (from: number, to: number) => [
      { atMs: 1000, value: from, easing },
      { atMs: 3000, value: to },
    ];
    const clip = media(500, 4500, {
      keyframes: {
        opacity: keys(1, 0),
        scale: keys(1, 0.5),
        positionX: keys(0, 0.4),
        positionY: keys(0, -0.2),
        rotation: keys(0, 90),
      },
    });
    const e = ease(easing, 0.25);
    const layer = layerAt(clip, 2000);
    expect(layer.opacity).toBeCloseTo(1 - e, 9);
    expect(layer.width).toBeCloseTo(640 * (1 - 0.5 * e), 9);
    expect(layer.centerX).toBeCloseTo(320 + 0.4 * e * 640, 9);
    expect(layer.centerY).toBeCloseTo(180 - 0.2 * e * 360, 9);
    expect(layer.rotation).toBeCloseTo(90 * e, 9);
    // Before the first keyframe the first value holds; after the last, the last.
    expect(layerAt(clip, 600).rotation).toBe(0);
    expect(layerAt(clip, 4000).rotation).toBe(90);
  });

  it('reads a keyframed effect parameter at t, other parameters static', () => {
    const clip = media(0, 4000, {
      effects: [
        { effectId: 'blur', params: { radius: 2 } },
        { effectId: 'brightness', params: { amount: 0.1 } },
      ],
      keyframes: {
        'effect:blur.radius': [
          { atMs: 0, value: 0 },
          { atMs: 2000, value: 20, easing: 'easeOut' },
        ],
      },
    });
    const [blur, brightness] = layerAt(clip, 1000).effects;
    expect(blur).toEqual({
      kind: 'blur',
      sigmaPx: (valueAt(clip.keyframes!['effect:blur.radius'], 2, 1000) * 360) / 1080,
    });
    expect(brightness).toEqual({ kind: 'brightness', amount: 0.1 });
  });

  it('multiplies the alpha by the picture fades and the opacity curve', () => {
    const clip = media(1000, 5000, {
      properties: { fadeInMs: 1000, fadeOutMs: 2000, opacity: 0.8 },
      keyframes: {
        opacity: [
          { atMs: 0, value: 1 },
          { atMs: 4000, value: 0.5 },
        ],
      },
    });
    expect(pictureFadeAt(clip, 1250)).toBeCloseTo(0.25, 9);
    expect(layerAt(clip, 1250).opacity).toBeCloseTo(0.25 * valueAt(clip.keyframes!.opacity, 0.8, 250), 9);
    expect(pictureFadeAt(clip, 2500)).toBe(1);
    expect(layerAt(clip, 4500).opacity).toBeCloseTo(0.25 * valueAt(clip.keyframes!.opacity, 0.8, 3500), 9);
    // No colour fade: the picture fades are alpha, over what is beneath.
    expect(layerAt(clip, 4500).fade).toBeNull();
  });

  it('goes out by its transition at the out edge: a fade to black, a dissolve to what is beneath', () => {
    const faded = media(0, 2000, { transitionOut: { transitionId: 'fade', durationMs: 1000 } });
    expect(layerAt(faded, 500).fade).toBeNull();
    expect(layerAt(faded, 1250).fade).toBeCloseTo(0.75, 9);
    expect(layerAt(faded, 1250).opacity).toBe(1);
    const dissolved = media(0, 2000, { transitionOut: { transitionId: 'dissolve', durationMs: 1000 } });
    expect(layerAt(dissolved, 1750).opacity).toBeCloseTo(0.25, 9);
    expect(layerAt(dissolved, 1750).fade).toBeNull();
    // In and out on one clip: both factors.
    const both = { ...faded, transitionIn: { transitionId: 'fade', durationMs: 1500 } };
    expect(layerAt(both, 1250).fade).toBeCloseTo((1250 / 1500) * 0.75, 9);
  });

  it('plays a reversed clip from outMs down, and holds a freeze frame on inMs; neither element plays', () => {
    const reversed = media(1000, 3000, { inMs: 500, outMs: 2500, properties: { reverse: 1 } });
    expect(sourceMsAt(reversed, 1000)).toBe(2500);
    expect(sourceMsAt(reversed, 1500)).toBe(2000);
    // Backwards a frame shows from its end down to its start: at a frame's start, the one before.
    expect(pictureMsAt(reversed, 1500)).toBeLessThan(2000);
    expect(pictureMsAt(reversed, 1500)).toBeGreaterThan(1999);
    expect(layerAt(reversed, 1500)).toMatchObject({ plays: false });
    const freeze = media(0, 2000, { inMs: 1234, outMs: 1235, freezeMs: 2000 });
    expect(layerAt(freeze, 1500)).toMatchObject({ sourceMs: 1234, plays: false });
    expect(layerAt(media(0, 1000), 500).plays).toBe(true);
  });
});

describe('the mix over time', () => {
  it('interpolates the volume factor itself: a linear 1 → 0 is 0.5 halfway', () => {
    const clip = media(0, 4000, {
      keyframes: {
        volume: [
          { atMs: 1000, value: 1 },
          { atMs: 3000, value: 0 },
        ],
      },
    });
    expect(propertyAt(clip, 'volume', 2000)).toBe(0.5);
    expect(clipGain(clip, track([clip], 'audio'), 2000)).toBe(0.5);
    expect(clipGain(clip, track([clip], 'audio'), 3500)).toBe(0);
  });

  it('fades the sound with equal-power curves, times the volume', () => {
    const clip = media(0, 4000, { properties: { volume: 2, audioFadeInMs: 1000, audioFadeOutMs: 2000 } });
    expect(audioFadeAt(clip, 500)).toBeCloseTo(Math.SQRT1_2, 9);
    expect(clipGain(clip, track([clip], 'audio'), 500)).toBeCloseTo(2 * Math.SQRT1_2, 9);
    expect(audioFadeAt(clip, 3000)).toBeCloseTo(Math.sin(Math.PI / 4), 9);
    expect(audioFadeAt(clip, 2000)).toBe(1);
  });

  it('ramps the sound down with a fade or dissolve out', () => {
    const clip = media(0, 2000, { transitionOut: { transitionId: 'dissolve', durationMs: 1000 } });
    expect(clipGain(clip, track([clip], 'audio'), 1750)).toBeCloseTo(0.25, 9);
  });

  it('crossfades at a cut: each clip sounds half the crossfade past it, at equal power', () => {
    const a = media(0, 2000, { inMs: 1000, outMs: 3000 });
    const b = media(2000, 4000, {
      inMs: 1000,
      outMs: 3000,
      transitionIn: { transitionId: 'crossfade', durationMs: 1000 },
    });
    const sound = track([a, b], 'audio');
    expect(soundSpanOf(a, sound, 10_000)).toEqual([0, 2500]);
    expect(soundSpanOf(b, sound, 10_000)).toEqual([1500, 4000]);
    // A media with only 200 ms after outMs sounds 200 ms past the cut.
    expect(soundSpanOf(a, sound, 3200)[1]).toBe(2200);
    const at = (t: number) =>
      soundAt(
        timeline(sound),
        t,
        () => true,
        () => 10_000,
      );
    expect(at(1400).map((s) => s.clipId)).toEqual([a.id]);
    // B sounds from half the crossfade before the cut, from before its inMs.
    expect(at(1750).map((s) => [s.clipId, s.sourceMs])).toEqual([
      [a.id, 2750],
      [b.id, 750],
    ]);
    const mid = at(2000);
    expect(mid.map((s) => [s.clipId, s.sourceMs])).toEqual([
      [a.id, 3000],
      [b.id, 1000],
    ]);
    for (const s of mid) expect(s.gain).toBeCloseTo(Math.SQRT1_2, 9);
    const late = at(2250);
    expect(late[0]!.gain ** 2 + late[1]!.gain ** 2).toBeCloseTo(1, 9);
    expect(late[0]!.sourceMs).toBe(3250);
    expect(at(2600).map((s) => s.clipId)).toEqual([b.id]);
    // Set on A's out edge it does the same.
    const outEdge = track(
      [
        { ...a, transitionOut: { transitionId: 'crossfade', durationMs: 1000 } },
        { ...b, transitionIn: null },
      ],
      'audio',
    );
    expect(soundAt(timeline(outEdge), 2000, () => true).map((s) => s.gain)).toEqual(mid.map((s) => s.gain));
  });

  it('plays a reversed clip backwards, and a freeze frame not at all', () => {
    const reversed = media(0, 2000, { inMs: 0, outMs: 2000, properties: { reverse: 1 } });
    const freeze = media(0, 2000, { inMs: 500, outMs: 501, freezeMs: 2000 });
    const sounding = soundAt(timeline(track([reversed], 'audio'), track([freeze])), 500, () => true);
    expect(sounding).toEqual([expect.objectContaining({ clipId: reversed.id, reversed: true, sourceMs: 1500 })]);
  });

  it('copies a stretch of decoded sound backwards', () => {
    const samples = Float32Array.from({ length: 48 }, (_, i) => i);
    const decoded = { sampleRate: 48_000, length: 48, numberOfChannels: 1, getChannelData: () => samples };
    const made: Float32Array[] = [];
    const context = {
      createBuffer: (_channels: number, length: number) => {
        made.push(new Float32Array(length));
        return { getChannelData: (c: number) => made[c]! };
      },
    };
    // Source 0.25 ms to 0.75 ms: samples 12 to 35, last first.
    reversedStretch(context as never, decoded as never, 0.25, 0.75);
    expect(Array.from(made[0]!)).toEqual(Array.from({ length: 24 }, (_, i) => 35 - i));
  });
});
