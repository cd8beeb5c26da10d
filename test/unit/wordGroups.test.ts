// Short captions from a transcript (shared/production/wordGroups.ts): N words or N
// characters a caption, never across a sentence end or a long pause.
import { describe, expect, it } from 'vitest';
import { cuesOf } from '../../shared/production/captionCommands.ts';
import { endsSentence, WordGroupingSchema, wordGroups } from '../../shared/production/wordGroups.ts';

const timed = (text: string, gapAfter: Record<number, number> = {}) => {
  let at = 0;
  return text.split(' ').map((word, i) => {
    const w = { text: word, startMs: at, endMs: at + 300 };
    at += 300 + (gapAfter[i] ?? 0);
    return w;
  });
};
const texts = (groups: { text: string }[][]) => groups.map((g) => g.map((w) => w.text).join(' '));

describe('word groups', () => {
  it('takes at most N words, never across a sentence end', () => {
    const words = timed('This is how it works. Short captions read fast! Do they? Yes.');
    expect(texts(wordGroups(words, { by: 'words', max: 3 }))).toEqual([
      'This is how',
      'it works.',
      'Short captions read',
      'fast!',
      'Do they?',
      'Yes.',
    ]);
    expect(texts(wordGroups(words, { by: 'words', max: 1 }))).toHaveLength(words.length);
  });

  it('takes at most N characters (spaces counted); a longer word stands alone; a pause breaks a group', () => {
    const words = timed('one two three extraordinarily long words here', { 4: 1500 });
    expect(texts(wordGroups(words, { by: 'chars', max: 9 }))).toEqual([
      'one two',
      'three',
      'extraordinarily',
      'long',
      'words',
      'here',
    ]);
    expect(texts(wordGroups(words, { by: 'chars', max: 30 }))).toEqual([
      'one two three extraordinarily',
      'long',
      'words here',
    ]);
  });

  it('knows sentence ends with closing quotes, and checks the grouping asked for', () => {
    expect(['done.', 'done."', 'done?)', 'wait…', 'Mr', 'e.g'].map(endsSentence)).toEqual([
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
    expect(WordGroupingSchema.safeParse({ by: 'words', max: 0 }).error?.issues[0]?.message).toBe(
      'must be at least 1 word',
    );
    expect(WordGroupingSchema.safeParse({ by: 'chars', max: 200 }).error?.issues[0]?.message).toBe(
      'must be at most 84 characters',
    );
  });

  it('makes cues of the groups, each with its words and their timings', () => {
    const cues = cuesOf(timed('Hello there. General words'), { by: 'words', max: 2 });
    expect(cues).toEqual([
      {
        startMs: 0,
        endMs: 600,
        text: 'Hello there.',
        words: [
          { text: 'Hello', startMs: 0, endMs: 300 },
          { text: 'there.', startMs: 300, endMs: 600 },
        ],
      },
      {
        startMs: 600,
        endMs: 1200,
        text: 'General words',
        words: [
          { text: 'General', startMs: 600, endMs: 900 },
          { text: 'words', startMs: 900, endMs: 1200 },
        ],
      },
    ]);
  });
});
