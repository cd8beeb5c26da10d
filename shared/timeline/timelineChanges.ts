// The answer to a command list, and how a copy of the timeline is brought to the new
// revision with it. The local service answers with the new revision and what the list
// changed (every track in order without its clips, the clips added or changed with the
// track holding them, the clips taken off) — a few hundred bytes where the whole timeline
// of 5,000 clips is 1.2 MB. The app applies it to its copy; the service's store keeps it
// between full copies of the timeline and replays it when it reads a timeline back. Another
// service may answer with the whole timeline instead (or with nothing the app knows): then
// there are no `changes`, and the app applies its own commands to its copy as before.
import { z } from 'zod';
import { durationOf, lowerBound, type ClipPlaces, type TrackIndex } from './trackIndex.ts';
import { ClipSchema, MarkerSchema, TrackSchema, type Clip, type Timeline, type Track } from './timelineTypes.ts';

export const TimelineChangesSchema = z
  .object({
    /** Every track of the new revision, in order, without its clips; a track not listed was removed. */
    tracks: z.array(TrackSchema.omit({ clips: true }).loose()),
    /** Clips added, changed or moved, as they are now. */
    clips: z.array(z.object({ trackId: z.string(), clip: ClipSchema }).loose()),
    /** Clips taken off the tracks that remain (a removed track's clips go with it). */
    removedClipIds: z.array(z.string()),
    /** Every marker of the new revision, in time order; absent when the list changed none. */
    markers: z.array(MarkerSchema).optional(),
  })
  .loose();
export type TimelineChanges = z.infer<typeof TimelineChangesSchema>;
export type TrackHeader = TimelineChanges['tracks'][number];

export function headerOf(track: Track): TrackHeader {
  const { clips: _clips, ...header } = track;
  return header as TrackHeader;
}

/** What a command list applied to `index` changed, as its answer says it. */
export function changesOf(index: TrackIndex): TimelineChanges {
  const { clips, removedClipIds } = index.changes();
  return {
    tracks: index.tracks.map(headerOf),
    clips: clips.map(({ clip, track }) => ({ trackId: track.id, clip })),
    removedClipIds,
    ...(index.markersChanged() && { markers: [...index.markers()] }),
  };
}

/** What the app keeps of a command list's answer: enough to move its copy on, never the whole timeline. */
export const EditAckSchema = z.object({
  revision: z.string(),
  /** The revision the list was applied to; null when the service did not say. */
  baseRevision: z.string().nullable(),
  durationMs: z.number().nullable(),
  updatedAt: z.string().nullable(),
  /** Null when the service answered with the whole timeline, or did not say what changed. */
  changes: TimelineChangesSchema.nullable(),
});
export type EditAck = z.infer<typeof EditAckSchema>;

const AnswerFieldsSchema = z
  .object({
    revision: z.string(),
    baseRevision: z.string().optional(),
    durationMs: z.number().optional(),
    updatedAt: z.string().optional(),
    changes: TimelineChangesSchema.optional(),
  })
  .loose();

/** The ack of a command list's answer, or null when it names no revision. A whole timeline in it is not read. */
export function editAckOf(data: unknown): EditAck | null {
  if (typeof data !== 'object' || data === null) return null;
  // A service that sends the whole timeline: checking 1.2 MB would cost more than the edit.
  const { timeline: _timeline, ...fields } = data as Record<string, unknown>;
  const parsed = AnswerFieldsSchema.safeParse(fields);
  if (!parsed.success) return null;
  const answer = parsed.data;
  return {
    revision: answer.revision,
    baseRevision: answer.baseRevision ?? null,
    durationMs: answer.durationMs ?? null,
    updatedAt: answer.updatedAt ?? null,
    changes: answer.changes ?? null,
  };
}

/**
 * The timeline at the ack's revision, from `base` at its base revision: tracks in the
 * listed order and with the listed fields (a new one starts empty), every clip named taken
 * off its track, then each changed clip put on its track in start order. Copy-on-write:
 * tracks and clips the answer does not name are the same objects as in `base`.
 */
export function applyChanges(base: Timeline, ack: EditAck & { changes: TimelineChanges }): Timeline {
  const { changes } = ack;
  const before = new Map(base.tracks.map((t) => [t.id, t]));
  const named = new Set<string>(changes.removedClipIds);
  for (const { clip } of changes.clips) named.add(clip.id);
  const arriving = new Map<string, Clip[]>();
  for (const { trackId, clip } of changes.clips) {
    const list = arriving.get(trackId) ?? [];
    list.push(clip);
    arriving.set(trackId, list);
  }
  const tracks = changes.tracks.map((header): Track => {
    const old = before.get(header.id);
    const oldClips = old?.clips ?? [];
    const leaving = named.size > 0 && oldClips.some((c) => named.has(c.id));
    const coming = arriving.get(header.id);
    if (old && !leaving && !coming && sameHeader(old, header)) return old;
    const clips = leaving ? oldClips.filter((c) => !named.has(c.id)) : [...oldClips];
    for (const clip of coming ?? []) clips.splice(lowerBound(clips, clip.startMs), 0, clip);
    return { ...header, clips } as Track;
  });
  return {
    ...base,
    revision: ack.revision,
    durationMs: ack.durationMs ?? durationOf(tracks),
    ...(ack.updatedAt !== null && { updatedAt: ack.updatedAt }),
    tracks,
    ...(changes.markers && { markers: changes.markers }),
  };
}

/**
 * Applies changes to tracks the caller owns (freshly read, changed in place), with `places`
 * indexing them and kept in step; returns the tracks of the next revision. The service's
 * store replays its stored answers with it, row after row, without copying a track each time.
 */
export function replayChanges(tracks: Track[], places: ClipPlaces, changes: TimelineChanges): Track[] {
  const byId = new Map(tracks.map((t) => [t.id, t]));
  const next = changes.tracks.map((header) => ({ ...header, clips: byId.get(header.id)?.clips ?? [] }) as Track);
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

function sameHeader(track: Omit<Track, 'clips'>, header: Omit<Track, 'clips'>): boolean {
  const keys = new Set([...Object.keys(track), ...Object.keys(header)]);
  keys.delete('clips');
  for (const key of keys)
    if ((track as Record<string, unknown>)[key] !== (header as Record<string, unknown>)[key]) return false;
  return true;
}

/**
 * The same tracks and clips (tracks and clips shared by both are compared by identity, so
 * comparing a 5,000-clip timeline with its copy after one edit costs one pass of pointers).
 */
export function sameTracks(a: Timeline, b: Timeline): boolean {
  if (a.tracks.length !== b.tracks.length) return false;
  if (a.markers !== b.markers && !sameValue(a.markers ?? [], b.markers ?? [])) return false;
  return a.tracks.every((track, i) => {
    const other = b.tracks[i]!;
    if (track === other) return true;
    if (!sameHeader(track, other) || track.clips.length !== other.clips.length) return false;
    return track.clips.every((clip, k) => clip === other.clips[k] || sameValue(clip, other.clips[k]));
  });
}

/** Deep equality of JSON values (key order aside). */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = Object.keys(x);
  if (keys.length !== Object.keys(y).length) return false;
  return keys.every((key) => Object.hasOwn(y, key) && sameValue(x[key], y[key]));
}
