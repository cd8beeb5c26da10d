// Roll, slip and slide, as editor commands (the trims that change no length of the timeline):
// - roll: the cut between two clips that meet moves; the clip before ends there, the clip
//   after starts there, nothing else moves;
// - slip: the clip keeps its place and length; the part of its media it shows moves;
// - slide: the clip moves between its neighbours, the one before ends where it now starts,
//   the one after starts where it now ends; each keeps its media where it was.
// Each acts on the clip's linked partners too (their cuts at the same moment, their media)
// and is refused, saying what to change, when a clip would run past its media or vanish.
// The commands are ordered so no two clips overlap on the way.
import type { EditorCommand } from '../../../shared/timeline/editorCommands.ts';
import type { Clip, Track } from '../../../shared/timeline/timelineTypes.ts';
import type { Located } from './clipCommands.ts';
import { MIN_CLIP_MS, refused, type TrimPlan } from './syncRipple.ts';

type DurationOf = (assetId: number) => number | null;

const speedOf = (clip: Clip) =>
  clip.kind === 'media' ? (clip.effects.find((e) => e.effectId === 'speed')?.params.rate ?? 1) : 1;
/** Milliseconds matter at a cut: shown to the millisecond. */
const seconds = (ms: number) => `${(Math.abs(ms) / 1000).toFixed(3)} s`;

/** Why the clip cannot roll, slip or slide, or null. */
function unfit(clip: Clip, track: Track): string | null {
  if (track.locked) return `Track “${track.name}” is locked: unlock it first.`;
  if (clip.kind !== 'media') return null;
  if (clip.freezeMs !== undefined) return 'A freeze frame holds one picture: set its length in the Inspector instead.';
  if ((clip.properties.reverse ?? 0) >= 0.5) return 'A reversed clip plays its media backwards: trim it instead.';
  return null;
}

/** How far the clip's end may move (timeline ms): its media and its length allow. */
function endRange(clip: Clip, durationOf: DurationOf): { min: number; max: number } {
  const min = MIN_CLIP_MS - (clip.endMs - clip.startMs);
  if (clip.kind === 'caption') return { min, max: Infinity };
  const limit = durationOf(clip.assetId);
  return { min, max: limit === null ? Infinity : Math.floor((limit - clip.outMs) / speedOf(clip)) };
}

/** How far the clip's start may move (timeline ms), its end kept. */
function startRange(clip: Clip): { min: number; max: number } {
  const max = clip.endMs - clip.startMs - MIN_CLIP_MS;
  if (clip.kind === 'caption') return { min: -clip.startMs, max };
  return { min: -Math.floor(clip.inMs / speedOf(clip)), max };
}

/** The clip's end moved by `delta`, its start kept. */
function moveEnd(clip: Clip, delta: number): EditorCommand {
  if (clip.kind === 'caption') return { type: 'updateCaption', clipId: clip.id, endMs: clip.endMs + delta };
  return { type: 'trimClip', clipId: clip.id, outMs: clip.outMs + Math.round(delta * speedOf(clip)) };
}

/** The clip's start moved by `delta`, its end kept. */
function moveStart(clip: Clip, delta: number): EditorCommand {
  if (clip.kind === 'caption') return { type: 'updateCaption', clipId: clip.id, startMs: clip.startMs + delta };
  return {
    type: 'trimClip',
    clipId: clip.id,
    inMs: clip.inMs + Math.round(delta * speedOf(clip)),
    startMs: clip.startMs + delta,
  };
}

/** The clips of `track` that meet at `atMs`: the one ending there and the one starting there. */
export function cutAt(track: Track, atMs: number): { before: Clip; after: Clip } | null {
  const before = track.clips.find((c) => c.endMs === atMs);
  const after = track.clips.find((c) => c.startMs === atMs);
  return before && after ? { before, after } : null;
}

/** The range a roll of the cut may move (timeline ms): each side keeps a clip and its media. */
export function rollRange(before: Clip, after: Clip, durationOf: DurationOf): { min: number; max: number } {
  const end = endRange(before, durationOf);
  const start = startRange(after);
  return { min: Math.max(end.min, start.min), max: Math.min(end.max, start.max) };
}

/**
 * Rolls the cut at `atMs` by `deltaMs` on each of the tracks (the clip's and its partners'):
 * the clip before ends at the new point, the clip after starts there.
 */
export function rollCommands(
  tracks: readonly Track[],
  atMs: number,
  deltaMs: number,
  durationOf: DurationOf,
): TrimPlan {
  const delta = Math.round(deltaMs);
  if (delta === 0) return refused('Move the cut to roll it: it is where it was.');
  const cuts = tracks.flatMap((track) => {
    const cut = cutAt(track, atMs);
    return cut ? [{ track, ...cut }] : [];
  });
  if (cuts.length === 0)
    return refused('Roll moves a cut between two clips that meet: pick an edge where two clips touch.');
  const commands: EditorCommand[] = [];
  for (const { track, before, after } of cuts) {
    const problem = unfit(before, track) ?? unfit(after, track);
    if (problem) return refused(problem);
    const { min, max } = rollRange(before, after, durationOf);
    if (delta > max)
      return refused(
        `The cut can move at most ${seconds(max)} right here (${whyLimit(before, after, max, durationOf, 1)}).`,
      );
    if (delta < min)
      return refused(
        `The cut can move at most ${seconds(min)} left here (${whyLimit(before, after, min, durationOf, -1)}).`,
      );
    // The clip that gets shorter goes first, so the other never overlaps it.
    if (delta > 0) commands.push(moveStart(after, delta), moveEnd(before, delta));
    else commands.push(moveEnd(before, delta), moveStart(after, delta));
  }
  return { commands };
}

