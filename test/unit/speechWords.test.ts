// The pure parts of transcription: reading pocketsphinx's word lines into a transcript's
// words, the interview edit's proposals from real words (with and without hesitations),
// and the word error rate the tests and the benchmark measure the recogniser by.
import { describe, expect, it } from 'vitest';
import { planInterviewEdit } from '../../sandbox/production/speechEditPlan.ts';
import { parseDecoderWords } from '../../sandbox/production/speechRecognizer.ts';
import type { Word } from '../../sandbox/production/transcriptWords.ts';
import { normaliseWords, wordErrors } from '../../shared/speech/wordErrorRate.ts';

// What pocketsphinx_continuous -time yes printed for a LibriVox sentence: a hypothesis line,
// then one line per word or marker (start and end are its first and last 10 ms frame).
const DECODED = `he was not an illness those young man
<s> 0.000 0.060 0.999500
<sil> 0.070 0.200 0.694306
he 0.210 0.320 0.998701
was(2) 0.330 0.540 0.999800
not 0.550 0.970 0.998701
[SPEECH] 0.980 1.100 0.535598
an(2) 1.110 1.290 0.472940
[NOISE] 1.300 1.400 0.100000
man 2.330 2.790 1.000100
</s> 2.800 2.810 1.000000
`;

describe("pocketsphinx's words", () => {
  it('keeps the words with their times (the end of the last frame) and confidence, and drops markers and pronunciation numbers', () => {
    expect(parseDecoderWords(DECODED)).toEqual([
      { text: 'he', startMs: 210, endMs: 330, confidence: 0.999 },
      { text: 'was', startMs: 330, endMs: 550, confidence: 1 },
      { text: 'not', startMs: 550, endMs: 980, confidence: 0.999 },
      { text: 'an', startMs: 1110, endMs: 1300, confidence: 0.473 },
      // A posterior a rounding error above 1 is still at most 1.
      { text: 'man', startMs: 2330, endMs: 2800, confidence: 1 },
    ]);
  });

  it('reads nothing from a run that heard no words', () => {
    expect(parseDecoderWords('\n<s> 0.280 1.130 0.999900\n</s> 1.140 1.160 1.000000\n')).toEqual([]);
  });
});

const word = (text: string, startMs: number, endMs: number): Word => ({ text, startMs, endMs, confidence: 0.9 });

describe('the interview edit on real words', () => {
  it('proposes cutting each hesitation the recogniser heard and tightening each pause of a second or more', () => {
    const { proposals } = planInterviewEdit([
      word('so', 100, 300),
      word('um', 350, 600),
      word('we', 650, 800),
      word('began', 800, 1200),
      word('uh', 2600, 2800),
      word('again', 2850, 3300),
    ]);
    expect(proposals.map((p) => [p.kind, p.startMs, p.endMs])).toEqual([
      ['cut', 350, 600],
      ['tighten', 1200, 2600],
      ['cut', 2600, 2800],
    ]);
    expect(proposals[1]!.cutRange).toEqual({ startMs: 1450, endMs: 2350 });
    expect(proposals[0]!.reason).toBe('Hesitation "um".');
  });

  it('proposes only the pauses of speech without hesitations', () => {
    const { proposals } = planInterviewEdit([word('he', 200, 330), word('was', 330, 550), word('not', 1800, 2100)]);
    expect(proposals.map((p) => p.kind)).toEqual(['tighten']);
  });
});

describe('the word error rate', () => {
  it('normalises case, punctuation and spoken forms of abbreviations', () => {
    expect(normaliseWords('And Mr. John Dashwood — "had" then…')).toEqual([
      'and',
      'mister',
      'john',
      'dashwood',
      'had',
      'then',
    ]);
    expect(normaliseWords("don't 'em")).toEqual(["don't", 'em']);
  });

  it('counts substitutions, deletions and insertions over the words said', () => {
    expect(wordErrors('he was not an ill disposed young man', 'he was not an illness those young man')).toEqual({
      errors: 2,
      words: 8,
      rate: 0.25,
    });
    expect(
      wordErrors('he might even have been made amiable himself', 'he might have been made the amiable himself'),
    ).toEqual({ errors: 2, words: 8, rate: 0.25 });
    expect(wordErrors('ten of clubs', '')).toEqual({ errors: 3, words: 3, rate: 1 });
    expect(wordErrors('', 'oh')).toEqual({ errors: 1, words: 0, rate: 1 });
    expect(wordErrors('mister john', 'mr john')).toEqual({ errors: 0, words: 2, rate: 0 });
  });
});
