// The words of a transcript, as the local service stores and serves them: what the
// recogniser heard, where in the media (milliseconds from the start of the asset), and how
// sure it was. A pause is the gap between one word's end and the next word's start; the
// recogniser's silence and noise markers are never words.

export interface Word {
  /** Lower case, as the recogniser's dictionary spells it (e.g. "mr", "don't"). */
  text: string;
  startMs: number;
  endMs: number;
  /** 0..1: the recogniser's posterior probability of the word. */
  confidence: number;
}

/** Hesitations; the US English dictionary has each of these, so the recogniser can hear them. */
export const FILLERS: readonly string[] = ['um', 'uh', 'er', 'ah', 'hmm', 'mm'];

export function isFiller(text: string): boolean {
  return FILLERS.includes(text.toLowerCase());
}

/** True for "en" and any English regional tag ("en-US", "en-GB"). */
export function isEnglish(language: string): boolean {
  return language.toLowerCase().split('-')[0] === 'en';
}