function whyLimit(before: Clip, after: Clip, limit: number, durationOf: DurationOf, direction: 1 | -1): string {
  if (direction > 0)
    return limit === endRange(before, durationOf).max
      ? 'the media of the clip before it ends there'
      : 'the clip after it would vanish';
  return limit === startRange(after).min
    ? 'the media of the clip after it starts there'
    : 'the clip before it would vanish';
}

/** How far (source time, + shows later media) the clip's media may slip. */
export function slipRange(clip: Clip, durationOf: DurationOf): { min: number; max: number } {
  if (clip.kind !== 'media') return { min: 0, max: 0 };
  const limit = durationOf(clip.assetId);
  return { min: -clip.inMs, max: limit === null ? Infinity : limit - clip.outMs };
}

/**
 * Slips each clip's media by `sourceDeltaMs` (+ shows later media): the clip stays where it
 * is, as long as it is. `items` are the clip and its linked partners.
 */
export function slipCommands(items: readonly Located[], sourceDeltaMs: number, durationOf: DurationOf): TrimPlan {
  const delta = Math.round(sourceDeltaMs);
  if (items.length === 0) return refused('Select the clip to slip first.');
  if (delta === 0) return refused('Move the media to slip it: it is where it was.');
  const commands: EditorCommand[] = [];
  for (const { clip, track } of items) {
    if (clip.kind !== 'media') continue;
    const problem = unfit(clip, track);
    if (problem) return refused(problem);
    const { min, max } = slipRange(clip, durationOf);
    if (delta > max) return refused(`The media ends ${seconds(max)} after the clip’s end: slip at most that much.`);
    if (delta < min)
      return refused(`The media starts ${seconds(min)} before the clip’s start: slip at most that much.`);
    commands.push({ type: 'trimClip', clipId: clip.id, inMs: clip.inMs + delta, outMs: clip.outMs + delta });
  }
  if (commands.length === 0) return refused('A caption shows no media to slip: move it instead.');
  return { commands };
}

interface Sides {
  readonly before: Clip | null;
  readonly after: Clip | null;
  /** Free time on each side when no clip touches it. */
  readonly roomBefore: number;
  readonly roomAfter: number;
}

function sidesOf(track: Track, clip: Clip): Sides {
  const at = track.clips.findIndex((c) => c.id === clip.id);
  const previous = track.clips[at - 1];
  const next = track.clips[at + 1];
  const touchingBefore = previous && previous.endMs === clip.startMs ? previous : null;
  const touchingAfter = next && next.startMs === clip.endMs ? next : null;
  return {
    before: touchingBefore,
    after: touchingAfter,
    roomBefore: clip.startMs - (previous?.endMs ?? 0),
    roomAfter: next ? next.startMs - clip.endMs : Infinity,
  };
}

/** How far (timeline ms) the clip may slide: the neighbours that touch it give and take, a gap closes. */
export function slideRange(track: Track, clip: Clip, durationOf: DurationOf): { min: number; max: number } {
  const s = sidesOf(track, clip);
  const max = Math.min(
    s.before ? endRange(s.before, durationOf).max : Infinity,
    s.after ? startRange(s.after).max : s.roomAfter,
  );
  const min = Math.max(
    s.before ? endRange(s.before, durationOf).min : -s.roomBefore,
    s.after ? startRange(s.after).min : -Infinity,
  );
  return { min, max };
}

/**
 * Slides each clip by `deltaMs` between its neighbours: the clip before it (when it touches)
 * ends where the clip now starts, the clip after it starts where it now ends. `items` are
 * the clip and its linked partners, each between its own neighbours.
 */
export function slideCommands(items: readonly Located[], deltaMs: number, durationOf: DurationOf): TrimPlan {
  const delta = Math.round(deltaMs);
  if (items.length === 0) return refused('Select the clip to slide first.');
  if (delta === 0) return refused('Move the clip to slide it: it is where it was.');
  const commands: EditorCommand[] = [];
  for (const { clip, track } of items) {
    const s = sidesOf(track, clip);
    const problem = unfit(clip, track) ?? (s.before && unfit(s.before, track)) ?? (s.after && unfit(s.after, track));
    if (problem) return refused(problem);
    const { min, max } = slideRange(track, clip, durationOf);
    if (delta > max) return refused(`The clip can slide at most ${seconds(max)} right: ${slideLimit(s, 1)}.`);
    if (delta < min) return refused(`The clip can slide at most ${seconds(min)} left: ${slideLimit(s, -1)}.`);
    const move: EditorCommand = { type: 'moveClip', clipId: clip.id, startMs: clip.startMs + delta };
    if (delta > 0)
      commands.push(
        ...(s.after ? [moveStart(s.after, delta)] : []),
        move,
        ...(s.before ? [moveEnd(s.before, delta)] : []),
      );
    else
      commands.push(
        ...(s.before ? [moveEnd(s.before, delta)] : []),
        move,
        ...(s.after ? [moveStart(s.after, delta)] : []),
      );
  }
  return { commands };
}

function slideLimit(s: Sides, direction: 1 | -1): string {
  if (direction > 0)
    return s.after
      ? 'the clip after it would vanish, or the media of the clip before it ends'
      : 'the next clip is in the way';
  return s.before
    ? 'the clip before it would vanish, or the media of the clip after it starts'
    : 'the previous clip is in the way';
}
