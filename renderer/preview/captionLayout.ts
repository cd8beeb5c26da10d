// Captions laid out as docs/render-semantics.md's table says: each style's font size,
// weight, colours, box and placement; words laid greedily into lines within the style's
// measure (a `\n` breaks a line; a word wider than the measure stands alone); each line a
// band 1.25 em tall with its own box 0.3 em wider than its text on each side. Pure: text
// is measured by the function given (the page's canvas with the catalog font loaded).
import type { Size } from './frameGeometry.ts';

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

export interface LaidLine {
  readonly text: string;
  /** The index of the line's first word among the caption's words (karaoke counts them). */
  readonly firstWord: number;
  readonly words: readonly string[];
  /** The text's advance width and where it starts, in frame pixels. */
  readonly width: number;
  readonly left: number;
  /** The top of its band. */
  readonly top: number;
}

export interface CaptionLayout {
  readonly fontSize: number;
  readonly bandHeight: number;
  readonly lines: readonly LaidLine[];
}

/** Advance width in pixels of `text` at the layout's font size. */
export type MeasureText = (text: string) => number;

/** Greedy lines: a line takes the next word while its width stays within `measure`. */
export function breakLines(text: string, maxWidth: number, measure: MeasureText): string[][] {
  const lines: string[][] = [];
  for (const paragraph of text.split('\n')) {
    const words = paragraph.split(' ').filter((word) => word !== '');
    let line: string[] = [];
    for (const word of words) {
      const candidate = [...line, word];
      if (line.length > 0 && measure(candidate.join(' ')) > maxWidth) {
        lines.push(line);
        line = [word];
      } else line = candidate;
    }
    if (line.length > 0) lines.push(line);
  }
  return lines;
}

export function layoutCaption(text: string, style: CaptionStyleSpec, frame: Size, measure: MeasureText): CaptionLayout {
  const fontSize = style.fontShare * frame.height;
  const bandHeight = BAND_EM * fontSize;
  const broken = breakLines(text, style.measureShare * frame.width, measure);
  const blockHeight = broken.length * bandHeight;
  const top =
    'bottomShare' in style.place
      ? style.place.bottomShare * frame.height - blockHeight
      : style.place.centreShare * frame.height - blockHeight / 2;
  let firstWord = 0;
  const lines = broken.map((words, index) => {
    const line = words.join(' ');
    const width = measure(line);
    const laid: LaidLine = {
      text: line,
      firstWord,
      words,
      width,
      left: style.leftShare === null ? (frame.width - width) / 2 : style.leftShare * frame.width,
      top: top + index * bandHeight,
    };
    firstWord += words.length;
    return laid;
  });
  return { fontSize, bandHeight, lines };
}

/** The weight drawn for `wanted` from the weights a family has: the nearest, the lighter on a tie. */
export function nearestWeight(wanted: number, available: readonly number[]): number {
  if (available.length === 0) return wanted;
  return [...available].sort((a, b) => Math.abs(a - wanted) - Math.abs(b - wanted) || a - b)[0]!;
}
