// The pure half of the renderer (sandbox/render): frame sizes from output settings, the
// font numbers read from the catalog's WOFF2 files, caption layout, where a clip's picture
// goes, what a timeline range or a clip list draws and mixes (holds, muted tracks, sounds),
// and the shape of the one ffmpeg command. The pixels themselves are checked against real
// renders in test/integration/editorRender.test.ts.
import { describe, expect, it } from 'vitest';
import type { MediaClip, Track } from '../../sandbox/editor/timelineSchemas.ts';
import { advancePx, CAPTION_STYLE_RULES, highlightTimes, layOutCaption } from '../../sandbox/render/captionLayout.ts';
import { fontFile, fontMetrics, nearestWeight, outsideAsar } from '../../sandbox/render/catalogFonts.ts';
import { clipListComposition } from '../../sandbox/render/clipListComposition.ts';
import { frameCount, type Composition, type Layer, type SourceFacts } from '../../sandbox/render/composition.ts';
import { layerGeometry } from '../../sandbox/render/layerGeometry.ts';
import { frameSize, outputProblem, resolveOutput } from '../../sandbox/render/outputSettings.ts';
import { buildRenderCommand } from '../../sandbox/render/renderCommand.ts';
import { timelineComposition } from '../../sandbox/render/timelineComposition.ts';
import { TRACK_DEFAULTS } from '../../shared/timeline/timelineRules.ts';

const VIDEO: SourceFacts = {
  path: '/media/v.mp4',
  kind: 'video',
  width: 1920,
  height: 1080,
  hasVideo: true,
  hasAudio: true,
  channels: 2,
  matrix: 'bt601',
};
const SILENT_IMAGE: SourceFacts = {
  ...VIDEO,
  path: '/media/i.png',
  kind: 'image',
  width: 400,
  height: 400,
  hasAudio: false,
};
const AUDIO: SourceFacts = {
  ...VIDEO,
  path: '/media/a.wav',
  kind: 'audio',
  width: null,
  height: null,
  hasVideo: false,
};
const FACTS: Record<number, SourceFacts> = { 1: VIDEO, 2: SILENT_IMAGE, 3: AUDIO };
const FRAME = { width: 640, height: 360, fps: 30 };

let n = 0;
function clip(assetId: number, startMs: number, endMs: number, extra: Partial<MediaClip> = {}): MediaClip {
  n += 1;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    kind: 'media',
    assetId,
    startMs,
    endMs,
    inMs: 0,
    outMs: endMs - startMs,
    properties: { volume: 1, opacity: 1, scale: 1, positionX: 0, positionY: 0, rotation: 0 },
    effects: [],
    transitionIn: null,
    fit: 'contain',
    ...extra,
  };
}
const track = (kind: Track['kind'], clips: Track['clips'], muted = false): Track => ({
  id: `t-${n++}`,
  kind,
  name: kind,
  muted,
  locked: false,
  ...TRACK_DEFAULTS,
  clips,
});

describe('output settings', () => {
  it("make the frame from the project's shape: the preset's lines on the short side, both sides even", () => {
    expect(frameSize('16:9', '1080p')).toEqual({ width: 1920, height: 1080 });
    expect(frameSize('16:9', '360p')).toEqual({ width: 640, height: 360 });
    expect(frameSize('9:16', '720p')).toEqual({ width: 720, height: 1280 });
    expect(frameSize('1:1', '2160p')).toEqual({ width: 2160, height: 2160 });
    expect(frameSize('4:3', '360p')).toEqual({ width: 480, height: 360 });
    expect(frameSize('21:9', '360p')).toEqual({ width: 840, height: 360 });
  });

  it('default to 1080p for a whole timeline and 360p for a preview, 30 fps, standard, mp4', () => {
    expect(resolveOutput(undefined, 'final')).toEqual({
      resolution: '1080p',
      frameRate: 30,
      quality: 'standard',
      format: 'mp4',
    });
    expect(resolveOutput({ frameRate: 60 }, 'preview')).toMatchObject({ resolution: '360p', frameRate: 60 });
  });

  it('refuse a frame too large for H.264, saying the size and what to lower', () => {
    expect(outputProblem('16:9', resolveOutput(undefined, 'final'))).toBeNull();
    expect(outputProblem('999:1', resolveOutput({ resolution: '2160p' }, 'final'))).toMatch(
      /2157840×2160.*lower output\.resolution/,
    );
  });

  it('count frames as round(length × fps / 1000)', () => {
    expect(frameCount(0, 1000, 30)).toBe(30);
    expect(frameCount(0, 1016, 30)).toBe(30);
    expect(frameCount(0, 1017, 30)).toBe(31);
    expect(frameCount(500, 2500, 24)).toBe(48);
  });
});

