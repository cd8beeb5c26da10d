// Editing by the text, as editor commands. What the user deletes from the transcript (words,
// fillers, the middle of long pauses) becomes time ranges of the clips that play them; each
// range is cut from its clip and from the clips playing the same recording in step on other
// tracks (its sound under its picture) and from every sync-locked track (music, titles: they
// keep in sync), all ranges in one removeRanges command (rangeCuts.ts):
// split where each starts and ends, the middle removed, what follows on those tracks moved up.
// One that the editor refuses is skipped and said why.
// A passage cut out between two pieces of a recording can be restored: the pieces are joined
// again and what follows moves back along.
import { speedOf } from '../production/clipTime.ts';
import { applyCommands, EditRejected, type ApplyContext } from '../timeline/applyCommands.ts';
import type { EditorCommand } from '../timeline/editorCommands.ts';
import { movesInStep } from '../timeline/timelineRules.ts';
import type { MediaClip, Timeline, Track } from '../timeline/timelineTypes.ts';
import { SPEECH_RULES } from './speechMarks.ts';
import { cutRanges, inStepFinder, mediaById } from './rangeCuts.ts';
import { playsInStep, type CutPassage, type TimelineTranscript, type TranscriptItem } from './timelineTranscript.ts';

export const TEXT_CUT_RULES = {
  /** A deleted word takes the pause after it along, up to this long (as deleting a word deletes its space). */
  trailingPauseMs: 250,
  /** What "shorten pauses" leaves of a long pause by default, half on each side. */
  keepPauseMs: 500,
} as const;

/** Part of a clip to cut, on the timeline. */
export interface TimelineRange {
  readonly clipId: string;
  readonly startMs: number;
  readonly endMs: number;
}

/** The ranges that cut the pause to `keepMs`, keeping half of it on each side. */
function shortened(pause: { startMs: number; endMs: number }, keepMs: number): [number, number] | null {
  if (pause.endMs - pause.startMs <= keepMs) return null;
  const half = Math.floor(keepMs / 2);
  return [pause.startMs + half, pause.endMs - (keepMs - half)];
}

/**
 * The ranges that delete the chosen items: a run of chosen words from the first one's start
 * to the next word's start (at most `trailingPauseMs` after the last one); a chosen long
 * pause is shortened to `keepPauseMs`, and one chosen with the words beside it goes with them
 * down to that length. Struck-through passages (already cut) are left as they are.
 */
export function rangesOf(
  transcript: TimelineTranscript,
  chosen: (item: TranscriptItem, index: number) => boolean,
  keepPauseMs: number = TEXT_CUT_RULES.keepPauseMs,
): TimelineRange[] {
  const ranges: TimelineRange[] = [];
  const byClip = new Map<string, { item: TranscriptItem; chosen: boolean }[]>();
  transcript.items.forEach((item, index) => {
    if (item.kind === 'cut') return;
    const list = byClip.get(item.clipId) ?? [];
    list.push({ item, chosen: chosen(item, index) });
    byClip.set(item.clipId, list);
  });
  for (const [clipId, entries] of byClip) {
    const add = (startMs: number, endMs: number) => {
      const last = ranges.at(-1);
      if (last && last.clipId === clipId && startMs <= last.endMs)
        ranges[ranges.length - 1] = { clipId, startMs: last.startMs, endMs: Math.max(last.endMs, endMs) };
      else if (endMs > startMs) ranges.push({ clipId, startMs, endMs });
    };
    for (let k = 0; k < entries.length; k++) {
      if (!entries[k]!.chosen) continue;
      // A run of chosen items: words, and the long pauses between and around them.
      let j = k;
      while (j + 1 < entries.length && entries[j + 1]!.chosen) j++;
      const run = entries.slice(k, j + 1).map((e) => e.item);
      const words = run.filter((item) => item.kind === 'word');
      if (words.length === 0) {
        for (const pause of run) {
          const cut = shortened(pause, keepPauseMs);
          if (cut) add(cut[0], cut[1]);
        }
      } else {
        const next = entries.slice(j + 1).find((e) => e.item.kind === 'word')?.item;
        const lastWord = words.at(-1)!;
        let startMs = words[0]!.startMs;
        let endMs = Math.min(next?.startMs ?? Infinity, lastWord.endMs + TEXT_CUT_RULES.trailingPauseMs);
        if (run[0]!.kind === 'pause') startMs = shortened(run[0]!, keepPauseMs)?.[0] ?? startMs;
        if (run.at(-1)!.kind === 'pause' && next)
          endMs = Math.max(endMs, shortened(run.at(-1)!, keepPauseMs)?.[1] ?? 0);
        add(startMs, endMs);
      }
      k = j;
    }
  }
  return ranges;
}

