// What a command list changed, as its answer says it and as the store keeps it between
// full copies of the timeline: every track in order without its clips, the clips added or
// changed (as they are now, with the track that holds them) and the IDs of clips taken off
// the tracks that remain (a removed track's clips go with it). A client that holds the
// revision the list was applied to gets the new one by applying this; so does the store,
// reading a timeline back from its last full copy.
import type { Clip, Track } from './timelineSchemas.ts';
import type { ClipPlaces, TrackIndex } from './trackIndex.ts';

export type TrackHeader = Omit<Track, 'clips'>;

export interface TimelineChanges {
  tracks: TrackHeader[];
  clips: { trackId: string; clip: Clip }[];
  removedClipIds: string[];
}

export function headerOf(track: Track): TrackHeader {
  const { clips: _clips, ...header } = track;
  return header;
}

export function changesOf(index: TrackIndex): TimelineChanges {
  const { clips, removedClipIds } = index.changes();
  return {
    tracks: index.tracks.map(headerOf),
    clips: clips.map(({ clip, track }) => ({ trackId: track.id, clip })),
    removedClipIds,
  };
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

/**
 * Applies stored changes to tracks the caller owns (freshly read, changed in place), with
 * `places` indexing them and kept in step; returns the tracks of the next revision.
 */
export function replayChanges(tracks: Track[], places: ClipPlaces, changes: TimelineChanges): Track[] {
  const byId = new Map(tracks.map((t) => [t.id, t]));
  const next = changes.tracks.map((header) => ({ ...header, clips: byId.get(header.id)?.clips ?? [] }));
  const kept = new Map(next.map((t) => [t.id, t]));
  for (const track of tracks) {
    if (!kept.has(track.id)) for (const clip of track.clips) places.delete(clip.id);
  }
  const takeOff = (id: string) => {
    const place = places.get(id);
    const holder = place && kept.get(place.trackId);
    if (!holder) return;
    let at = lowerBound(holder.clips, place.startMs);
    if (holder.clips[at]?.id !== id) at = holder.clips.findIndex((c) => c.id === id);
    if (at >= 0) holder.clips.splice(at, 1);
    places.delete(id);
  };
  for (const id of changes.removedClipIds) takeOff(id);
  for (const { clip } of changes.clips) takeOff(clip.id);
  for (const { trackId, clip } of changes.clips) {
    const holder = kept.get(trackId);
    if (!holder) continue;
    holder.clips.splice(lowerBound(holder.clips, clip.startMs), 0, clip);
    places.set(clip.id, { trackId, startMs: clip.startMs });
  }
  return next;
}

/** Freezes what the store shares between requests, so code that changed it would throw at once. */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  for (const child of Object.values(value)) deepFreeze(child);
  return Object.freeze(value);
}

export function freezeTracks(tracks: Track[]): readonly Track[] {
  for (const track of tracks) {
    if (Object.isFrozen(track)) continue;
    for (const clip of track.clips) deepFreeze(clip);
    Object.freeze(track.clips);
    Object.freeze(track);
  }
  return Object.freeze(tracks);
}
