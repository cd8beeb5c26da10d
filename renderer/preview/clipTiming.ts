// When a clip shows and what of its source: on screen at t when startMs ≤ t < endMs, its
// source at inMs + (t − startMs) × rate, its incoming transition's progress, and the
// predecessor a dissolve, wipe or slide holds beneath it (docs/render-semantics.md).
import { speedOf } from '../../shared/production/clipTime.ts';
import type { Clip, MediaClip, Track } from '../../shared/timeline/timelineTypes.ts';

export { speedOf };

/** The clip of `track` on screen at `t` (clips of a track never overlap), by binary search. */
export function clipAt(track: Track, t: number): Clip | null {
  const clips = track.clips;
  let lo = 0;
  let hi = clips.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (clips[mid]!.endMs <= t) lo = mid + 1;
    else hi = mid;
  }
  const clip = clips[lo];
  return clip && clip.startMs <= t ? clip : null;
}

/** The clips of `track` that intersect [fromMs, toMs), in order. */
export function clipsBetween(track: Track, fromMs: number, toMs: number): Clip[] {
  const found: Clip[] = [];
  let lo = 0;
  let hi = track.clips.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (track.clips[mid]!.endMs <= fromMs) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < track.clips.length && track.clips[i]!.startMs < toMs; i++) found.push(track.clips[i]!);
  return found;
}

/** The source moment a media clip shows and sounds at timeline time `t`. */
export function sourceMsAt(clip: MediaClip, t: number): number {
  return clip.inMs + (t - clip.startMs) * speedOf(clip);
}

/** Its last picture: what a held predecessor shows. */
export const lastSourceMs = (clip: MediaClip): number => clip.outMs - 1;

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

/** A clip property, or its default: the catalog's, which the semantics use. */
export function propertyOf(
  clip: MediaClip,
  name: 'volume' | 'opacity' | 'scale' | 'positionX' | 'positionY' | 'rotation',
) {
  const value = clip.properties[name];
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  return name === 'volume' || name === 'opacity' || name === 'scale' ? 1 : 0;
}
