// Keyframes as the app edits them, Premiere's way: a property's keyframe list changed at a
// clip time (the playhead's, or a diamond dragged), always snapped to the frame grid, and
// sent whole as one setKeyframes. Pure: every function takes a list and returns a new one.
import { parseEffectProperty, valueAt, type Easing, type Keyframe } from '../../../shared/timeline/keyframes.ts';
import type { MediaClip } from '../../../shared/timeline/timelineTypes.ts';
import { FRAME_MS } from './timelineGeometry.ts';

/** Two keyframes closer than half a frame are at the same moment. */
const SAME_MS = FRAME_MS / 2;

/** A clip time on the frame grid (counted from the clip's start), inside the clip. */
export function snapClipTime(ms: number, lengthMs: number): number {
  const snapped = Math.round(Math.round(ms / FRAME_MS) * FRAME_MS);
  return Math.max(0, Math.min(Math.round(lengthMs), snapped));
}

/** The playhead in the clip's own time (keyframes count from its start), snapped. */
export const clipTimeOf = (clip: MediaClip, playheadMs: number) =>
  snapClipTime(playheadMs - clip.startMs, clip.endMs - clip.startMs);

export const keyframesOf = (clip: MediaClip, property: string): readonly Keyframe[] => clip.keyframes?.[property] ?? [];

/** The value without keyframes: a clip property, or an effect's parameter (`effect:<id>.<param>`). */
export function staticValueOf(clip: MediaClip, property: string, fallback: number): number {
  const effect = parseEffectProperty(property);
  if (!effect) return clip.properties[property] ?? fallback;
  return clip.effects.find((e) => e.effectId === effect.effectId)?.params[effect.param] ?? fallback;
}

/** What the property is at a clip time: the curve where there is one. */
export const valueOfAt = (clip: MediaClip, property: string, fallback: number, clipMs: number) =>
  valueAt(keyframesOf(clip, property), staticValueOf(clip, property, fallback), clipMs);

/** The index of the keyframe at `atMs` (within half a frame), or -1. */
export const keyframeIndexAt = (list: readonly Keyframe[], atMs: number) =>
  list.findIndex((k) => Math.abs(k.atMs - atMs) < SAME_MS);

const sorted = (list: Keyframe[]) => list.sort((a, b) => a.atMs - b.atMs);

/** The value set at `atMs`: that keyframe's value changed, or a keyframe added there (with the easing around it). */
export function setValueAt(list: readonly Keyframe[], atMs: number, value: number): Keyframe[] {
  const at = keyframeIndexAt(list, atMs);
  if (at >= 0) return list.map((k, i) => (i === at ? { ...k, value } : k));
  const before = [...list].reverse().find((k) => k.atMs < atMs);
  return sorted([...list, { atMs, value, ...(before?.easing && { easing: before.easing }) }]);
}

/** The keyframe toggle: removes the keyframe at `atMs`, or adds one there holding `value`. */
export function toggleKeyframe(list: readonly Keyframe[], atMs: number, value: number): Keyframe[] {
  const at = keyframeIndexAt(list, atMs);
  return at >= 0 ? list.filter((_, i) => i !== at) : setValueAt(list, atMs, value);
}

/** The keyframe moved to `toMs` (snapped); one already there gives way to it. */
export function moveKeyframe(list: readonly Keyframe[], index: number, toMs: number, lengthMs: number): Keyframe[] {
  const moving = list[index];
  if (!moving) return [...list];
  const atMs = snapClipTime(toMs, lengthMs);
  const rest = list.filter((k, i) => i !== index && Math.abs(k.atMs - atMs) >= SAME_MS);
  return sorted([...rest, { ...moving, atMs }]);
}

export const removeKeyframe = (list: readonly Keyframe[], index: number): Keyframe[] =>
  list.filter((_, i) => i !== index);

export function setEasing(list: readonly Keyframe[], index: number, easing: Easing): Keyframe[] {
  return list.map((k, i) => (i === index ? { ...k, easing } : k));
}

/** Every keyframe's value moved by `delta`, kept within [min, max] (the rubber band dragged between points). */
export function offsetValues(list: readonly Keyframe[], delta: number, min: number, max: number): Keyframe[] {
  return list.map((k) => ({ ...k, value: round(Math.max(min, Math.min(max, k.value + delta))) }));
}

/** The keyframe time before (-1) or after (1) `atMs`, or null when there is none. */
export function adjacentKeyframe(list: readonly Keyframe[], atMs: number, direction: 1 | -1): number | null {
  const found =
    direction > 0
      ? list.find((k) => k.atMs > atMs + SAME_MS)
      : [...list].reverse().find((k) => k.atMs < atMs - SAME_MS);
  return found ? found.atMs : null;
}

/** Values kept to a ten-thousandth: a dragged line gives plain numbers. */
export const round = (v: number) => Math.round(v * 1e4) / 1e4;

/** The property a selected clip's keyframe lane shows: the one chosen in the Inspector, else the first the clip animates. */
export function laneProperty(clip: MediaClip, chosen: string | null): string | null {
  if (chosen) return chosen;
  const animated = Object.entries(clip.keyframes ?? {}).find(([, list]) => list.length > 0);
  return animated ? animated[0] : null;
}
