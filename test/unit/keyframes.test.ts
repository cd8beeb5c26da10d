// Change over time in the one timeline model: the curve valueAt reads (every easing, before,
// between and after keyframes), what setKeyframes accepts and refuses, how keyframes follow a
// trim, a split and a freeze frame, crossfades and their handles, and exact undo of each.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { applyCommands, EditRejected } from '../../shared/timeline/applyCommands.ts';
import type { EditorCommand } from '../../shared/timeline/editorCommands.ts';
import { applyWithInverse } from '../../shared/timeline/inverseCommands.ts';
import { ease, sliceKeyframes, valueAt } from '../../shared/timeline/keyframes.ts';
import type { MediaClip, Timeline } from '../../shared/timeline/timelineTypes.ts';
import { ctx, emptyTimeline } from '../support/timelineEdits.ts';

function withClip(extra: EditorCommand[] = [], range = { inMs: 1000, outMs: 5000 }) {
  const start = emptyTimeline();
  const trackId = start.tracks[0]!.id;
  const clipId = randomUUID();
  const commands: EditorCommand[] = [
    { type: 'addClip', trackId, clipId, assetId: 1, startMs: 2000, ...range },
    ...extra.map((c) => ({ ...c, clipId }) as EditorCommand),
  ];
  return { timeline: applyCommands(start, commands, ctx), clipId, trackId };
}

const clipOf = (timeline: Timeline, id: string) =>
  timeline.tracks.flatMap((t) => t.clips).find((c) => c.id === id) as MediaClip;

function refusal(timeline: Timeline, commands: EditorCommand[]): EditRejected {
  try {
    applyCommands(timeline, commands, ctx);
  } catch (err) {
    if (err instanceof EditRejected) return err;
    throw err;
  }
  throw new Error('the edit applied');
}

function undoes(timeline: Timeline, commands: EditorCommand[]): Timeline {
  const done = applyWithInverse(timeline, commands, ctx);
  expect(applyCommands(done.timeline, done.inverse, ctx).tracks).toStrictEqual(timeline.tracks);
  return done.timeline;
}

describe('valueAt', () => {
  const keys = [
    { atMs: 1000, value: 0 },
    { atMs: 2000, value: 1, easing: 'easeIn' as const },
    { atMs: 3000, value: 0, easing: 'hold' as const },
    { atMs: 4000, value: 2 },
  ];
  it('holds the first value before, the last after, and the static value without keyframes', () => {
    expect(valueAt(keys, 9, 0)).toBe(0);
    expect(valueAt(keys, 9, 5000)).toBe(2);
    expect(valueAt([], 9, 100)).toBe(9);
    expect(valueAt(undefined, 9, 100)).toBe(9);
  });
  it('eases each segment by the easing of the keyframe it leaves', () => {
    expect(valueAt(keys, 9, 1500)).toBe(0.5);
    expect(valueAt(keys, 9, 2500)).toBeCloseTo(1 - 0.125);
    expect(valueAt(keys, 9, 3999)).toBe(0);
    expect(ease('easeOut', 0.5)).toBeCloseTo(0.875);
    expect(ease('easeInOut', 0.25)).toBeCloseTo(0.0625);
    expect(ease('easeInOut', 0.75)).toBeCloseTo(0.9375);
  });
  it('keeps a curve exactly when sliced at a linear segment', () => {
    const sliced = sliceKeyframes(keys, 1500, 3500);
    for (const t of [1500, 1700, 2000, 2600, 3000, 3400])
      expect(valueAt(sliced, 0, t - 1500)).toBeCloseTo(valueAt(keys, 0, t), 9);
  });
});

