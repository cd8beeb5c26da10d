// The catalog's font files: the Latin WOFF2 files of the Fontsource packages
// (@fontsource/<font-id>), one per family and weight, found next to this code's own
// node_modules. In the packaged app they sit outside app.asar (electron-builder.yml,
// asarUnpack), because ffmpeg reads them as plain files.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, sep } from 'node:path';
import { FONTS } from '../editor/editorCatalog.ts';
import { readWoff2Metrics, type FontMetrics } from './fontMetrics.ts';

const require = createRequire(import.meta.url);

/** The weight drawn for `wanted`: the family's own, or its nearest (the lighter on a tie). */
export function nearestWeight(fontId: string, wanted: number): number {
  const family = FONTS.find((f) => f.id === fontId);
  if (!family) throw new Error(`unknown font ${fontId}`);
  return [...family.weights].sort((a, b) => Math.abs(a - wanted) - Math.abs(b - wanted) || a - b)[0]!;
}

/** A path inside app.asar as ffmpeg can open it: the unpacked copy beside the archive. */
export function outsideAsar(path: string): string {
  const marker = `${sep}app.asar${sep}`;
  return path.includes(marker) ? path.replace(marker, `${sep}app.asar.unpacked${sep}`) : path;
}

const paths = new Map<string, string>();

/** The WOFF2 file of a catalog font at the weight drawn for `wanted`. */
export function fontFile(fontId: string, wanted: number): string {
  const weight = nearestWeight(fontId, wanted);
  const key = `${fontId}-${weight}`;
  let path = paths.get(key);
  if (!path) {
    // The package's main entry is its CSS, at the package's root.
    const root = dirname(require.resolve(`@fontsource/${fontId}`));
    path = outsideAsar(join(root, 'files', `${fontId}-latin-${weight}-normal.woff2`));
    if (!existsSync(path)) throw new Error(`the font file ${path} is missing: reinstall the app`);
    paths.set(key, path);
  }
  return path;
}

const metrics = new Map<string, FontMetrics>();

export function fontMetrics(file: string): FontMetrics {
  let found = metrics.get(file);
  if (!found) {
    found = readWoff2Metrics(file);
    metrics.set(file, found);
  }
  return found;
}
