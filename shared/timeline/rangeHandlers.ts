// Cuts of many time ranges in one command (removeRanges) and their undo (restoreRanges).
// A cut removes the ranges' time from every track that moves in step: a clip across a range
// is split where it starts and ends and the middle taken out, a clip inside one goes, and
// everything after moves left by the time removed before it — what a split and a ripple
// remove per range per clip would do, swept once per track (sort once, O(clips + ranges)).
// A clip cut by several ranges is cut latest range first, as those single commands would
// cut it, so its pieces (keyframes, fades, transitions, caption words) are theirs exactly.
// A piece's ID is derived from its clip's ID and where it starts, so the app's optimistic
// copy and the service make the same IDs (and a redo makes them again).
import { EDITOR_LIMITS } from '../limits.ts';
import { addCaption, updateCaption } from './captionHandlers.ts';
import { addClip, splitMedia, trimClip } from './clipHandlers.ts';
import { shiftWords, wordsWithin } from './captionWords.ts';
import { CommandStep, EditRejected, setWords } from './commandStep.ts';
import type { CommandOf, EditorCommand } from './editorCommands.ts';
import { setKeyframes } from './keyframeHandlers.ts';
import { applyEffect, setClipFit, setClipProperties, setTransition } from './lookHandlers.ts';
import { linkAfterSplit, linkClips } from './linkHandlers.ts';
import { recreateClip } from './recreateClip.ts';
import { defaultProperties, movesInStep } from './timelineRules.ts';
import { copyValue, type TrackIndex } from './trackIndex.ts';
import type { Clip, Track } from './timelineTypes.ts';

/** A range after merging, with the index of the first given range it holds (for errors). */
export interface MergedRange {
  startMs: number;
  endMs: number;
  at: number;
}

/** The ranges sorted, those that overlap or touch made one. */
export function mergeRanges(ranges: readonly { startMs: number; endMs: number }[]): MergedRange[] {
  const sorted = ranges
    .map((r, at) => ({ startMs: r.startMs, endMs: r.endMs, at }))
    .sort((a, b) => a.startMs - b.startMs || a.at - b.at);
  const merged: MergedRange[] = [];
  for (const r of sorted) {
    const last = merged.at(-1);
    if (last && r.startMs <= last.endMs) {
      last.endMs = Math.max(last.endMs, r.endMs);
      last.at = Math.min(last.at, r.at);
    } else merged.push(r);
  }
  return merged;
}

/**
 * The tracks a cut applies to, as they are now: those named, or every unlocked track that
 * moves in step (a track with `syncLocked: false` stays where it is).
 */
export function rangeTracks(index: TrackIndex, trackIds: readonly string[] | undefined): Track[] {
  if (trackIds) return [...new Set(trackIds)].flatMap((id) => index.findTrack(id) ?? []);
  return index.tracks.filter(movesInStep);
}

