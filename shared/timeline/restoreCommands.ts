// Going back to an earlier timeline as one ordinary edit: the commands that turn the timeline
// as it is into the one it was (a revision read from the service). History is never
// rewritten: the service applies them as a new revision, and the undo of the restore is an
// ordinary undo. Clips that differ in any way are taken off and made again as they were
// (inverseCommands.ts, recreateClip); tracks get their names, switches, mix and order back.
import type { CaptionStyleInput } from './captionStyle.ts';
import type { EditorCommand } from './editorCommands.ts';
import { recreateClip } from './inverseCommands.ts';
import { TRACK_DEFAULTS, trackMix, type TrackMix } from './timelineRules.ts';
import type { Clip, Timeline, Track } from './timelineTypes.ts';

type Placed = { clip: Clip; trackId: string };

function placed(tracks: readonly Track[]): Map<string, Placed> {
  const map = new Map<string, Placed>();
  for (const track of tracks) for (const clip of track.clips) map.set(clip.id, { clip, trackId: track.id });
  return map;
}

/** Same clip, same place: compared as the JSON the service keeps (key order aside). */
function sameClip(a: Placed, b: Placed): boolean {
  return a.clip === b.clip || (a.trackId === b.trackId && canonical(a.clip) === canonical(b.clip));
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([x], [y]) => x.localeCompare(y)))
      : v,
  );
}

/** The name, mute and mix fields of `to` that differ from `from` (a new track starts with the defaults). */
type TrackFields = Partial<TrackMix & { name: string; muted: boolean; captionStyle: CaptionStyleInput }>;

/** The name, mute, mix and caption style fields of `to` that differ from `from` (a new track starts with the defaults). */
function trackFields(from: Track | undefined, to: Track): TrackFields {
  const was = from ? trackMix(from) : { ...TRACK_DEFAULTS };
  const now = trackMix(to);
  const fields: TrackFields = {};
  if (canonical(from?.captionStyle ?? {}) !== canonical(to.captionStyle ?? {})) {
    const cleared = Object.fromEntries(Object.keys(from?.captionStyle ?? {}).map((k) => [k, null]));
    fields.captionStyle = { ...cleared, ...to.captionStyle } as CaptionStyleInput;
  }
  if (from && from.name !== to.name) fields.name = to.name;
  if ((from?.muted ?? false) !== to.muted) fields.muted = to.muted;
  for (const key of Object.keys(TRACK_DEFAULTS) as (keyof TrackMix)[])
    if (was[key] !== now[key]) (fields as Record<string, unknown>)[key] = now[key];
  return fields;
}

/**
 * The commands that make `current` into `target`: [] when they are the same. `defaults` are
 * the catalog's clip property defaults (timelineRules.ts defaultProperties).
 */
export function restoreCommands(
  current: Pick<Timeline, 'tracks'>,
  target: Pick<Timeline, 'tracks'>,
  defaults: Readonly<Record<string, number>>,
): EditorCommand[] {
  const commands: EditorCommand[] = [];
  const wanted = new Map(target.tracks.map((t) => [t.id, t]));
  const had = new Map(current.tracks.map((t) => [t.id, t]));
  const was = placed(current.tracks);
  const now = placed(target.tracks);

  // Clips that differ go first, every one, so that none is in the way of a clip made again.
  const touched = new Set<string>();
  const removals: EditorCommand[] = [];
  for (const [id, entry] of was)
    if (wanted.has(entry.trackId) && !(now.has(id) && sameClip(entry, now.get(id)!))) {
      removals.push({ type: 'removeClip', clipId: id });
      touched.add(entry.trackId);
    }
  const remakes: EditorCommand[] = [];
  for (const track of target.tracks)
    for (const clip of track.clips) {
      const old = was.get(clip.id);
      if (old && sameClip(old, { clip, trackId: track.id })) continue;
      remakes.push(...recreateClip(track, clip, defaults));
      touched.add(track.id);
    }

  // A locked track refuses removal and changes to its clips: unlocked first (and for good when
  // it was unlocked then), locked again last.
  const unlocked = current.tracks.filter((t) => t.locked && (touched.has(t.id) || !wanted.get(t.id)?.locked));
  for (const track of unlocked) commands.push({ type: 'updateTrack', trackId: track.id, locked: false });
  for (const track of current.tracks)
    if (!wanted.has(track.id)) commands.push({ type: 'removeTrack', trackId: track.id });
  const order = current.tracks.filter((t) => wanted.has(t.id)).map((t) => t.id);
  for (const track of target.tracks)
    if (!had.has(track.id)) {
      commands.push({ type: 'addTrack', kind: track.kind, trackId: track.id, name: track.name });
      order.push(track.id);
    }
  commands.push(...removals, ...remakes);

  for (const track of target.tracks) {
    const fields = trackFields(had.get(track.id), track);
    if (Object.keys(fields).length > 0) commands.push({ type: 'updateTrack', trackId: track.id, ...fields });
  }
  target.tracks.forEach((track, index) => {
    if (order[index] === track.id) return;
    order.splice(order.indexOf(track.id), 1);
    order.splice(index, 0, track.id);
    commands.push({ type: 'moveTrack', trackId: track.id, index });
  });
  const relock = new Set(unlocked.map((t) => t.id));
  for (const track of target.tracks)
    if (track.locked && (relock.has(track.id) || !had.get(track.id)?.locked))
      commands.push({ type: 'updateTrack', trackId: track.id, locked: true });
  return commands;
}
