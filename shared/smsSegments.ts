// How many SMS segments a text takes, and why (3GPP TS 23.038 / 23.040). A text written only
// in the GSM 03.38 alphabet goes as GSM-7: 160 septets in one message, or 153 per segment
// once it is split (the other 7 carry the concatenation header); the extension table's
// characters (€ { } [ ] ~ ^ \ | and form feed) take an escape septet plus their own, and a
// pair is never split across two segments. Any other character forces UCS-2 for the whole
// text: 70 UTF-16 units in one message, 67 per segment when split, a surrogate pair (an
// emoji) never split. Pure: the compose form counts with it as the user types.

export type SmsEncoding = 'GSM-7' | 'UCS-2';

/** The basic GSM 03.38 alphabet (the escape code itself excluded: it is not a character anyone types). */
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';

/** The extension table: each counts two septets (escape + character). */
const GSM_EXTENSION = '\f^{}\\[~]|€';

const BASIC = new Set(GSM_BASIC);
const EXTENSION = new Set(GSM_EXTENSION);

export const SMS_LIMITS = {
  gsmSingle: 160,
  gsmPerSegment: 153,
  ucs2Single: 70,
  ucs2PerSegment: 67,
} as const;

/** A character outside GSM-7, with where it first appears (a code point index) and how often. */
export interface ForcingCharacter {
  readonly char: string;
  /** e.g. U+201C */
  readonly codePoint: string;
  /** Index of its first appearance, counted in characters (code points). */
  readonly index: number;
  readonly count: number;
  /** A GSM-7 stand-in, when an obvious one exists (a straight quote for a curly one…). */
  readonly replacement: string | null;
}

export interface SegmentCount {
  readonly encoding: SmsEncoding;
  /** Characters as people count them (code points): the 740 limit counts these. */
  readonly characters: number;
  /** Septets (GSM-7) or UTF-16 units (UCS-2). */
  readonly units: number;
  readonly segments: number;
  /** Units one segment holds at this length: 160/153 or 70/67. */
  readonly perSegment: number;
  /** Units left before another segment is needed. */
  readonly remainingInSegment: number;
  /** The characters that force UCS-2, in order of first appearance (empty for GSM-7). */
  readonly forcingUcs2: readonly ForcingCharacter[];
  /** GSM-7 extension characters present (each counts twice). */
  readonly extended: readonly string[];
}

/** Common typographic characters and their GSM-7 stand-ins. */
export const GSM_REPLACEMENTS: Readonly<Record<string, string>> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201A': "'",
  '\u2032': "'",
  '\u201C': '"',
  '\u201D': '"',
  '\u201E': '"',
  '\u2033': '"',
  '\u2013': '-',
  '\u2014': '-',
  '\u2212': '-',
  '\u2026': '...',
  '\u00A0': ' ',
  '\u2009': ' ',
  '\u202F': ' ',
  '\u2022': '*',
  '\t': ' ',
  '\u00B4': "'",
  '\u02BC': "'",
};

export function isGsm7Char(char: string): boolean {
  return BASIC.has(char) || EXTENSION.has(char);
}

export function isGsm7Extension(char: string): boolean {
  return EXTENSION.has(char);
}

/** Units of one character in an encoding. */
function unitsOf(char: string, encoding: SmsEncoding): number {
  if (encoding === 'GSM-7') return EXTENSION.has(char) ? 2 : 1;
  return char.length; // UTF-16 units: 2 for a character outside the BMP
}

/** Packs characters into segments of `size` units without splitting any character's units. */
function packedSegments(chars: readonly string[], encoding: SmsEncoding, size: number): number {
  let segments = 1;
  let used = 0;
  for (const char of chars) {
    const units = unitsOf(char, encoding);
    if (used + units > size) {
      segments += 1;
      used = 0;
    }
    used += units;
  }
  return segments;
}

function codePointName(char: string): string {
  return `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

export function countSegments(text: string): SegmentCount {
  const chars = [...text];
  const forcing = new Map<string, { index: number; count: number }>();
  const extended = new Set<string>();
  chars.forEach((char, index) => {
    if (EXTENSION.has(char)) extended.add(char);
    else if (!BASIC.has(char)) {
      const seen = forcing.get(char);
      if (seen) seen.count += 1;
      else forcing.set(char, { index, count: 1 });
    }
  });
  const encoding: SmsEncoding = forcing.size > 0 ? 'UCS-2' : 'GSM-7';
  const units = chars.reduce((n, char) => n + unitsOf(char, encoding), 0);
  const single = encoding === 'GSM-7' ? SMS_LIMITS.gsmSingle : SMS_LIMITS.ucs2Single;
  const multi = encoding === 'GSM-7' ? SMS_LIMITS.gsmPerSegment : SMS_LIMITS.ucs2PerSegment;

  let segments: number;
  let perSegment: number;
  let remainingInSegment: number;
  if (units === 0) {
    segments = 0;
    perSegment = single;
    remainingInSegment = single;
  } else if (units <= single) {
    segments = 1;
    perSegment = single;
    remainingInSegment = single - units;
  } else {
    segments = packedSegments(chars, encoding, multi);
    perSegment = multi;
    // What the last segment still holds: replay the packing to find its fill.
    let used = 0;
    for (const char of chars) {
      const u = unitsOf(char, encoding);
      if (used + u > multi) used = 0;
      used += u;
    }
    remainingInSegment = multi - used;
  }

  return {
    encoding,
    characters: chars.length,
    units,
    segments,
    perSegment,
    remainingInSegment,
    forcingUcs2: [...forcing.entries()].map(([char, seen]) => ({
      char,
      codePoint: codePointName(char),
      index: seen.index,
      count: seen.count,
      replacement: GSM_REPLACEMENTS[char] ?? null,
    })),
    extended: [...extended],
  };
}

/** The text with every `char` replaced by its GSM-7 stand-in (or by `by`). */
export function replaceCharacter(text: string, char: string, by = GSM_REPLACEMENTS[char] ?? ''): string {
  return [...text].map((c) => (c === char ? by : c)).join('');
}

/** Splits a text into runs, marking the characters that force UCS-2 (for highlighting). */
export function markForcingCharacters(text: string): { text: string; forcing: boolean }[] {
  const runs: { text: string; forcing: boolean }[] = [];
  for (const char of text) {
    const forcing = !isGsm7Char(char);
    const last = runs[runs.length - 1];
    if (last && last.forcing === forcing) last.text += char;
    else runs.push({ text: char, forcing });
  }
  return runs;
}
