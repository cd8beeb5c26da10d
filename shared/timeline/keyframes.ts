// A clip property's value over the clip's time (docs/render-semantics.md, "Change over
// time"): keyframes at clip-relative times, each with the easing of the segment that leaves
// it. valueAt is the one reading of them: the service's renderer and the app's monitor both
// call it, so the two cannot disagree. Also how keyframes follow a clip that is trimmed or
// split: the curve inside what remains is kept exactly, with keyframes added at new edges.

export const EASINGS = ['linear', 'easeIn', 'easeOut', 'easeInOut', 'hold'] as const;
export type Easing = (typeof EASINGS)[number];

export interface Keyframe {
  /** From the clip's start on the timeline, ms. */
  atMs: number;
  value: number;
  /** The segment that leaves this keyframe; linear when absent. */
  easing?: Easing;
}

/** Property → its keyframes, in time order (an absent or empty list: the static value applies). */
export type ClipKeyframes = Record<string, Keyframe[]>;

/** At most this many keyframes per property of a clip. */
export const KEYFRAMES_MAX = 1000;

/** An effect parameter as a keyframed property: `effect:<effectId>.<param>`. */
export const effectProperty = (effectId: string, param: string) => `effect:${effectId}.${param}`;

/** The effect and parameter an `effect:<effectId>.<param>` property names, or null for a clip property. */
export function parseEffectProperty(property: string): { effectId: string; param: string } | null {
  const match = /^effect:([^.]+)\.(.+)$/.exec(property);
  return match ? { effectId: match[1]!, param: match[2]! } : null;
}

/** The easing curve: progress p in [0, 1] of a segment to the fraction of its change made. */
export function ease(easing: Easing | undefined, p: number): number {
  switch (easing) {
    case 'easeIn':
      return p * p * p;
    case 'easeOut':
      return 1 - (1 - p) ** 3;
    case 'easeInOut':
      return p < 0.5 ? 4 * p * p * p : 1 - (-2 * p + 2) ** 3 / 2;
    case 'hold':
      return 0;
    default:
      return p;
  }
}

/**
 * The value at clip time `tMs`: the static value without keyframes; the first keyframe's
 * value before it, the last's after it; between two, the first's value eased toward the next.
 */
export function valueAt(keyframes: readonly Keyframe[] | undefined, staticValue: number, tMs: number): number {
  if (!keyframes || keyframes.length === 0) return staticValue;
  const first = keyframes[0]!;
  if (tMs <= first.atMs) return first.value;
  const last = keyframes[keyframes.length - 1]!;
  if (tMs >= last.atMs) return last.value;
  // Binary search: the last keyframe at or before tMs.
  let lo = 0;
  let hi = keyframes.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >>> 1;
    if (keyframes[mid]!.atMs <= tMs) lo = mid;
    else hi = mid;
  }
  const a = keyframes[lo]!;
  const b = keyframes[hi]!;
  const p = (tMs - a.atMs) / (b.atMs - a.atMs);
  return a.value + (b.value - a.value) * ease(a.easing, p);
}

/**
 * The keyframes of clip time [fromMs, toMs], counted from fromMs: those inside kept, and a
 * keyframe at each edge the curve crosses holding its value there, so the curve inside is
 * unchanged. A segment cut in two keeps its easing only approximately (its shape is rescaled
 * to the shorter span); linear and hold segments stay exact.
 */
export function sliceKeyframes(keyframes: readonly Keyframe[], fromMs: number, toMs: number): Keyframe[] {
  if (keyframes.length === 0) return [];
  const out: Keyframe[] = [];
  const first = keyframes[0]!;
  const last = keyframes[keyframes.length - 1]!;
  const easingAt = (t: number) => {
    let easing = first.easing;
    for (const k of keyframes) if (k.atMs <= t) easing = k.easing;
    return easing;
  };
  const edge = (t: number): Keyframe => {
    return { atMs: t - fromMs, value: round(valueAt(keyframes, 0, t)), easing: easingAt(t) ?? 'linear' };
  };
  if (fromMs > first.atMs && fromMs < last.atMs && !keyframes.some((k) => k.atMs === fromMs)) out.push(edge(fromMs));
  for (const k of keyframes) if (k.atMs >= fromMs && k.atMs <= toMs) out.push({ ...k, atMs: k.atMs - fromMs });
  if (toMs > first.atMs && toMs < last.atMs && !keyframes.some((k) => k.atMs === toMs)) out.push(edge(toMs));
  // A curve wholly before or after the span is one value there.
  if (out.length === 0) out.push({ atMs: 0, value: toMs <= first.atMs ? first.value : last.value, easing: 'linear' });
  return out;
}

/** Every property's keyframes sliced to clip time [fromMs, toMs] (see sliceKeyframes); undefined when none remain. */
export function sliceAll(
  keyframes: ClipKeyframes | undefined,
  fromMs: number,
  toMs: number,
): ClipKeyframes | undefined {
  if (!keyframes) return undefined;
  const out: ClipKeyframes = {};
  for (const [property, list] of Object.entries(keyframes)) {
    const sliced = sliceKeyframes(list, fromMs, toMs);
    if (sliced.length > 0) out[property] = sliced;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** Values kept to a millionth, so a cut curve stores a plain number. */
const round = (v: number) => Math.round(v * 1e6) / 1e6;
