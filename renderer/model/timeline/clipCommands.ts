// What each user action means as editor commands, read from the timeline as it is shown:
// move, trim, split, delete, ripple delete, nudge, paste, add media. Commands are ordered
// so no clip overlaps another on the way (moving right, the rightmost goes first).
import { mediaLength } from '../../../shared/timeline/timelineRules.ts';
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

/** Deletes the clips; a ripple delete closes each gap, the latest clip of a track first. */
export function deleteCommands(items: Located[], ripple: boolean): EditorCommand[] {
  return [...items]
    .sort((a, b) => b.clip.startMs - a.clip.startMs)
    .map(({ clip }) =>
      ripple ? { type: 'removeClip', clipId: clip.id, ripple: true } : { type: 'removeClip', clipId: clip.id },
    );
}

export interface CopiedClip {
  readonly trackId: string;
  readonly trackKind: TrackKind;
  readonly clip: Clip;
  /** From the earliest copied clip's start. */
  readonly offsetMs: number;
}

export function copyClips(items: Located[]): CopiedClip[] {
  const earliest = Math.min(...items.map((i) => i.clip.startMs));
  return items.map(({ clip, track }) => ({
    trackId: track.id,
    trackKind: track.kind,
    clip,
    offsetMs: clip.startMs - earliest,
  }));
}

/** The copied clips again at atMs, on their own tracks (or the first track of their kind), with new IDs. */
export function pasteCommands(
  timeline: Timeline,
  copied: readonly CopiedClip[],
  atMs: number,
  defaults: Readonly<Record<string, number>>,
  newId: () => string,
): EditorCommand[] {
  return copied.flatMap(({ trackId, trackKind, clip, offsetMs }) => {
    const track = timeline.tracks.find((t) => t.id === trackId) ?? timeline.tracks.find((t) => t.kind === trackKind);
    if (!track) return [];
    const startMs = Math.round(atMs + offsetMs);
    const id = newId();
    if (clip.kind === 'caption')
      return [
        {
          type: 'addCaption',
          trackId: track.id,
          clipId: id,
          startMs,
          endMs: startMs + (clip.endMs - clip.startMs),
          text: clip.text,
          style: clip.style,
          font: clip.font,
        },
      ];
    return placeMedia(track.id, clip, startMs, defaults, id);
  });
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
