// Where a render too large for one ffmpeg run is cut into parts (sandbox/render/composition.ts):
// no part opens more files than a run may, every cut falls on a frame that starts a whole
// millisecond (so each part's clock is exact), and a clip across a cut is in both parts. The
// parts' pictures and sound are checked in test/integration/editorRenderParts.test.ts.
import { describe, expect, it } from 'vitest';
import {
  compositionPart,
  inputsOf,
  partBoundaries,
  type Composition,
  type Layer,
  type Sound,
  type SourceFacts,
} from '../../sandbox/render/composition.ts';

const IMAGE: SourceFacts = {
  path: '/media/i.png',
  kind: 'image',
  width: 64,
  height: 64,
  hasVideo: true,
  hasAudio: false,
  channels: 0,
  matrix: 'bt601',
};

const layer = (startMs: number, endMs: number): Layer => ({
  source: IMAGE,
  startMs,
  endMs,
  inMs: 0,
  outMs: endMs - startMs,
  rate: 1,
  fit: 'contain',
  scale: 1,
  positionX: 0,
  positionY: 0,
  rotation: 0,
  opacity: 1,
  effects: [],
  transition: null,
  holdMs: 0,
});
const sound = (startMs: number, endMs: number): Sound => ({
  source: { ...IMAGE, kind: 'audio', hasVideo: false, hasAudio: true, channels: 1 },
  startMs,
  endMs,
  inMs: 0,
  outMs: endMs - startMs,
  rate: 1,
  volume: 1,
  fadeInMs: 0,
});

/** A background and a tone all along, and `count` clips of `clipMs` one after another over them. */
function manyClips(fps: number, count: number, clipMs: number): Composition {
  const endMs = count * clipMs;
  return {
    width: 640,
    height: 360,
    fps,
    startMs: 0,
    frames: Math.round((endMs * fps) / 1000),
    layers: [layer(0, endMs), ...Array.from({ length: count }, (_v, i) => layer(i * clipMs, (i + 1) * clipMs))],
    captions: [{ startMs: 1000, endMs: 3000, text: 'across', style: 'subtitle', font: 'dejavu-sans' }],
    sounds: [sound(0, endMs)],
  };
}

describe('a render in parts', () => {
  it('cuts where no part opens more than 32 files, on frames that start a whole millisecond', () => {
    for (const fps of [24, 25, 30, 60]) {
      const whole = manyClips(fps, 125, 40);
      expect(inputsOf(whole)).toBe(127);
      const bounds = partBoundaries(whole, 32);
      expect(bounds[0]).toBe(0);
      expect(bounds.at(-1)).toBe(whole.frames);
      for (let i = 0; i + 1 < bounds.length; i++) {
        const [from, to] = [bounds[i]!, bounds[i + 1]!];
        expect(to, `fps ${fps}: parts go forward`).toBeGreaterThan(from);
        expect(((from * 1000) / fps) % 1, `fps ${fps}: frame ${from} starts a whole ms`).toBe(0);
        expect(inputsOf(compositionPart(whole, from, to)), `fps ${fps}: part ${from}–${to}`).toBeLessThanOrEqual(32);
      }
      // Few parts: each one takes as many clips as it may.
      expect(bounds.length - 1, `fps ${fps}`).toBeLessThanOrEqual(6);
    }
  });

  it('keeps what crosses a cut in both parts, on the part’s own clock', () => {
    const whole = manyClips(25, 125, 40);
    const [first, second] = [compositionPart(whole, 0, 30), compositionPart(whole, 30, 60)];
    expect(second.startMs).toBe(1200);
    expect(second.frames).toBe(30);
    // The background, the tone and the caption cross the cut at 1.2 s; the one-frame clips do not.
    for (const part of [first, second]) {
      expect(part.layers[0]).toBe(whole.layers[0]);
      expect(part.layers).toHaveLength(31);
      expect(part.sounds).toEqual(whole.sounds);
      expect(part.captions).toEqual(whole.captions);
    }
    expect(second.layers[1]!.startMs).toBe(1200);
  });

  it('is not needed for a render that opens few files', () => {
    const small = manyClips(30, 10, 500);
    expect(partBoundaries(small, 32)).toEqual([0, small.frames]);
  });
});
