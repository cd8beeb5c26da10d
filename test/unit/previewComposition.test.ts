// The monitor's own model of docs/render-semantics.md, rule by rule: the frame and the seek
// to a source frame, track order and what draws, fit / scale / position / rotation /
// opacity, effects (blur's σ in frame pixels), each transition with its held predecessor,
// speed, karaoke timing, caption lines and placement in whole pixels (the fonts' metrics
// checked against the service's reading of the same files), and the gains of the mix.
import { describe, expect, it } from 'vitest';
import { mediaClip as media } from '../support/previewClips.ts';
import type { CaptionClip, Timeline, Track } from '../../shared/timeline/timelineTypes.ts';
import { clipGain, soundAt } from '../../renderer/preview/audioMix.ts';
import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { readWoff2Metrics } from '../../sandbox/render/fontMetrics.ts';
import { captionStyleOf, layoutCaption, nearestWeight } from '../../renderer/preview/captionLayout.ts';
import { metricsOf, textWidthPx, woffTables, type FontMetrics } from '../../renderer/preview/fontMetrics.ts';
import { composeFrame, highlightedWords, type MediaShape } from '../../renderer/preview/composeFrame.ts';
import { fitBox, frameSize, seekSeconds } from '../../renderer/preview/frameGeometry.ts';

const FRAME = { width: 640, height: 360 };
let ids = 0;

function caption(startMs: number, endMs: number, text: string, extra: Partial<CaptionClip> = {}): CaptionClip {
  return { id: `c${++ids}`, kind: 'caption', startMs, endMs, text, style: 'subtitle', font: 'inter', ...extra };
}

function track(kind: Track['kind'], clips: Track['clips'], extra: Partial<Track> = {}): Track {
  return { id: `t${++ids}`, kind, name: kind, muted: false, locked: false, clips, ...extra };
}

const timeline = (...tracks: Track[]): Timeline => ({ projectId: 1, revision: 'r1', durationMs: 60_000, tracks });

const SHAPES: Record<number, MediaShape> = {
  1: { kind: 'video', hasVideo: true, width: 1920, height: 1080 },
  2: { kind: 'video', hasVideo: true, width: 1080, height: 1920 },
  3: { kind: 'audio', hasVideo: false, width: 0, height: 0 },
  4: { kind: 'image', hasVideo: true, width: 400, height: 400 },
};
const ctx = { frame: FRAME, shapeOf: (id: number) => SHAPES[id] ?? null };

describe('the frame', () => {
  it('takes its short side from the preset and its long side from the ratio, both even', () => {
    expect(frameSize('16:9', 1080)).toEqual({ width: 1920, height: 1080 });
    expect(frameSize('9:16', 720)).toEqual({ width: 720, height: 1280 });
    expect(frameSize('4:3', 360)).toEqual({ width: 480, height: 360 });
    expect(frameSize('21:9', 360)).toEqual({ width: 840, height: 360 });
    expect(frameSize('nonsense', 360)).toEqual({ width: 640, height: 360 });
  });

  it('fits a picture: contain inside, cover overflowing, fill stretched', () => {
    const portrait = { width: 1080, height: 1920 };
    expect(fitBox(portrait, FRAME, 'contain')).toEqual({ width: 202.5, height: 360 });
    expect(fitBox(portrait, FRAME, 'cover')).toEqual({ width: 640, height: 640 * (1920 / 1080) });
    expect(fitBox(portrait, FRAME, 'fill')).toEqual(FRAME);
  });

  it('seeks to the middle of the latest frame at or before the source time', () => {
    expect(seekSeconds(1000, 30, null)).toBeCloseTo(30.5 / 30, 9);
    expect(seekSeconds(1033.3, 30, null)).toBeCloseTo(30.5 / 30, 9);
    expect(seekSeconds(1033.34, 30, null)).toBeCloseTo(31.5 / 30, 9);
    expect(seekSeconds(0, 25, null)).toBeCloseTo(0.02, 9);
    // Past the end: the last frame. Without a rate: just past the moment.
    expect(seekSeconds(5000, 30, 2000)).toBeCloseTo(59.5 / 30, 9);
    expect(seekSeconds(400, null, null)).toBeCloseTo(0.401, 9);
  });
});

