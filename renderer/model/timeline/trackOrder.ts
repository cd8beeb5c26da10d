// The order the track list shows, as editors list tracks (Premiere, Resolve, Final Cut):
// what draws on top is listed on top. Caption tracks first (they draw over every picture),
// then the video tracks with the last-drawn at the top, then the audio tracks in their order.
// This is a display order only: the timeline's own track list stays the drawing order
// (a later video track draws over an earlier one), as the service keeps it.
import type { Track } from '../../../shared/timeline/timelineTypes.ts';

/** The tracks as the timeline lists them, top to bottom. */
export function listedTracks(tracks: readonly Track[]): Track[] {
  const ofKind = (kind: Track['kind']) => tracks.filter((t) => t.kind === kind);
  return [...ofKind('caption').reverse(), ...ofKind('video').reverse(), ...ofKind('audio')];
}

/**
 * Where the track goes in the timeline's own list to move one place up (-1) or down (+1) in
 * the shown list: the place of the neighbour it swaps with. Null when it is already the
 * first or last of its kind (tracks of a kind are listed together, whatever their places).
 */
export function listedMoveTarget(tracks: readonly Track[], trackId: string, by: -1 | 1): number | null {
  const listed = listedTracks(tracks);
  const at = listed.findIndex((t) => t.id === trackId);
  const neighbour = at < 0 ? undefined : listed[at + by];
  if (!neighbour || neighbour.kind !== listed[at]!.kind) return null;
  return tracks.indexOf(neighbour);
}
