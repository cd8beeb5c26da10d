// Time on the timeline: frames, time codes, the clips that intersect a window (two binary
// searches, never a scan of 5,000 clips), clusters of clips too narrow to draw one by one,
// and snapping to clip edges and the playhead.
import type { Clip, Timeline } from '../../../shared/timeline/timelineTypes.ts';

/** Renders are 30 fps: the playhead steps by a frame. */
export const FPS = 30;
export const FRAME_MS = 1000 / FPS;
/** The closest zoom: one frame this many pixels wide. */
export const FRAME_PX_AT_MAX_ZOOM = 48;
export const MAX_PX_PER_MS = FRAME_PX_AT_MAX_ZOOM / FRAME_MS;
/** A clip narrower than this is drawn as part of a cluster, not on its own. */
export const MIN_CLIP_PX = 3;

/** First clip that ends after `ms` (clips of a track never overlap: ends are sorted too). */
function firstEndingAfter(clips: readonly Clip[], ms: number): number {
  let lo = 0;
  let hi = clips.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (clips[mid]!.endMs <= ms) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First clip that starts at or after `ms`. */
function firstStartingAt(clips: readonly Clip[], ms: number): number {
  let lo = 0;
  let hi = clips.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (clips[mid]!.startMs < ms) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The index range [from, to) of the clips that intersect [fromMs, toMs). */
export function visibleRange(clips: readonly Clip[], fromMs: number, toMs: number): [number, number] {
  const from = firstEndingAfter(clips, fromMs);
  return [from, Math.max(from, firstStartingAt(clips, toMs))];
}

export type LaneItem =
  { kind: 'clip'; clip: Clip } | { kind: 'cluster'; startMs: number; endMs: number; count: number };

/**
 * What a lane draws for a window: each clip wide enough to see, and runs of clips narrower
 * than MIN_CLIP_PX merged into one cluster block (zoomed out over 5,000 clips, the DOM holds
 * a few hundred blocks, not 5,000 elements). Selected clips are always drawn on their own.
 */
export function laneItems(
  clips: readonly Clip[],
  fromMs: number,
  toMs: number,
  pxPerMs: number,
  selected: ReadonlySet<string>,
): LaneItem[] {
  const [from, to] = visibleRange(clips, fromMs, toMs);
  const items: LaneItem[] = [];
  const minMs = MIN_CLIP_PX / pxPerMs;
  let cluster: { startMs: number; endMs: number; count: number } | null = null;
  for (let i = from; i < to; i++) {
    const clip = clips[i]!;
    if (clip.endMs - clip.startMs >= minMs || selected.has(clip.id)) {
      if (cluster) items.push({ kind: 'cluster', ...cluster });
      cluster = null;
      items.push({ kind: 'clip', clip });
      continue;
    }
    // A cluster ends where the next narrow clip starts more than a few pixels after it.
    if (cluster && clip.startMs - cluster.endMs <= minMs) {
      cluster.endMs = clip.endMs;
      cluster.count++;
    } else {
      if (cluster) items.push({ kind: 'cluster', ...cluster });
      cluster = { startMs: clip.startMs, endMs: clip.endMs, count: 1 };
    }
  }
  if (cluster) items.push({ kind: 'cluster', ...cluster });
  return items;
}

/** "00:01:02.500" */
export function formatTime(ms: number): string {
  const total = Math.max(0, Math.round(ms));
  const h = Math.floor(total / 3_600_000);
  const m = Math.floor((total % 3_600_000) / 60_000);
  const s = Math.floor((total % 60_000) / 1000);
  const milli = total % 1000;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(h)}:${two(m)}:${two(s)}.${String(milli).padStart(3, '0')}`;
}

/** "00:01:02:15": hours, minutes, seconds and the frame within the second (30 fps), as editors write time. */
export function formatTimecode(ms: number): string {
  const frames = Math.floor(Math.max(0, ms) / FRAME_MS + 1e-6);
  const two = (n: number) => String(n).padStart(2, '0');
  const seconds = Math.floor(frames / FPS);
  return `${two(Math.floor(seconds / 3600))}:${two(Math.floor(seconds / 60) % 60)}:${two(seconds % 60)}:${two(frames % FPS)}`;
}

/** Accepts "1.5" (seconds), "1:02.5" (m:ss) or "00:01:02.500"; null when it is none of these. */
export function parseTime(text: string): number | null {
  const parts = text.trim().split(':');
  if (parts.length === 0 || parts.length > 3 || parts.some((p) => !/^\d+(\.\d+)?$/.test(p))) return null;
  const seconds = parts.reduce((sum, part) => sum * 60 + Number(part), 0);
  return Number.isFinite(seconds) ? Math.round(seconds * 1000) : null;
}

/** Clip edges within [fromMs, toMs] on every track, except the clips being dragged, and the playhead. */
export function snapTargets(
  timeline: Timeline,
  fromMs: number,
  toMs: number,
  except: ReadonlySet<string>,
  playheadMs: number,
): number[] {
  const targets = [0, playheadMs];
  for (const track of timeline.tracks) {
    const [from, to] = visibleRange(track.clips, fromMs, toMs);
    for (let i = from; i < to; i++) {
      const clip = track.clips[i]!;
      if (except.has(clip.id)) continue;
      targets.push(clip.startMs, clip.endMs);
    }
  }
  return targets;
}

/** The shift that brings the nearest of `edges` onto a target within `thresholdMs`, or 0. */
export function snapShift(edges: readonly number[], targets: readonly number[], thresholdMs: number): number {
  let best = 0;
  let bestDistance = thresholdMs;
  for (const edge of edges) {
    for (const target of targets) {
      const distance = Math.abs(target - edge);
      if (distance <= bestDistance) {
        bestDistance = distance;
        best = target - edge;
      }
    }
  }
  return best;
}
