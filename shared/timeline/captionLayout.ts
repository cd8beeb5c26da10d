// Where a caption's lines, words and boxes go in a frame (docs/render-semantics.md,
// "Captions"), from its look (captionStyle.ts): the font size in whole pixels, greedy lines
// within the measure and the most characters per line, bands of 1.25 em centred on the
// font's ascent and descent, a box behind each line, the block placed at positionY, and the
// word being said popped larger in place. Widths are what ffmpeg's drawtext draws: each
// character advances the pen by its advance width at the font size, rounded down to a
// whole pixel (no kerning, no ligatures). The service's render and the app's monitor both
// lay captions out here, each reading the same font's metrics. Pure; whole pixels.
import { ACTIVE_BOX_PAD_EM, type CaptionLook, scaledPx, REFERENCE_LINES } from './captionStyle.ts';

export interface FontMetrics {
  readonly unitsPerEm: number;
  /** Above the baseline, font units (positive). */
  readonly ascent: number;
  /** Below the baseline, font units (positive). */
  readonly descent: number;
  /** A character's advance width in font units. */
  advance(codePoint: number): number;
}

export interface LaidWord {
  readonly text: string;
  /** Its place among all the caption's words (word timings count them). */
  readonly index: number;
  /** The pen position where it starts. */
  readonly x: number;
}

export interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface LaidLine {
  readonly text: string;
  /** The pen position where the line starts, and its baseline (the text sits on it). */
  readonly x: number;
  readonly baseline: number;
  /** The sum of its characters' whole-pixel advances. */
  readonly width: number;
  readonly box: Box;
  readonly words: readonly LaidWord[];
}

export interface CaptionLayout {
  readonly fontPx: number;
  readonly lines: readonly LaidLine[];
}

/** A band is this many em tall; a box reaches this many em past its line's text on each side unless boxPaddingPx says. */
export const BAND_EM = 1.25;
export const BOX_PAD_EM = 0.3;

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

export function textWidthPx(metrics: FontMetrics, text: string, fontPx: number): number {
  let width = 0;
  for (const char of text) width += advancePx(metrics, char.codePointAt(0)!, fontPx);
  return width;
}

/** The caption's words, per line of its text (a "\n" breaks a line), split on spaces. */
export function captionParagraphs(text: string): string[][] {
  return text.split('\n').map((line) => line.split(' ').filter((w) => w.length > 0));
}

/** The text as drawn: in capitals when the look says. */
export const drawnText = (text: string, look: Pick<CaptionLook, 'uppercase'>): string =>
  look.uppercase ? text.toUpperCase() : text;

export function layOutCaption(
  text: string,
  look: CaptionLook,
  metrics: FontMetrics,
  frame: { width: number; height: number },
): CaptionLayout {
  const fontPx = scaledPx(look.fontSizePx, frame.height);
  const width = (value: string) => textWidthPx(metrics, value, fontPx);
  const measure = look.measure * frame.width;
  const maxChars = look.maxCharsPerLine ?? Number.POSITIVE_INFINITY;
  const space = width(' ');
  // Greedy: a line takes the next word while it stays within the measure and the most
  // characters (the space before it counted); a word too long for either stands alone.
  const rows: { words: string[]; first: number; width: number; chars: number }[] = [];
  let index = 0;
  for (const paragraph of captionParagraphs(drawnText(text, look))) {
    let row: (typeof rows)[number] | null = null;
    for (const word of paragraph) {
      const wide = width(word);
      const chars = [...word].length;
      if (row && row.width + space + wide <= measure && row.chars + 1 + chars <= maxChars) {
        row.words.push(word);
        row.width += space + wide;
        row.chars += 1 + chars;
      } else {
        if (row) rows.push(row);
        row = { words: [word], first: index, width: wide, chars };
      }
      index += 1;
    }
    if (row) rows.push(row);
  }
  if (look.maxLines !== null) rows.splice(look.maxLines);

  const band = BAND_EM * fontPx;
  const ascent = (metrics.ascent * fontPx) / metrics.unitsPerEm;
  const descent = (metrics.descent * fontPx) / metrics.unitsPerEm;
  const blockHeight = rows.length * band;
  const anchorY = look.positionY * frame.height;
  const top = look.anchor === 'middle' ? anchorY - blockHeight / 2 : anchorY - blockHeight;
  const pad = look.boxPaddingPx === null ? BOX_PAD_EM * fontPx : (look.boxPaddingPx * frame.height) / REFERENCE_LINES;

  const lines = rows.map((row, i): LaidLine => {
    const lineText = row.words.join(' ');
    const lineWidth = width(lineText);
    const bandTop = top + i * band;
    const x = px(look.left === null ? (frame.width - lineWidth) / 2 : look.left * frame.width);
    let pen = x;
    const words = row.words.map((word, k): LaidWord => {
      const laid = { text: word, index: row.first + k, x: pen };
      pen += width(word) + space;
      return laid;
    });
    const boxLeft = px(x - pad);
    const boxTop = px(bandTop);
    return {
      text: lineText,
      x,
      baseline: px(bandTop + (band - (ascent + descent)) / 2 + ascent),
      width: lineWidth,
      box: { x: boxLeft, y: boxTop, width: px(x + lineWidth + pad) - boxLeft, height: px(bandTop + band) - boxTop },
      words,
    };
  });
  return { fontPx, lines };
}

/** The word being said, drawn activeWordScale times larger: its font size, pen start (centred on the word as laid) and box. */
export interface ActiveWordPlace {
  readonly fontPx: number;
  readonly x: number;
  /** Behind it when the look has an activeWordBoxColor. */
  readonly box: Box;
}

export function activeWordPlace(
  word: LaidWord,
  line: LaidLine,
  layout: CaptionLayout,
  look: CaptionLook,
  metrics: FontMetrics,
): ActiveWordPlace {
  const fontPx = px(layout.fontPx * look.activeWordScale);
  const laidWidth = textWidthPx(metrics, word.text, layout.fontPx);
  const wordWidth = textWidthPx(metrics, word.text, fontPx);
  const x = px(word.x + (laidWidth - wordWidth) / 2);
  const pad = ACTIVE_BOX_PAD_EM * fontPx;
  const height = BAND_EM * fontPx;
  const centre = line.box.y + line.box.height / 2;
  const left = px(x - pad);
  const boxTop = px(centre - height / 2);
  return {
    fontPx,
    x,
    box: { x: left, y: boxTop, width: px(x + wordWidth + pad) - left, height: px(centre + height / 2) - boxTop },
  };
}

/**
 * When each word of a caption is said (karaoke and the active word): its timing's startMs
 * (none beyond the last timing: never), or without timings the caption's time divided evenly.
 */
export function highlightTimes(
  caption: { startMs: number; endMs: number; text?: string; words?: readonly { startMs: number }[] },
  wordCount: number,
): number[] {
  if (caption.words)
    return Array.from({ length: wordCount }, (_v, i) => caption.words![i]?.startMs ?? Number.POSITIVE_INFINITY);
  const length = caption.endMs - caption.startMs;
  return Array.from({ length: wordCount }, (_v, i) => caption.startMs + (i * length) / wordCount);
}
