// Marquee selection: the clips a box drawn on the tracks' background touches, across tracks.
import type { Track } from '../../../shared/timeline/timelineTypes.ts';

export interface Box {
  readonly fromMs: number;
  readonly toMs: number;
  /** Rows of the listed tracks, top to bottom, inclusive. */
  readonly fromRow: number;
  readonly toRow: number;
}

/** The box between two corners (ms, row), whichever way it was drawn. */
export function boxBetween(a: { ms: number; row: number }, b: { ms: number; row: number }): Box {
  return {
    fromMs: Math.max(0, Math.min(a.ms, b.ms)),
    toMs: Math.max(a.ms, b.ms),
    fromRow: Math.max(0, Math.min(a.row, b.row)),
    toRow: Math.max(a.row, b.row),
  };
}

/** The IDs of the clips the box touches on the listed tracks (a locked track's clips are not picked up). */
export function clipsInBox(listed: readonly Track[], box: Box): string[] {
  const ids: string[] = [];
  for (let row = box.fromRow; row <= Math.min(box.toRow, listed.length - 1); row++) {
    const track = listed[row]!;
    if (track.locked) continue;
    for (const clip of track.clips) if (clip.startMs < box.toMs && clip.endMs > box.fromMs) ids.push(clip.id);
  }
  return ids;
}