/** Every filler and repeated word, with the pause after it as a deleted word takes it. */
export function fillerRanges(transcript: TimelineTranscript): TimelineRange[] {
  return rangesOf(transcript, (item) => item.kind === 'word' && item.mark !== null);
}

/** Every pause (the transcript's gaps) longer than `keepMs`, shortened to it. */
export function pauseRanges(transcript: TimelineTranscript, keepMs: number): TimelineRange[] {
  const ranges: TimelineRange[] = [];
  for (const item of transcript.gaps) {
    const cut = shortened(item, keepMs);
    if (cut) ranges.push({ clipId: item.clipId, startMs: cut[0], endMs: cut[1] });
  }
  return ranges;
}

export interface CutOutcome {
  readonly commands: EditorCommand[];
  /** The timeline once every range that could be cut is cut. */
  readonly timeline: Timeline;
  readonly cut: TimelineRange[];
  readonly skipped: { range: TimelineRange; why: string }[];
}

interface Placed {
  readonly clip: MediaClip;
  readonly track: Track;
}

function findClip(timeline: Timeline, clipId: string): Placed | null {
  for (const track of timeline.tracks) {
    const clip = track.clips.find((c) => c.id === clipId);
    if (clip?.kind === 'media') return { clip, track };
  }
  return null;
}

/** The clips of other tracks that play the same recording in step with `clip` (its sound, its picture). */
export function linkedClips(timeline: Timeline, placed: Placed): Placed[] {
  const linked: Placed[] = [];
  for (const track of timeline.tracks) {
    if (track.id === placed.track.id) continue;
    for (const clip of track.clips)
      if (clip.kind === 'media' && playsInStep(clip, placed.clip)) linked.push({ clip, track });
  }
  return linked;
}

/** An edit the editor refused for a range, as what the user can do about it. */
function whyRefused(err: EditRejected, clip: MediaClip, range: TimelineRange): string {
  const transition = clip.transitionIn;
  if (transition && range.startMs < clip.startMs + transition.durationMs)
    return `it starts inside the ${(transition.durationMs / 1000).toFixed(1)} s transition at the start of its clip: shorten or remove the transition (Inspector), then delete it again.`;
  if (err.commandType === 'splitClip' || /edge of clip/.test(err.message))
    return 'it is too close to the edge of its clip to cut there: trim that edge of the clip by hand instead.';
  return `the editor refused to cut it (${err.forPeople}).`;
}

/**
 * The tracks a text cut moves in step besides those playing the recording: every sync-locked
 * track (music, titles), except a caption track holding captions made from a transcript —
 * those follow the words they show (captionFollow.ts), which a cut by time would tear.
 */
function syncLockedAlong(timeline: Timeline): string[] {
  const wordTimed = (t: Track) =>
    t.kind === 'caption' && t.clips.some((c) => c.kind === 'caption' && (c.words?.length ?? 0) > 0);
  return timeline.tracks.filter((t) => movesInStep(t) && !wordTimed(t)).map((t) => t.id);
}

/**
 * The command that cuts every range (on its clip's track, the tracks playing it in step and
 * the sync-locked tracks), one removeRanges for them all; a range that cannot be cut is
 * skipped and said why.
 */
