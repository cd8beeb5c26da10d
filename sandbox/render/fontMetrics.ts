// The few numbers of a font that caption layout needs, read from a WOFF2 file: units per
// em, ascent and descent (hhea), and each character's advance width. WOFF2 is an sfnt whose
// tables are Brotli-compressed as one stream (https://www.w3.org/TR/WOFF2/); the tables
// read here (head, hhea, cmap, hmtx) keep their sfnt layout, except that hmtx may
// drop its left side bearings, which come after the advance widths we need.
import { readFileSync } from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';

export interface FontMetrics {
  unitsPerEm: number;
  /** Above the baseline, in font units (positive). */
  ascent: number;
  /** Below the baseline, in font units (positive). */
  descent: number;
  /** The advance width of a character, in font units (the .notdef glyph's when the font lacks it). */
  advance(codePoint: number): number;
}

/** The WOFF2 known-table tags, by index ('_' stands for a space). */
const KNOWN_TAGS = (
  'cmap head hhea hmtx maxp name OS/2 post cvt_ fpgm glyf loca prep CFF_ VORG EBDT EBLC gasp hdmx kern ' +
  'LTSH PCLT VDMX vhea vmtx BASE GDEF GPOS GSUB EBSC JSTF MATH CBDT CBLC COLR CPAL SVG_ sbix acnt avar bdat bloc bsln cvar fdsc feat fmtx fvar gvar hsty just lcar mort morx opbd prop trak Zapf Silf Glat Gloc Feat Sill'
)
  .split(' ')
  .map((tag) => tag.replace('_', ' '));

/** The sfnt tables of a WOFF2 file, by tag, and whether each was transformed. */
function woff2Tables(file: Buffer): Map<string, { data: Buffer; transformed: boolean }> {
  if (file.toString('latin1', 0, 4) !== 'wOF2') throw new Error('not a WOFF2 font');
  const numTables = file.readUInt16BE(12);
  let at = 48;
  const base128 = (): number => {
    let value = 0;
    for (let i = 0; i < 5; i++) {
      const byte = file[at++]!;
      value = value * 128 + (byte & 0x7f);
      if ((byte & 0x80) === 0) return value;
    }
    throw new Error('bad UIntBase128 in a WOFF2 table directory');
  };
  const entries: { tag: string; length: number; transformed: boolean }[] = [];
  for (let i = 0; i < numTables; i++) {
    const flags = file[at++]!;
    const index = flags & 0x3f;
    let tag: string;
    if (index === 63) {
      tag = file.toString('latin1', at, at + 4);
      at += 4;
    } else tag = KNOWN_TAGS[index]!;
    const version = flags >> 6;
    const origLength = base128();
    const transformed = tag === 'glyf' || tag === 'loca' ? version !== 3 : version !== 0;
    const length = transformed ? base128() : origLength;
    entries.push({ tag, length, transformed });
  }
  const data = brotliDecompressSync(file.subarray(at, at + file.readUInt32BE(20)));
  const tables = new Map<string, { data: Buffer; transformed: boolean }>();
  let offset = 0;
  for (const { tag, length, transformed } of entries) {
    tables.set(tag, { data: data.subarray(offset, offset + length), transformed });
    offset += length;
  }
  return tables;
}

/** Character → glyph from a cmap's Unicode subtable (format 12 preferred, else 4). */
function readCmap(cmap: Buffer): (codePoint: number) => number {
  const count = cmap.readUInt16BE(2);
  let format4: number | null = null;
  let format12: number | null = null;
  for (let i = 0; i < count; i++) {
    const platform = cmap.readUInt16BE(4 + i * 8);
    const encoding = cmap.readUInt16BE(6 + i * 8);
    const offset = cmap.readUInt32BE(8 + i * 8);
    const format = cmap.readUInt16BE(offset);
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    if (!unicode) continue;
    if (format === 12) format12 ??= offset;
    if (format === 4) format4 ??= offset;
  }
  if (format12 !== null) {
    const at = format12;
    const groups = cmap.readUInt32BE(at + 12);
    return (cp) => {
      for (let g = 0; g < groups; g++) {
        const start = cmap.readUInt32BE(at + 16 + g * 12);
        const end = cmap.readUInt32BE(at + 20 + g * 12);
        if (cp >= start && cp <= end) return cmap.readUInt32BE(at + 24 + g * 12) + (cp - start);
      }
      return 0;
    };
  }
  if (format4 === null) throw new Error('the font has no Unicode cmap');
  const at = format4;
  const segCount = cmap.readUInt16BE(at + 6) / 2;
  const ends = at + 14;
  const starts = ends + segCount * 2 + 2;
  const deltas = starts + segCount * 2;
  const rangeOffsets = deltas + segCount * 2;
  return (cp) => {
    if (cp > 0xffff) return 0;
    for (let s = 0; s < segCount; s++) {
      if (cp > cmap.readUInt16BE(ends + s * 2)) continue;
      const start = cmap.readUInt16BE(starts + s * 2);
      if (cp < start) return 0;
      const delta = cmap.readInt16BE(deltas + s * 2);
      const rangeOffset = cmap.readUInt16BE(rangeOffsets + s * 2);
      if (rangeOffset === 0) return (cp + delta) & 0xffff;
      const glyph = cmap.readUInt16BE(rangeOffsets + s * 2 + rangeOffset + (cp - start) * 2);
      return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
    }
    return 0;
  };
}

export function readWoff2Metrics(path: string): FontMetrics {
  const tables = woff2Tables(readFileSync(path));
  const table = (tag: string) => {
    const found = tables.get(tag);
    if (!found) throw new Error(`${path} has no ${tag} table`);
    return found.data;
  };
  const head = table('head');
  const hhea = table('hhea');
  const hmtx = table('hmtx');
  const unitsPerEm = head.readUInt16BE(18);
  const numberOfHMetrics = hhea.readUInt16BE(34);
  // A transformed hmtx starts with a flags byte, then the advance widths alone.
  const transformedHmtx = tables.get('hmtx')!.transformed;
  const advancesAt = transformedHmtx ? 1 : 0;
  const stride = transformedHmtx ? 2 : 4;
  const glyphOf = readCmap(table('cmap'));
  // The hhea ascender and descender: what FreeType and browsers take as the line's
  // ascent and descent (the catalog's fonts that set USE_TYPO_METRICS have the same values).
  return {
    unitsPerEm,
    ascent: hhea.readInt16BE(4),
    descent: -hhea.readInt16BE(6),
    advance(codePoint) {
      const glyph = Math.min(glyphOf(codePoint), numberOfHMetrics - 1);
      return hmtx.readUInt16BE(advancesAt + glyph * stride);
    },
  };
}
