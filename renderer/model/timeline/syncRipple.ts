// Ripple edits under sync lock, as editor commands: a ripple delete, a ripple trim and an
// insert change the timeline's length at a point, and every unlocked sync-locked track
// (trackMix syncLocked, on by default as in Premiere) moves in step so picture, sound, music
// and captions stay in sync; a track with sync lock off moves only for its own clips.
// Time taken out is cut from every such track (removeRanges: a clip across it is split and
// its middle removed); time put in splits the clips across the point and opens a gap there
// (splitClip, then restoreRanges with nothing to put back, which moves what starts at or
// after the point right). Each plan is one command list: one edit, one undo.
import type { EditorCommand } from '../../../shared/timeline/editorCommands.ts';
import { movesInStep } from '../../../shared/timeline/timelineRules.ts';
import type { Clip, Timeline, Track } from '../../../shared/timeline/timelineTypes.ts';
import type { Located } from './clipCommands.ts';

/** A plan that can be made, or why not (said for people: what to change). */
export type TrimPlan = { readonly commands: EditorCommand[] } | { readonly problem: string };

export const refused = (problem: string): TrimPlan => ({ problem });

/** The tracks that move in step with a ripple edit: unlocked and sync-locked. */
export function syncTrackIds(timeline: Pick<Timeline, 'tracks'>): string[] {
  return timeline.tracks.filter(movesInStep).map((t) => t.id);
}

interface Span {
  readonly startMs: number;
  readonly endMs: number;
}

/**
 * Deletes the clips and closes their gaps: their time is cut from every sync-locked track
 * (one removeRanges for them all); a track with sync lock off loses only its own clips' time.
 */
export function rippleDeleteCommands(timeline: Pick<Timeline, 'tracks'>, items: readonly Located[]): EditorCommand[] {
  if (items.length === 0) return [];
  const inStep = new Set(syncTrackIds(timeline));
  const all: Span[] = [];
  const alone = new Map<string, Span[]>();
  for (const { clip, track } of items) {
    const span = { startMs: clip.startMs, endMs: clip.endMs };
    if (inStep.has(track.id)) all.push(span);
    else alone.set(track.id, [...(alone.get(track.id) ?? []), span]);
  }
  const commands: EditorCommand[] = [];
  if (all.length > 0) commands.push({ type: 'removeRanges', ranges: all, trackIds: [...inStep] });
  for (const [trackId, ranges] of alone) commands.push({ type: 'removeRanges', ranges, trackIds: [trackId] });
  return commands;
}

/**
 * Opens `lengthMs` of time at `atMs` on the tracks: each clip across the point is split there
 * (its right part gets a new ID), then everything at or after the point moves right.
 */
export function insertTimeCommands(
  timeline: Pick<Timeline, 'tracks'>,
  atMs: number,
  lengthMs: number,
  trackIds: readonly string[],
  newId: () => string,
): EditorCommand[] {
  if (lengthMs <= 0 || trackIds.length === 0) return [];
  const wanted = new Set(trackIds);
  const commands: EditorCommand[] = [];
  for (const track of timeline.tracks) {
    if (!wanted.has(track.id)) continue;
    const across = track.clips.find((c) => c.startMs < atMs && atMs < c.endMs);
    if (across) commands.push({ type: 'splitClip', clipId: across.id, atMs, newClipId: newId() });
  }
  commands.push({
    type: 'restoreRanges',
    ranges: [{ startMs: atMs, endMs: atMs + lengthMs }],
    trackIds: [...wanted],
    removeClipIds: [],
    clips: [],
  });
  return commands;
}

/** An insert at `atMs` on `trackId`: time opened there and on every sync-locked track. */
export function insertTracks(timeline: Pick<Timeline, 'tracks'>, trackId: string): string[] {
  return [...new Set([trackId, ...syncTrackIds(timeline)])];
}

export type Edge = 'start' | 'end';

const speedOf = (clip: Clip) =>
  clip.kind === 'media' ? (clip.effects.find((e) => e.effectId === 'speed')?.params.rate ?? 1) : 1;

/** The shortest a clip may become by a trim: one millisecond less is nothing at all. */
export const MIN_CLIP_MS = 1;

/** How far (timeline ms, + is right) an edge of the clip may move in a ripple trim. */
export function rippleTrimRange(
  clip: Clip,
  edge: Edge,
  durationOf: (assetId: number) => number | null,
): { min: number; max: number } {
  const length = clip.endMs - clip.startMs;
  if (clip.kind === 'caption')
    return edge === 'end'
      ? { min: MIN_CLIP_MS - length, max: Infinity }
      : { min: -Infinity, max: length - MIN_CLIP_MS };
  const speed = speedOf(clip);
  if (edge === 'end') {
    const limit = durationOf(clip.assetId);
    return { min: MIN_CLIP_MS - length, max: limit === null ? Infinity : Math.floor((limit - clip.outMs) / speed) };
  }
  return { min: -Math.floor(clip.inMs / speed), max: length - MIN_CLIP_MS };
}

