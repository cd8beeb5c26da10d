// The few numbers of a caption font that whole-pixel text setting needs (render-semantics:
// "Text is set as ffmpeg's drawtext sets it"): units per em, the hhea ascender and
// descender, and each character's advance width. Read from the family's WOFF 1.0 file,
// whose tables are zlib streams the page can inflate (DecompressionStream: browsers have no
// Brotli for WOFF2's); Fontsource makes both files from one font, and a unit test checks
// that they give the same numbers. Pure: the inflater is given.

export interface FontMetrics {
  readonly unitsPerEm: number;
  /** Above the baseline, font units (positive). */
  readonly ascent: number;
  /** Below the baseline, font units (positive). */
  readonly descent: number;
  /** A character's advance width in font units (the .notdef glyph's for one the font lacks). */
  advance(codePoint: number): number;
}

/** zlib-compressed bytes → the bytes. */
export type Inflate = (bytes: Uint8Array) => Promise<Uint8Array>;

/** The sfnt tables of a WOFF 1.0 file, by tag, decompressed. */
export async function woffTables(file: Uint8Array, inflate: Inflate): Promise<Map<string, DataView>> {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  if (view.getUint32(0) !== 0x774f4646) throw new Error('not a WOFF file');
  const count = view.getUint16(12);
  const tables = new Map<string, DataView>();
  for (let i = 0; i < count; i++) {
    const at = 44 + i * 20;
    const tag = String.fromCharCode(file[at]!, file[at + 1]!, file[at + 2]!, file[at + 3]!);
    const offset = view.getUint32(at + 4);
    const compressed = view.getUint32(at + 8);
    const original = view.getUint32(at + 12);
    const bytes = file.subarray(offset, offset + compressed);
    const data = compressed < original ? await inflate(bytes) : bytes;
    tables.set(tag, new DataView(data.buffer, data.byteOffset, data.byteLength));
  }
  return tables;
}

/** Character → glyph, from the cmap's Unicode subtable (format 12 preferred, else 4). */
function glyphLookup(cmap: DataView): (codePoint: number) => number {
  let format4: number | null = null;
  let format12: number | null = null;
  const subtables = cmap.getUint16(2);
  for (let i = 0; i < subtables; i++) {
    const platform = cmap.getUint16(4 + i * 8);
    const encoding = cmap.getUint16(6 + i * 8);
    const offset = cmap.getUint32(8 + i * 8);
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    if (!unicode) continue;
    const format = cmap.getUint16(offset);
    if (format === 12) format12 = offset;
    if (format === 4) format4 ??= offset;
  }
  if (format12 !== null) {
    const at = format12;
    const groups = cmap.getUint32(at + 12);
    return (cp) => {
      for (let g = 0; g < groups; g++) {
        const start = cmap.getUint32(at + 16 + g * 12);
        if (cp >= start && cp <= cmap.getUint32(at + 20 + g * 12)) return cmap.getUint32(at + 24 + g * 12) + cp - start;
      }
      return 0;
    };
  }
  if (format4 === null) throw new Error('the font has no Unicode cmap');
  const at = format4;
  const segments = cmap.getUint16(at + 6) / 2;
  const ends = at + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const ranges = deltas + segments * 2;
  return (cp) => {
    if (cp > 0xffff) return 0;
    for (let s = 0; s < segments; s++) {
      if (cp > cmap.getUint16(ends + s * 2)) continue;
      const start = cmap.getUint16(starts + s * 2);
      if (cp < start) return 0;
      const delta = cmap.getInt16(deltas + s * 2);
      const range = cmap.getUint16(ranges + s * 2);
      if (range === 0) return (cp + delta) & 0xffff;
      const glyph = cmap.getUint16(ranges + s * 2 + range + (cp - start) * 2);
      return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
    }
    return 0;
  };
}

export function metricsOf(tables: ReadonlyMap<string, DataView>): FontMetrics {
  const table = (tag: string) => {
    const found = tables.get(tag);
    if (!found) throw new Error(`the font has no ${tag} table`);
    return found;
  };
  const head = table('head');
  const hhea = table('hhea');
  const hmtx = table('hmtx');
  const metrics = hhea.getUint16(34);
  const glyphOf = glyphLookup(table('cmap'));
  return {
    unitsPerEm: head.getUint16(18),
    ascent: hhea.getInt16(4),
    descent: -hhea.getInt16(6),
    advance: (codePoint) => hmtx.getUint16(Math.min(glyphOf(codePoint), metrics - 1) * 4),
  };
}

/**
 * A character's advance in whole pixels, as FreeType scales it for drawtext: the size's
 * 16.16 scale, the advance in 26.6 fixed point, then its whole pixels (rounded down).
 */
export function advancePx(metrics: FontMetrics, codePoint: number, fontPx: number): number {
  const scale = Math.floor((fontPx * 64 * 65536 + Math.floor(metrics.unitsPerEm / 2)) / metrics.unitsPerEm);
  const advance26 = Math.floor((metrics.advance(codePoint) * scale + 0x8000) / 65536);
  return Math.floor(advance26 / 64);
}

/** A text's width: the sum of its characters' whole-pixel advances. */
export function textWidthPx(metrics: FontMetrics, text: string, fontPx: number): number {
  let width = 0;
  for (const char of text) width += advancePx(metrics, char.codePointAt(0)!, fontPx);
  return width;
}
