// The lookups the Transcript tab runs on a long project (issue 26), on a recording cut in
// thousands of pieces: where a moment of a recording plays (clipTime.ts locate) and which
// words each piece plays (timelineTranscript.ts) find their answer by binary search over an
// index made once per timeline or transcript, not by reading every clip per word or every
// word per clip; and they answer as a plain scan does, overlapping pieces and words out of
// order included.
import { describe, expect, it } from 'vitest';
import { locate, timelineMsOf, type PlacedClip } from '../../shared/production/clipTime.ts';
import type { MediaClip, Timeline, Track } from '../../shared/timeline/timelineTypes.ts';
import {
  timelineTranscript,
  wordAt,
  type SpokenWord,
  type TimelineTranscript,
  type TranscriptItem,
  type WordItem,
} from '../../shared/transcript/timelineTranscript.ts';

/** Counts reads of each object's fields, by a key. */
function counted<T extends object>(value: T, key: string, reads: Map<string, number>): T {
  return new Proxy(value, {
    get(target, field, receiver) {
      reads.set(key, (reads.get(key) ?? 0) + 1);
      return Reflect.get(target, field, receiver) as unknown;
    },
  });
}

const piece = (id: string, assetId: number, startMs: number, inMs: number, outMs: number): MediaClip => ({
  id,
  kind: 'media',
  assetId,
  startMs,
  endMs: startMs + (outMs - inMs),
  inMs,
  outMs,
  properties: {},
  effects: [],
  transitionIn: null,
});

const trackOf = (id: string, clips: MediaClip[]): Track => ({
  id,
  kind: 'video',
  name: id,
  muted: false,
  locked: false,
  clips,
});

/** A recording (asset 1) cut in `count` pieces of 400 ms, each skipping the 100 ms after it, played end to end. */
function cutRecording(count: number, reads?: Map<string, number>): Timeline {
  const clips = Array.from({ length: count }, (_, k) => {
    const clip = piece(`c${k}`, 1, k * 400, k * 500, k * 500 + 400);
    return reads ? counted(clip, clip.id, reads) : clip;
  });
  const tracks = [trackOf('video', clips)];
  return { projectId: 1, revision: 'r1', durationMs: count * 400, tracks };
}

/** locate as a scan of every clip: the preferred clip, its track in order, then the other tracks in order. */
function scanned(timeline: Timeline, prefer: PlacedClip, assetMs: number) {
  const tracks = [prefer.track, ...timeline.tracks.filter((t) => t.id !== prefer.track.id)];
  for (const clip of [prefer.clip, ...tracks.flatMap((t) => t.clips)]) {
    if (clip.kind !== 'media' || clip.assetId !== prefer.clip.assetId) continue;
    const atMs = timelineMsOf(clip, assetMs);
    if (atMs !== null) return { clip, atMs };
  }
  return null;
}

describe('where a moment of a recording plays (locate)', () => {
  it('reads a few dozen pieces per moment looked up in a recording cut 2,000 times', () => {
    const reads = new Map<string, number>();
    const timeline = cutRecording(2000, reads);
    const track = timeline.tracks[0]!;
    const prefer: PlacedClip = { clip: track.clips[0] as MediaClip, track, number: 1 };
    let found = 0;
    for (let ms = 0; ms < 1_000_000; ms += 500)
      if (locate(timeline, prefer, ms + 250)?.clip.id === `c${ms / 500}`) found++;
    expect(found).toBe(2000);
    // Scanning the track per moment read every piece's kind and asset for each of the 2,000
    // moments: 8 million reads. A binary search reads a few dozen per moment.
    const total = [...reads.values()].reduce((a, b) => a + b, 0);
    expect(total).toBeLessThan(200_000);
  });

  it('answers as a scan does: the preferred clip, then the first piece in its track, then other tracks; gaps find none', () => {
    // Pieces that overlap in the recording (a piece played twice, a longer one around a shorter one),
    // out of start order in the recording, and the same recording on a second track.
    const video = trackOf('video', [
      piece('a', 1, 0, 2000, 3000),
      piece('b', 1, 1000, 0, 1500),
      piece('c', 1, 2500, 1000, 1200),
      piece('d', 1, 2700, 500, 2600),
      piece('e', 2, 4600, 0, 1000),
    ]);
    const audio = trackOf('audio', [piece('f', 1, 0, 2900, 5000), piece('g', 1, 3000, 1400, 1700)]);
    const timeline: Timeline = { projectId: 1, revision: 'r1', durationMs: 5600, tracks: [video, audio] };
    const stale = trackOf('video', [piece('h', 1, 0, 0, 6000)]);
    const prefers: PlacedClip[] = [
      { clip: video.clips[2] as MediaClip, track: video, number: 1 },
      { clip: audio.clips[1] as MediaClip, track: audio, number: 2 },
      // A clip chosen before the last edit: its track is no longer the timeline's.
      { clip: piece('x', 1, 0, 9000, 9100), track: stale, number: 1 },
    ];
    for (const prefer of prefers)
      for (let ms = -100; ms <= 6100; ms += 50)
        expect(locate(timeline, prefer, ms)).toEqual(scanned(timeline, prefer, ms));
  });
});

