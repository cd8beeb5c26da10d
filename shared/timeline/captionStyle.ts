// A caption's look as properties (docs/render-semantics.md, "Caption style properties"):
// size, colours, outline, shadow, box, position, line limits, upper case and the active
// word's look. A catalog style (subtitle, karaoke, lower-third, title) is a preset of them;
// a caption track may hold defaults over its style, and a caption's own values win. The
// service's render and the app's monitor both draw what `captionLookOf` gives, so a rule
// here is written once and drawn twice.
import { z } from 'zod';

/** Sizes in pixels are given at 1080 lines and scale with the frame's height. */
export const REFERENCE_LINES = 1080;

const HEX_COLOR = /^#[0-9A-Fa-f]{6}$/;

/** Each settable property: what it is, its range or format (the 400's words come from here). */
export const CAPTION_STYLE_RANGES = {
  fontSizePx: { min: 8, max: 300 },
  outlineWidthPx: { min: 0, max: 20 },
  boxOpacity: { min: 0, max: 1 },
  boxPaddingPx: { min: 0, max: 100 },
  positionY: { min: 0.05, max: 0.95 },
  maxCharsPerLine: { min: 4, max: 200 },
  maxLines: { min: 1, max: 10 },
  activeWordScale: { min: 1, max: 2 },
} as const;

const color = (what: string) =>
  z
    .string()
    .regex(HEX_COLOR, 'must be a colour "#RRGGBB" (six hexadecimal digits)')
    .transform((c) => c.toUpperCase())
    .describe(`${what}, "#RRGGBB".`);
const ranged = (field: keyof typeof CAPTION_STYLE_RANGES, what: string, int = false) => {
  const { min, max } = CAPTION_STYLE_RANGES[field];
  const base = int ? z.number().int('must be a whole number') : z.number();
  return base
    .min(min, `must be at least ${min} (${min} to ${max})`)
    .max(max, `must be at most ${max} (${min} to ${max})`)
    .describe(`${what} (${min} to ${max}).`);
};

/** The settable properties; each may also be null in a command, which removes it (the default applies again). */
export const CAPTION_STYLE_FIELDS = {
  fontSizePx: ranged('fontSizePx', 'Font size in pixels at 1080 lines (scaled with the frame height, rounded)'),
  textColor: color('The text colour'),
  outlineColor: color('The outline around each glyph'),
  outlineWidthPx: ranged('outlineWidthPx', 'The outline width in pixels at 1080 lines; 0 draws none'),
  shadow: z
    .boolean()
    .describe('A drop shadow: the text again in black at alpha 0.6, 0.05 em right and down, beneath it.'),
  boxColor: color('The box behind each line'),
  boxOpacity: ranged('boxOpacity', "The box's opacity; 0 draws no box"),
  boxPaddingPx: ranged(
    'boxPaddingPx',
    "How far the box reaches past the line's text on each side, pixels at 1080 lines (0.3 em when not set)",
  ),
  positionY: ranged(
    'positionY',
    "Where the block of lines sits, as a share of the frame's height: its bottom (its centre for the title style)",
  ),
  maxCharsPerLine: ranged('maxCharsPerLine', 'The most characters on a line, spaces counted', true),
  maxLines: ranged('maxLines', 'The most lines drawn; lines after them are not drawn', true),
  uppercase: z.boolean().describe('Draw the text in capitals (the stored text keeps its case).'),
  spokenWordColor: color('Words already begun (karaoke) are drawn in this colour'),
  activeWordColor: color('The word being said (the last begun) is drawn in this colour'),
  activeWordScale: ranged(
    'activeWordScale',
    'The word being said is drawn this much larger, centred on itself ("pop")',
  ),
  activeWordBoxColor: color('A box, opaque, behind the word being said'),
};

export type CaptionStyleField = keyof typeof CAPTION_STYLE_FIELDS;
export const CAPTION_STYLE_FIELD_NAMES = Object.keys(CAPTION_STYLE_FIELDS) as CaptionStyleField[];

/** Stored on a caption clip or a caption track: the properties set there. */
export const CaptionStyleSchema = z.strictObject(
  Object.fromEntries(CAPTION_STYLE_FIELD_NAMES.map((k) => [k, CAPTION_STYLE_FIELDS[k].optional()])) as {
    [K in CaptionStyleField]: z.ZodOptional<(typeof CAPTION_STYLE_FIELDS)[K]>;
  },
);
export type CaptionStyle = z.output<typeof CaptionStyleSchema>;

/** In a command: a value sets a property, null removes it. */
export const CaptionStyleInputSchema = z
  .strictObject(
    Object.fromEntries(CAPTION_STYLE_FIELD_NAMES.map((k) => [k, CAPTION_STYLE_FIELDS[k].nullable().optional()])) as {
      [K in CaptionStyleField]: z.ZodOptional<z.ZodNullable<(typeof CAPTION_STYLE_FIELDS)[K]>>;
    },
  )
  .describe(
    "Caption style properties: each value sets one, null removes it (the track's default, else the style's, applies again). A caption's own value wins over its track's.",
  );