/** A 128-bit hash of the text as a UUID (version 8: made by us, not random). */
export function derivedUuid(text: string): string {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  const hex = [h1, h2, h3, h4].map((h) => (h >>> 0).toString(16).padStart(8, '0')).join('');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The ID of the piece of `clipId` that starts where a range ends (`atMs`, before the cut). */
export function pieceId(index: TrackIndex, clipId: string, atMs: number, made: Set<string>): string {
  for (let attempt = 0; ; attempt++) {
    const id = derivedUuid(`${clipId}@${atMs}#${attempt}`);
    if (!made.has(id) && !index.has(id)) {
      made.add(id);
      return id;
    }
  }
}

/** Runs `work` for range `r`, a refusal inside it said as that range's. */
function forRange<T>(s: CommandStep, r: MergedRange, work: () => T): T {
  try {
    return work();
  } catch (err) {
    if (!(err instanceof EditRejected)) throw err;
    throw new EditRejected(
      s.at,
      s.command.type,
      err.code,
      `ranges[${r.at}]`,
      `range ${r.startMs}–${r.endMs} ms: ${err.message}`,
      err.forPeople,
    );
  }
}

/** Cuts the clip (taken off its track) at `atMs` as splitClip does; returns the part after. */
function splitAt(s: CommandStep, clip: Clip, atMs: number, rightId: string): Clip {
  if (clip.kind === 'media') {
    const right = splitMedia(s, clip, atMs, rightId);
    s.checkTransitionFits(clip, 'atMs');
    s.checkTransitionFits(right, 'atMs');
    return right;
  }
  const right = { ...clip, id: rightId, startMs: atMs };
  if (clip.linkId !== undefined) right.linkId = linkAfterSplit(clip.linkId, atMs);
  setWords(right, wordsWithin(clip.words ?? [], right.startMs, right.endMs));
  clip.endMs = atMs;
  setWords(clip, wordsWithin(clip.words ?? [], clip.startMs, clip.endMs));
  return right;
}

/** The clip moved by `byMs` (a copy), a caption's words with it. */
function shifted(clip: Clip, byMs: number): Clip {
  const copy = { ...clip, startMs: clip.startMs + byMs, endMs: clip.endMs + byMs };
  if (copy.kind === 'caption' && copy.words) copy.words = shiftWords(copy.words, byMs);
  return copy;
}

const lengthOf = (r: MergedRange) => r.endMs - r.startMs;

/**
 * The pieces of `clip` left by ranges j..k (all overlap it), where they end up: the part
 * before the first stays (moved by `before`, the time removed before the clip), each part
 * after a range moves left by all the time removed up to that range's end.
 */
function cutClip(
  s: CommandStep,
  clip: Clip,
  ranges: readonly MergedRange[],
  j: number,
  k: number,
  before: number,
  made: Set<string>,
): Clip[] {
  let left: Clip | null = copyValue(clip);
  const rights: { piece: Clip; i: number }[] = [];
  for (let i = k; i >= j; i--) {
    const r = ranges[i]!;
    forRange(s, r, () => {
      let middle: Clip;
      if (left && r.startMs > left.startMs) middle = splitAt(s, left, r.startMs, '');
      else {
        middle = left!;
        left = null;
      }
      if (r.endMs < middle.endMs)
        rights.push({ piece: splitAt(s, middle, r.endMs, pieceId(s.index, clip.id, r.endMs, made)), i });
    });
  }
  const pieces: Clip[] = left ? [before === 0 ? left : shifted(left, -before)] : [];
  let removed = before;
  let next = j;
  for (const { piece, i } of rights.reverse()) {
    for (; next <= i; next++) removed += lengthOf(ranges[next]!);
    pieces.push(shifted(piece, -removed));
  }
  return pieces;
}

/** Cuts the ranges from one track (given as it is now), in one sweep. */
function cutTrack(s: CommandStep, given: Track, ranges: readonly MergedRange[], made: Set<string>): void {
  const last = given.clips.at(-1);
  // Nothing at or after the first range: nothing on this track changes.
  if (!last || last.endMs <= ranges[0]!.startMs) return;
  const holder = s.index.track(given.id)!;
  const next: Clip[] = [];
  const changed: Clip[] = [];
  const taken: Clip[] = [];
  const moved: Clip[] = [];
  let j = 0;
  let before = 0;
  for (const clip of holder.clips) {
    while (j < ranges.length && ranges[j]!.endMs <= clip.startMs) before += lengthOf(ranges[j++]!);
    if (j === ranges.length || ranges[j]!.startMs >= clip.endMs) {
      if (before === 0) next.push(clip);
      else {
        const copy = shifted(clip, -before);
        next.push(copy);
        moved.push(copy);
      }
      continue;
    }
    let k = j;
    while (k + 1 < ranges.length && ranges[k + 1]!.startMs < clip.endMs) k++;
    const pieces = cutClip(s, clip, ranges, j, k, before, made);
    if (!pieces.some((p) => p.id === clip.id)) taken.push(clip);
    for (const piece of pieces) {
      const previous = next.at(-1);
      // A sped-up clip's pieces round to whole milliseconds: one may reach into the next.
      if (previous && previous.endMs > piece.startMs)
        forRange(s, ranges[j]!, () =>
          s.fail(
            'editor.clips_overlap',
            null,
            `the pieces of clip ${clip.id} would overlap clip ${previous.id} by ${previous.endMs - piece.startMs} ms once cut (its speed rounds the cut): widen the range by a millisecond.`,
            `The cut would make two clips on track "${holder.name}" overlap: widen it slightly.`,
          ),
        );
      next.push(piece);
      changed.push(piece);
    }
  }
  s.index.replaceClips(holder, next, changed, taken, moved);
}

export function removeRanges(s: CommandStep<CommandOf<'removeRanges'>>): void {
  const { command } = s;
  const most = EDITOR_LIMITS.rangesPerCut;
  if (command.ranges.length > most)
    s.fail(
      'editor.command_invalid',
      'ranges',
      `one command cuts at most ${most} ranges, and this has ${command.ranges.length}: send the rest in another command.`,
      `One cut takes at most ${most} ranges: cut the rest in another edit.`,
    );
  command.ranges.forEach((r, k) => {
    if (r.endMs <= r.startMs)
      s.fail(
        'editor.command_invalid',
        `ranges[${k}]`,
        `endMs (${r.endMs}) must be greater than startMs (${r.startMs}).`,
        'A range to cut must end after it starts.',
      );
  });
  command.trackIds?.forEach((id, k) => s.unlocked(s.trackOf(id, `trackIds[${k}]`), `trackIds[${k}]`));
  const ranges = mergeRanges(command.ranges);
  const made = new Set<string>();
  for (const track of rangeTracks(s.index, command.trackIds)) cutTrack(s, track, ranges, made);
  const limit = s.limit('clipsPerTimeline');
  if (s.index.clipCount() > limit)
    s.fail('editor.command_invalid', 'ranges', `the cut would leave more than ${limit} clips on the timeline.`);
}

/** The commands restoreRanges runs for a clip it puts back, each checked as it would be on its own. */
const PUTS: Partial<Record<EditorCommand['type'], (step: CommandStep<never>) => void>> = {
  addClip,
  addCaption,
  applyEffect,
  setClipFit,
  trimClip,
  setClipProperties,
  setTransition,
  setKeyframes,
  updateCaption,
  linkClips,
};

export function restoreRanges(s: CommandStep<CommandOf<'restoreRanges'>>): void {
  const { command, index } = s;
  const holders = command.trackIds.map((id, k) => s.unlocked(s.trackOf(id, `trackIds[${k}]`), `trackIds[${k}]`));
  // The pieces the cut left come off first (their IDs may be the originals').
  const off = new Map<Track, Set<string>>();
  command.removeClipIds.forEach((id, k) => {
    const { track } = s.clipOf(id, `removeClipIds[${k}]`);
    off.set(track, (off.get(track) ?? new Set()).add(id));
  });
  for (const [track, ids] of off) {
    const taken = track.clips.filter((c) => ids.has(c.id));
    index.replaceClips(
      track,
      track.clips.filter((c) => !ids.has(c.id)),
      [],
      taken,
      [],
    );
  }
  // Then the ranges open again: what starts at or after where a range was cut moves right by it.
  const ranges = mergeRanges(command.ranges);
  for (const holder of new Set(holders)) {
    const next: Clip[] = [];
    const moved: Clip[] = [];
    let j = 0;
    let opened = 0;
    for (const clip of holder.clips) {
      // A range was cut where it starts less the time cut before it.
      while (j < ranges.length && ranges[j]!.startMs - opened <= clip.startMs) opened += lengthOf(ranges[j++]!);
      if (opened === 0) next.push(clip);
      else {
        const copy = shifted(clip, opened);
        next.push(copy);
        moved.push(copy);
      }
    }
    if (moved.length > 0) index.replaceClips(holder, next, [], [], moved);
  }
  // Then the clips as they were, each made by the commands that make it (every check applies).
  const defaults = defaultProperties(s.catalog);
  command.clips.forEach(({ trackId, clip }, k) => {
    for (const step of recreateClip({ id: trackId }, clip, defaults)) {
      try {
        const put = PUTS[step.type] as (step: CommandStep) => void;
        put(new CommandStep(index, step, s.at, s.ctx));
      } catch (err) {
        if (!(err instanceof EditRejected)) throw err;
        throw new EditRejected(
          s.at,
          command.type,
          err.code,
          `clips[${k}]`,
          `clip ${clip.id}: ${err.message}`,
          err.forPeople,
        );
      }
    }
  });
}