describe('the picture at t', () => {
  it('draws video tracks bottom first, then captions; audio tracks and sound-only assets draw nothing; muting keeps the picture', () => {
    const low = media(0, 5000);
    const high = media(1000, 3000, { assetId: 2 });
    const sound = media(0, 5000, { assetId: 3 });
    const words = caption(0, 5000, 'Hello there');
    const composed = composeFrame(
      timeline(
        track('caption', [words]),
        track('video', [low]),
        track('audio', [media(0, 5000)]),
        track('video', [high], { muted: true }),
        track('video', [sound]),
      ),
      2000,
      ctx,
    );
    expect(composed.pictures.map((p) => p.clipId)).toEqual([low.id, high.id]);
    expect(composed.captions.map((c) => c.clipId)).toEqual([words.id]);
    // A clip is on screen from startMs to just before endMs.
    expect(composeFrame(timeline(track('video', [high])), 3000, ctx).pictures).toEqual([]);
    expect(composeFrame(timeline(track('video', [high])), 1000, ctx).pictures).toHaveLength(1);
  });

  it('places a clip: fit, then scale; centre moved by position; rotation; opacity', () => {
    const clip = media(0, 5000, {
      assetId: 2,
      fit: 'contain',
      properties: { scale: 2, positionX: 0.25, positionY: -0.1, rotation: 30, opacity: 0.5 },
    });
    const [layer] = composeFrame(timeline(track('video', [clip])), 100, ctx).pictures;
    expect(layer).toMatchObject({ width: 405, height: 720, centerX: 480, centerY: 144, rotation: 30, opacity: 0.5 });
    const cover = composeFrame(timeline(track('video', [{ ...clip, fit: 'cover', properties: {} }])), 100, ctx);
    expect(cover.pictures[0]).toMatchObject({ width: 640, centerX: 320, centerY: 180, rotation: 0, opacity: 1 });
    expect(cover.pictures[0]!.height).toBeCloseTo(1137.78, 2);
  });

  it('keeps the effects in their order, with a blur radius in pixels of a 1080-line frame', () => {
    const clip = media(0, 5000, {
      effects: [
        { effectId: 'blur', params: { radius: 10 } },
        { effectId: 'speed', params: { rate: 2 } },
        { effectId: 'saturation', params: { amount: 0 } },
        { effectId: 'brightness', params: { amount: 0.5 } },
        { effectId: 'contrast', params: { amount: 1.5 } },
      ],
    });
    const [layer] = composeFrame(timeline(track('video', [clip])), 0, ctx).pictures;
    expect(layer!.effects).toEqual([
      { kind: 'blur', sigmaPx: (10 * 360) / 1080 },
      { kind: 'saturation', amount: 0 },
      { kind: 'brightness', amount: 0.5 },
      { kind: 'contrast', amount: 1.5 },
    ]);
  });

  it('shows the source at inMs + (t − startMs) × rate', () => {
    const clip = media(1000, 3000, { inMs: 500, outMs: 4500, effects: [{ effectId: 'speed', params: { rate: 2 } }] });
    expect(composeFrame(timeline(track('video', [clip])), 2000, ctx).pictures[0]!.sourceMs).toBe(2500);
    const image = media(0, 5000, { assetId: 4 });
    expect(composeFrame(timeline(track('video', [image])), 10, ctx).pictures[0]).toMatchObject({ image: true });
  });

  it('fades from black: colours times p, nothing held beneath', () => {
    const before = media(0, 2000);
    const after = media(2000, 4000, { transitionIn: { transitionId: 'fade', durationMs: 1000 } });
    const layers = composeFrame(timeline(track('video', [before, after])), 2250, ctx).pictures;
    expect(layers.map((l) => [l.clipId, l.fade])).toEqual([[after.id, 0.25]]);
    expect(composeFrame(timeline(track('video', [before, after])), 3000, ctx).pictures[0]!.fade).toBeNull();
  });

  it('dissolves over the predecessor held on its last picture; wipes and slides over it too', () => {
    const before = media(0, 2000, { inMs: 100, outMs: 2100, properties: { opacity: 0.8 } });
    const dissolve = media(2000, 4000, { transitionIn: { transitionId: 'dissolve', durationMs: 1000 } });
    const [held, incoming] = composeFrame(timeline(track('video', [before, dissolve])), 2500, ctx).pictures;
    expect(held).toMatchObject({ clipId: before.id, held: true, sourceMs: 2099, opacity: 0.8 });
    expect(incoming).toMatchObject({ clipId: dissolve.id, held: false, opacity: 0.5, sourceMs: 500 });

    const wipe = { ...dissolve, transitionIn: { transitionId: 'wipe', durationMs: 1000 } };
    const wiped = composeFrame(timeline(track('video', [before, wipe])), 2750, ctx).pictures;
    expect(wiped.map((l) => l.clipId)).toEqual([before.id, wipe.id]);
    expect(wiped[1]).toMatchObject({ wipeRight: 480, opacity: 1 });

    const slide = { ...dissolve, transitionIn: { transitionId: 'slide', durationMs: 1000 } };
    const slid = composeFrame(timeline(track('video', [before, slide])), 2250, ctx).pictures;
    expect(slid[1]).toMatchObject({ centerX: 320 + 0.75 * 640, wipeRight: null });

    // Without a predecessor (a gap before), the clip comes in over whatever is beneath.
    const alone = { ...dissolve, startMs: 2500, endMs: 4500 };
    expect(composeFrame(timeline(track('video', [before, alone])), 2600, ctx).pictures.map((l) => l.clipId)).toEqual([
      alone.id,
    ]);
  });

  it('clamps a transition to the clip’s own length', () => {
    const short = media(0, 400, { transitionIn: { transitionId: 'dissolve', durationMs: 1000 } });
    expect(composeFrame(timeline(track('video', [short])), 200, ctx).pictures[0]!.opacity).toBe(0.5);
  });
});