function badClip(clip: Clip): string | null {
  if (clip.kind !== 'media') return null;
  if (clip.freezeMs !== undefined)
    return 'A freeze frame holds one picture: trim it with the Inspector’s length instead.';
  if ((clip.properties.reverse ?? 0) >= 0.5)
    return 'A reversed clip cannot be trimmed this way: trim it without ripple.';
  return null;
}

/** Milliseconds matter at a cut: shown to the millisecond. */
const seconds = (ms: number) => `${(Math.abs(ms) / 1000).toFixed(3)} s`;

/**
 * A ripple trim of an edge of each clip by `deltaMs` (the edge's move; + is right): the clip
 * keeps its start, its length changes, and everything after it follows — on its own track
 * and on every sync-locked track, where the time is cut out (shorter) or opened (longer) at
 * the edit point of the first clip. `items` are the clip and its linked partners.
 */
export function rippleTrimCommands(
  timeline: Pick<Timeline, 'tracks'>,
  items: readonly Located[],
  edge: Edge,
  deltaMs: number,
  durationOf: (assetId: number) => number | null,
  newId: () => string,
): TrimPlan {
  const first = items[0];
  if (!first) return refused('Select the clip to trim first.');
  const delta = Math.round(deltaMs);
  if (delta === 0) return refused('Move the edge to trim: it is where it was.');
  for (const { clip, track } of items) {
    if (track.locked) return refused(`Track “${track.name}” is locked: unlock it to trim its clip.`);
    const problem = badClip(clip);
    if (problem) return refused(problem);
    const { min, max } = rippleTrimRange(clip, edge, durationOf);
    if (delta > max)
      return refused(
        edge === 'end'
          ? `The media ends ${seconds(max)} after the clip’s end: trim at most that much.`
          : `The clip would vanish: trim its start by less than ${seconds(max + 1)}.`,
      );
    if (delta < min)
      return refused(
        edge === 'end'
          ? `The clip would vanish: trim its end by less than ${seconds(-min + 1)}.`
          : `The media starts only ${seconds(min)} before the clip’s start: extend it at most that much.`,
      );
  }
  // How much longer the clip becomes (shorter when negative).
  const grow = edge === 'end' ? delta : -delta;
  const at = edge === 'end' ? first.clip.endMs : first.clip.startMs;
  const own = new Set(items.map((i) => i.track.id));
  const others = syncTrackIds(timeline).filter((id) => !own.has(id));
  const trims = items.map(({ clip }) => trimOne(clip, edge, delta));
  const commands: EditorCommand[] = [];
  if (grow < 0) {
    const cut = -grow;
    commands.push(...trims);
    // Each clip's own track: the time after its new end is empty now; closing it moves the rest left.
    for (const ends of groupBy(items, (i) => i.clip.endMs))
      commands.push({
        type: 'removeRanges',
        ranges: [{ startMs: ends.key - cut, endMs: ends.key }],
        trackIds: ends.items.map((i) => i.track.id),
      });
    const from = edge === 'end' ? at - cut : at;
    if (others.length > 0)
      commands.push({ type: 'removeRanges', ranges: [{ startMs: from, endMs: from + cut }], trackIds: others });
  } else {
    // Room first (after each clip on its track, at the edit point elsewhere), then the longer clips.
    for (const ends of groupBy(items, (i) => i.clip.endMs))
      commands.push({
        type: 'restoreRanges',
        ranges: [{ startMs: ends.key, endMs: ends.key + grow }],
        trackIds: ends.items.map((i) => i.track.id),
        removeClipIds: [],
        clips: [],
      });
    commands.push(...insertTimeCommands(timeline, at, grow, others, newId));
    commands.push(...trims);
  }
  return { commands };
}

/** The command that moves one edge of the clip by `delta`, its start kept where it is. */
function trimOne(clip: Clip, edge: Edge, delta: number): EditorCommand {
  if (clip.kind === 'caption')
    return { type: 'updateCaption', clipId: clip.id, endMs: clip.endMs + (edge === 'end' ? delta : -delta) };
  const source = Math.round(delta * speedOf(clip));
  return edge === 'end'
    ? { type: 'trimClip', clipId: clip.id, outMs: clip.outMs + source }
    : { type: 'trimClip', clipId: clip.id, inMs: clip.inMs + source, startMs: clip.startMs };
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => number): { key: number; items: T[] }[] {
  const groups = new Map<number, T[]>();
  for (const item of items) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item]);
  return [...groups].map(([key, list]) => ({ key, items: list }));
}

/** The track of each clip named, for locating a clip and its partners. */
export function trackOfClip(timeline: Pick<Timeline, 'tracks'>, clipId: string): Track | undefined {
  return timeline.tracks.find((t) => t.clips.some((c) => c.id === clipId));
}
