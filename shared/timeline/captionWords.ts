// A caption's word timings (karaoke), kept consistent with its time as the service keeps
// them: moving a caption moves its words; retiming or splitting it keeps them where they
// are on the timeline, dropping those outside and clamping those across an edge.
import type { Word } from './timelineTypes.ts';

export function wordsWithin(words: readonly Word[], startMs: number, endMs: number): Word[] {
  const kept: Word[] = [];
  for (const word of words) {
    const from = Math.max(word.startMs, startMs);
    const to = Math.min(word.endMs, endMs);
    const instant = word.startMs === word.endMs && word.startMs >= startMs && word.startMs < endMs;
    if (to > from || instant) kept.push({ text: word.text, startMs: from, endMs: instant ? from : to });
  }
  return kept;
}

export function shiftWords(words: readonly Word[], byMs: number): Word[] {
  return words.map((w) => ({ ...w, startMs: w.startMs + byMs, endMs: w.endMs + byMs }));
}

/** Why given word timings do not fit a caption at [startMs, endMs), or null when they do. */
export function wordsProblem(words: readonly Word[], startMs: number, endMs: number): string | null {
  for (const [k, word] of words.entries()) {
    if (word.endMs < word.startMs) return `The word "${word.text}" ends before it starts.`;
    if (word.startMs < startMs || word.endMs > endMs) return `The word "${word.text}" lies outside the caption.`;
    if (k > 0 && word.startMs < words[k - 1]!.startMs) return 'The words must be in order.';
  }
  return null;
}

/** The caption with these words; none leaves it without the field, as the service does. */
export function withWords<T extends { words?: Word[] }>(clip: T, words: readonly Word[] | undefined): T {
  const { words: _old, ...rest } = clip;
  return (words && words.length > 0 ? { ...rest, words: words.map((w) => ({ ...w })) } : rest) as T;
}
