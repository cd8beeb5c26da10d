// What a command list does to a timeline: the one applier, used by the service (the local
// sandbox's editor routes, which add their wire schemas, storage and error envelope) and by
// the app (its optimistic copy, so an edit shows at once and one the service would refuse
// is refused before it is sent). All or nothing: the first command that cannot apply throws
// EditRejected naming it, and the caller keeps the timeline it had (the working copy,
// trackIndex.ts, never changes the timeline given). One handler per command kind.
import { addCaption, updateCaption } from './captionHandlers.ts';
import { addClip, moveClip, removeClip, splitClip, trimClip } from './clipHandlers.ts';
import { CommandStep, type ApplyContext } from './commandStep.ts';
import type { CommandOf, EditorCommand } from './editorCommands.ts';
import { freezeFrame, setKeyframes } from './keyframeHandlers.ts';
import { linkClips, unlinkClips } from './linkHandlers.ts';
import { addMarker, removeMarker, updateMarker } from './markerHandlers.ts';
import { removeRanges, restoreRanges } from './rangeHandlers.ts';
import { applyEffect, removeEffect, setClipFit, setClipProperties, setTransition } from './lookHandlers.ts';
import { addTrack, moveTrack, removeTrack, updateTrack } from './trackHandlers.ts';
import { createTrackIndex, durationOf, type ClipPlaces, type TrackIndex } from './trackIndex.ts';
import { markersOf, type Marker, type Timeline, type Track } from './timelineTypes.ts';

export { EditRejected, type ApplyContext, type AssetFacts } from './commandStep.ts';

const HANDLERS: { [T in EditorCommand['type']]: (step: CommandStep<CommandOf<T>>) => void } = {
  addTrack,
  removeTrack,
  updateTrack,
  moveTrack,
  addClip,
  moveClip,
  trimClip,
  splitClip,
  removeClip,
  linkClips,
  unlinkClips,
  setClipProperties,
  applyEffect,
  removeEffect,
  setClipFit,
  setTransition,
  addCaption,
  updateCaption,
  setKeyframes,
  freezeFrame,
  addMarker,
  updateMarker,
  removeMarker,
  removeRanges,
  restoreRanges,
};

/** Applies one command (the `at`-th of its list) to the working copy; throws EditRejected when it cannot apply. */
export function applyStep(index: TrackIndex, command: EditorCommand, at: number, ctx: ApplyContext): void {
  const handler = HANDLERS[command.type] as (step: CommandStep) => void;
  handler(new CommandStep(index, command, at, ctx));
}

/** The working copy with the list applied (its tracks and markers, and what it changed); `places` indexes `tracks`. */
export function applyToTracks(
  tracks: readonly Track[],
  commands: readonly EditorCommand[],
  ctx: ApplyContext,
  places?: ClipPlaces,
  markers?: readonly Marker[],
): TrackIndex {
  const index = createTrackIndex(tracks, places, markers);
  commands.forEach((command, at) => applyStep(index, command, at, ctx));
  return index;
}

/** The timeline with the list applied (tracks and clips it did not touch are the same objects). */
export function applyCommands(timeline: Timeline, commands: readonly EditorCommand[], ctx: ApplyContext): Timeline {
  return withEdits(timeline, applyToTracks(timeline.tracks, commands, ctx, undefined, markersOf(timeline)));
}

/** The timeline with these tracks, and the duration they make. */
export function withTracks(timeline: Timeline, tracks: Track[]): Timeline {
  return { ...timeline, durationMs: durationOf(tracks), tracks };
}

/** The timeline with the working copy's tracks, and its markers when the list changed them. */
export function withEdits(timeline: Timeline, index: TrackIndex): Timeline {
  const edited = withTracks(timeline, index.tracks);
  return index.markersChanged() ? { ...edited, markers: [...index.markers()] } : edited;
}
