// What the transcript editor marks in spoken words, free and local (no text model): filler
// words and phrases ("um", "you know"), a word said twice in a row, long pauses, and where
// sentences and paragraphs end.
// A recogniser without punctuation (the local service's) gives no full stops, so a pause
// long enough ends a sentence too; punctuation, where a service gives it, ends one as well.

/** Hesitations as recognisers spell them (the US English dictionary has each). */
export const FILLERS: readonly string[] = ['um', 'uh', 'er', 'ah', 'hmm', 'mm', 'erm', 'uhm'];

/**
 * Fillers of two words, marked (and removed) like single ones, as Descript does: said as
 * one phrase, they are filler wherever they are ("what kind of car" is marked too; the
 * user keeps what they want by not removing it).
 */
export const FILLER_PHRASES: readonly (readonly [string, string])[] = [
  ['you', 'know'],
  ['i', 'mean'],
  ['sort', 'of'],
  ['kind', 'of'],
];

/** True when two words in a row make a filler phrase ("you know"). */
export function isFillerPhrase(first: string, second: string): boolean {
  const [a, b] = [plainWord(first), plainWord(second)];
  return FILLER_PHRASES.some(([x, y]) => x === a && y === b);
}

export const SPEECH_RULES = {
  /**
   * A gap between two words at least this long is a pause: shortened by "Shorten pauses"
   * when longer than what is kept. The local service fits word edges to the measured silence
   * of the sound (sandbox/production/speechSilences.ts, whose shortest silence is this long).
   */
  pauseMs: 100,
  /**
   * A pause this long is marked among the words; silence at a clip's edge (before its first
   * word, after its last) is a pause from this long on (shorter, it is the margin left at a
   * cut); a speech edit proposes tightening pauses this long (shared/production/speechPrice.ts).
   */
  longPauseMs: 1000,
  /** A gap this long ends a sentence (punctuation, where a transcript has it, ends one too). */
  sentencePauseMs: 400,
  /** Without punctuation, a run of more words than this is broken at its longest gap. */
  maxSentenceWords: 20,
  /** A gap this long ends a paragraph. */
  paragraphPauseMs: 2000,
  /** A word said again within this gap is a repeat ("I I think"). */
  repeatWithinMs: 1000,
  /** The two words of a filler phrase are said within this gap of each other. */
  phraseWithinMs: 300,
} as const;

/** The word as compared: lower case, without the punctuation around it. */
export function plainWord(text: string): string {
  return text
    .toLowerCase()
    .replace(/^[^\p{L}\p{N}']+|[^\p{L}\p{N}']+$/gu, '')
    .trim();
}

export function isFiller(text: string): boolean {
  return FILLERS.includes(plainWord(text));
}

/** True when the word's own punctuation ends a sentence ("end.", "why?"). */
export function endsSentence(text: string): boolean {
  return /[.!?…]["')\]]*$/.test(text.trim());
}

interface Spoken {
  readonly text: string;
  readonly startMs: number;
  readonly endMs: number;
}

export type SpeechMark = 'filler' | 'repeat';

/**
 * The mark of each word of a run of speech (words in order, as one clip plays them): a
 * filler, or a repeat — the first of two same words in a row, which is the one cut.
 */
export function speechMarks(words: readonly Spoken[]): (SpeechMark | null)[] {
  const inPhrase = (a: Spoken | undefined, b: Spoken | undefined) =>
    a !== undefined &&
    b !== undefined &&
    b.startMs - a.endMs <= SPEECH_RULES.phraseWithinMs &&
    isFillerPhrase(a.text, b.text);
  return words.map((word, i) => {
    if (isFiller(word.text)) return 'filler';
    if (inPhrase(word, words[i + 1]) || inPhrase(words[i - 1], word)) return 'filler';
    const next = words[i + 1];
    const plain = plainWord(word.text);
    if (
      next &&
      plain !== '' &&
      plainWord(next.text) === plain &&
      next.startMs - word.endMs <= SPEECH_RULES.repeatWithinMs
    )
      return 'repeat';
    return null;
  });
}

/**
 * The index of the longest gap among gaps from..to-1 (the earliest of equal ones), for any
 * range, after a sparse table of O(n log n) built once.
 */
function longestGapFinder(n: number, gap: (i: number) => number): (from: number, to: number) => number {
  const levels: Int32Array[] = [Int32Array.from({ length: Math.max(0, n) }, (_v, i) => i)];
  const better = (a: number, b: number) => (gap(b) > gap(a) ? b : a);
  for (let width = 2; width <= n; width *= 2) {
    const below = levels.at(-1)!;
    const half = width / 2;
    const level = new Int32Array(n - width + 1);
    for (let i = 0; i < level.length; i++) level[i] = better(below[i]!, below[i + half]!);
    levels.push(level);
  }
  return (from, to) => {
    const k = Math.floor(Math.log2(to - from));
    return better(levels[k]![from]!, levels[k]![to - 2 ** k]!);
  };
}

/**
 * Which words end a sentence, in a run of speech (a paragraph, words in order): a word with
 * sentence punctuation, one followed by a gap of SPEECH_RULES.sentencePauseMs or more, and
 * the last. A recogniser without punctuation (PocketSphinx) leaves only pauses, and read or
 * spoken sentences are not always paused between; so where a transcript has no punctuation
 * at all, a sentence of more than SPEECH_RULES.maxSentenceWords words is broken at its
 * longest gap, again and again, until none is longer (docs/decisions.md).
 */
export function sentenceEnds(words: readonly Spoken[]): boolean[] {
  const gapAfter = (i: number) => (i + 1 < words.length ? words[i + 1]!.startMs - words[i]!.endMs : Infinity);
  const ends = words.map((word, i) => endsSentence(word.text) || gapAfter(i) >= SPEECH_RULES.sentencePauseMs);
  if (words.length > 0) ends[words.length - 1] = true;
  if (words.some((word) => endsSentence(word.text))) return ends;
  // Each run of more than maxSentenceWords words (from..to inclusive, ending a sentence at
  // `to`) is broken at its longest gap (the earliest of equal ones), again on each side: with
  // a list of runs still to look at, not recursion (25,000 evenly spaced words would be as
  // deep), and the longest gap of a run read from a table in O(1), not by scanning the run.
  const longest = longestGapFinder(words.length - 1, gapAfter);
  const runs: [number, number][] = [];
  let start = 0;
  ends.forEach((end, i) => {
    if (!end) return;
    runs.push([start, i]);
    start = i + 1;
  });
  for (let run = runs.pop(); run; run = runs.pop()) {
    const [from, to] = run;
    if (to - from + 1 <= SPEECH_RULES.maxSentenceWords) continue;
    const at = longest(from, to);
    ends[at] = true;
    runs.push([at + 1, to], [from, at]);
  }
  return ends;
}