export function planCuts(timeline: Timeline, ranges: readonly TimelineRange[], ctx: ApplyContext): CutOutcome {
  const skipped: { range: TimelineRange; why: string }[] = [];
  const byId = mediaById(timeline);
  const inStep = inStepFinder(timeline);
  const along = syncLockedAlong(timeline);
  const wanted: { range: TimelineRange; clip: MediaClip; trackIds: string[] }[] = [];
  for (const range of ranges) {
    const placed = byId.get(range.clipId);
    if (!placed) {
      skipped.push({ range, why: 'its clip is no longer on the timeline.' });
      continue;
    }
    const targets = [placed, ...inStep(placed)];
    const locked = targets.find((t) => t.track.locked);
    if (locked) {
      skipped.push({ range, why: `track "${locked.track.name}" is locked: unlock it, then delete again.` });
      continue;
    }
    wanted.push({ range, clip: placed.clip, trackIds: [...targets.map((t) => t.track.id), ...along] });
  }
  const outcome = cutRanges(
    timeline,
    wanted.map((w) => ({ startMs: w.range.startMs, endMs: w.range.endMs, trackIds: w.trackIds })),
    ctx,
  );
  for (const [i, err] of outcome.refused)
    skipped.push({ range: wanted[i]!.range, why: whyRefused(err, wanted[i]!.clip, wanted[i]!.range) });
  return {
    commands: outcome.commands,
    timeline: outcome.timeline,
    cut: outcome.cut.map((i) => wanted[i]!.range),
    skipped,
  };
}

const sameLook = (a: MediaClip, b: MediaClip) =>
  JSON.stringify([a.properties, a.effects, a.fit ?? 'contain']) ===
    JSON.stringify([b.properties, b.effects, b.fit ?? 'contain']) && b.transitionIn === null;

/**
 * The commands that bring a cut passage back on one track: what follows the right piece
 * moves on (the last first, so nothing overlaps on the way), and the left piece plays on
 * through the passage — taking the right piece in when the two look alike (one clip again,
 * as before the cut), else meeting it where it starts.
 */
function restoreOne(track: Track, left: MediaClip, right: MediaClip): EditorCommand[] {
  const speed = speedOf(left);
  const merge = sameLook(left, right);
  const outMs = merge ? right.outMs : right.inMs;
  const newEnd = left.startMs + Math.max(1, Math.round((outMs - left.inMs) / speed));
  // How far what follows moves: to just after the longer left piece.
  const shift = merge ? newEnd - right.endMs : newEnd - right.startMs;
  const firstMoved = merge ? right.endMs : right.startMs;
  const moved = track.clips.filter((c) => c.startMs >= firstMoved && c.id !== left.id).reverse();
  return [
    ...(merge ? [{ type: 'removeClip', clipId: right.id } as const] : []),
    ...moved.map((c): EditorCommand => ({ type: 'moveClip', clipId: c.id, startMs: c.startMs + shift })),
    { type: 'trimClip', clipId: left.id, outMs },
  ];
}

/** The commands that restore a cut passage (and its counterpart on the tracks in step), or why it cannot be. */
export function planRestore(
  timeline: Timeline,
  passage: CutPassage,
  ctx: ApplyContext,
): { commands: EditorCommand[]; timeline: Timeline } | string {
  const left = findClip(timeline, passage.leftClipId);
  const right = findClip(timeline, passage.rightClipId);
  if (!left || !right || left.track.id !== right.track.id || right.clip.startMs !== left.clip.endMs)
    return 'the clips around it are no longer together on the timeline.';
  const pairs: [Placed, Placed][] = [[left, right]];
  for (const linked of linkedClips(timeline, left)) {
    const next = linked.track.clips.find(
      (c): c is MediaClip => c.kind === 'media' && c.startMs === linked.clip.endMs && c.assetId === left.clip.assetId,
    );
    if (next && next.inMs === right.clip.inMs && linked.clip.outMs === left.clip.outMs)
      pairs.push([linked, { clip: next, track: linked.track }]);
  }
  const locked = pairs.find(([l]) => l.track.locked);
  if (locked) return `track "${locked[0].track.name}" is locked: unlock it, then restore again.`;
  const commands = pairs.flatMap(([l, r]) => restoreOne(l.track, l.clip, r.clip));
  try {
    return { commands, timeline: applyCommands(timeline, commands, ctx) };
  } catch (err) {
    if (!(err instanceof EditRejected)) throw err;
    return `the editor refused to put it back (${err.message}).`;
  }
}

/** Words of a long pause: its length in seconds, as the transcript shows it. */
export const pauseText = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export { SPEECH_RULES };
