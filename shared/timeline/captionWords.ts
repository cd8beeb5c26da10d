// A caption's word timings (karaoke), kept consistent with its time as the editor keeps
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
