// Crop in the one timeline model (shared/timeline/crop.ts): the window at a moment from the
// static values and keyframes, what setClipProperties and setKeyframes refuse (with the
// field to change) and accept, and exact undo.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { applyCommands, EditRejected } from '../../shared/timeline/applyCommands.ts';
import { cropAt, cropChanges, cropOverlap, hasCrop } from '../../shared/timeline/crop.ts';
import type { EditorCommand } from '../../shared/timeline/editorCommands.ts';
import { applyWithInverse } from '../../shared/timeline/inverseCommands.ts';
import type { MediaClip, Timeline } from '../../shared/timeline/timelineTypes.ts';
import { ctx, emptyTimeline } from '../support/timelineEdits.ts';

function withClip(trackIndex = 0) {
  const start = emptyTimeline();
  const trackId = start.tracks[trackIndex]!.id;
  const clipId = randomUUID();
  const timeline = applyCommands(
    start,
    [{ type: 'addClip', trackId, clipId, assetId: 1, startMs: 0, inMs: 0, outMs: 4000 }],
    ctx,
  );
  return { timeline, clipId };
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

describe('cropAt', () => {
  it('reads static sides, keyframed sides by valueAt, and keeps opposite sides from meeting', () => {
    const clip = {
      properties: { cropLeft: 0.1, cropRight: 0.2, cropTop: 0, cropBottom: 0.3 },
      keyframes: {
        cropTop: [
          { atMs: 0, value: 0 },
          { atMs: 1000, value: 0.4, easing: 'easeIn' as const },
          { atMs: 2000, value: 0.6 },
        ],
      },
    };
    expect(cropAt(clip, 500)).toEqual({ left: 0.1, right: 0.2, top: 0.2, bottom: 0.3 });
    expect(cropAt(clip, 1500).top).toBeCloseTo(0.4 + 0.2 * 0.125, 9);
    expect(cropAt({ properties: {} }, 0)).toEqual({ left: 0, right: 0, top: 0, bottom: 0 });
    expect(hasCrop(clip) && cropChanges(clip)).toBe(true);
    expect(hasCrop({ properties: { cropLeft: 0 } })).toBe(false);
    // Stored data the applier would refuse is still drawn with some picture left.
    const worn = cropAt({ properties: { cropLeft: 0.8, cropRight: 0.6 } }, 0);
    expect(worn.left + worn.right).toBeLessThan(1);
    expect(worn.left / worn.right).toBeCloseTo(0.8 / 0.6, 6);
  });

  it('finds the moment eased curves meet between their keyframes', () => {
    const clip = {
      properties: {},
      keyframes: {
        cropLeft: [
          { atMs: 0, value: 0, easing: 'easeOut' as const },
          { atMs: 1000, value: 0.6 },
        ],
        cropRight: [
          { atMs: 0, value: 0.6, easing: 'easeIn' as const },
          { atMs: 1000, value: 0 },
        ],
      },
    };
    const overlap = cropOverlap(clip, 1000);
    expect(overlap?.pair).toEqual(['cropLeft', 'cropRight']);
    expect(overlap!.atMs).toBeGreaterThan(0);
    expect(overlap!.atMs).toBeLessThan(1000);
    // The same curves, both linear, keep the window at 0.4 wide throughout: a pan of the crop.
    const pan = structuredClone(clip);
    pan.keyframes.cropLeft[0]!.easing = 'linear' as never;
    pan.keyframes.cropRight[0]!.easing = 'linear' as never;
    expect(cropOverlap(pan, 1000)).toBeNull();
  });
});

describe('crop commands', () => {
  it('sets static sides on a video clip and undoes them exactly', () => {
    const { timeline, clipId } = withClip();
    const commands: EditorCommand[] = [
      { type: 'setClipProperties', clipId, properties: { cropLeft: 0.25, cropRight: 0.7, cropTop: 0.1 } },
    ];
    const done = applyWithInverse(timeline, commands, ctx);
    expect(clipOf(done.timeline, clipId).properties).toMatchObject({ cropLeft: 0.25, cropRight: 0.7, cropTop: 0.1 });
    expect(applyCommands(done.timeline, done.inverse, ctx).tracks).toStrictEqual(timeline.tracks);
    // A new clip starts uncropped.
    expect(clipOf(timeline, clipId).properties).toMatchObject({ cropLeft: 0, cropRight: 0, cropTop: 0, cropBottom: 0 });
  });

  it('refuses opposite sides that meet, naming the side set, and a crop of a sound', () => {
    const { timeline, clipId } = withClip();
    const both = refusal(timeline, [
      { type: 'setClipProperties', clipId, properties: { cropLeft: 0.5, cropRight: 0.5 } },
    ]);
    expect(both.field).toBe('properties.cropLeft');
    expect(both.message).toMatch(/cropLeft \+ cropRight must stay below 1/);
    const one = refusal(timeline, [{ type: 'setClipProperties', clipId, properties: { cropBottom: 1 } }]);
    expect(one.field).toBe('properties.cropBottom');
    expect(one.forPeople).toMatch(/top and bottom together must stay below 100%/);
    const audio = withClip(2);
    expect(
      refusal(audio.timeline, [{ type: 'setClipProperties', clipId: audio.clipId, properties: { cropLeft: 0.1 } }])
        .message,
    ).toMatch(/does not apply to clips of a audio track/);
  });

  it('keyframes a side, refusing a curve that meets the other side at some moment', () => {
    const { timeline, clipId } = withClip();
    const set = (property: string, keyframes: { atMs: number; value: number }[]): EditorCommand => ({
      type: 'setKeyframes',
      clipId,
      property,
      keyframes,
    });
    const cut = applyCommands(timeline, [{ type: 'setClipProperties', clipId, properties: { cropRight: 0.4 } }], ctx);
    const moving = set('cropLeft', [
      { atMs: 0, value: 0 },
      { atMs: 2000, value: 0.5 },
    ]);
    const animated = applyCommands(cut, [moving], ctx);
    expect(clipOf(animated, clipId).keyframes?.cropLeft).toHaveLength(2);
    const over = refusal(cut, [
      set('cropLeft', [
        { atMs: 0, value: 0 },
        { atMs: 2000, value: 0.6 },
      ]),
    ]);
    expect(over.field).toBe('keyframes');
    expect(over.message).toMatch(/at 2000 ms .* they are 0\.6 \+ 0\.4/);
    // Setting the static side against a curve is checked against the curve.
    expect(refusal(animated, [{ type: 'setClipProperties', clipId, properties: { cropRight: 0.5 } }]).field).toBe(
      'properties.cropRight',
    );
  });
});
