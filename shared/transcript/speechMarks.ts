// What the transcript editor marks in spoken words, free and local (no text model): filler
// words, a word said twice in a row, long pauses, and where sentences and paragraphs end.
// A recogniser without punctuation (the local service's) gives no full stops, so a pause
// long enough ends a sentence too; punctuation, where a service gives it, ends one as well.

/** Hesitations as recognisers spell them (the US English dictionary has each). */
export const FILLERS: readonly string[] = ['um', 'uh', 'er', 'ah', 'hmm', 'mm', 'erm', 'uhm'];

export const SPEECH_RULES = {
  /** A gap between two words at least this long is a pause worth marking (and shortening). */
  longPauseMs: 1000,
  /** A gap this long ends a sentence (when the words carry no punctuation). */
  sentencePauseMs: 600,
  /** A gap this long ends a paragraph. */
  paragraphPauseMs: 2000,
  /** A word said again within this gap is a repeat ("I I think"). */
  repeatWithinMs: 1000,
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
  return words.map((word, i) => {
    if (isFiller(word.text)) return 'filler';
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