describe('the catalog fonts', () => {
  it("are the Fontsource packages' Latin files, at the nearest weight the catalog lists", () => {
    expect(fontFile('inter', 700)).toMatch(/@fontsource\/inter\/files\/inter-latin-700-normal\.woff2$/);
    expect(nearestWeight('inter', 500)).toBe(400);
    expect(nearestWeight('roboto', 500)).toBe(500);
    expect(nearestWeight('source-code-pro', 700)).toBe(400);
    expect(outsideAsar('/opt/Clipdesk/resources/app.asar/node_modules/x.woff2')).toBe(
      '/opt/Clipdesk/resources/app.asar.unpacked/node_modules/x.woff2',
    );
  });

  it("read each font's units per em, hhea ascent and descent, and advance widths from its WOFF2 file", () => {
    const inter = fontMetrics(fontFile('inter', 400));
    expect([inter.unitsPerEm, inter.ascent, inter.descent]).toEqual([2048, 1984, 494]);
    expect(['H', 'i', ' ', 'W'].map((c) => inter.advance(c.codePointAt(0)!))).toEqual([1522, 496, 576, 2018]);
    const playfair = fontMetrics(fontFile('playfair-display', 700));
    expect([playfair.unitsPerEm, playfair.ascent, playfair.descent]).toEqual([1000, 1082, 251]);
  });

  it('advance the pen in whole pixels, rounded down, as drawtext does', () => {
    const bold = fontMetrics(fontFile('inter', 700));
    // 555 units at 54 px = 14.63 px: drawtext moves 14 (measured against ffmpeg's own output).
    expect(advancePx(bold, 'i'.codePointAt(0)!, 54)).toBe(14);
    expect(advancePx(fontMetrics(fontFile('inter', 400)), 'W'.codePointAt(0)!, 54)).toBe(53);
  });
});

describe('caption layout', () => {
  const inter = fontMetrics(fontFile('inter', 400));

  it('breaks lines greedily within the measure and stacks them up from the style bottom', () => {
    const text = 'A subtitle long enough that it cannot possibly stay on one single line of this frame';
    const { fontPx, lines } = layOutCaption(text, CAPTION_STYLE_RULES.subtitle!, inter, FRAME);
    expect(fontPx).toBe(18);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(line.width).toBeLessThanOrEqual(0.8 * 640);
    expect(lines.map((l) => l.text).join(' ')).toBe(text);
    // Bands of 1.25 em with no gap, the last ending at 0.93 H; each box 0.3 em either side.
    const last = lines.at(-1)!;
    expect(last.box.y + last.box.height).toBe(Math.round(0.93 * 360));
    lines.slice(1).forEach((line, i) => expect(line.box.y).toBe(lines[i]!.box.y + lines[i]!.box.height));
    expect(last.box.x).toBe(Math.round(last.x - 0.3 * 18));
    expect(last.x).toBe(Math.round((640 - last.width) / 2));
  });

  it('keeps a line break, places a lower third from 0.06 W and a title around mid-height', () => {
    const roboto = fontMetrics(fontFile('roboto', 500));
    const lower = layOutCaption('Jane Doe\nDirector', CAPTION_STYLE_RULES['lower-third']!, roboto, FRAME);
    expect(lower.fontPx).toBe(16);
    expect(lower.lines.map((l) => [l.text, l.x])).toEqual([
      ['Jane Doe', 38],
      ['Director', 38],
    ]);
    const title = layOutCaption(
      'TITLE',
      CAPTION_STYLE_RULES.title!,
      fontMetrics(fontFile('playfair-display', 700)),
      FRAME,
    );
    expect(title.fontPx).toBe(32);
    const { box } = title.lines[0]!;
    expect(Math.abs(box.y + box.height / 2 - 180)).toBeLessThanOrEqual(1);
  });

  it('puts each karaoke word where it is in its line, and times the highlight from words or evenly', () => {
    const { lines } = layOutCaption('one two three', CAPTION_STYLE_RULES.karaoke!, inter, FRAME);
    const [one, two, three] = lines[0]!.words;
    expect(one!.x).toBe(lines[0]!.x);
    const pen = (s: string) => [...s].reduce((w, c) => w + advancePx(inter, c.codePointAt(0)!, 18), 0);
    expect(two!.x).toBe(one!.x + pen('one '));
    expect(three!.index).toBe(2);
    expect(highlightTimes({ startMs: 0, endMs: 3000, text: 'one two three' }, 3)).toEqual([0, 1000, 2000]);
    expect(
      highlightTimes(
        { startMs: 0, endMs: 3000, text: 'one two three', words: [{ startMs: 100 }, { startMs: 900 }] },
        3,
      ),
    ).toEqual([100, 900, Number.POSITIVE_INFINITY]);
  });
});

