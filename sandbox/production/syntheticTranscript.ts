// The sandbox's speech recogniser is synthetic: there is no speech model here. It finds
// where the real audio makes sound (silencedetect) and fills each sounding stretch with
// words from a fixed vocabulary, about 2.5 words a second, so word timings follow the
// media and the same file always reads the same. English transcriptions use the English
// column; any other language the pseudo-Latin one (which caption translation maps back to
// English). Hesitations ("um", "uh") appear now and then, as in real interviews.
import type { Span } from './mediaAnalysis.ts';

export interface Word {
  text: string;
  startMs: number;
  endMs: number;
  /** 0..1. */
  confidence: number;
}

/** [pseudo-Latin, its English gloss]. 23 entries: prime, so the word cycle never locks to the filler cycle. */
export const VOCABULARY: readonly (readonly [string, string])[] = [
  ['lorem', 'story'],
  ['ipsum', 'itself'],
  ['dolor', 'pain'],
  ['sit', 'is'],
  ['amet', 'loved'],
  ['consectetur', 'pursued'],
  ['adipiscing', 'reaching'],
  ['elit', 'chooses'],
  ['sed', 'but'],
  ['tempor', 'time'],
  ['incididunt', 'falls'],
  ['labore', 'work'],
  ['et', 'and'],
  ['magna', 'great'],
  ['aliqua', 'something'],
  ['enim', 'indeed'],
  ['veniam', 'pardon'],
  ['quis', 'who'],
  ['nostrud', 'our'],
  ['exercitation', 'practice'],
  ['ullamco', 'together'],
  ['laboris', 'labour'],
  ['nisi', 'unless'],
];

export const FILLERS: readonly string[] = ['um', 'uh'];
const FILLER_EVERY = 7;

export const WORDS_PER_SECOND = 2.5;
/** Share of a word's slot that is voiced; the rest is the small gap before the next word. */
const VOICED_SHARE = 0.8;

export function isFiller(text: string): boolean {
  return FILLERS.includes(text.toLowerCase());
}

/** The English gloss of a vocabulary word (itself when it is not in the vocabulary). */
export function englishOf(text: string): string {
  return VOCABULARY.find(([latin]) => latin === text)?.[1] ?? text;
}

export function isEnglish(language: string): boolean {
  return language.toLowerCase().split('-')[0] === 'en';
}

/**
 * Words for the sounding spans of one file. `seed` (e.g. from the file's SHA-256) picks
 * where in the vocabulary and the filler cycle the file starts.
 */
export function synthesizeWords(spans: Span[], language: string, seed: number): Word[] {
  const column = isEnglish(language) ? 1 : 0;
  const words: Word[] = [];
  let k = 0;
  for (const span of spans) {
    const lengthMs = span.endMs - span.startMs;
    const count = Math.max(1, Math.round((lengthMs / 1000) * WORDS_PER_SECOND));
    const slot = lengthMs / count;
    for (let i = 0; i < count; i++, k++) {
      const startMs = Math.round(span.startMs + i * slot);
      const endMs = Math.max(startMs + 1, Math.round(span.startMs + i * slot + slot * VOICED_SHARE));
      const filler = (seed + k) % FILLER_EVERY === FILLER_EVERY - 1;
      const text = filler
        ? FILLERS[(seed + k) % FILLERS.length]!
        : VOCABULARY[(seed + k * 5) % VOCABULARY.length]![column];
      // Hesitations are heard less surely than words; the rest varies a little but stays steady per file.
      const wobble = ((seed ^ (k * 2654435761)) >>> 0) % 100;
      const confidence = filler ? 0.6 + wobble / 1000 : 0.86 + wobble / 800;
      words.push({ text, startMs, endMs, confidence: Math.round(confidence * 1000) / 1000 });
    }
  }
  return words;
}
