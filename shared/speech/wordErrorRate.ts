// How far a transcript is from what was said: the word error rate, the usual measure of a
// speech recogniser. Both texts are normalised the same way (lower case, punctuation gone,
// a few written abbreviations spelled as spoken, since recognisers' dictionaries write
// "mr" where transcribers write "mister"), then compared word by word with the
// Levenshtein distance: substitutions + deletions + insertions over the words said.

/** Written forms → the spoken form reference transcriptions use. */
const SPOKEN: Record<string, string> = { mr: 'mister', mrs: 'missus', dr: 'doctor' };

export function normaliseWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9'\s]/g, ' ')
    .split(/\s+/)
    .map((word) => word.replace(/^'+|'+$/g, ''))
    .filter((word) => word !== '')
    .map((word) => SPOKEN[word] ?? word);
}

export interface WordErrors {
  /** Substitutions + deletions + insertions. */
  errors: number;
  /** Words in the reference (what was said). */
  words: number;
  /** errors / words (over 1 word when nothing was said); above 1 when the transcript adds many words. */
  rate: number;
}

/** Word-level Levenshtein distance between what was said and what was heard. */
export function wordErrors(reference: string, hypothesis: string): WordErrors {
  const said = normaliseWords(reference);
  const heard = normaliseWords(hypothesis);
  // One row of the edit-distance table at a time: row[j] is the distance from said[0..i) to heard[0..j).
  let row = Array.from({ length: heard.length + 1 }, (_, j) => j);
  for (let i = 1; i <= said.length; i++) {
    const next = [i];
    for (let j = 1; j <= heard.length; j++) {
      const substitution = row[j - 1]! + (said[i - 1] === heard[j - 1] ? 0 : 1);
      next.push(Math.min(row[j]! + 1, next[j - 1]! + 1, substitution));
    }
    row = next;
  }
  const errors = row[heard.length]!;
  return { errors, words: said.length, rate: errors / Math.max(1, said.length) };
}
