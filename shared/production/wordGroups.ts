// Short captions, as short-form video shows them: a transcript's words grouped a few at a
// time (at most N words, or at most N characters with the spaces between them), a group
// never running across a sentence's end (a word ending in . ! ? or …, closing quotes and
// brackets after it allowed), nor across a pause of more than a second, as cues do
// (captionCommands.ts CUE_RULES). A word longer than the character limit stands alone.
import { z } from 'zod';

export interface TimedWord {
  readonly text: string;
  readonly startMs: number;
  readonly endMs: number;
}

export const WORD_GROUP_LIMITS = { words: { min: 1, max: 20 }, chars: { min: 4, max: 84 } } as const;

/** How to group: by words or by characters, the most per caption. */
export const WordGroupingSchema = z
  .discriminatedUnion('by', [
    z.strictObject({
      by: z.literal('words'),
      max: z
        .number()
        .int('must be a whole number')
        .min(WORD_GROUP_LIMITS.words.min, `must be at least ${WORD_GROUP_LIMITS.words.min} word`)
        .max(WORD_GROUP_LIMITS.words.max, `must be at most ${WORD_GROUP_LIMITS.words.max} words`),
    }),
    z.strictObject({
      by: z.literal('chars'),
      max: z
        .number()
        .int('must be a whole number')
        .min(WORD_GROUP_LIMITS.chars.min, `must be at least ${WORD_GROUP_LIMITS.chars.min} characters`)
        .max(WORD_GROUP_LIMITS.chars.max, `must be at most ${WORD_GROUP_LIMITS.chars.max} characters`),
    }),
  ])
  .describe(
    'Short captions: at most `max` words (by "words") or characters, spaces counted (by "chars"), per caption; a caption never runs across a sentence end (. ! ? …) or a pause of more than a second.',
  );
export type WordGrouping = z.infer<typeof WordGroupingSchema>;

const SENTENCE_END = /[.!?…]["'”’)\]]*$/u;
/** A pause longer than this ends a group, as it ends a cue. */
const PAUSE_MS = 1000;

export const endsSentence = (word: string): boolean => SENTENCE_END.test(word);

/** The words in groups, in order; every word in exactly one. */
export function wordGroups<T extends TimedWord>(words: readonly T[], grouping: WordGrouping): T[][] {
  const groups: T[][] = [];
  let current: T[] = [];
  let chars = 0;
  for (const word of words) {
    const previous = current.at(-1);
    const length = [...word.text].length;
    const fits =
      previous !== undefined &&
      !endsSentence(previous.text) &&
      word.startMs - previous.endMs <= PAUSE_MS &&
      (grouping.by === 'words' ? current.length < grouping.max : chars + 1 + length <= grouping.max);
    if (!fits && current.length > 0) {
      groups.push(current);
      current = [];
      chars = 0;
    }
    chars += (current.length > 0 ? 1 : 0) + length;
    current.push(word);
  }
  if (current.length > 0) groups.push(current);
  return groups;
}
