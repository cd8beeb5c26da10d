// The monitor's crop (docs/render-semantics.md, "The picture", step 2): each picture layer
// carries its clip's crop at t, static or keyframed, read by the shared cropAt, while its box,
// centre and rotation stay those of the uncut picture (the part kept stays where it was).
import { describe, expect, it } from 'vitest';
import { composeFrame, type MediaShape } from '../../renderer/preview/composeFrame.ts';
import type { Timeline } from '../../shared/timeline/timelineTypes.ts';
import { mediaClip } from '../support/previewClips.ts';

const FRAME = { width: 640, height: 360 };
const SHAPE: MediaShape = { kind: 'video', hasVideo: true, width: 1920, height: 1080 };
const ctx = { frame: FRAME, shapeOf: () => SHAPE };

const timelineOf = (clip: ReturnType<typeof mediaClip>): Timeline => ({
  projectId: 1,
  revision: 'r1',
  durationMs: 4000,
  tracks: [{ id: 'v', kind: 'video', name: 'V', muted: false, locked: false, clips: [clip] }],
});

describe('a cropped picture in the monitor', () => {
  it('keeps its box and centre and carries the crop, keyframed sides by their curve', () => {
    const clip = mediaClip(0, 4000, {
      properties: { cropLeft: 0.25, cropBottom: 0.1, scale: 0.5, positionX: 0.1, rotation: 30 },
      keyframes: {
        cropTop: [
          { atMs: 0, value: 0, easing: 'easeIn' },
          { atMs: 2000, value: 0.4 },
          { atMs: 4000, value: 0.4 },
        ],
      },
    });
    const at = (t: number) => composeFrame(timelineOf(clip), t, ctx).pictures[0]!;
    expect(at(1000)).toMatchObject({ width: 320, height: 180, centerX: 384, centerY: 180, rotation: 30 });
    expect(at(1000).crop).toMatchObject({ left: 0.25, right: 0, bottom: 0.1 });
    expect(at(1000).crop.top).toBeCloseTo(0.4 * 0.125, 9);
    expect(at(3000).crop.top).toBe(0.4);
    const plain = composeFrame(timelineOf(mediaClip(0, 1000)), 500, ctx).pictures[0]!;
    expect(plain.crop).toEqual({ left: 0, right: 0, top: 0, bottom: 0 });
  });
});
