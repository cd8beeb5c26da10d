// Where a caption's lines, words and boxes go in a frame (docs/render-semantics.md,
// "Captions"): the style's font size and weight, greedy lines within the style's measure,
// bands of 1.25 em centred on the font's ascent and descent, a box behind each line, and
// the block placed as the style says. Widths are what ffmpeg's drawtext draws: each
// character advances the pen by its advance width at the font size, rounded down to a
// whole pixel (no kerning, no ligatures). Pure; positions in whole pixels.
import type { FontMetrics } from './fontMetrics.ts';

export interface CaptionStyleRule {
  /** Font size as a share of the frame's height (rounded to whole pixels). */
  size: number;
  weight: number;
  /** The box behind each line: "#RRGGBB" and its alpha. */
  box: { color: string; alpha: number };
  /** The longest a line may be, as a share of the frame's width. */
  measure: number;
  /** centre: lines centred; left: lines start at `left` × width. */
  align: 'centre' | 'left';
  left?: number;
  /** The block's bottom at `at` × height, or its centre at mid-height. */
  place: { bottom: number } | 'middle';
  /** Karaoke: words already begun are drawn in this colour. */
  highlight?: string;
}

export const TEXT_COLOUR = '#FFFFFF';

export const CAPTION_STYLE_RULES: Record<string, CaptionStyleRule> = {
  subtitle: {
    size: 0.05,
    weight: 400,
    box: { color: '#000000', alpha: 0.6 },
    measure: 0.8,
    align: 'centre',
    place: { bottom: 0.93 },
  },
  karaoke: {
    size: 0.05,
    weight: 700,
    box: { color: '#000000', alpha: 0.6 },
    measure: 0.8,
    align: 'centre',
    place: { bottom: 0.93 },
    highlight: '#FFD21F',
  },
  'lower-third': {
    size: 0.045,
    weight: 500,
    box: { color: '#1E3A8A', alpha: 0.85 },
    measure: 0.6,
    align: 'left',
    left: 0.06,
    place: { bottom: 0.85 },
  },
  title: {
    size: 0.09,
    weight: 700,
    box: { color: '#000000', alpha: 0.35 },
    measure: 0.8,
    align: 'centre',
    place: 'middle',
  },
};

export interface LaidWord {
  text: string;
  /** The word's place among all the caption's words (for karaoke timings). */
  index: number;
  /** Pen position where the word starts. */
  x: number;
}

export interface LaidLine {
  text: string;
  /** Pen position where the line starts, and its baseline (the text sits on it). */
  x: number;
  baseline: number;
  width: number;
  box: { x: number; y: number; width: number; height: number };
  words: LaidWord[];
}

export interface CaptionLayout {
  fontPx: number;
  lines: LaidLine[];
}

/** Half up, the way the semantics rounds every position. */
const px = (value: number) => Math.floor(value + 0.5);

/**
 * A character's advance in whole pixels, as FreeType scales it for drawtext: the 16.16
 * scale of the pixel size, the advance in 26.6, then the whole pixels of it.
 */
export function advancePx(metrics: FontMetrics, codePoint: number, fontPx: number): number {
  const scale = Math.floor((fontPx * 64 * 65536 + Math.floor(metrics.unitsPerEm / 2)) / metrics.unitsPerEm);
  const advance26 = Math.floor((metrics.advance(codePoint) * scale + 0x8000) / 65536);
  return Math.floor(advance26 / 64);
}

export function textWidth(metrics: FontMetrics, text: string, fontPx: number): number {
  let width = 0;
  for (const char of text) width += advancePx(metrics, char.codePointAt(0)!, fontPx);
  return width;
}

/** The caption's words, per line of its text (a "\n" breaks a line), split on spaces. */
export function captionWords(text: string): string[][] {
  return text.split('\n').map((line) => line.split(' ').filter((w) => w.length > 0));
}

export function layOutCaption(
  text: string,
  rule: CaptionStyleRule,
  metrics: FontMetrics,
  frame: { width: number; height: number },
): CaptionLayout {
  const fontPx = px(rule.size * frame.height);
  const measure = rule.measure * frame.width;
  const space = textWidth(metrics, ' ', fontPx);
  const rows: { words: string[]; first: number }[] = [];
  let index = 0;
  for (const paragraph of captionWords(text)) {
    let row: { words: string[]; first: number; width: number } | null = null;
    for (const word of paragraph) {
      const width = textWidth(metrics, word, fontPx);
      if (row && row.width + space + width <= measure) {
        row.words.push(word);
        row.width += space + width;
      } else {
        if (row) rows.push(row);
        row = { words: [word], first: index, width };
      }
      index += 1;
    }
    if (row) rows.push(row);
  }

  const band = 1.25 * fontPx;
  const ascent = (metrics.ascent * fontPx) / metrics.unitsPerEm;
  const descent = (metrics.descent * fontPx) / metrics.unitsPerEm;
  const blockHeight = rows.length * band;
  const top =
    rule.place === 'middle' ? frame.height / 2 - blockHeight / 2 : rule.place.bottom * frame.height - blockHeight;
  const pad = 0.3 * fontPx;

  const lines = rows.map((row, i): LaidLine => {
    const lineText = row.words.join(' ');
    const width = textWidth(metrics, lineText, fontPx);
    const bandTop = top + i * band;
    const x = rule.align === 'left' ? px((rule.left ?? 0) * frame.width) : px((frame.width - width) / 2);
    const boxLeft = px(x - pad);
    const boxTop = px(bandTop);
    let pen = x;
    const words = row.words.map((word, k): LaidWord => {
      const laid = { text: word, index: row.first + k, x: pen };
      pen += textWidth(metrics, word, fontPx) + space;
      return laid;
    });
    return {
      text: lineText,
      x,
      baseline: px(bandTop + (band - (ascent + descent)) / 2 + ascent),
      width,
      box: { x: boxLeft, y: boxTop, width: px(x + width + pad) - boxLeft, height: px(bandTop + band) - boxTop },
      words,
    };
  });
  return { fontPx, lines };
}

/**
 * When each word of a karaoke caption is highlighted: its timing's startMs (none beyond
 * the last timing: never), or without timings the caption's time divided evenly.
 */
export function highlightTimes(
  caption: { startMs: number; endMs: number; text: string; words?: { startMs: number }[] },
  wordCount: number,
): number[] {
  if (caption.words)
    return Array.from({ length: wordCount }, (_v, i) => caption.words![i]?.startMs ?? Number.POSITIVE_INFINITY);
  const length = caption.endMs - caption.startMs;
  return Array.from({ length: wordCount }, (_v, i) => caption.startMs + (i * length) / wordCount);
}
