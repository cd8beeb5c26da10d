// A media clip's values at timeline time t (docs/render-semantics.md, "Change over time"):
// each animatable property and effect parameter read from its keyframes by the shared
// valueAt (shared/timeline/keyframes.ts: the service's renderer reads them with the same
// function, so the curve is written once), the picture's fades as a factor of its alpha,
// the sound's equal-power fades, and an outgoing transition's progress. Pure; the
// composition and the mix call these once per frame per clip.
import { effectProperty, valueAt } from '../../shared/timeline/keyframes.ts';
import type { MediaClip } from '../../shared/timeline/timelineTypes.ts';
import { propertyOf, type AnimatableProperty } from './clipTiming.ts';

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

/** The property at `t`: its keyframes' value at clip time t − startMs, or its static value without. */
export function propertyAt(clip: MediaClip, name: AnimatableProperty, t: number): number {
  return valueAt(clip.keyframes?.[name], propertyOf(clip, name), t - clip.startMs);
}

/** An effect's parameter at `t` (keyframed as `effect:<effectId>.<param>`), or its static value. */
export function effectParamAt(clip: MediaClip, effectId: string, param: string, staticValue: number, t: number) {
  return valueAt(clip.keyframes?.[effectProperty(effectId, param)], staticValue, t - clip.startMs);
}

/**
 * The picture fades' factor of the clip's alpha at `t`: min(1, u / fadeInMs) and
 * min(1, (length − u) / fadeOutMs), u = t − startMs, each kept in [0, 1] (a clip held past
 * its end under a successor's transition has faded out). 1 without fades.
 */
export function pictureFadeAt(clip: MediaClip, t: number): number {
  const u = t - clip.startMs;
  const length = clip.endMs - clip.startMs;
  const fadeIn = propertyOf(clip, 'fadeInMs');
  const fadeOut = propertyOf(clip, 'fadeOutMs');
  let factor = 1;
  if (fadeIn > 0) factor *= clamp01(u / fadeIn);
  if (fadeOut > 0) factor *= clamp01((length - u) / fadeOut);
  return factor;
}

/** The sound's fades' factor at `t`: sin(q × π/2) in and out (equal power). 1 without fades. */
export function audioFadeAt(clip: MediaClip, t: number): number {
  const u = t - clip.startMs;
  const length = clip.endMs - clip.startMs;
  const fadeIn = propertyOf(clip, 'audioFadeInMs');
  const fadeOut = propertyOf(clip, 'audioFadeOutMs');
  let factor = 1;
  if (fadeIn > 0) factor *= Math.sin((clamp01(u / fadeIn) * Math.PI) / 2);
  if (fadeOut > 0) factor *= Math.sin((clamp01((length - u) / fadeOut) * Math.PI) / 2);
  return factor;
}

/**
 * The progress of the clip's outgoing transition at `t`: 0 where its last d ms begin, 1 at
 * its end and after it (a clip held past its end stays gone); null before, or without one.
 */
export function outProgressAt(clip: MediaClip, t: number): { transitionId: string; progress: number } | null {
  const transition = clip.transitionOut;
  if (!transition || transition.durationMs <= 0) return null;
  const length = Math.min(transition.durationMs, clip.endMs - clip.startMs);
  const from = clip.endMs - length;
  if (t < from) return null;
  return { transitionId: transition.transitionId, progress: clamp01((t - from) / length) };
}
