// Finding a word or a phrase in the transcript (the Transcript tab's Find): whole words,
// whatever their case and the punctuation around them, across the pauses between them;
// struck-through passages (already cut) are not searched. Computed once per transcript and
// phrase, not per word per render.
import { plainWord } from './speechMarks.ts';
import type { TimelineTranscript } from './timelineTranscript.ts';

/** Each place the phrase is said: its first and last item (indices into the transcript's items), in order. */
export function findPhrase(transcript: TimelineTranscript, phrase: string): [number, number][] {
  const wanted = phrase.split(/\s+/).map(plainWord).filter(Boolean);
  if (wanted.length === 0) return [];
  const words: number[] = [];
  const plain: string[] = [];
  transcript.items.forEach((item, i) => {
    if (item.kind !== 'word') return;
    words.push(i);
    plain.push(plainWord(item.text));
  });
  const found: [number, number][] = [];
  for (let k = 0; k + wanted.length <= words.length; k++) {
    let j = 0;
    while (j < wanted.length && plain[k + j] === wanted[j]) j++;
    if (j === wanted.length) found.push([words[k]!, words[k + wanted.length - 1]!]);
  }
  return found;
}
