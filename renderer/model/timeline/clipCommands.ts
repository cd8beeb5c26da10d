// What each user action means as editor commands, read from the timeline as it is shown:
// move, trim, split, delete, ripple delete, nudge, paste, add media. Commands are ordered
// so no clip overlaps another on the way (moving right, the rightmost goes first).
import { mediaLength } from '../../../shared/timeline/timelineRules.ts';
import type { Asset } from '../../../shared/api/createTypes.ts';
import type { EditorCommand } from '../../../shared/timeline/editorCommands.ts';
import { placeMedia } from '../../../shared/timeline/inverseCommands.ts';
import type { Clip, MediaClip, Timeline, Track, TrackKind } from '../../../shared/timeline/timelineTypes.ts';

export interface Located {
  readonly clip: Clip;
  readonly track: Track;
}

export function locate(timeline: Timeline, ids: Iterable<string>): Located[] {
  const wanted = new Set(ids);
  const found: Located[] = [];
  for (const track of timeline.tracks)
    for (const clip of track.clips) if (wanted.has(clip.id)) found.push({ clip, track });
  return found;
}

const speedOf = (clip: MediaClip) => clip.effects.find((e) => e.effectId === 'speed')?.params.rate ?? 1;

/** Moves the clips by deltaMs (clamped so none starts before 0), onto toTrackId when given. */
export function moveCommands(items: Located[], deltaMs: number, toTrackId: string | null): EditorCommand[] {
  const earliest = Math.min(...items.map((i) => i.clip.startMs));
  const delta = Math.max(deltaMs, -earliest);
  const ordered = [...items].sort((a, b) =>
    delta > 0 ? b.clip.startMs - a.clip.startMs : a.clip.startMs - b.clip.startMs,
  );
  return ordered
    .filter(({ track }) => delta !== 0 || (toTrackId !== null && toTrackId !== track.id))
    .map(({ clip, track }) => ({
      type: 'moveClip',
      clipId: clip.id,
      startMs: Math.round(clip.startMs + delta),
      ...(toTrackId !== null && toTrackId !== track.id ? { trackId: toTrackId } : {}),
    }));
}

/** Moves one edge of each clip by deltaMs, within its media and never past its other edge. */
export function trimCommands(
  items: Located[],
  edge: 'start' | 'end',
  deltaMs: number,
  durationOf: (assetId: number) => number | null,
): EditorCommand[] {
  const commands: EditorCommand[] = [];
  for (const { clip } of items) {
    if (clip.kind === 'caption') {
      if (edge === 'start') {
        const startMs = Math.max(0, Math.min(clip.endMs - 1, Math.round(clip.startMs + deltaMs)));
        if (startMs !== clip.startMs) commands.push({ type: 'updateCaption', clipId: clip.id, startMs });
      } else {
        const endMs = Math.max(clip.startMs + 1, Math.round(clip.endMs + deltaMs));
        if (endMs !== clip.endMs) commands.push({ type: 'updateCaption', clipId: clip.id, endMs });
      }
      continue;
    }
    const speed = speedOf(clip);
    if (edge === 'start') {
      // The left edge: the source starts later (or earlier) and the clip with it.
      const minDelta = Math.max(-clip.inMs / speed, -clip.startMs);
      const maxDelta = (clip.outMs - clip.inMs - 1) / speed;
      const delta = Math.max(minDelta, Math.min(maxDelta, deltaMs));
      const inMs = Math.round(clip.inMs + delta * speed);
      if (inMs !== clip.inMs)
        commands.push({
          type: 'trimClip',
          clipId: clip.id,
          inMs,
          startMs: Math.max(0, Math.round(clip.startMs + delta)),
        });
    } else {
      const limit = durationOf(clip.assetId);
      const outMs = Math.round(Math.max(clip.inMs + 1, Math.min(limit ?? Infinity, clip.outMs + deltaMs * speed)));
      if (outMs !== clip.outMs) commands.push({ type: 'trimClip', clipId: clip.id, outMs });
    }
  }
  return commands;
}

/** Trims the edge of each clip the playhead is inside to the playhead. */
export function trimToPlayhead(
  items: Located[],
  edge: 'start' | 'end',
  atMs: number,
  durationOf: (assetId: number) => number | null,
): EditorCommand[] {
  return items
    .filter(({ clip }) => atMs > clip.startMs && atMs < clip.endMs)
    .flatMap((item) =>
      trimCommands([item], edge, edge === 'start' ? atMs - item.clip.startMs : atMs - item.clip.endMs, durationOf),
    );
}

/** Splits every clip the playhead is inside; the right-hand parts get IDs of their own. */
export function splitCommands(items: Located[], atMs: number, newId: () => string): EditorCommand[] {
  return items
    .filter(({ clip }) => atMs > clip.startMs && atMs < clip.endMs)
    .map(({ clip }) => ({ type: 'splitClip', clipId: clip.id, atMs: Math.round(atMs), newClipId: newId() }));
}

