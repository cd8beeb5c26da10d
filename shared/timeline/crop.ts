// A clip's crop (docs/render-semantics.md, "The picture"): fractions of the source cut from
// each edge before fit, scale, rotation and position, the part kept staying where it was in
// the clip's box. Each side is from 0 to below 1 and opposite sides leave some picture
// (left + right < 1, top + bottom < 1) at every moment of the clip, keyframed or not. The
// applier checks that rule here; the service's renderer and the app's monitor both read the
// window with cropAt, so the two cannot disagree.
import { valueAt, type ClipKeyframes } from './keyframes.ts';

export const CROP_PROPERTIES = ['cropLeft', 'cropRight', 'cropTop', 'cropBottom'] as const;
export type CropProperty = (typeof CROP_PROPERTIES)[number];

export const isCropProperty = (name: string): name is CropProperty =>
  (CROP_PROPERTIES as readonly string[]).includes(name);

/** The opposite sides whose sum must stay below 1. */
export const CROP_PAIRS = [
  ['cropLeft', 'cropRight'],
  ['cropTop', 'cropBottom'],
] as const satisfies readonly (readonly [CropProperty, CropProperty])[];

/** Fractions of the source cut from each edge. */
export interface CropWindow {
  readonly left: number;
  readonly right: number;
  readonly top: number;
  readonly bottom: number;
}

export const NO_CROP: CropWindow = Object.freeze({ left: 0, right: 0, top: 0, bottom: 0 });

/** The least of the source a crop keeps on either axis when drawn (stored values keep more: the rule says < 1). */
const LEAST_KEPT = 0.001;

interface Croppable {
  readonly properties: Readonly<Record<string, number | undefined>>;
  readonly keyframes?: ClipKeyframes | undefined;
}

const staticOf = (clip: Croppable, name: CropProperty) => {
  const v = clip.properties[name];
  return typeof v === 'number' && Number.isFinite(v) ? v : 0;
};

/** One side at clip time `u` (ms from the clip's start): its keyframes' value, or its static value. */
export const cropSideAt = (clip: Croppable, name: CropProperty, u: number): number =>
  valueAt(clip.keyframes?.[name], staticOf(clip, name), u);

/** The crop at clip time `u`, each side in [0, 1) and opposite sides kept from meeting. */
export function cropAt(clip: Croppable, u: number): CropWindow {
  const side = (name: CropProperty) => Math.min(1, Math.max(0, cropSideAt(clip, name, u)));
  const fit = (a: number, b: number): [number, number] => {
    const over = a + b - (1 - LEAST_KEPT);
    if (over <= 0) return [a, b];
    // Only data the applier refused could get here: each side gives up its share.
    const total = a + b;
    return [a - (over * a) / total, b - (over * b) / total];
  };
  const [left, right] = fit(side('cropLeft'), side('cropRight'));
  const [top, bottom] = fit(side('cropTop'), side('cropBottom'));
  return { left, right, top, bottom };
}

/** Whether any side of the crop is not 0 at some moment of the clip. */
export function hasCrop(clip: Croppable): boolean {
  return CROP_PROPERTIES.some(
    (name) => staticOf(clip, name) !== 0 || (clip.keyframes?.[name]?.some((k) => k.value !== 0) ?? false),
  );
}

/** Whether any side changes over the clip. */
export function cropChanges(clip: Croppable): boolean {
  return CROP_PROPERTIES.some((name) => {
    const list = clip.keyframes?.[name];
    return !!list && list.length > 1 && list.some((k) => k.value !== list[0]!.value);
  });
}

/** Samples between two keyframe moments: enough that eased curves cannot peak unseen by much. */
const SAMPLES_PER_SPAN = 32;

/**
 * The first moment (clip ms) where opposite sides leave nothing (sum ≥ 1), with the pair and
 * their values; null when the crop keeps some picture throughout the clip's `lengthMs`. Read
 * at every keyframe moment of the pair and at even steps between, where eased curves may peak.
 */
export function cropOverlap(
  clip: Croppable,
  lengthMs: number,
): { pair: readonly [CropProperty, CropProperty]; atMs: number; values: [number, number] } | null {
  for (const pair of CROP_PAIRS) {
    const moments = new Set<number>([0, lengthMs]);
    for (const name of pair) for (const k of clip.keyframes?.[name] ?? []) moments.add(k.atMs);
    const sorted = [...moments].filter((t) => t >= 0 && t <= lengthMs).sort((a, b) => a - b);
    const times: number[] = [];
    sorted.forEach((t, i) => {
      times.push(t);
      const next = sorted[i + 1];
      if (next !== undefined)
        for (let j = 1; j < SAMPLES_PER_SPAN; j++) times.push(t + ((next - t) * j) / SAMPLES_PER_SPAN);
    });
    for (const t of times) {
      const a = cropSideAt(clip, pair[0], t);
      const b = cropSideAt(clip, pair[1], t);
      if (a + b >= 1 - 1e-9) return { pair, atMs: Math.round(t), values: [a, b] };
    }
  }
  return null;
}
