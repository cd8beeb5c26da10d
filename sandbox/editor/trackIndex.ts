// The working copy a command list is applied to, copy-on-write over the stored timeline:
// the stored tracks and clips are shared (the store keeps them in memory between edits)
// and never changed; a track or clip is copied the first time a command reaches it. So an
// edit of a 5,000-clip timeline copies one clip array and the clips it changes, and a list
// that fails halfway leaves the stored timeline as it was. Clips are found by ID through the
// store's index of the stored timeline plus what this list moved, and within their track
// by binary search (each track's clips stay sorted by start).
import type { Clip, Track } from './timelineSchemas.ts';

export interface ClipEntry {
  clip: Clip;
  track: Track;
}

/** The other clip a placement would overlap, if any. */
export interface Overlap {
  other: Clip;
}

/** Where a stored clip is: its track and its start (to find it there by binary search). */
export interface ClipPlace {
  trackId: string;
  startMs: number;
}

/** Clip ID → where it is, for one stored revision. */
export type ClipPlaces = Map<string, ClipPlace>;

export function indexClips(tracks: readonly Track[]): ClipPlaces {
  const index: ClipPlaces = new Map();
  for (const track of tracks)
    for (const clip of track.clips) index.set(clip.id, { trackId: track.id, startMs: clip.startMs });
  return index;
}

/** First index whose clip starts at or after `startMs`. */
function lowerBound(clips: readonly Clip[], startMs: number): number {
  let lo = 0;
  let hi = clips.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (clips[mid]!.startMs < startMs) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Where the clip with this ID and start sits in the track. */
function positionOf(track: Track, id: string, startMs: number): number {
  const i = lowerBound(track.clips, startMs);
  // Clips of a track never overlap, so no two share a start: the search lands on it.
  return track.clips[i]?.id === id ? i : track.clips.findIndex((c) => c.id === id);
}

const copyClip = (clip: Clip): Clip => structuredClone(clip);

/**
 * `stored` and `storedClips` are read, never changed, while the list is applied; the store
 * calls `commit` on its index only once the revision the list made is written.
 */
export function createTrackIndex(stored: readonly Track[], storedClips: ClipPlaces = indexClips(stored)) {
  const tracks = [...stored];
  const owned = new Set<Track>();
  /** Every clip this list changed, added or took off: its latest copy, and its track now (null: off the timeline). */
  const touched = new Map<string, Clip>();
  const where = new Map<string, string | null>();
  let count = storedClips.size;

  function placeOf(clipId: string): ClipPlace | null {
    if (!where.has(clipId)) return storedClips.get(clipId) ?? null;
    const trackId = where.get(clipId)!;
    return trackId === null ? null : { trackId, startMs: touched.get(clipId)!.startMs };
  }

  /** The track, made this list's own (its own clip array) so it may change. */
  function own(track: Track): Track {
    if (owned.has(track)) return track;
    const copy: Track = { ...track, clips: [...track.clips] };
    tracks[tracks.indexOf(track)] = copy;
    owned.add(copy);
    return copy;
  }

  function track(id: string): Track | undefined {
    const found = tracks.find((t) => t.id === id);
    return found && own(found);
  }

  /** The clip at `at` of an owned track, made this list's own. */
  function ownClip(holder: Track, at: number): Clip {
    let clip = holder.clips[at]!;
    if (touched.get(clip.id) !== clip) {
      clip = copyClip(clip);
      holder.clips[at] = clip;
      touched.set(clip.id, clip);
      where.set(clip.id, holder.id);
    }
    return clip;
  }

  return {
    tracks,
    track,
    /** The clip, made this list's own so it may change, with its track. */
    clip(id: string): ClipEntry | undefined {
      const place = placeOf(id);
      const holder = place && track(place.trackId);
      if (!place || !holder) return undefined;
      return { clip: ownClip(holder, positionOf(holder, id, place.startMs)), track: holder };
    },
    has: (id: string) => placeOf(id) !== null,
    /** The clip at `at` in a track of this list (a ripple moves every later clip). */
    clipAt: ownClip,
    clipCount: () => count,
    /** Inserts the clip in start order; returns the clip it would overlap instead, leaving the track unchanged. */
    place(owner: Track, clip: Clip): Overlap | null {
      const target = own(owner);
      const i = lowerBound(target.clips, clip.startMs);
      const before = target.clips[i - 1];
      const after = target.clips[i];
      if (before && before.endMs > clip.startMs) return { other: before };
      if (after && after.startMs < clip.endMs) return { other: after };
      target.clips.splice(i, 0, clip);
      if (!placeOf(clip.id)) count++;
      touched.set(clip.id, clip);
      where.set(clip.id, target.id);
      return null;
    },
    /** Takes the clip off its track; returns where it was. */
    unplace(clip: Clip): number {
      const holder = track(placeOf(clip.id)!.trackId)!;
      const i = positionOf(holder, clip.id, clip.startMs);
      holder.clips.splice(i, 1);
      touched.set(clip.id, clip);
      where.set(clip.id, null);
      count--;
      return i;
    },
    addTrack(added: Track, index: number): void {
      tracks.splice(index, 0, added);
      owned.add(added);
    },
    removeTrack(removed: Track): void {
      tracks.splice(tracks.indexOf(removed), 1);
      for (const clip of removed.clips) where.set(clip.id, null);
      count -= removed.clips.length;
    },
    moveTrack(moving: Track, index: number): void {
      tracks.splice(tracks.indexOf(moving), 1);
      tracks.splice(index, 0, moving);
    },
    /** What the list changed: clips added, changed or moved (as they are now), and clips taken off. */
    changes(): { clips: ClipEntry[]; removedClipIds: string[] } {
      const clips: ClipEntry[] = [];
      const removedClipIds: string[] = [];
      const trackIds = new Set(tracks.map((t) => t.id));
      for (const [id, clip] of touched) {
        const trackId = where.get(id);
        if (trackId) clips.push({ clip, track: tracks.find((t) => t.id === trackId)! });
        // A clip of a removed track goes with its track; one that was never stored needs no word.
        else if (trackIds.has(storedClips.get(id)?.trackId ?? '')) removedClipIds.push(id);
      }
      return { clips, removedClipIds };
    },
    /** Moves the store's index on to the revision this list made (call once it is written). */
    commit(places: ClipPlaces): void {
      for (const [id, trackId] of where) {
        if (trackId === null) places.delete(id);
        else places.set(id, { trackId, startMs: touched.get(id)?.startMs ?? places.get(id)!.startMs });
      }
    },
  };
}

export type TrackIndex = ReturnType<typeof createTrackIndex>;
