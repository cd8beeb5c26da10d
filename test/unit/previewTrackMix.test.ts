// The monitor follows the track mix as the render does (docs/render-semantics.md "The
// picture" and "The sound"): a hidden track draws nothing but still sounds, solo silences
// the other tracks, and a track's gain and pan reach each speaker channel by the shared law.
import { describe, expect, it } from 'vitest';
import { mediaClip as media } from '../support/previewClips.ts';
import type { CaptionClip, Timeline, Track } from '../../shared/timeline/timelineTypes.ts';
import { dbToGain, panGains } from '../../shared/timeline/timelineRules.ts';
import { soundAt, trackChannelGains } from '../../renderer/preview/audioMix.ts';
import { composeFrame, type MediaShape } from '../../renderer/preview/composeFrame.ts';

let ids = 0;

function caption(startMs: number, endMs: number, text: string): CaptionClip {
  return { id: `c${++ids}`, kind: 'caption', startMs, endMs, text, style: 'subtitle', font: 'inter' };
}

function track(kind: Track['kind'], clips: Track['clips'], extra: Partial<Track> = {}): Track {
  return { id: `t${++ids}`, kind, name: kind, muted: false, locked: false, clips, ...extra };
}

const timeline = (...tracks: Track[]): Timeline => ({ projectId: 1, revision: 'r1', durationMs: 60_000, tracks });
const SHAPE: MediaShape = { kind: 'video', hasVideo: true, width: 1920, height: 1080 };
const ctx = { frame: { width: 640, height: 360 }, shapeOf: () => SHAPE };
const withSound = () => true;

describe('a hidden track', () => {
  it('draws none of its clips or captions, and its sound still plays', () => {
    const below = media(0, 2000);
    const hiddenTop = media(0, 2000);
    const hiddenCaption = caption(0, 2000, 'not shown');
    const t = timeline(
      track('video', [below]),
      track('video', [hiddenTop], { hidden: true }),
      track('caption', [hiddenCaption], { hidden: true }),
    );
    const frame = composeFrame(t, 500, ctx);
    expect(frame.pictures.map((p) => p.clipId)).toEqual([below.id]);
    expect(frame.captions).toEqual([]);
    expect(soundAt(t, 500, withSound).map((s) => s.clipId)).toEqual([below.id, hiddenTop.id]);
    // Shown again (or said nothing of), it is drawn on top.
    const shown = timeline(track('video', [below]), track('video', [hiddenTop], { hidden: false }));
    expect(composeFrame(shown, 500, ctx).pictures.map((p) => p.clipId)).toEqual([below.id, hiddenTop.id]);
  });
});

describe('solo', () => {
  it('sounds only the soloed tracks while any is soloed, never a muted one', () => {
    const dialogue = media(0, 2000);
    const music = media(0, 2000, { assetId: 3 });
    const effects = media(0, 2000, { assetId: 3 });
    const mutedSolo = media(0, 2000, { assetId: 3 });
    const t = timeline(
      track('video', [dialogue], { solo: true }),
      track('audio', [music]),
      track('audio', [effects], { solo: true }),
      track('audio', [mutedSolo], { solo: true, muted: true }),
    );
    expect(soundAt(t, 500, withSound).map((s) => s.clipId)).toEqual([dialogue.id, effects.id]);
    // Solo does not touch the picture.
    const pictureTrack = media(0, 2000);
    const soloed = timeline(track('video', [pictureTrack]), track('audio', [music], { solo: true }));
    expect(composeFrame(soloed, 500, ctx).pictures.map((p) => p.clipId)).toEqual([pictureTrack.id]);
    expect(soundAt(soloed, 500, withSound).map((s) => s.clipId)).toEqual([music.id]);
  });
});

describe("a track's gain and pan", () => {
  it('multiply its sound per channel by 10^(gainDb/20) and the scaled constant-power law', () => {
    expect(dbToGain(-6)).toBeCloseTo(0.501187, 6);
    expect(dbToGain(12)).toBeCloseTo(3.981072, 6);
    // Centred and at 0 dB a track is unchanged (not StereoPannerNode's halving of a mono source).
    expect(trackChannelGains(track('audio', []))).toEqual({
      left: expect.closeTo(1, 12),
      right: expect.closeTo(1, 12),
    });
    const left = trackChannelGains(track('audio', [], { pan: -1, gainDb: -6 }));
    expect(left.left).toBeCloseTo(Math.SQRT2 * dbToGain(-6), 12);
    expect(left.right).toBe(0);
    const halfRight = panGains(0.5);
    const theta = (1.5 * Math.PI) / 4;
    expect(halfRight.left).toBeCloseTo(Math.SQRT2 * Math.cos(theta), 12);
    expect(halfRight.right).toBeCloseTo(Math.SQRT2 * Math.sin(theta), 12);
  });

  it("reach each sounding clip's channels on top of its own gain", () => {
    const quiet = media(0, 2000, { assetId: 3, properties: { volume: 0.5 } });
    const t = timeline(track('audio', [quiet], { gainDb: 6, pan: 0.5 }));
    const [sound] = soundAt(t, 500, withSound);
    const pan = panGains(0.5);
    expect(sound).toMatchObject({ clipId: quiet.id, gain: 0.5 });
    expect(sound!.left).toBeCloseTo(0.5 * dbToGain(6) * pan.left, 12);
    expect(sound!.right).toBeCloseTo(0.5 * dbToGain(6) * pan.right, 12);
    // A track that says nothing of its mix (an older service) plays its clips as they are.
    const plain = soundAt(timeline(track('audio', [quiet])), 500, withSound)[0]!;
    expect(plain.left).toBeCloseTo(0.5, 12);
    expect(plain.right).toBeCloseTo(0.5, 12);
  });
});
