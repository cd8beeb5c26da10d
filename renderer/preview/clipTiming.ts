// When a clip shows and what of its source: on screen at t when startMs ≤ t < endMs, its
// source at inMs + (t − startMs) × rate (a reversed clip from outMs down, a freeze frame at
// inMs), its incoming transition's progress, and the predecessor a dissolve, wipe or slide
// holds beneath it (docs/render-semantics.md).
import { speedOf } from '../../shared/production/clipTime.ts';
import { isReversed } from '../../shared/timeline/timelineRules.ts';
import type { Clip, MediaClip, Track } from '../../shared/timeline/timelineTypes.ts';

export { speedOf };

/** The clip of `track` on screen at `t` (clips of a track never overlap), by binary search. */
export function clipAt(track: Track, t: number): Clip | null {
  const clip = track.clips[firstEndingAfter(track, t)];
  return clip && clip.startMs <= t ? clip : null;
}

/** The index of the first clip of `track` that ends after `t` (the clip at t, or the next one). */
export function firstEndingAfter(track: Track, t: number): number {
  const clips = track.clips;
  let lo = 0;
  let hi = clips.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (clips[mid]!.endMs <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The clips of `track` that intersect [fromMs, toMs), in order. */
export function clipsBetween(track: Track, fromMs: number, toMs: number): Clip[] {
  const found: Clip[] = [];
  for (let i = firstEndingAfter(track, fromMs); i < track.clips.length && track.clips[i]!.startMs < toMs; i++)
    found.push(track.clips[i]!);
  return found;
}

/** A freeze frame holds one picture, without sound. */
export const isFreeze = (clip: MediaClip): boolean => clip.freezeMs !== undefined;

/**
 * The source moment a media clip plays at timeline time `t`: inMs + (t − startMs) × rate,
 * outMs − (t − startMs) × rate reversed, inMs throughout for a freeze frame. Outside the clip
 * (a crossfade's reach) it runs on the same line.
 */
export function sourceMsAt(clip: MediaClip, t: number): number {
  if (isFreeze(clip)) return clip.inMs;
  const played = (t - clip.startMs) * speedOf(clip);
  return isReversed(clip) ? clip.outMs - played : clip.inMs + played;
}

/**
 * The source moment whose frame a clip shows at `t`, for a seek to "the latest frame at or
 * before" it. Backwards, a frame is shown from its end down to its start, so at a frame's
 * exact start the one before is already showing (as the render's reversed stream has it).
 */
export function pictureMsAt(clip: MediaClip, t: number): number {
  const s = sourceMsAt(clip, t);
  return isReversed(clip) && !isFreeze(clip) ? Math.max(clip.inMs, s - REVERSED_EDGE_MS) : s;
}
const REVERSED_EDGE_MS = 0.5;

/** Its last picture: what a held predecessor shows (a reversed clip ends on its first source frame). */
export function lastSourceMs(clip: MediaClip): number {
  return isFreeze(clip) || isReversed(clip) ? clip.inMs : clip.outMs - 1;
}

/** Whether its media element plays along with the clock; false where each frame is sought (reversed, a freeze frame). */
export const playsForwards = (clip: MediaClip): boolean => !isFreeze(clip) && !isReversed(clip);

export interface TransitionState {
  readonly transitionId: string;
  /** 0 at the clip's start to 1 at the end of the transition. */
  readonly progress: number;
}

/** The clip's incoming transition at `t`, while it runs; null before or after it, or without one. */
export function transitionAt(clip: MediaClip, t: number): TransitionState | null {
  const transition = clip.transitionIn;
  if (!transition || transition.durationMs <= 0) return null;
  const length = Math.min(transition.durationMs, clip.endMs - clip.startMs);
  if (t < clip.startMs || t >= clip.startMs + length) return null;
  return { transitionId: transition.transitionId, progress: (t - clip.startMs) / length };
}

/** The media clip of the same track that ends exactly where `clip` starts. */
export function predecessorOf(track: Track, clip: MediaClip): MediaClip | null {
  const before = clipAt(track, clip.startMs - 0.5);
  return before && before.kind === 'media' && before.endMs === clip.startMs ? before : null;
}

export type AnimatableProperty = 'volume' | 'opacity' | 'scale' | 'positionX' | 'positionY' | 'rotation';

/** A clip property, or its default: the catalog's, which the semantics use. */
export function propertyOf(
  clip: MediaClip,
  name: AnimatableProperty | 'fadeInMs' | 'fadeOutMs' | 'audioFadeInMs' | 'audioFadeOutMs',
) {
  const value = clip.properties[name];
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  return name === 'volume' || name === 'opacity' || name === 'scale' ? 1 : 0;
}
