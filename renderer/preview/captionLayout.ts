// Captions laid out as docs/render-semantics.md's table says: each style's font size (whole
// pixels), weight, colours, box and placement; words laid greedily into lines within the
// style's measure (a `\n` breaks a line; a word wider than the measure stands alone); each
// line a band 1.25 em tall, its baseline centred by the font's hhea ascent and descent, with
// its own box 0.3 em wider than its text on each side. Text is set as ffmpeg's drawtext
// sets it: each character advances the pen by its advance rounded down to a whole pixel,
// no kerning; every position is a whole pixel. Pure: the font's metrics are given.
import type { Size } from './frameGeometry.ts';
import { textWidthPx, type FontMetrics } from './fontMetrics.ts';

export interface CaptionStyleSpec {
  /** Font size as a share of the frame's height. */
  readonly fontShare: number;
  readonly weight: number;
  /** Behind each line: an sRGB colour and its alpha. */
  readonly box: { readonly color: string; readonly alpha: number };
  /** The longest line, as a share of the frame's width. */
  readonly measureShare: number;
  /** Lines centred on the frame, or left-aligned at this share of its width. */
  readonly leftShare: number | null;
  /** Where the block of lines sits: its bottom at a share of the height, or its centre. */
  readonly place: { readonly bottomShare: number } | { readonly centreShare: number };
  readonly karaoke: boolean;
}

export const TEXT_COLOR = '#FFFFFF';
export const KARAOKE_COLOR = '#FFD21F';
/** A band is this many em tall; a box reaches this many em past its line's text on each side. */
export const BAND_EM = 1.25;
export const BOX_PAD_EM = 0.3;

const BLACK = '#000000';

export const CAPTION_STYLES: Readonly<Record<string, CaptionStyleSpec>> = {
  subtitle: {
    fontShare: 0.05,
    weight: 400,
    box: { color: BLACK, alpha: 0.6 },
    measureShare: 0.8,
    leftShare: null,
    place: { bottomShare: 0.93 },
    karaoke: false,
  },
  karaoke: {
    fontShare: 0.05,
    weight: 700,
    box: { color: BLACK, alpha: 0.6 },
    measureShare: 0.8,
    leftShare: null,
    place: { bottomShare: 0.93 },
    karaoke: true,
  },
  'lower-third': {
    fontShare: 0.045,
    weight: 500,
    box: { color: '#1E3A8A', alpha: 0.85 },
    measureShare: 0.6,
    leftShare: 0.06,
    place: { bottomShare: 0.85 },
    karaoke: false,
  },
  title: {
    fontShare: 0.09,
    weight: 700,
    box: { color: BLACK, alpha: 0.35 },
    measureShare: 0.8,
    leftShare: null,
    place: { centreShare: 0.5 },
    karaoke: false,
  },
};

/** A style this app does not know is drawn as a subtitle. */
export const captionStyleOf = (id: string): CaptionStyleSpec => CAPTION_STYLES[id] ?? CAPTION_STYLES.subtitle!;

export interface LaidWord {
  readonly text: string;
  /** Its place among all the caption's words (karaoke counts them). */
  readonly index: number;
  /** The pen position where it starts. */
  readonly x: number;
}

export interface LaidLine {
  readonly text: string;
  /** The pen position where the line starts, and its baseline; whole pixels. */
  readonly x: number;
  readonly baseline: number;
  /** The sum of its characters' whole-pixel advances. */
  readonly width: number;
  /** Its box, whole pixels. */
  readonly box: { readonly x: number; readonly y: number; readonly width: number; readonly height: number };
  readonly words: readonly LaidWord[];
}

export interface CaptionLayout {
  /** The font size: the style's share of the height, in whole pixels. */
  readonly fontPx: number;
  readonly lines: readonly LaidLine[];
}

/** Every position is rounded to the nearest whole pixel, halves up. */
const px = (value: number) => Math.floor(value + 0.5);

/** The words of each line of the text (a `\n` breaks a line), split on spaces. */
function paragraphs(text: string): string[][] {
  return text.split('\n').map((line) => line.split(' ').filter((word) => word !== ''));
}

export function layoutCaption(text: string, style: CaptionStyleSpec, frame: Size, metrics: FontMetrics): CaptionLayout {
  const fontPx = px(style.fontShare * frame.height);
  const width = (value: string) => textWidthPx(metrics, value, fontPx);
  const measure = style.measureShare * frame.width;
  const space = width(' ');
  // Greedy: a line takes the next word while it stays within the measure (the space before it counted).
  const rows: { words: string[]; first: number; width: number }[] = [];
  let index = 0;
  for (const words of paragraphs(text)) {
    let row: { words: string[]; first: number; width: number } | null = null;
    for (const word of words) {
      const wide = width(word);
      if (row && row.width + space + wide <= measure) {
        row.words.push(word);
        row.width += space + wide;
      } else {
        if (row) rows.push(row);
        row = { words: [word], first: index, width: wide };
      }
      index++;
    }
    if (row) rows.push(row);
  }
  const band = BAND_EM * fontPx;
  const ascent = (metrics.ascent * fontPx) / metrics.unitsPerEm;
  const descent = (metrics.descent * fontPx) / metrics.unitsPerEm;
  const blockHeight = rows.length * band;
  const top =
    'bottomShare' in style.place
      ? style.place.bottomShare * frame.height - blockHeight
      : style.place.centreShare * frame.height - blockHeight / 2;
  const pad = BOX_PAD_EM * fontPx;
  const lines = rows.map((row, i): LaidLine => {
    const lineText = row.words.join(' ');
    const lineWidth = width(lineText);
    const bandTop = top + i * band;
    const x = px(style.leftShare === null ? (frame.width - lineWidth) / 2 : style.leftShare * frame.width);
    let pen = x;
    const words = row.words.map((word, k): LaidWord => {
      const laid = { text: word, index: row.first + k, x: pen };
      pen += width(word) + space;
      return laid;
    });
    const left = px(x - pad);
    const boxTop = px(bandTop);
    return {
      text: lineText,
      x,
      baseline: px(bandTop + (band - (ascent + descent)) / 2 + ascent),
      width: lineWidth,
      box: { x: left, y: boxTop, width: px(x + lineWidth + pad) - left, height: px(bandTop + band) - boxTop },
      words,
    };
  });
  return { fontPx, lines };
}

/** The weight drawn for `wanted` from the weights a family has: the nearest, the lighter on a tie. */
export function nearestWeight(wanted: number, available: readonly number[]): number {
  if (available.length === 0) return wanted;
  return [...available].sort((a, b) => Math.abs(a - wanted) - Math.abs(b - wanted) || a - b)[0]!;
}
