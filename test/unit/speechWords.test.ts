// The pure parts of transcription: reading pocketsphinx's word lines into a transcript's
// words, the interview edit's proposals from real words (with and without hesitations),
// the word error rate the tests and the benchmark measure the recogniser by, word edges
// fitted to measured silences, and sentences found from pauses.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planInterviewEdit } from '../../sandbox/production/speechEditPlan.ts';
import { parseDecoderWords } from '../../sandbox/production/speechRecognizer.ts';
import { fitToSilences, parseSilences, silenceThresholdDb } from '../../sandbox/production/speechSilences.ts';
import type { Word } from '../../sandbox/production/transcriptWords.ts';
import { normaliseWords, wordErrors } from '../../shared/speech/wordErrorRate.ts';
import { sentenceEnds } from '../../shared/transcript/speechMarks.ts';

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

describe('pauses measured in the sound', () => {
  const word = (text: string, startMs: number, endMs: number): Word => ({ text, startMs, endMs, confidence: 1 });

  it('reads silencedetect’s lines, a silence still open at the end running to it', () => {
    const stderr = [
      '[silencedetect @ 0x1] silence_start: 0',
      '[silencedetect @ 0x1] silence_end: 0.223438 | silence_duration: 0.223438',
      '[silencedetect @ 0x1] silence_start: 4.087',
      '[silencedetect @ 0x1] silence_end: 5.32906 | silence_duration: 1.24206',
      '[silencedetect @ 0x1] silence_start: 10.2676',
    ].join('\n');
    expect(parseSilences(stderr, 12_467)).toEqual([
      { startMs: 0, endMs: 223 },
      { startMs: 4087, endMs: 5329 },
      { startMs: 10_268, endMs: 12_467 },
    ]);
    // Silence is 18 dB under the mean, within −60…−28 dBFS.
    expect(silenceThresholdDb(-25)).toBe(-43);
    expect(silenceThresholdDb(-5)).toBe(-28);
    expect(silenceThresholdDb(-Infinity)).toBe(-60);
  });

  it('moves word edges to the silences: out of them, and up to those in a gap (within reach)', () => {
    const silences = [
      { startMs: 4087, endMs: 5329 },
      { startMs: 7608, endMs: 8394 },
      { startMs: 10_268, endMs: 12_467 },
    ];
    const words = [
      word('river', 3700, 4180), // runs 93 ms into the silence after it
      word('then', 5310, 5510), // starts 19 ms inside it
      word('bridge', 7460, 7560), // ends 48 ms before the next silence
      word('i', 8450, 8500), // starts 56 ms after it
      word('well', 9970, 10_300),
    ];
    expect(fitToSilences(words, silences).map((w) => [w.text, w.startMs, w.endMs])).toEqual([
      ['river', 3700, 4087],
      ['then', 5329, 5510],
      ['bridge', 7460, 7608],
      ['i', 8394, 8500],
      ['well', 9970, 10_268],
    ]);
    // Sound far from a word (music, a cough) is not taken into it.
    expect(fitToSilences([word('a', 0, 100), word('b', 2000, 2100)], [{ startMs: 900, endMs: 1000 }])).toEqual([
      word('a', 0, 100),
      word('b', 2000, 2100),
    ]);
  });

  it('ends sentences at pauses, at punctuation, and breaks an unpunctuated run of more than 20 words at its longest gap', () => {
    const spoken = (gaps: number[]) => {
      let at = 0;
      return gaps.map((gap, i) => {
        const w = { text: `w${i}`, startMs: at, endMs: at + 200 };
        at += 200 + gap;
        return w;
      });
    };
    // 35 words, no pause of 400 ms: broken at the longest gaps into runs of at most 20.
    const gaps = Array.from({ length: 35 }, (_v, i) => (i === 16 ? 300 : i === 8 ? 250 : 50));
    const ends = sentenceEnds(spoken(gaps));
    expect(ends.flatMap((end, i) => (end ? [i] : []))).toEqual([16, 34]);
    // A pause of 400 ms ends one; so does a full stop, and then only punctuation and pauses do.
    expect(sentenceEnds(spoken([50, 400, 50, 50])).flatMap((e, i) => (e ? [i] : []))).toEqual([1, 3]);
    const punctuated = spoken(Array.from({ length: 30 }, () => 50)).map((w, i) =>
      i === 3 ? { ...w, text: 'end.' } : w,
    );
    expect(sentenceEnds(punctuated).flatMap((e, i) => (e ? [i] : []))).toEqual([3, 29]);
  });

  it('breaks a long unpunctuated run the same way at any length: 30,000 evenly spaced words at once, no stack to exhaust', () => {
    // The rule as first written (recursive, scanning each run), for comparison on short runs.
    const byRecursion = (words: { startMs: number; endMs: number }[]) => {
      const gapAfter = (i: number) => (i + 1 < words.length ? words[i + 1]!.startMs - words[i]!.endMs : Infinity);
      const ends = words.map((_w, i) => gapAfter(i) >= 400);
      ends[words.length - 1] = true;
      const split = (from: number, to: number): void => {
        if (to - from + 1 <= 20) return;
        let at = from;
        for (let i = from; i < to; i++) if (gapAfter(i) > gapAfter(at)) at = i;
        ends[at] = true;
        split(from, at);
        split(at + 1, to);
      };
      let start = 0;
      ends.forEach((end, i) => {
        if (!end) return;
        split(start, i);
        start = i + 1;
      });
      return ends;
    };
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 500 }), { minLength: 1, maxLength: 120 }), (gaps) => {
        let at = 0;
        const words = gaps.map((gap, i) => {
          const w = { text: `w${i}`, startMs: at, endMs: at + 100 };
          at += 100 + (gap % 5 === 0 ? 50 : gap);
          return w;
        });
        expect(sentenceEnds(words)).toEqual(byRecursion(words));
      }),
    );
    const even = Array.from({ length: 30_000 }, (_v, i) => ({ text: 'so', startMs: i * 300, endMs: i * 300 + 200 }));
    const started = performance.now();
    const ends = sentenceEnds(even);
    expect(performance.now() - started).toBeLessThan(1_000);
    let run = 0;
    for (const end of ends) {
      run++;
      if (end) run = 0;
      expect(run).toBeLessThanOrEqual(20);
    }
  });
});
