// The working copy a command list is applied to, copy-on-write over the timeline given: its
// tracks and clips are shared (the service keeps them in memory between edits, the app
// keeps them in its store) and never changed; a track or clip is copied the first time a
// command reaches it. So an edit of a 5,000-clip timeline copies one clip array and the
// clips it changes, and a list that fails halfway leaves the timeline given as it was.
// Clips are found by ID through an index of the timeline given (the service passes the one
// it keeps between edits; otherwise it is built on the first lookup) plus what this list
// moved, and within their track by binary search (each track's clips stay sorted by start).
// The timeline's markers ride along: a list of their own, copied the first time one changes.
import { shiftWords } from './captionWords.ts';
import type { Clip, Marker, Track } from './timelineTypes.ts';

export interface ClipEntry {
  clip: Clip;
  track: Track;
}

/** The other clip a placement would overlap, if any. */
export interface Overlap {
  other: Clip;
}

/** Where a clip of the timeline given is: its track and its start (to find it there by binary search). */
export interface ClipPlace {
  trackId: string;
  startMs: number;
}

/** Clip ID → where it is, for one revision. */
export type ClipPlaces = Map<string, ClipPlace>;

export function indexClips(tracks: readonly Track[]): ClipPlaces {
  const index: ClipPlaces = new Map();
  for (const track of tracks)
    for (const clip of track.clips) index.set(clip.id, { trackId: track.id, startMs: clip.startMs });
  return index;
}

