// A thousand cuts of a two-hour timeline in the timeline model (shared/timeline), in this
// process: one removeRanges command against the same cuts as a split and a ripple remove per
// range per clip (what the app sent before), and the one command that undoes it. Picture and
// sound of two one-hour recordings in step, and 2,000 captions; the ranges 400 ms every 7 s.
import { randomUUID } from 'node:crypto';
import { applyCommands, type ApplyContext } from '../../shared/timeline/applyCommands.ts';
import type { EditorCommand } from '../../shared/timeline/editorCommands.ts';
import { applyWithInverse } from '../../shared/timeline/inverseCommands.ts';
import type { Clip, Timeline, Track } from '../../shared/timeline/timelineTypes.ts';
import { fixed, median, ratio, summary, table } from './report.ts';

const HOUR = 3_600_000;

function twoHours(): { timeline: Timeline; ctx: ApplyContext } {
  const ctx: ApplyContext = {
    catalog: null,
    asset: (id) => (id === 1 ? { kind: 'video', durationMs: HOUR } : null),
    newId: randomUUID,
  };
  const track = (kind: Track['kind'], clips: Clip[] = []): Track => ({
    id: randomUUID(),
    kind,
    name: kind,
    muted: false,
    locked: false,
    clips,
  });
  const captions = Array.from({ length: 2_000 }, (_, k): Clip => ({
    id: randomUUID(),
    kind: 'caption',
    startMs: k * 3_600,
    endMs: k * 3_600 + 3_000,
    text: 'so um I think that',
    style: 'subtitle',
    font: 'inter',
    words: [{ text: 'so', startMs: k * 3_600, endMs: k * 3_600 + 400 }],
  }));
  const empty: Timeline = {
    projectId: 1,
    revision: 'r1',
    durationMs: 0,
    tracks: [track('video'), track('audio'), track('caption', captions)],
  };
  const recordings = empty.tracks.slice(0, 2).flatMap((t) =>
    [0, HOUR].map((startMs): EditorCommand => ({
      type: 'addClip',
      trackId: t.id,
      clipId: randomUUID(),
      assetId: 1,
      startMs,
      inMs: 0,
      outMs: HOUR,
    })),
  );
  return { timeline: applyCommands(empty, recordings, ctx), ctx };
}

/** The same cuts as single commands: per range (latest first), per clip it reaches, split, split, ripple remove. */
function asPairs(timeline: Timeline, ranges: readonly { startMs: number; endMs: number }[]): EditorCommand[] {
  const commands: EditorCommand[] = [];
  for (const r of [...ranges].reverse())
    for (const track of timeline.tracks)
      for (const clip of track.clips) {
        if (clip.endMs <= r.startMs || clip.startMs >= r.endMs) continue;
        let middle = clip.id;
        if (r.startMs > clip.startMs) {
          middle = randomUUID();
          commands.push({ type: 'splitClip', clipId: clip.id, atMs: r.startMs, newClipId: middle });
        }
        if (r.endMs < clip.endMs)
          commands.push({ type: 'splitClip', clipId: middle, atMs: r.endMs, newClipId: randomUUID() });
        commands.push({ type: 'removeClip', clipId: middle, ripple: true });
      }
  return commands;
}

export interface RangeCutFigures {
  ranges: number;
  clips: number;
  /** Milliseconds, median of the runs. */
  oneCommand: number;
  pairs: number;
  pairCommands: number;
  undo: number;
}

export function measureRangeCuts(runs = 5): RangeCutFigures {
  const { timeline, ctx } = twoHours();
  const ranges = Array.from({ length: 1_000 }, (_, k) => ({ startMs: k * 7_000 + 1_234, endMs: k * 7_000 + 1_634 }));
  const pairs = asPairs(timeline, ranges);
  const times = { one: [] as number[], pairs: [] as number[], undo: [] as number[] };
  for (let run = 0; run < runs; run++) {
    let started = performance.now();
    const done = applyWithInverse(timeline, [{ type: 'removeRanges', ranges }], ctx);
    times.one.push(performance.now() - started);
    started = performance.now();
    applyCommands(done.timeline, done.inverse, ctx);
    times.undo.push(performance.now() - started);
    started = performance.now();
    applyCommands(timeline, pairs, ctx);
    times.pairs.push(performance.now() - started);
  }
  return {
    ranges: ranges.length,
    clips: timeline.tracks.reduce((n, t) => n + t.clips.length, 0),
    oneCommand: median(times.one),
    pairs: median(times.pairs),
    pairCommands: pairs.length,
    undo: median(times.undo),
  };
}

/** The figures as a table row and a summary line of the timeline benchmark. */
export function reportRangeCuts(): void {
  const cuts = measureRangeCuts();
  table([
    ['', 'one removeRanges (ms)', `${cuts.pairCommands} split/ripple-remove commands (ms)`, 'ratio', 'its undo (ms)'],
    [
      `${cuts.ranges} ranges, 2 h, ${cuts.clips} clips`,
      fixed(cuts.oneCommand, 1),
      fixed(cuts.pairs, 1),
      ratio(cuts.oneCommand, cuts.pairs),
      fixed(cuts.undo, 1),
    ],
  ]);
  summary(
    'timeline cuts',
    `${cuts.ranges} ranges from a two-hour timeline: one command ${fixed(cuts.oneCommand, 0)} ms (${ratio(cuts.oneCommand, cuts.pairs)} of split/ripple-remove pairs), undo ${fixed(cuts.undo, 0)} ms`,
  );
}