export type CaptionStyleInput = z.output<typeof CaptionStyleInputSchema>;

/** `style` with `input` applied: set values replace, nulls remove; undefined when nothing is left. */
export function mergeCaptionStyle(style: CaptionStyle | undefined, input: CaptionStyleInput): CaptionStyle | undefined {
  const merged: Record<string, unknown> = { ...style };
  for (const [key, value] of Object.entries(input)) {
    if (value === null) delete merged[key];
    else if (value !== undefined) merged[key] = value;
  }
  return Object.keys(merged).length > 0 ? (merged as CaptionStyle) : undefined;
}

/** The input that makes `after` out of `before` (for undo): every field either sets, each as it was. */
export function captionStyleUndo(before: CaptionStyle | undefined, input: CaptionStyleInput): CaptionStyleInput {
  const undo: Record<string, unknown> = {};
  for (const key of Object.keys(input)) undo[key] = (before as Record<string, unknown> | undefined)?.[key] ?? null;
  return undo as CaptionStyleInput;
}

/** Everything a renderer needs to draw a caption, resolved from its style, track and own values. */
export interface CaptionLook {
  fontSizePx: number;
  weight: number;
  textColor: string;
  outlineColor: string;
  outlineWidthPx: number;
  shadow: boolean;
  boxColor: string;
  boxOpacity: number;
  /** Null: 0.3 em. */
  boxPaddingPx: number | null;
  /** The longest line as a share of the frame's width. */
  measure: number;
  /** Null: lines centred; else they start at this share of the width. */
  left: number | null;
  /** Bottom: the block's bottom at positionY × H; middle: its centre there. */
  anchor: 'bottom' | 'middle';
  positionY: number;
  maxCharsPerLine: number | null;
  maxLines: number | null;
  uppercase: boolean;
  spokenWordColor: string | null;
  activeWordColor: string | null;
  activeWordScale: number;
  activeWordBoxColor: string | null;
}

const WHITE = '#FFFFFF';
const BLACK = '#000000';
const BASE: CaptionLook = {
  fontSizePx: 54,
  weight: 400,
  textColor: WHITE,
  outlineColor: BLACK,
  outlineWidthPx: 0,
  shadow: false,
  boxColor: BLACK,
  boxOpacity: 0.6,
  boxPaddingPx: null,
  measure: 0.8,
  left: null,
  anchor: 'bottom',
  positionY: 0.93,
  maxCharsPerLine: null,
  maxLines: null,
  uppercase: false,
  spokenWordColor: null,
  activeWordColor: null,
  activeWordScale: 1,
  activeWordBoxColor: null,
};

/** The catalog's styles as presets of the properties (sizes at 1080 lines: 0.05 × 1080 = 54). */
export const CAPTION_PRESETS: Readonly<Record<string, CaptionLook>> = {
  subtitle: BASE,
  karaoke: { ...BASE, weight: 700, spokenWordColor: '#FFD21F' },
  'lower-third': {
    ...BASE,
    fontSizePx: 48.6,
    weight: 500,
    boxColor: '#1E3A8A',
    boxOpacity: 0.85,
    measure: 0.6,
    left: 0.06,
    positionY: 0.85,
  },
  title: { ...BASE, fontSizePx: 97.2, weight: 700, boxOpacity: 0.35, anchor: 'middle', positionY: 0.5 },
};

/** A caption's look: its style's preset (a subtitle for a style this code does not know), then its track's values, then its own. */
export function captionLookOf(
  style: string,
  trackStyle?: CaptionStyle | null,
  clipStyle?: CaptionStyle | null,
): CaptionLook {
  return { ...(CAPTION_PRESETS[style] ?? BASE), ...trackStyle, ...clipStyle };
}

/** Whether a caption is drawn word by word (its words change colour, size or box as they are said). */
export const hasWordLook = (look: CaptionLook): boolean =>
  look.spokenWordColor !== null ||
  look.activeWordColor !== null ||
  look.activeWordBoxColor !== null ||
  look.activeWordScale !== 1;

/** A length given at 1080 lines, in whole pixels of a frame `height` tall (halves up). */
export const scaledPx = (px: number, height: number): number => Math.floor((px * height) / REFERENCE_LINES + 0.5);

/** The colour word `index` is drawn in when `begun` words have begun (the last begun is the one being said). */
export function wordColorOf(look: CaptionLook, index: number, begun: number): string {
  if (index === begun - 1) return look.activeWordColor ?? look.spokenWordColor ?? look.textColor;
  if (index < begun - 1) return look.spokenWordColor ?? look.textColor;
  return look.textColor;
}

/** The drop shadow: black at this alpha, this share of the font size right and down. */
export const SHADOW = { color: BLACK, alpha: 0.6, offsetEm: 0.05 } as const;
/** The active word's box reaches this far past the (scaled) word on each side. */
export const ACTIVE_BOX_PAD_EM = 0.15;