describe('captions', () => {
  it('karaoke: words begin at their own timings; beyond the last timing, never; without timings, an even split', () => {
    const timed = caption(1000, 5000, 'one two three', {
      style: 'karaoke',
      words: [
        { text: 'one', startMs: 1000, endMs: 1500 },
        { text: 'two', startMs: 2000, endMs: 2500 },
      ],
    });
    expect([999, 1000, 1999, 2000, 4999].map((t) => highlightedWords(timed, t))).toEqual([0, 1, 1, 2, 2]);
    const even = caption(0, 3000, 'a b\nc', { style: 'karaoke' });
    expect([0, 999, 1000, 2000, 2999].map((t) => highlightedWords(even, t))).toEqual([1, 1, 2, 3, 3]);
    const composed = composeFrame(timeline(track('caption', [timed, caption(5000, 6000, 'x y')])), 5500, ctx);
    expect(composed.captions[0]!.highlighted).toBe(0);
  });

  it('sets text in whole pixels: advances rounded down, lines greedy within the measure, every position rounded', () => {
    // Every character is half an em wide: 9 px at 18 px.
    const metrics: FontMetrics = { unitsPerEm: 1000, ascent: 800, descent: 200, advance: () => 500 };
    const twelve = 'aaaa bbbb cccc dddd eeee ffff gggg hhhh iiii jjjj kkkk llll';
    const subtitle = layoutCaption(twelve, captionStyleOf('subtitle'), FRAME, metrics);
    expect(subtitle.fontPx).toBe(18);
    // 0.8 × 640 = 512 px: 11 words (54 characters, 486 px) fit, a 12th would make 531.
    expect(subtitle.lines.map((l) => l.text)).toEqual([twelve.slice(0, 54), 'llll']);
    const [first, second] = subtitle.lines;
    expect(first).toMatchObject({ width: 486, x: 77 });
    expect(first!.words.map((w) => [w.index, w.x])).toEqual(Array.from({ length: 11 }, (_, i) => [i, 77 + i * 45]));
    // Block bottom at 0.93 × 360 = 334.8; bands of 22.5 px; baseline centred by ascent 14.4 and descent 3.6.
    expect(second).toMatchObject({ x: 302, baseline: 329, width: 36, box: { x: 297, y: 312, width: 46, height: 23 } });
    expect(second!.words[0]).toEqual({ text: 'llll', index: 11, x: 302 });

    const lower = layoutCaption('short\n' + 'x'.repeat(60) + ' end', captionStyleOf('lower-third'), FRAME, metrics);
    expect(lower.fontPx).toBe(16);
    // A word wider than the measure stands alone; \n breaks a line; left-aligned at 0.06 × W.
    expect(lower.lines.map((l) => l.text)).toEqual(['short', 'x'.repeat(60), 'end']);
    expect(lower.lines.map((l) => l.x)).toEqual([38, 38, 38]);
    expect(lower.lines[2]!.box.y + lower.lines[2]!.box.height).toBe(306);

    const title = layoutCaption('Big\nTitle', captionStyleOf('title'), FRAME, metrics);
    expect(title.fontPx).toBe(32);
    expect(title.lines[0]!.box.y).toBe(140);
    expect(title.lines[1]!.box.y + title.lines[1]!.box.height).toBe(220);
    expect(captionStyleOf('unknown-style')).toBe(captionStyleOf('subtitle'));
  });

  it('reads each caption font from its WOFF twin with the numbers the service reads from the WOFF2 file', async () => {
    const inflate = async (bytes: Uint8Array) => new Uint8Array(inflateSync(bytes));
    const text = 'The quick brown fox jumps over the lazy dog 0123456789 ,.;:!?"\'()-–—&@ éü';
    for (const [id, weight] of [
      ['inter', 400],
      ['inter', 700],
      ['roboto', 500],
      ['playfair-display', 700],
      ['dejavu-sans', 400],
      ['source-code-pro', 400],
    ] as const) {
      const file = `node_modules/@fontsource/${id}/files/${id}-latin-${weight}-normal`;
      const ours = metricsOf(await woffTables(new Uint8Array(readFileSync(`${file}.woff`)), inflate));
      const theirs = readWoff2Metrics(`${file}.woff2`);
      expect([ours.unitsPerEm, ours.ascent, ours.descent], id).toEqual([
        theirs.unitsPerEm,
        theirs.ascent,
        theirs.descent,
      ]);
      for (const char of text)
        expect(ours.advance(char.codePointAt(0)!), `${id} ${char}`).toBe(theirs.advance(char.codePointAt(0)!));
      for (const size of [18, 27, 54, 97]) expect(textWidthPx(ours, text, size)).toBeGreaterThan(0);
    }
  });

  it('draws the nearest weight the family has, the lighter on a tie', () => {
    expect(nearestWeight(500, [400, 700])).toBe(400);
    expect(nearestWeight(700, [400])).toBe(400);
    expect(nearestWeight(500, [400, 500, 700])).toBe(500);
    expect(nearestWeight(550, [500, 600])).toBe(500);
  });
});