/** Deletes the clips, leaving their gaps (a ripple delete closes them: syncRipple.ts). */
export function deleteCommands(items: Located[]): EditorCommand[] {
  return items.map(({ clip }) => ({ type: 'removeClip', clipId: clip.id }));
}

export interface CopiedClip {
  /** The project the clip was copied in: pasted elsewhere, its media must be attached there first. */
  readonly projectId: number | null;
  readonly trackId: string;
  readonly trackKind: TrackKind;
  readonly clip: Clip;
  /** The clip's media as the copying project knew it (for the other project's bin and monitor). */
  readonly asset: Asset | null;
  /** From the earliest copied clip's start. */
  readonly offsetMs: number;
}

export function copyClips(
  items: Located[],
  from: { projectId: number | null; assets: ReadonlyMap<number, Asset> },
): CopiedClip[] {
  const earliest = Math.min(...items.map((i) => i.clip.startMs));
  return items.map(({ clip, track }) => ({
    projectId: from.projectId,
    trackId: track.id,
    trackKind: track.kind,
    clip,
    asset: clip.kind === 'caption' ? null : (from.assets.get(clip.assetId) ?? null),
    offsetMs: clip.startMs - earliest,
  }));
}

/** A track as a paste sees it: where its clips lie, with what the paste has put there so far. */
interface Lane {
  readonly id: string;
  readonly kind: TrackKind;
  readonly locked: boolean;
  readonly spans: [number, number][];
}

const fits = (lane: Lane, kind: TrackKind, startMs: number, endMs: number) =>
  lane.kind === kind && !lane.locked && lane.spans.every(([s, e]) => e <= startMs || s >= endMs);

/**
 * The copied clips again at atMs, with new IDs. In the project they were copied in, each goes
 * back on its own track (where an overlap is refused, saying so). Anywhere else their tracks
 * do not exist: each goes on the first unlocked track of its kind with room for it (clips of
 * one source track stay together where they can), and on a new track added by the same edit
 * when none has room, so a paste never lands on a track it collides with.
 */
export function pasteCommands(
  timeline: Timeline,
  copied: readonly CopiedClip[],
  atMs: number,
  defaults: Readonly<Record<string, number>>,
  newId: () => string,
): EditorCommand[] {
  const lanes: Lane[] = timeline.tracks.map((t) => ({
    id: t.id,
    kind: t.kind,
    locked: t.locked,
    spans: t.clips.map((c): [number, number] => [c.startMs, c.endMs]),
  }));
  const placedFrom = new Map<string, string>();
  const commands: EditorCommand[] = [];
  for (const { trackId, trackKind, clip, offsetMs } of copied) {
    const startMs = Math.round(atMs + offsetMs);
    const endMs = startMs + (clip.endMs - clip.startMs);
    let lane = lanes.find((l) => l.id === trackId);
    if (!lane) {
      const earlier = lanes.find((l) => l.id === placedFrom.get(trackId));
      lane =
        (earlier && fits(earlier, trackKind, startMs, endMs) ? earlier : undefined) ??
        lanes.find((l) => fits(l, trackKind, startMs, endMs));
      if (!lane) {
        const lastOfKind = lanes.findLastIndex((l) => l.kind === trackKind);
        const index = lastOfKind >= 0 ? lastOfKind + 1 : lanes.length;
        lane = { id: newId(), kind: trackKind, locked: false, spans: [] };
        lanes.splice(index, 0, lane);
        commands.push({ type: 'addTrack', kind: trackKind, trackId: lane.id, index });
      }
      placedFrom.set(trackId, lane.id);
    }
    lane.spans.push([startMs, endMs]);
    const id = newId();
    if (clip.kind === 'caption')
      commands.push({
        type: 'addCaption',
        trackId: lane.id,
        clipId: id,
        startMs,
        endMs,
        text: clip.text,
        style: clip.style,
        font: clip.font,
      });
    else commands.push(...placeMedia(lane.id, clip, startMs, defaults, id));
  }
  return commands;
}

/** The first track that takes an asset of this kind. */
export function trackFor(timeline: Timeline, assetKind: string | undefined): Track | undefined {
  const kind: TrackKind = assetKind === 'audio' ? 'audio' : 'video';
  return timeline.tracks.find((t) => t.kind === kind && !t.locked);
}

/** Media added at startMs (the end of the track by default), whole. */
export function addMediaCommand(
  track: Track,
  asset: { id: number; kind?: string; durationMs?: number | null },
  startMs: number | null,
  newId: () => string,
  imageMs = 5000,
): EditorCommand {
  const at = startMs ?? track.clips.at(-1)?.endMs ?? 0;
  const outMs = asset.kind === 'image' ? imageMs : Math.max(1, asset.durationMs ?? imageMs);
  return {
    type: 'addClip',
    trackId: track.id,
    clipId: newId(),
    assetId: asset.id,
    startMs: Math.max(0, Math.round(at)),
    inMs: 0,
    outMs,
  };
}

/** How long a media clip would last with another source range (for drawing a trim under way). */
export function lengthWith(clip: MediaClip, inMs: number, outMs: number): number {
  return mediaLength({ ...clip, inMs, outMs });
}
