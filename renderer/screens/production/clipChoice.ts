// The media clips the panels can work on, named for people: their number in play order,
// the asset's file name, where they are on the timeline and on which track.
import type { Asset } from '../../../shared/api/createTypes.ts';
import { clockText, mediaClipsOf, type PlacedClip } from '../../../shared/production/clipTime.ts';
import type { Timeline } from '../../../shared/timeline/timelineTypes.ts';

export function assetName(assets: ReadonlyMap<number, Asset>, assetId: number): string {
  return assets.get(assetId)?.filename ?? `Asset #${assetId}`;
}

export function clipLabel(placed: PlacedClip, assets: ReadonlyMap<number, Asset>): string {
  const { clip, track, number } = placed;
  return `Clip ${number}: ${assetName(assets, clip.assetId)} (${clockText(clip.startMs)}–${clockText(clip.endMs)}, ${track.name})`;
}

const cache = new WeakMap<Timeline, PlacedClip[]>();

/** The timeline's media clips in play order, worked out once per timeline (each edit makes a new one). */
export function placedClips(timeline: Timeline): PlacedClip[] {
  let placed = cache.get(timeline);
  if (!placed) {
    placed = mediaClipsOf(timeline);
    cache.set(timeline, placed);
  }
  return placed;
}

/** The placed clip with this id, or null. */
export function findPlaced(timeline: Timeline | null, clipId: string | null): PlacedClip | null {
  if (!timeline || clipId === null) return null;
  return placedClips(timeline).find((p) => p.clip.id === clipId) ?? null;
}

/** A long timeline lists only the clips around the chosen one: the rest are chosen on the timeline itself. */
export const PICKER_MAX = 200;

export function pickerWindow(placed: readonly PlacedClip[], clipId: string | null): PlacedClip[] {
  if (placed.length <= PICKER_MAX) return [...placed];
  const at = Math.max(
    0,
    placed.findIndex((p) => p.clip.id === clipId),
  );
  const from = Math.min(Math.max(0, at - PICKER_MAX / 2), placed.length - PICKER_MAX);
  return placed.slice(from, from + PICKER_MAX);
}
