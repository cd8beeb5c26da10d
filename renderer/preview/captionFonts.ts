// The catalog's caption fonts, drawn from the very files the service's render reads: the
// Latin woff2 of each family and weight as Fontsource publishes them (@fontsource/<id>),
// bundled with the renderer and loaded as FontFaces on first use; their metrics (advances,
// ascent, descent: fontMetrics.ts) read from Fontsource's WOFF 1.0 twin of each file, which
// the page can decompress. A family is drawn at the nearest weight the catalog lists.
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
import interRegularMetrics from '@fontsource/inter/files/inter-latin-400-normal.woff?url';
import interBoldMetrics from '@fontsource/inter/files/inter-latin-700-normal.woff?url';
import robotoRegularMetrics from '@fontsource/roboto/files/roboto-latin-400-normal.woff?url';
import robotoMediumMetrics from '@fontsource/roboto/files/roboto-latin-500-normal.woff?url';
import robotoBoldMetrics from '@fontsource/roboto/files/roboto-latin-700-normal.woff?url';
import playfairRegularMetrics from '@fontsource/playfair-display/files/playfair-display-latin-400-normal.woff?url';
import playfairBoldMetrics from '@fontsource/playfair-display/files/playfair-display-latin-700-normal.woff?url';
import dejavuRegularMetrics from '@fontsource/dejavu-sans/files/dejavu-sans-latin-400-normal.woff?url';
import dejavuBoldMetrics from '@fontsource/dejavu-sans/files/dejavu-sans-latin-700-normal.woff?url';
import sourceCodeRegularMetrics from '@fontsource/source-code-pro/files/source-code-pro-latin-400-normal.woff?url';
import { nearestWeight } from './captionLayout.ts';
import { metricsOf, woffTables, type FontMetrics } from './fontMetrics.ts';

interface FontFiles {
  /** Drawn from. */
  readonly woff2: string;
  /** Measured from: the same font as WOFF 1.0. */
  readonly woff: string;
}

/** Every bundled file, by catalog font ID and weight. */
const FILES: Readonly<Record<string, Readonly<Record<number, FontFiles>>>> = {
  inter: {
    400: { woff2: interRegular, woff: interRegularMetrics },
    700: { woff2: interBold, woff: interBoldMetrics },
  },
  roboto: {
    400: { woff2: robotoRegular, woff: robotoRegularMetrics },
    500: { woff2: robotoMedium, woff: robotoMediumMetrics },
    700: { woff2: robotoBold, woff: robotoBoldMetrics },
  },
  'playfair-display': {
    400: { woff2: playfairRegular, woff: playfairRegularMetrics },
    700: { woff2: playfairBold, woff: playfairBoldMetrics },
  },
  'dejavu-sans': {
    400: { woff2: dejavuRegular, woff: dejavuRegularMetrics },
    700: { woff2: dejavuBold, woff: dejavuBoldMetrics },
  },
  'source-code-pro': { 400: { woff2: sourceCodeRegular, woff: sourceCodeRegularMetrics } },
};

/** A font the app has no file for is drawn in the subtitle's default. */
const FALLBACK_FONT = 'inter';

export interface CaptionFont {
  /** The CSS family of the loaded face (one per file: weights never get synthesised). */
  readonly family: string;
  readonly weight: number;
  /** Null until the face and its metrics are loaded. */
  metrics: FontMetrics | null;
  /** Resolves once both are. */
  readonly ready: Promise<void>;
}

const faces = new Map<string, CaptionFont>();

async function inflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

async function readMetrics(url: string): Promise<FontMetrics> {
  const response = await fetch(url);
  return metricsOf(await woffTables(new Uint8Array(await response.arrayBuffer()), inflate));
}

/** The face for a catalog font at a style's weight; `catalogWeights` are the family's weights per the catalog. */
export function captionFont(fontId: string, wanted: number, catalogWeights?: readonly number[]): CaptionFont {
  const id = FILES[fontId] ? fontId : FALLBACK_FONT;
  const bundled = Object.keys(FILES[id]!).map(Number);
  const has = catalogWeights?.filter((w) => bundled.includes(w)) ?? [];
  const weight = nearestWeight(wanted, has.length > 0 ? has : bundled);
  const key = `${id}-${weight}`;
  let font = faces.get(key);
  if (!font) {
    const files = FILES[id]![weight]!;
    const family = `clipdesk-caption-${key}`;
    const face = new FontFace(family, `url(${files.woff2})`, { weight: String(weight), style: 'normal' });
    document.fonts.add(face);
    const loading: CaptionFont = {
      family,
      weight,
      metrics: null,
      ready: Promise.all([face.load(), readMetrics(files.woff)]).then(([, metrics]) => {
        loading.metrics = metrics;
      }),
    };
    font = loading;
    faces.set(key, font);
  }
  return font;
}

/** `font` shorthand for a canvas. */
export const cssFont = (font: CaptionFont, sizePx: number) => `${font.weight} ${sizePx}px "${font.family}"`;
