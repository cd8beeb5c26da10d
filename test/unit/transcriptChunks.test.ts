// Cutting a long recording into chunks for the recogniser, and joining the chunks' words.
import { describe, expect, it } from 'vitest';
import { joinChunkWords, offsetWords, planChunks } from '../../sandbox/production/transcriptChunks.ts';

const word = (text: string, startMs: number, endMs: number) => ({ text, startMs, endMs, confidence: 0.9 });

describe('planChunks', () => {
  it('cuts in the middle of the silence nearest the target after each chunk start', () => {
    const silences = [
      { startMs: 20_000, endMs: 20_400 },
      { startMs: 29_000, endMs: 29_600 },
      { startMs: 33_000, endMs: 33_200 },
      { startMs: 61_000, endMs: 61_500 },
    ];
    expect(planChunks(silences, 100_000, 30_000)).toEqual([
      { startMs: 0, endMs: 29_300 },
      { startMs: 29_300, endMs: 61_250 },
      { startMs: 61_250, endMs: 100_000 },
    ]);
  });

  it('covers the whole recording with no gap or overlap, each cut inside a silence', () => {
    const silences = Array.from({ length: 60 }, (_, i) => ({ startMs: i * 7_000 + 5_000, endMs: i * 7_000 + 5_300 }));
    const chunks = planChunks(silences, 420_000, 45_000);
    expect(chunks[0]!.startMs).toBe(0);
    expect(chunks.at(-1)!.endMs).toBe(420_000);
    chunks.slice(1).forEach((c, i) => {
      expect(c.startMs).toBe(chunks[i]!.endMs);
      expect(silences.some((s) => s.startMs < c.startMs && c.startMs < s.endMs)).toBe(true);
    });
    for (const c of chunks) expect(c.endMs - c.startMs).toBeLessThanOrEqual(67_500);
  });

  it('cuts at one and a half targets where no silence is near, and leaves a short recording whole', () => {
    expect(planChunks([], 100_000, 30_000)).toEqual([
      { startMs: 0, endMs: 45_000 },
      { startMs: 45_000, endMs: 90_000 },
      { startMs: 90_000, endMs: 100_000 },
    ]);
    expect(planChunks([{ startMs: 10_000, endMs: 11_000 }], 40_000, 30_000)).toEqual([{ startMs: 0, endMs: 40_000 }]);
    expect(planChunks([], 0, 30_000)).toEqual([{ startMs: 0, endMs: 0 }]);
  });
});

describe('joinChunkWords', () => {
  it("drops a word that repeats the previous chunk's last word at the same time", () => {
    const first = [word('she', 100, 300), word('said', 44_700, 45_100)];
    const second = [word('said', 44_900, 45_100), word('nothing', 45_300, 45_800)];
    expect(joinChunkWords([first, second]).map((w) => `${w.text}@${w.startMs}`)).toEqual([
      'she@100',
      'said@44700',
      'nothing@45300',
    ]);
  });

  it('keeps a word said again later, and loses no word at a clean join', () => {
    const first = [word('no', 100, 300)];
    const second = [word('no', 30_100, 30_300), word('more', 30_400, 30_700)];
    expect(joinChunkWords([first, [], second])).toEqual([...first, ...second]);
  });

  it("times a chunk's words from the recording's start", () => {
    expect(offsetWords([word('yes', 10, 250)], 30_000)).toEqual([word('yes', 30_010, 30_250)]);
  });
});