describe('the sound at t', () => {
  it('sounds unmuted audio tracks and video clips with sound, at volume × the transition ramp', () => {
    const music = media(0, 10_000, { assetId: 3, properties: { volume: 0.5 } });
    const picture = media(0, 2000);
    const faded = media(2000, 4000, { transitionIn: { transitionId: 'fade', durationMs: 1000 } });
    const wiped = media(0, 4000, { assetId: 2, transitionIn: { transitionId: 'wipe', durationMs: 1000 } });
    const muted = media(0, 10_000, { assetId: 3 });
    const t = timeline(
      track('audio', [music]),
      track('video', [picture, faded]),
      track('video', [wiped]),
      track('audio', [muted], { muted: true }),
    );
    const hasAudio = (assetId: number) => assetId !== 2;
    expect(soundAt(t, 2500, hasAudio).map((s) => [s.clipId, s.gain])).toEqual([
      [music.id, 0.5],
      [faded.id, 0.5],
    ]);
    // The predecessor's sound ends at its endMs; the muted track is silent whatever its clips say.
    expect(soundAt(t, 1999, hasAudio).map((s) => s.clipId)).toEqual([music.id, picture.id]);
    expect(clipGain(muted, t.tracks[3]!, 100)).toBe(0);
    expect(clipGain(wiped, t.tracks[2]!, 100)).toBe(1);
  });

  it('plays a sped-up clip at its rate from the right source moment', () => {
    const fast = media(1000, 2000, { inMs: 0, outMs: 2000, effects: [{ effectId: 'speed', params: { rate: 2 } }] });
    expect(soundAt(timeline(track('audio', [fast])), 1500, () => true)[0]).toMatchObject({ sourceMs: 1000, rate: 2 });
  });
});