/** First index whose clip starts at or after `startMs`. */
export function lowerBound(clips: readonly Clip[], startMs: number): number {
  let lo = 0;
  let hi = clips.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (clips[mid]!.startMs < startMs) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Where the last clip of any track ends (clips stay in start order without overlaps: a track's last ends last). */
export function durationOf(tracks: readonly Track[]): number {
  let durationMs = 0;
  for (const track of tracks) durationMs = Math.max(durationMs, track.clips.at(-1)?.endMs ?? 0);
  return durationMs;
}

/** A clip this list changed, added or took off: its latest copy and its track now (null: off the timeline). */
interface Mine {
  clip: Clip;
  trackId: string | null;
}

/** Where the clip with this ID and start sits in the track. */
function positionOf(track: Track, id: string, startMs: number): number {
  const i = lowerBound(track.clips, startMs);
  // Clips of a track never overlap, so no two share a start: the search lands on it.
  return track.clips[i]?.id === id ? i : track.clips.findIndex((c) => c.id === id);
}

/** A clip's own copy, every object and array in it too (a clip is JSON); far cheaper than structuredClone. */
export function copyValue<T>(value: T): T {
  if (Array.isArray(value)) return value.map(copyValue) as T;
  if (typeof value !== 'object' || value === null) return value;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) copy[key] = copyValue((value as Record<string, unknown>)[key]);
  return copy as T;
}

/**
 * `given` and `givenPlaces` are read, never changed, while the list is applied; the service
 * calls `commit` on its index only once the revision the list made is written.
 */
export function createTrackIndex(
  given: readonly Track[],
  givenPlaces?: ClipPlaces,
  givenMarkers: readonly Marker[] = [],
) {
  const tracks = [...given];
  let markers = givenMarkers;
  let markersOwned = false;
  const owned = new Set<Track>();
  let places = givenPlaces ?? null;
  const placesGiven = (): ClipPlaces => (places ??= indexClips(given));
  /** Every clip this list changed, added or took off, but those a ripple shifted. */
  const mine = new Map<string, Mine>();
  /**
   * The copies a ripple made, in order (kept in a list, not in `mine`: for 5,000 clips the
   * map costs more than the shift). One is current while it is its clip's latest copy and
   * `mine` has no later one; found by ID, such a clip is looked for by its given start, then
   * along its track.
   */
  const shifts: { trackId: string; clips: Clip[] }[] = [];
  /** Clips added less clips taken off, by this list. */
  let added = 0;

  function placeOf(clipId: string): ClipPlace | null {
    const entry = mine.get(clipId);
    if (!entry) return placesGiven().get(clipId) ?? null;
    return entry.trackId === null ? null : { trackId: entry.trackId, startMs: entry.clip.startMs };
  }

  /** The track, made this list's own (its own clip array) so it may change. */
  function own(track: Track): Track {
    if (owned.has(track)) return track;
    const copy: Track = { ...track, clips: [...track.clips] };
    tracks[tracks.indexOf(track)] = copy;
    owned.add(copy);
    return copy;
  }

  function findTrack(id: string): Track | undefined {
    return tracks.find((t) => t.id === id);
  }

  function track(id: string): Track | undefined {
    const found = findTrack(id);
    return found && own(found);
  }

  /** The clip at `at` of an owned track, made this list's own. */
  function ownClip(holder: Track, at: number): Clip {
    let clip = holder.clips[at]!;
    if (mine.get(clip.id)?.clip !== clip) {
      clip = copyValue(clip);
      holder.clips[at] = clip;
      mine.set(clip.id, { clip, trackId: holder.id });
    }
    return clip;
  }

  /** The clips a ripple shifted and nothing changed since, with their tracks. */
  function shifted(): ClipEntry[] {
    const found: ClipEntry[] = [];
    const seen = new Set<string>();
    for (let k = shifts.length - 1; k >= 0; k--) {
      const { clips, trackId } = shifts[k]!;
      for (const clip of clips) {
        if (seen.has(clip.id) || mine.has(clip.id)) continue;
        seen.add(clip.id);
        found.push({ clip, track: findTrack(trackId)! });
      }
    }
    return found;
  }

  return {
    tracks,
    /** The markers as they are now, in time order (ties by ID), to read only. */
    markers: (): readonly Marker[] => markers,
    /** True once this list changed a marker. */
    markersChanged: (): boolean => markersOwned,
    /** The markers, made this list's own (each a copy) so they may change; `sortMarkers` puts them back in order. */
    ownMarkers(): Marker[] {
      if (!markersOwned) {
        markers = markers.map((m) => ({ ...m }));
        markersOwned = true;
      }
      return markers as Marker[];
    },
    /** The track, made this list's own so it may change. */
    track,
    /** The track as it is now, to read only. */
    findTrack,
    /** The clip, made this list's own so it may change, with its track (its own too). */
    clip(id: string): ClipEntry | undefined {
      const place = placeOf(id);
      const holder = place && track(place.trackId);
      if (!place || !holder) return undefined;
      return { clip: ownClip(holder, positionOf(holder, id, place.startMs)), track: holder };
    },
    /** The clip as it is now with its track, to read only. */
    findClip(id: string): ClipEntry | undefined {
      const place = placeOf(id);
      const holder = place && findTrack(place.trackId);
      const clip = holder?.clips[positionOf(holder, id, place!.startMs)];
      return holder && clip ? { clip, track: holder } : undefined;
    },
    has: (id: string) => placeOf(id) !== null,
    clipCount: () => placesGiven().size + added,
    /** Shifts every clip of an owned track from `at` on by `byMs` (a ripple), a caption's word timings with it. */
    shiftFrom(holder: Track, at: number, byMs: number): void {
      const moved: Clip[] = [];
      for (let k = at; k < holder.clips.length; k++) {
        const copy = { ...holder.clips[k]! };
        copy.startMs += byMs;
        copy.endMs += byMs;
        if (copy.kind === 'caption' && copy.words) copy.words = shiftWords(copy.words, byMs);
        holder.clips[k] = copy;
        moved.push(copy);
      }
      shifts.push({ trackId: holder.id, clips: moved });
      // A clip this list already had stays its own under its new copy (whole: nothing in it is shared).
      for (const [id, entry] of mine) {
        if (entry.trackId !== holder.id) continue;
        const i = positionOf(holder, id, entry.clip.startMs + byMs);
        if (i >= at && holder.clips[i] !== entry.clip) entry.clip = holder.clips[i]!;
      }
    },
    /**
     * Gives an owned track its whole new clip list at once (a cut of many ranges, swept in
     * one pass): `made` are the clips this list made or changed (whole copies of its own),
     * `taken` those it took off, `shifted` the copies a ripple moved.
     */
    replaceClips(
      holder: Track,
      clips: Clip[],
      made: readonly Clip[],
      taken: readonly Clip[],
      shifted: readonly Clip[],
    ): void {
      holder.clips = clips;
      for (const clip of taken) {
        mine.set(clip.id, { clip, trackId: null });
        added--;
      }
      for (const clip of made) {
        if (!placeOf(clip.id)) added++;
        mine.set(clip.id, { clip, trackId: holder.id });
      }
      const moved: Clip[] = [];
      for (const clip of shifted) {
        if (mine.has(clip.id)) mine.set(clip.id, { clip, trackId: holder.id });
        else moved.push(clip);
      }
      if (moved.length > 0) shifts.push({ trackId: holder.id, clips: moved });
    },
    /** Inserts the clip in start order; returns the clip it would overlap instead, leaving the track unchanged. */
    place(owner: Track, clip: Clip): Overlap | null {
      const target = own(owner);
      const i = lowerBound(target.clips, clip.startMs);
      const before = target.clips[i - 1];
      const after = target.clips[i];
      if (before && before.endMs > clip.startMs) return { other: before };
      if (after && after.startMs < clip.endMs) return { other: after };
      target.clips.splice(i, 0, clip);
      if (!placeOf(clip.id)) added++;
      mine.set(clip.id, { clip, trackId: target.id });
      return null;
    },
    /** Takes the clip off its track; returns where it was. */
    unplace(clip: Clip): number {
      const holder = track(placeOf(clip.id)!.trackId)!;
      const i = positionOf(holder, clip.id, clip.startMs);
      holder.clips.splice(i, 1);
      mine.set(clip.id, { clip, trackId: null });
      added--;
      return i;
    },
    addTrack(made: Track, index: number): void {
      tracks.splice(index, 0, made);
      owned.add(made);
    },
    removeTrack(removed: Track): void {
      tracks.splice(tracks.indexOf(removed), 1);
      for (const clip of removed.clips) mine.set(clip.id, { clip, trackId: null });
      added -= removed.clips.length;
    },
    moveTrack(moving: Track, index: number): void {
      tracks.splice(tracks.indexOf(moving), 1);
      tracks.splice(index, 0, moving);
    },
    /** What the list changed: clips added, changed or moved (as they are now), and clips taken off. */
    changes(): { clips: ClipEntry[]; removedClipIds: string[] } {
      const clips: ClipEntry[] = shifted();
      const removedClipIds: string[] = [];
      const trackIds = new Set(tracks.map((t) => t.id));
      for (const [id, { clip, trackId }] of mine) {
        if (trackId) clips.push({ clip, track: findTrack(trackId)! });
        // A clip of a removed track goes with its track; one that was never there needs no word.
        else if (trackIds.has(placesGiven().get(id)?.trackId ?? '')) removedClipIds.push(id);
      }
      return { clips, removedClipIds };
    },
    /** Moves the service's index on to the revision this list made (call once it is written). */
    commit(next: ClipPlaces): void {
      for (const { clip, track: holder } of shifted()) next.set(clip.id, { trackId: holder.id, startMs: clip.startMs });
      for (const [id, { clip, trackId }] of mine) {
        if (trackId === null) next.delete(id);
        else next.set(id, { trackId, startMs: clip.startMs });
      }
    },
  };
}

export type TrackIndex = ReturnType<typeof createTrackIndex>;
