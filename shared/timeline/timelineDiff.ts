// What changed between two readings of a timeline: which clips were added, removed or
// changed, and which of their fields (start, trims, properties, effects, captions), and the
// same of tracks and markers. The
// conflict review shows it beside the user's own edit, so nothing changes unseen.
import type { EditorCommand } from './editorCommands.ts';
import { trackMix, type TrackMix } from './timelineRules.ts';
import { markersOf, type Clip, type Timeline, type Track } from './timelineTypes.ts';

export interface ClipChange {
  readonly clipId: string;
  readonly change: 'added' | 'removed' | 'changed';
  /** The clip as it is now (or was, when removed). */
  readonly clip: Clip;
  readonly trackName: string;
  /** Changed fields, e.g. "startMs", "outMs", "properties.volume", "effects", "keyframes.opacity", "track". */
  readonly fields: string[];
}

export interface TrackChange {
  readonly trackId: string;
  readonly change: 'added' | 'removed' | 'changed';
  readonly name: string;
  readonly fields: string[];
}

export interface MarkerChange {
  readonly markerId: string;
  readonly change: 'added' | 'removed' | 'changed';
  /** Its name now (or when removed, then). */
  readonly name: string;
  /** Changed fields: "atMs", "name", "color", "note". */
  readonly fields: string[];
}

export interface TimelineDiff {
  readonly clips: ClipChange[];
  readonly tracks: TrackChange[];
  readonly markers: MarkerChange[];
}

function diffMarkers(before: Timeline, after: Timeline): MarkerChange[] {
  const changes: MarkerChange[] = [];
  const was = new Map(markersOf(before).map((m) => [m.id, m]));
  const now = new Set<string>();
  for (const marker of markersOf(after)) {
    now.add(marker.id);
    const old = was.get(marker.id);
    if (!old) {
      changes.push({ markerId: marker.id, change: 'added', name: marker.name, fields: [] });
      continue;
    }
    const fields = (['atMs', 'name', 'color', 'note'] as const).filter((f) => old[f] !== marker[f]);
    if (fields.length > 0) changes.push({ markerId: marker.id, change: 'changed', name: marker.name, fields });
  }
  for (const [id, marker] of was)
    if (!now.has(id)) changes.push({ markerId: id, change: 'removed', name: marker.name, fields: [] });
  return changes;
}

const CLIP_FIELDS = [
  'startMs',
  'endMs',
  'inMs',
  'outMs',
  'text',
  'style',
  'font',
  'assetId',
  'freezeMs',
  'linkId',
] as const;
const TRACK_FIELDS = ['name', 'muted', 'locked'] as const;

function clipFields(before: Clip, after: Clip, movedTrack: boolean): string[] {
  const fields: string[] = [];
  if (movedTrack) fields.push('track');
  const a = before as Record<string, unknown>;
  const b = after as Record<string, unknown>;
  for (const field of CLIP_FIELDS) if (a[field] !== b[field]) fields.push(field);
  if (before.kind === 'media' && after.kind === 'media') {
    const names = new Set([...Object.keys(before.properties), ...Object.keys(after.properties)]);
    for (const name of names) if (before.properties[name] !== after.properties[name]) fields.push(`properties.${name}`);
    if (JSON.stringify(before.effects) !== JSON.stringify(after.effects)) fields.push('effects');
    if (JSON.stringify(before.transitionIn) !== JSON.stringify(after.transitionIn)) fields.push('transition');
    if (JSON.stringify(before.transitionOut ?? null) !== JSON.stringify(after.transitionOut ?? null))
      fields.push('transitionOut');
    const animated = new Set([...Object.keys(before.keyframes ?? {}), ...Object.keys(after.keyframes ?? {})]);
    for (const property of animated)
      if (JSON.stringify(before.keyframes?.[property]) !== JSON.stringify(after.keyframes?.[property]))
        fields.push(`keyframes.${property}`);
  }
  return fields;
}

function clipsById(timeline: Timeline): Map<string, { clip: Clip; track: Track }> {
  const map = new Map<string, { clip: Clip; track: Track }>();
  for (const track of timeline.tracks) for (const clip of track.clips) map.set(clip.id, { clip, track });
  return map;
}

export function diffTimelines(before: Timeline, after: Timeline): TimelineDiff {
  const clips: ClipChange[] = [];
  const tracks: TrackChange[] = [];
  const was = clipsById(before);
  const now = clipsById(after);
  for (const [id, entry] of now) {
    const old = was.get(id);
    if (!old) {
      clips.push({ clipId: id, change: 'added', clip: entry.clip, trackName: entry.track.name, fields: [] });
      continue;
    }
    // Unchanged clips are the same objects when both readings share them: skip quickly.
    if (old.clip === entry.clip && old.track.id === entry.track.id) continue;
    const fields = clipFields(old.clip, entry.clip, old.track.id !== entry.track.id);
    if (fields.length > 0)
      clips.push({ clipId: id, change: 'changed', clip: entry.clip, trackName: entry.track.name, fields });
  }
  for (const [id, entry] of was) {
    if (!now.has(id))
      clips.push({ clipId: id, change: 'removed', clip: entry.clip, trackName: entry.track.name, fields: [] });
  }
  const oldTracks = new Map(before.tracks.map((t) => [t.id, t]));
  const newTracks = new Map(after.tracks.map((t) => [t.id, t]));
  for (const track of after.tracks) {
    const old = oldTracks.get(track.id);
    if (!old) tracks.push({ trackId: track.id, change: 'added', name: track.name, fields: [] });
    else {
      // A service that does not say a track's mix means the defaults.
      const [was, now] = [trackMix(old), trackMix(track)];
      const fields: string[] = [
        ...TRACK_FIELDS.filter((f) => old[f] !== track[f]),
        ...(Object.keys(was) as (keyof TrackMix)[]).filter((f) => was[f] !== now[f]),
      ];
      if (fields.length > 0) tracks.push({ trackId: track.id, change: 'changed', name: track.name, fields });
    }
  }
  for (const track of before.tracks)
    if (!newTracks.has(track.id)) tracks.push({ trackId: track.id, change: 'removed', name: track.name, fields: [] });
  return { clips, tracks, markers: diffMarkers(before, after) };
}

/** The clips a command list touches (by ID), for "both changed this clip" in the review. */
export function clipsTouched(commands: readonly EditorCommand[]): Set<string> {
  const ids = new Set<string>();
  for (const command of commands) {
    if ('clipId' in command && command.clipId) ids.add(command.clipId);
    if (command.type === 'splitClip' && command.newClipId) ids.add(command.newClipId);
    if (command.type === 'restoreRanges') {
      for (const id of command.removeClipIds) ids.add(id);
      for (const { clip } of command.clips) ids.add(clip.id);
    }
    if (command.type === 'freezeFrame') {
      if (command.newClipId) ids.add(command.newClipId);
      if (command.freezeClipId) ids.add(command.freezeClipId);
    }
  }
  return ids;
}