describe('which words each piece of a recording plays (timelineTranscript)', () => {
  it('reads each word of a transcript a few times for a recording cut in 2,000 pieces', () => {
    const reads = new Map<string, number>();
    const words: SpokenWord[] = Array.from({ length: 2000 }, (_, k) =>
      counted({ text: `w${k}`, startMs: k * 500 + 100, endMs: k * 500 + 300 }, `w${k}`, reads),
    );
    const transcript = timelineTranscript(cutRecording(2000), new Map([[1, words]]));
    const listed = transcript.items.filter((i): i is WordItem => i.kind === 'word');
    expect(listed.map((w) => w.index)).toEqual(words.map((_, k) => k));
    expect(listed[1999]).toMatchObject({ clipId: 'c1999', startMs: 1999 * 400 + 100 });
    // Scanning every word for every piece read each word 4,000 times.
    expect(Math.max(...reads.values())).toBeLessThan(100);
  });

  it('lists a piece’s words in the transcript’s order even when their times are not in order', () => {
    const words: SpokenWord[] = [
      { text: 'late', startMs: 1000, endMs: 1200 },
      { text: 'early', startMs: 0, endMs: 300 },
      { text: 'middle', startMs: 600, endMs: 800 },
      { text: 'outside', startMs: 5000, endMs: 5200 },
    ];
    const timeline: Timeline = {
      projectId: 1,
      revision: 'r1',
      durationMs: 1500,
      tracks: [trackOf('video', [piece('p', 1, 0, 0, 1500)])],
    };
    const listed = timelineTranscript(timeline, new Map([[1, words]])).items.filter(
      (i): i is WordItem => i.kind === 'word',
    );
    expect(listed.map((w) => [w.text, w.index])).toEqual([
      ['late', 0],
      ['early', 1],
      ['middle', 2],
    ]);
  });
});

describe('the word under the playhead (wordAt)', () => {
  const item = (kind: 'word' | 'pause', startMs: number, endMs: number): TranscriptItem =>
    ({ kind, key: `${kind}${startMs}`, clipId: 'c', trackId: 't', assetId: 1, startMs, endMs }) as TranscriptItem;
  const transcriptOf = (items: TranscriptItem[]): TimelineTranscript => ({
    items,
    paragraphs: [],
    untranscribed: [],
    gaps: [],
  });

  it('reads a few dozen items per playhead position in a 20,000-word transcript', () => {
    const reads = new Map<string, number>();
    const items = Array.from({ length: 20_000 }, (_, k) =>
      counted(item('word', k * 300, k * 300 + 220), `i${k}`, reads),
    );
    const transcript = transcriptOf(items);
    let found = 0;
    for (let ms = 0; ms < 6_000_000; ms += 3000) if (wordAt(transcript, ms + 100) === ms / 300) found++;
    expect(found).toBe(2000);
    // A scan of the list per position read 40 million fields.
    const total = [...reads.values()].reduce((a, b) => a + b, 0);
    expect(total).toBeLessThan(400_000);
  });

  it('answers as a scan of the list does: the first word holding the moment, words overlapping and out of order included', () => {
    const items = [
      item('word', 500, 900),
      item('pause', 0, 3000),
      item('word', 100, 400),
      item('word', 300, 1200),
      item('word', 2000, 2000),
      item('word', 1500, 2500),
      item('word', 1600, 1700),
    ];
    const transcript = transcriptOf(items);
    for (let ms = -50; ms <= 3000; ms += 25)
      expect(wordAt(transcript, ms)).toBe(items.findIndex((i) => i.kind === 'word' && i.startMs <= ms && ms < i.endMs));
    expect(wordAt(transcriptOf([]), 10)).toBe(-1);
  });
});
