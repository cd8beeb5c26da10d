// Issue 26: a running transcription's words so far, from the service's answer to the page.
// The poller reads `partial` into the job's snapshot (a further chunk is a change, and the next
// read comes at the pace the chunks came); the Transcript tab turns it into a percentage,
// "n of m parts", and a transcript its word window draws.
import { describe, expect, it } from 'vitest';
import { JobUpdatedEventSchema } from '../../shared/api/jobEvents.ts';
import { jobKindSpec } from '../../main/core/jobs/jobKinds.ts';
import { readJob, sameSnapshot } from '../../main/core/jobs/jobSnapshot.ts';
import { DEFAULT_POLL_TIMING, nextStepWait } from '../../main/core/jobs/pollTiming.ts';
import { partsText, transcriptionProgress, wordsSoFar } from '../../renderer/model/production/transcriptionProgress.ts';

const word = (text: string, startMs: number) => ({ text, startMs, endMs: startMs + 300, confidence: 0.9 });
const partial = (done: number, total: number, doneMs: number, words = [word('he', 100), word('was', 500)]) => ({
  words,
  doneMs,
  chunks: { done, total },
});
const transcription = (state: string, p: unknown) => ({ id: 7, assetId: 3, state, partial: p });

describe('the poller reads a transcription’s words so far', () => {
  const spec = jobKindSpec('transcription')!;

  it('keeps partial while it runs, drops it once it ended, and ignores a shape it does not know', () => {
    expect(readJob(spec, transcription('running', partial(2, 5, 6000)))!.partial).toEqual(partial(2, 5, 6000));
    expect(readJob(spec, transcription('running', null))!.partial).toBeNull();
    expect(readJob(spec, transcription('completed', partial(5, 5, 15000)))!.partial).toBeNull();
    expect(readJob(spec, transcription('running', { words: 'many' }))!.partial).toBeNull();
    // Other kinds report none.
    expect(readJob(jobKindSpec('review')!, transcription('running', partial(2, 5, 6000)))!.partial).toBeNull();
  });

  it('counts a further chunk as a change (the page hears of it), the same read again as none', () => {
    const a = readJob(spec, transcription('running', partial(2, 5, 6000)))!;
    const same = readJob(spec, transcription('running', partial(2, 5, 6000)))!;
    const further = readJob(spec, transcription('running', partial(3, 5, 9000, [word('he', 100)])))!;
    const first = readJob(spec, transcription('running', null))!;
    expect(sameSnapshot(a, same)).toBe(true);
    expect(sameSnapshot(a, further)).toBe(false);
    expect(sameSnapshot(first, a)).toBe(false);
  });

  it('carries it on job.updated (absent: null)', () => {
    const base = {
      workspaceId: 'w',
      kind: 'transcription',
      id: '7',
      state: 'running',
      terminal: false,
      progress: null,
      outputs: [],
      assetId: null,
      error: null,
      intentId: null,
      source: 'poll',
      at: 1,
    };
    expect(JobUpdatedEventSchema.parse(base).partial).toBeNull();
    expect(JobUpdatedEventSchema.parse({ ...base, partial: partial(1, 4, 3000) }).partial?.chunks).toEqual({
      done: 1,
      total: 4,
    });
  });

  it('reads again at the pace the chunks came: base first, then the time a chunk took, within base..max', () => {
    const t = DEFAULT_POLL_TIMING;
    expect(nextStepWait(t, { atMs: 0, done: 1 }, 0, 1)).toBe(t.baseMs);
    expect(nextStepWait(t, { atMs: 0, done: 1 }, 12_000, 4)).toBe(4_000);
    expect(nextStepWait(t, { atMs: 0, done: 1 }, 1_200, 4)).toBe(t.baseMs);
    expect(nextStepWait(t, { atMs: 0, done: 1 }, 600_000, 2)).toBe(t.maxMs);
  });
});

describe('the Transcript tab’s progress', () => {
  it('is the sound done against the media’s length, below 100% until every part is done', () => {
    const p = transcriptionProgress(partial(2, 5, 6000), 24_000);
    expect(p).toEqual({ fraction: 0.25, percent: 25, partsDone: 2, partsTotal: 5, words: 2 });
    expect(partsText(p)).toBe('2 of 5 parts');
    // Decoded sound a little longer than the container says.
    expect(transcriptionProgress(partial(4, 5, 24_500), 24_000).percent).toBe(99);
    expect(transcriptionProgress(partial(5, 5, 24_500), 24_000).percent).toBe(100);
  });

  it('is the parts done of all when the media’s length is not known', () => {
    expect(transcriptionProgress(partial(1, 4, 3000), null).percent).toBe(25);
    expect(transcriptionProgress(partial(1, 4, 3000), 0).percent).toBe(25);
    expect(partsText(transcriptionProgress(partial(0, 1, 0), undefined))).toBe('0 of 1 part');
  });

  it('draws the words so far as one read-only paragraph, in the asset’s time', () => {
    const t = wordsSoFar([word('he', 100), word('was', 500)], 3);
    expect(t.items.map((i) => (i.kind === 'word' ? [i.text, i.startMs, i.index] : null))).toEqual([
      ['he', 100, 0],
      ['was', 500, 1],
    ]);
    expect(t.paragraphs).toEqual([expect.objectContaining({ assetId: 3, from: 0, to: 2 })]);
    expect(new Set(t.items.map((i) => i.key)).size).toBe(2);
    expect(wordsSoFar([], 3).items).toEqual([]);
  });
});
