// The in-memory index a command list is applied through: tracks and clips by ID, and each
// track's clips kept sorted by start, so placing, moving or finding a clip costs a binary
// search and never a scan of a 5,000-clip timeline.
import type { Clip, Track } from './timelineSchemas.ts';

export interface ClipEntry {
  clip: Clip;
  track: Track;
}

/** The other clip a placement would overlap, if any. */
export interface Overlap {
  other: Clip;
}

/** First index whose clip starts at or after `startMs`. */
function lowerBound(clips: Clip[], startMs: number): number {
  let lo = 0;
  let hi = clips.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (clips[mid]!.startMs < startMs) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function createTrackIndex(tracks: Track[]) {
  const trackById = new Map<string, Track>();
  const clipById = new Map<string, ClipEntry>();
  for (const track of tracks) {
    trackById.set(track.id, track);
    for (const clip of track.clips) clipById.set(clip.id, { clip, track });
  }

  function positionOf(track: Track, clip: Clip): number {
    const i = lowerBound(track.clips, clip.startMs);
    // Clips of a track never overlap, so no two share a start: the search lands on it.
    return track.clips[i] === clip ? i : track.clips.indexOf(clip);
  }

  return {
    tracks,
    track: (id: string) => trackById.get(id),
    clip: (id: string) => clipById.get(id),
    clipCount: () => clipById.size,
    /** Inserts the clip in start order; returns the clip it would overlap instead, leaving the track unchanged. */
    place(track: Track, clip: Clip): Overlap | null {
      const i = lowerBound(track.clips, clip.startMs);
      const before = track.clips[i - 1];
      const after = track.clips[i];
      if (before && before.endMs > clip.startMs) return { other: before };
      if (after && after.startMs < clip.endMs) return { other: after };
      track.clips.splice(i, 0, clip);
      clipById.set(clip.id, { clip, track });
      return null;
    },
    /** Takes the clip off its track; returns where it was. */
    unplace(clip: Clip): number {
      const entry = clipById.get(clip.id)!;
      const i = positionOf(entry.track, clip);
      entry.track.clips.splice(i, 1);
      clipById.delete(clip.id);
      return i;
    },
    addTrack(track: Track, index: number): void {
      tracks.splice(index, 0, track);
      trackById.set(track.id, track);
    },
    removeTrack(track: Track): void {
      tracks.splice(tracks.indexOf(track), 1);
      trackById.delete(track.id);
      for (const clip of track.clips) clipById.delete(clip.id);
    },
    moveTrack(track: Track, index: number): void {
      tracks.splice(tracks.indexOf(track), 1);
      tracks.splice(index, 0, track);
    },
  };
}

export type TrackIndex = ReturnType<typeof createTrackIndex>;