describe("where a clip's picture goes", () => {
  const layer = (extra: Partial<Layer>): Layer => ({
    source: VIDEO,
    startMs: 0,
    endMs: 1000,
    inMs: 0,
    outMs: 1000,
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
    ...extra,
  });
  const square = { ...VIDEO, width: 400, height: 400 };

  it('fits by contain, cover or fill, then scales, and centres by position', () => {
    expect(layerGeometry(layer({ source: square }), FRAME)).toMatchObject({
      width: 360,
      height: 360,
      centreX: 320,
      centreY: 180,
    });
    expect(layerGeometry(layer({ source: square, fit: 'cover' }), FRAME)).toMatchObject({ width: 640, height: 640 });
    expect(layerGeometry(layer({ source: square, fit: 'fill' }), FRAME)).toMatchObject({ width: 640, height: 360 });
    expect(layerGeometry(layer({ source: square, scale: 0.5, positionX: 0.25, positionY: -0.5 }), FRAME)).toMatchObject(
      { width: 180, height: 180, centreX: 480, centreY: 0, crop: null },
    );
  });

  it('scales only the part of a huge box that can reach the frame, and places it where it sits', () => {
    const geometry = layerGeometry(layer({ source: square, fit: 'cover', scale: 10, positionX: 0.1 }), FRAME)!;
    // 6400 px square: only about the frame's share of the source is cut out and scaled.
    expect(geometry.crop).not.toBeNull();
    expect(geometry.width).toBeLessThan(700);
    expect(geometry.height).toBeLessThan(400);
    // The cut part's centre lands where that part of the box is: left of the box's centre (x = 384).
    expect(geometry.centreX).toBeGreaterThan(300);
    expect(geometry.centreX).toBeLessThan(384);
    expect(layerGeometry(layer({ source: square, scale: 10, positionX: 1, positionY: 1 }), FRAME)).not.toBeNull();
    expect(
      layerGeometry(
        layer({ source: square, fit: 'cover', scale: 10, positionX: 1, positionY: 1, rotation: 30 }),
        FRAME,
      ),
    ).not.toBeNull();
  });
});

describe('what a timeline range draws and mixes', () => {
  it('holds a clip under its successor’s dissolve, wipe or slide, not under a fade', () => {
    const tracks = [
      track('video', [
        clip(1, 0, 1000),
        clip(1, 1000, 2000, { transitionIn: { transitionId: 'dissolve', durationMs: 400 } }),
        clip(1, 2000, 3000, { transitionIn: { transitionId: 'fade', durationMs: 400 } }),
        clip(1, 3500, 4000, { transitionIn: { transitionId: 'wipe', durationMs: 300 } }),
      ]),
    ];
    const c = timelineComposition(tracks, { startMs: 0, endMs: 4000 }, FRAME, (id) => FACTS[id]!);
    expect(c.layers.map((l) => l.holdMs)).toEqual([400, 0, 0, 0]);
    expect(c.layers[1]!.transition).toEqual({ kind: 'dissolve', durationMs: 400 });
    expect(c.frames).toBe(120);
  });

  it('draws video tracks in order and captions above; mixes unmuted tracks and video clips’ own sound', () => {
    const bottom = clip(1, 0, 2000);
    const top = clip(2, 500, 1500);
    const voice = clip(3, 0, 2000);
    const quiet = clip(1, 0, 1000, { properties: { volume: 0 } });
    const tracks = [
      track('video', [bottom]),
      track('caption', [
        { id: 'c', kind: 'caption', startMs: 0, endMs: 500, text: 'Hi', style: 'title', font: 'inter' },
      ]),
      track('video', [top]),
      track('video', [clip(3, 0, 1000)], true), // audio-only media on a muted video track: nothing
      track('audio', [voice]),
      track('audio', [clip(3, 0, 2000)], true),
      track('audio', [quiet]),
    ];
    const c = timelineComposition(tracks, { startMs: 0, endMs: 2000 }, FRAME, (id) => FACTS[id]!);
    expect(c.layers.map((l) => l.source.path)).toEqual([VIDEO.path, SILENT_IMAGE.path]);
    expect(c.captions.map((cap) => cap.text)).toEqual(['Hi']);
    expect(c.sounds.map((s) => [s.source.path, s.startMs])).toEqual([
      [VIDEO.path, 0],
      [AUDIO.path, 0],
    ]);
  });

  it('keeps only what reaches the range, and plays a sped-up clip faster', () => {
    const fast = clip(1, 1000, 2000, { outMs: 2000, effects: [{ effectId: 'speed', params: { rate: 2 } }] });
    const c = timelineComposition(
      [track('video', [clip(1, 0, 500), fast])],
      { startMs: 1200, endMs: 1800 },
      FRAME,
      (id) => FACTS[id]!,
    );
    expect(c.layers).toHaveLength(1);
    expect(c.layers[0]).toMatchObject({ rate: 2, effects: [] });
    expect(c.sounds[0]).toMatchObject({ rate: 2 });
    expect(c.startMs).toBe(1200);
    expect(c.frames).toBe(18);
  });
});

