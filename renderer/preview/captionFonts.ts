// The catalog's caption fonts, drawn from the very files the service's render reads: the
// Latin woff2 of each family and weight as Fontsource publishes them (@fontsource/<id>),
// bundled with the renderer and loaded as FontFaces on first use. A family is drawn at the
// nearest weight the catalog says it has; text is measured with kerning and ligatures off
// (a line's width is the sum of its characters' advances, as the semantics define it).
import interRegular from '@fontsource/inter/files/inter-latin-400-normal.woff2?url';
import interBold from '@fontsource/inter/files/inter-latin-700-normal.woff2?url';
import robotoRegular from '@fontsource/roboto/files/roboto-latin-400-normal.woff2?url';
import robotoMedium from '@fontsource/roboto/files/roboto-latin-500-normal.woff2?url';
import robotoBold from '@fontsource/roboto/files/roboto-latin-700-normal.woff2?url';
import playfairRegular from '@fontsource/playfair-display/files/playfair-display-latin-400-normal.woff2?url';
import playfairBold from '@fontsource/playfair-display/files/playfair-display-latin-700-normal.woff2?url';
import dejavuRegular from '@fontsource/dejavu-sans/files/dejavu-sans-latin-400-normal.woff2?url';
import dejavuBold from '@fontsource/dejavu-sans/files/dejavu-sans-latin-700-normal.woff2?url';
import sourceCodeRegular from '@fontsource/source-code-pro/files/source-code-pro-latin-400-normal.woff2?url';
import { nearestWeight } from './captionLayout.ts';

/** Every bundled file, by catalog font ID and weight. */
const FILES: Readonly<Record<string, Readonly<Record<number, string>>>> = {
  inter: { 400: interRegular, 700: interBold },
  roboto: { 400: robotoRegular, 500: robotoMedium, 700: robotoBold },
  'playfair-display': { 400: playfairRegular, 700: playfairBold },
  'dejavu-sans': { 400: dejavuRegular, 700: dejavuBold },
  'source-code-pro': { 400: sourceCodeRegular },
};

/** A font the app has no file for is drawn in the subtitle's default. */
const FALLBACK_FONT = 'inter';

export interface CaptionFont {
  /** The CSS family of the loaded face (one per file: weights never get synthesised). */
  readonly family: string;
  readonly weight: number;
  /** Resolves once the file is loaded and text can be measured with it. */
  readonly ready: Promise<void>;
}

const faces = new Map<string, CaptionFont>();

/** The face for a catalog font at a style's weight; `catalogWeights` are the family's weights per the catalog. */
export function captionFont(fontId: string, wanted: number, catalogWeights?: readonly number[]): CaptionFont {
  const id = FILES[fontId] ? fontId : FALLBACK_FONT;
  const bundled = Object.keys(FILES[id]!).map(Number);
  const has = catalogWeights?.filter((w) => bundled.includes(w)) ?? [];
  const weight = nearestWeight(wanted, has.length > 0 ? has : bundled);
  const key = `${id}-${weight}`;
  let font = faces.get(key);
  if (!font) {
    const family = `clipdesk-caption-${key}`;
    const face = new FontFace(family, `url(${FILES[id]![weight]!})`, { weight: String(weight), style: 'normal' });
    document.fonts.add(face);
    font = { family, weight, ready: face.load().then(() => undefined) };
    faces.set(key, font);
  }
  return font;
}

/** `font` shorthand for a canvas or a style. */
export const cssFont = (font: CaptionFont, sizePx: number) => `${font.weight} ${sizePx}px "${font.family}"`;

let measuring: CanvasRenderingContext2D | null = null;

/** Advance width of `text` in the face at `sizePx`: kerning off, as the semantics measure a line. */
export function measureWith(font: CaptionFont, sizePx: number): (text: string) => number {
  measuring ??= document.createElement('canvas').getContext('2d');
  const g = measuring;
  if (!g) return (text) => text.length * sizePx * 0.5;
  return (text) => {
    g.font = cssFont(font, sizePx);
    g.fontKerning = 'none';
    return g.measureText(text).width;
  };
}