describe('setKeyframes', () => {
  it('stores the list sorted, linear by default, and an empty list removes it; undo restores it exactly', () => {
    const { timeline, clipId } = withClip();
    const set: EditorCommand = {
      type: 'setKeyframes',
      clipId,
      property: 'opacity',
      keyframes: [
        { atMs: 2000, value: 0 },
        { atMs: 0, value: 1, easing: 'easeOut' },
      ],
    };
    const after = undoes(timeline, [set]);
    expect(clipOf(after, clipId).keyframes).toEqual({
      opacity: [
        { atMs: 0, value: 1, easing: 'easeOut' },
        { atMs: 2000, value: 0, easing: 'linear' },
      ],
    });
    const cleared = undoes(after, [{ type: 'setKeyframes', clipId, property: 'opacity', keyframes: [] }]);
    expect(clipOf(cleared, clipId).keyframes).toBeUndefined();
  });
  it('refuses keyframes past the clip, out of range, at one moment twice, or on an effect the clip lacks', () => {
    const { timeline, clipId } = withClip();
    const set = (property: string, keyframes: { atMs: number; value: number }[]): EditorCommand[] => [
      { type: 'setKeyframes', clipId, property, keyframes },
    ];
    expect(refusal(timeline, set('opacity', [{ atMs: 4001, value: 1 }])).message).toMatch(/past the clip's end/);
    expect(refusal(timeline, set('opacity', [{ atMs: 0, value: 2 }])).message).toMatch(/outside 0 to 1/);
    expect(
      refusal(
        timeline,
        set('scale', [
          { atMs: 5, value: 1 },
          { atMs: 5, value: 2 },
        ]),
      ).message,
    ).toMatch(/two keyframes at 5 ms/);
    expect(refusal(timeline, set('effect:blur.radius', [{ atMs: 0, value: 1 }])).message).toMatch(/no blur effect/);
    expect(refusal(timeline, set('fadeInMs', [{ atMs: 0, value: 1 }])).message).toMatch(/cannot be keyframed/);
    const blurred = applyCommands(timeline, [{ type: 'applyEffect', clipId, effectId: 'blur' }], ctx);
    expect(refusal(blurred, set('effect:blur.radius', [{ atMs: 0, value: 51 }])).message).toMatch(/outside 0 to 50/);
    const animated = undoes(blurred, set('effect:blur.radius', [{ atMs: 0, value: 10 }]));
    // Taking the effect off takes its keyframes; undo brings both back.
    const plain = undoes(animated, [{ type: 'removeEffect', clipId, effectId: 'blur' }]);
    expect(clipOf(plain, clipId).keyframes).toBeUndefined();
  });
});

describe('keyframes follow the clip', () => {
  const ramp: EditorCommand = {
    type: 'setKeyframes',
    clipId: '',
    property: 'opacity',
    keyframes: [
      { atMs: 0, value: 0 },
      { atMs: 4000, value: 1 },
    ],
  };
  it('a trimmed start shifts them by the trim, with the value at the new edge kept', () => {
    const { timeline, clipId } = withClip([ramp]);
    const after = undoes(timeline, [{ type: 'trimClip', clipId, inMs: 2000, startMs: 3000 }]);
    expect(clipOf(after, clipId).keyframes!.opacity).toEqual([
      { atMs: 0, value: 0.25, easing: 'linear' },
      { atMs: 3000, value: 1, easing: 'linear' },
    ]);
  });
  it('a split gives each part its stretch of the curve; moving keeps them', () => {
    const { timeline, clipId } = withClip([ramp]);
    const rightId = randomUUID();
    const after = undoes(timeline, [{ type: 'splitClip', clipId, atMs: 3000, newClipId: rightId }]);
    expect(clipOf(after, clipId).keyframes!.opacity).toEqual([
      { atMs: 0, value: 0, easing: 'linear' },
      { atMs: 1000, value: 0.25, easing: 'linear' },
    ]);
    expect(clipOf(after, rightId).keyframes!.opacity).toEqual([
      { atMs: 0, value: 0.25, easing: 'linear' },
      { atMs: 3000, value: 1, easing: 'linear' },
    ]);
    const moved = undoes(after, [{ type: 'moveClip', clipId: rightId, startMs: 9000 }]);
    expect(clipOf(moved, rightId).keyframes).toEqual(clipOf(after, rightId).keyframes);
  });
  it('a freeze frame holds the picture at the moment and moves the rest of the track later', () => {
    const { timeline, clipId, trackId } = withClip([ramp]);
    const later = randomUUID();
    const withLater = applyCommands(
      timeline,
      [{ type: 'addClip', trackId, clipId: later, assetId: 1, startMs: 7000, inMs: 0, outMs: 1000 }],
      ctx,
    );
    const rightId = randomUUID();
    const heldId = randomUUID();
    const after = undoes(withLater, [
      { type: 'freezeFrame', clipId, atMs: 3000, durationMs: 1500, newClipId: rightId, freezeClipId: heldId },
    ]);
    const held = clipOf(after, heldId);
    expect(held).toMatchObject({ startMs: 3000, endMs: 4500, inMs: 2000, outMs: 2001, freezeMs: 1500 });
    expect(held.properties.opacity).toBe(0.25);
    expect(clipOf(after, rightId)).toMatchObject({ startMs: 4500, endMs: 7500, inMs: 2000 });
    expect(clipOf(after, later).startMs).toBe(8500);
  });
});

describe('fades, transitions out, reverse and crossfades', () => {
  it('sets fades up to the clip length and a transition out, undone exactly', () => {
    const { timeline, clipId } = withClip();
    const after = undoes(timeline, [
      { type: 'setClipProperties', clipId, properties: { fadeInMs: 500, audioFadeOutMs: 4000, reverse: 1 } },
      { type: 'setTransition', clipId, edge: 'out', transitionId: 'fade', durationMs: 800 },
    ]);
    expect(clipOf(after, clipId).transitionOut).toEqual({ transitionId: 'fade', durationMs: 800 });
    expect(refusal(timeline, [{ type: 'setClipProperties', clipId, properties: { fadeOutMs: 4001 } }]).message).toMatch(
      /0 to the clip's length \(4000 ms\)/,
    );
    expect(refusal(timeline, [{ type: 'setTransition', clipId, edge: 'out', transitionId: 'wipe' }]).message).toMatch(
      /goes out with fade, dissolve, crossfade/,
    );
  });
  it('crossfades a clip only where it has media beyond the cut, naming what is missing, and keeps it so', () => {
    const start = emptyTimeline();
    const audio = start.tracks[2]!.id;
    const a = randomUUID();
    const b = randomUUID();
    const timeline = applyCommands(
      start,
      [
        { type: 'addClip', trackId: audio, clipId: a, assetId: 2, startMs: 0, inMs: 0, outMs: 3000 },
        { type: 'addClip', trackId: audio, clipId: b, assetId: 2, startMs: 3000, inMs: 100, outMs: 4000 },
      ],
      ctx,
    );
    const crossfade = (durationMs: number): EditorCommand[] => [
      { type: 'setTransition', clipId: b, transitionId: 'crossfade', durationMs },
    ];
    expect(refusal(timeline, crossfade(1000)).message).toMatch(
      new RegExp(`clip ${b} needs 500 ms of media before its start and has 100 ms`),
    );
    const after = undoes(timeline, crossfade(200));
    expect(clipOf(after, b).transitionIn).toEqual({ transitionId: 'crossfade', durationMs: 200 });
    // A trim that would take the handle away is refused, as one shorter than a transition is.
    expect(refusal(after, [{ type: 'trimClip', clipId: b, inMs: 0 }]).message).toMatch(/needs 100 ms of media before/);
    // Played to the end of its media, clip b has nothing after its end for a crossfade out.
    const atEnd = applyCommands(timeline, [{ type: 'trimClip', clipId: b, outMs: 8000 }], ctx);
    expect(
      refusal(atEnd, [{ type: 'setTransition', clipId: b, edge: 'out', transitionId: 'crossfade', durationMs: 200 }])
        .message,
    ).toMatch(/needs 100 ms of media after its end and has 0 ms/);
  });
});