describe('what a clip list draws and mixes', () => {
  it('plays the clips one after another, dissolving over the held clip before, with looks, titles and volumes', () => {
    const base = { trimStartMs: 0, motion: 'none', fit: 'contain', volume: 1, title: null } as const;
    const c = clipListComposition(
      [
        {
          ...base,
          assetId: 1,
          kind: 'video',
          trimEndMs: 3000,
          durationMs: 3000,
          transition: 'fade',
          look: 'mono',
          title: 'Hello',
        },
        { ...base, assetId: 2, kind: 'image', trimEndMs: 900, durationMs: 900, transition: 'dissolve', look: 'warm' },
        {
          ...base,
          assetId: 3,
          kind: 'audio',
          trimEndMs: 1000,
          durationMs: 1000,
          transition: 'none',
          look: 'none',
          volume: 0.5,
        },
      ],
      FRAME,
      (id) => FACTS[id]!,
    );
    expect(c.layers.map((l) => [l.startMs, l.endMs, l.transition, l.holdMs])).toEqual([
      [0, 3000, { kind: 'fade', durationMs: 500 }, 300],
      [3000, 3900, { kind: 'dissolve', durationMs: 300 }, 0],
    ]);
    expect(c.layers[0]!.effects).toEqual([{ effectId: 'saturation', params: { amount: 0 } }]);
    expect(c.layers[1]!.look).toBe('warm');
    expect(c.captions).toEqual([{ startMs: 0, endMs: 3000, text: 'Hello', style: 'subtitle', font: 'inter' }]);
    expect(c.sounds.map((s) => [s.startMs, s.volume, s.fadeInMs])).toEqual([
      [0, 1, 500],
      [3900, 0.5, 0],
    ]);
    expect(c.frames).toBe(147);
  });
});

describe('the ffmpeg command', () => {
  const composition = (extra: Partial<Composition>): Composition => ({
    ...FRAME,
    startMs: 0,
    frames: 60,
    layers: [],
    captions: [],
    sounds: [],
    ...extra,
  });
  const build = (c: Composition) =>
    buildRenderCommand(c, {
      quality: 'standard',
      output: '/out.mp4',
      graphFile: '/graph.txt',
      textFile: (t) => `/text/${t}`,
    });

  it('overlays the layers bottom first, one input each, and encodes exactly the frames asked for', () => {
    const tracks = [track('video', [clip(1, 0, 2000)]), track('video', [clip(2, 500, 1500)])];
    const c = timelineComposition(tracks, { startMs: 0, endMs: 2000 }, FRAME, (id) => FACTS[id]!);
    const { args, graph } = build(c);
    expect(args.filter((a) => a === '-i')).toHaveLength(3); // two pictures and one sound
    expect(graph.indexOf('[base][l0]overlay')).toBeLessThan(graph.indexOf('[m0][l1]overlay'));
    expect(args.slice(args.indexOf('-frames:v'), args.indexOf('-frames:v') + 2)).toEqual(['-frames:v', '60']);
    expect(args).toContain('veryfast');
    expect(graph).toContain('amix=inputs=1');
    expect(graph).toContain('alimiter=limit=0.891251');
  });

  it('draws a karaoke word white until it begins and yellow after, each on its own frames', () => {
    const c = composition({
      captions: [
        {
          startMs: 0,
          endMs: 2000,
          text: 'one two',
          style: 'karaoke',
          font: 'inter',
          words: [
            { text: 'one', startMs: 0, endMs: 900 },
            { text: 'two', startMs: 1000, endMs: 1800 },
          ],
        },
      ],
    });
    const { graph } = build(c);
    expect(graph).toContain('textfile=/text/two:fontcolor=0xFFFFFF');
    expect(graph).toMatch(/textfile=\/text\/two:fontcolor=0xFFFFFF:[^,]*between\(n,0,29\)/);
    expect(graph).toMatch(/textfile=\/text\/two:fontcolor=0xFFD21F:[^,]*between\(n,30,59\)/);
    expect(graph).toContain('inter-latin-700-normal.woff2');
  });

  it('is silent, not absent, when nothing sounds', () => {
    expect(build(composition({})).graph).toContain('anullsrc=r=48000:cl=stereo,apad,atrim=end_sample=96000[aout]');
  });
});
