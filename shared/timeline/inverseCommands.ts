// Undo as new commands: for a command list and the timeline it applies to, the commands
// that put things back (the service's history is never rewritten; an undo is one more
// edit). Each command's inverse is read from the state just before it, and the inverses
// run in reverse order.
import { applyStep, withEdits, type ApplyContext } from './applyCommands.ts';
import { captionStyleUndo } from './captionStyle.ts';
import type { EditorCommand } from './editorCommands.ts';
import { defaultProperties, TRACK_DEFAULTS, trackMix, type TrackMix } from './timelineRules.ts';
import { mergeRanges, rangeTracks } from './rangeHandlers.ts';
import { keyframesOf, placeMedia, recreateClip } from './recreateClip.ts';
import { createTrackIndex, type TrackIndex } from './trackIndex.ts';
import {
  fitOf,
  markersOf,
  type Clip,
  type MarkerColor,
  type MediaClip,
  type Timeline,
  type Track,
} from './timelineTypes.ts';

export { placeMedia, recreateClip } from './recreateClip.ts';

/**
 * What a cut changes of the clip it leaves on the left, put back once it has its length
 * again: its fades out, its transition out and its keyframes (read now, before the cut).
 */
function restoreAfterCut(clip: MediaClip): EditorCommand[] {
  const commands: EditorCommand[] = [{ type: 'trimClip', clipId: clip.id, inMs: clip.inMs, outMs: clip.outMs }];
  const fades = Object.fromEntries(
    ['fadeOutMs', 'audioFadeOutMs'].flatMap((name) =>
      clip.properties[name] ? [[name, clip.properties[name]!] as const] : [],
    ),
  );
  if (Object.keys(fades).length > 0) commands.push({ type: 'setClipProperties', clipId: clip.id, properties: fades });
  if (clip.transitionOut)
    commands.push({
      type: 'setTransition',
      clipId: clip.id,
      edge: 'out',
      transitionId: clip.transitionOut.transitionId,
      durationMs: clip.transitionOut.durationMs,
    });
  return [...commands, ...keyframesOf(clip)];
}

function inverseOf(
  w: TrackIndex,
  command: EditorCommand,
  defaults: Readonly<Record<string, number>>,
): EditorCommand[] | ((after: TrackIndex) => EditorCommand[]) {
  switch (command.type) {
    case 'addTrack':
      return (after) => {
        const at = Math.min(command.index ?? after.tracks.length - 1, after.tracks.length - 1);
        return [{ type: 'removeTrack', trackId: command.trackId ?? after.tracks[at]!.id }];
      };
    case 'removeTrack': {
      const track = w.findTrack(command.trackId);
      if (!track) return [];
      return [
        { type: 'addTrack', kind: track.kind, trackId: track.id, name: track.name, index: w.tracks.indexOf(track) },
        ...track.clips.flatMap((clip) => recreateClip(track, clip, defaults)),
        ...switchesOf(track),
      ];
    }
    case 'moveTrack': {
      const track = w.findTrack(command.trackId);
      return track ? [{ type: 'moveTrack', trackId: track.id, index: w.tracks.indexOf(track) }] : [];
    }
    case 'updateTrack': {
      const track = w.findTrack(command.trackId);
      if (!track) return [];
      const mix = trackMix(track);
      return [
        {
          type: 'updateTrack',
          trackId: track.id,
          ...(command.name !== undefined && { name: track.name }),
          ...(command.muted !== undefined && { muted: track.muted }),
          ...(command.locked !== undefined && { locked: track.locked }),
          ...(command.gainDb !== undefined && { gainDb: mix.gainDb }),
          ...(command.pan !== undefined && { pan: mix.pan }),
          ...(command.solo !== undefined && { solo: mix.solo }),
          ...(command.hidden !== undefined && { hidden: mix.hidden }),
          ...(command.syncLocked !== undefined && { syncLocked: mix.syncLocked }),
          ...(command.captionStyle && { captionStyle: captionStyleUndo(track.captionStyle, command.captionStyle) }),
        },
      ];
    }
    case 'linkClips':
    case 'unlinkClips':
      return linksOf(w, command.clipIds);
    case 'addClip':
    case 'addCaption': {
      const known = idsOn(w, command.trackId, command.clipId);
      return (after) => {
        const id = command.clipId ?? newestClipOn(known, after, command.trackId);
        return id ? [{ type: 'removeClip', clipId: id }] : [];
      };
    }
    case 'moveClip': {
      const entry = w.findClip(command.clipId);
      if (!entry) return [];
      const back: EditorCommand = { type: 'moveClip', clipId: command.clipId, startMs: entry.clip.startMs };
      if (command.trackId !== undefined && command.trackId !== entry.track.id) back.trackId = entry.track.id;
      return [back];
    }
    case 'trimClip': {
      const entry = w.findClip(command.clipId);
      if (entry?.clip.kind !== 'media') return [];
      return [
        {
          type: 'trimClip',
          clipId: command.clipId,
          inMs: entry.clip.inMs,
          outMs: entry.clip.outMs,
          startMs: entry.clip.startMs,
        },
        ...keyframesOf(entry.clip),
      ];
    }
    case 'splitClip': {
      const entry = w.findClip(command.clipId);
      if (!entry) return [];
      const { clip, track } = entry;
      const known = idsOn(w, track.id, command.newClipId);
      // Read now: the split changes the clip (in place, once this list owns it).
      const restore: EditorCommand[] =
        clip.kind === 'media'
          ? restoreAfterCut(clip)
          : [{ type: 'updateCaption', clipId: clip.id, endMs: clip.endMs, ...wordsOf(clip) }];
      return (after) => {
        const rightId = command.newClipId ?? newestClipOn(known, after, track.id);
        return rightId ? [{ type: 'removeClip', clipId: rightId }, ...restore] : restore;
      };
    }
    case 'freezeFrame': {
      const entry = w.findClip(command.clipId);
      if (entry?.clip.kind !== 'media') return [];
      const { clip, track } = entry;
      const known = new Set(track.clips.map((c) => c.id));
      const restore = restoreAfterCut(clip);
      return (after) => {
        const made = after.findTrack(track.id)?.clips.filter((c) => !known.has(c.id)) ?? [];
        const held = made.find((c) => c.startMs === command.atMs);
        const right = made.find((c) => c !== held);
        // Taking the hold out with a ripple brings the rest of the track back; then the cut is undone.
        return [
          ...(held ? [{ type: 'removeClip', clipId: held.id, ripple: true } as const] : []),
          ...(right ? [{ type: 'removeClip', clipId: right.id } as const] : []),
          ...restore,
        ];
      };
    }
    case 'setKeyframes': {
      const entry = w.findClip(command.clipId);
      if (entry?.clip.kind !== 'media') return [];
      const old = entry.clip.keyframes?.[command.property] ?? [];
      return [
        {
          type: 'setKeyframes',
          clipId: command.clipId,
          property: command.property,
          keyframes: old.map((k) => ({ atMs: k.atMs, value: k.value, ...(k.easing && { easing: k.easing }) })),
        },
      ];
    }
    case 'removeClip': {
      const entry = w.findClip(command.clipId);
      if (!entry) return [];
      const { clip, track } = entry;
      const commands: EditorCommand[] = [];
      if (command.ripple) {
        // Later clips go back right, the last one first, so none overlaps on the way.
        const later = track.clips.filter((c) => c.startMs >= clip.endMs).reverse();
        for (const c of later) commands.push({ type: 'moveClip', clipId: c.id, startMs: c.startMs });
      }
      return [...commands, ...recreateClip(track, clip, defaults)];
    }
    case 'setClipProperties': {
      const entry = w.findClip(command.clipId);
      if (entry?.clip.kind !== 'media') return [];
      const old: Record<string, number> = {};
      for (const name of Object.keys(command.properties)) {
        const value = entry.clip.properties[name];
        if (value !== undefined) old[name] = value;
      }
      return Object.keys(old).length > 0
        ? [{ type: 'setClipProperties', clipId: command.clipId, properties: old }]
        : [];
    }
    case 'applyEffect': {
      const entry = w.findClip(command.clipId);
      if (entry?.clip.kind !== 'media') return [];
      const existing = entry.clip.effects.find((e) => e.effectId === command.effectId);
      // A change of speed changes the clip's length, and its keyframes with it: they come back as they were.
      return [
        existing
          ? { type: 'applyEffect', clipId: command.clipId, effectId: command.effectId, params: { ...existing.params } }
          : { type: 'removeEffect', clipId: command.clipId, effectId: command.effectId },
        ...keyframesOf(entry.clip),
      ];
    }
    case 'removeEffect': {
      const entry = w.findClip(command.clipId);
      if (entry?.clip.kind !== 'media') return [];
      const { clip, track } = entry;
      const at = clip.effects.findIndex((e) => e.effectId === command.effectId);
      if (at < 0) return [];
      // An effect added again goes last: one that was not last comes back in its place only with the clip made anew.
      if (at < clip.effects.length - 1)
        return [{ type: 'removeClip', clipId: clip.id }, ...placeMedia(track.id, clip, clip.startMs, defaults)];
      const params = { ...clip.effects[at]!.params };
      return [
        { type: 'applyEffect', clipId: command.clipId, effectId: command.effectId, params },
        ...keyframesOf(clip),
      ];
    }
    case 'setClipFit': {
      const entry = w.findClip(command.clipId);
      if (entry?.clip.kind !== 'media') return [];
      return [{ type: 'setClipFit', clipId: command.clipId, fit: fitOf(entry.clip) }];
    }
    case 'setTransition': {
      const entry = w.findClip(command.clipId);
      if (entry?.clip.kind !== 'media') return [];
      const out = command.edge === 'out';
      const old = out ? entry.clip.transitionOut : entry.clip.transitionIn;
      const edge = out ? ({ edge: 'out' } as const) : {};
      return [
        old
          ? {
              type: 'setTransition',
              clipId: command.clipId,
              ...edge,
              transitionId: old.transitionId,
              durationMs: old.durationMs,
            }
          : { type: 'setTransition', clipId: command.clipId, ...edge, transitionId: null },
      ];
    }
    case 'addMarker': {
      const known = new Set(w.markers().map((m) => m.id));
      return (after) => {
        const id = command.markerId ?? after.markers().find((m) => !known.has(m.id))?.id;
        return id ? [{ type: 'removeMarker', markerId: id }] : [];
      };
    }
    case 'removeMarker': {
      const marker = w.markers().find((m) => m.id === command.markerId);
      if (!marker) return [];
      return [
        {
          type: 'addMarker',
          markerId: marker.id,
          atMs: marker.atMs,
          name: marker.name,
          color: marker.color as MarkerColor,
          ...(marker.note && { note: marker.note }),
        },
      ];
    }
    case 'updateMarker': {
      const marker = w.markers().find((m) => m.id === command.markerId);
      if (!marker) return [];
      return [
        {
          type: 'updateMarker',
          markerId: marker.id,
          ...(command.atMs !== undefined && { atMs: marker.atMs }),
          ...(command.name !== undefined && { name: marker.name }),
          ...(command.color !== undefined && { color: marker.color as MarkerColor }),
          // An empty note takes away the one the update gave.
          ...(command.note !== undefined && { note: marker.note ?? '' }),
        },
      ];
    }
    case 'removeRanges':
      return inverseOfCut(w, command);
    case 'restoreRanges':
      // Used as the undo of a cut, it is undone by the same cut (its pieces get the same IDs).
      return [{ type: 'removeRanges', ranges: command.ranges, trackIds: command.trackIds }];
    case 'updateCaption': {
      const entry = w.findClip(command.clipId);
      if (entry?.clip.kind !== 'caption') return [];
      const { clip } = entry;
      return [
        {
          type: 'updateCaption',
          clipId: clip.id,
          ...(command.text !== undefined && { text: clip.text }),
          ...(command.startMs !== undefined && { startMs: clip.startMs }),
          ...(command.endMs !== undefined && { endMs: clip.endMs }),
          ...(command.style !== undefined && { style: clip.style }),
          ...(command.font !== undefined && { font: clip.font }),
          ...(command.captionStyle && { captionStyle: captionStyleUndo(clip.captionStyle, command.captionStyle) }),
          // Retiming or new text changes the words too: they come back as they were.
          ...((clip.words || command.words) && wordsOf(clip)),
        },
      ];
    }
  }
}

/** A removed track's mute, mix and switches as they were (a new track has the defaults). */
function switchesOf(track: Track): EditorCommand[] {
  const mix = trackMix(track);
  const changed = Object.fromEntries(
    (Object.keys(TRACK_DEFAULTS) as (keyof TrackMix)[]).flatMap((k) =>
      mix[k] !== TRACK_DEFAULTS[k] ? [[k, mix[k]]] : [],
    ),
  );
  if (track.muted) changed.muted = true;
  const style = track.captionStyle && { captionStyle: { ...track.captionStyle } };
  return Object.keys(changed).length > 0 || style
    ? [{ type: 'updateTrack', trackId: track.id, ...changed, ...style }]
    : [];
}

/** The commands that put the named clips' links back as they are now: each old link rejoined, the unlinked unlinked. */
function linksOf(w: TrackIndex, clipIds: readonly string[]): EditorCommand[] {
  const byLink = new Map<string, string[]>();
  const unlinked: string[] = [];
  for (const id of clipIds) {
    const clip = w.findClip(id)?.clip;
    if (!clip) continue;
    if (clip.linkId === undefined) unlinked.push(id);
    else byLink.set(clip.linkId, [...(byLink.get(clip.linkId) ?? []), id]);
  }
  return [
    ...(unlinked.length > 0 ? [{ type: 'unlinkClips', clipIds: unlinked } as const] : []),
    ...[...byLink].map(([linkId, ids]): EditorCommand => ({ type: 'linkClips', clipIds: ids, linkId })),
  ];
}

/**
 * The undo of a cut, as one command: the ranges opened again on the tracks it cut, the
 * pieces it left taken off, and every clip it cut or took off put back as it was (read now).
 */
function inverseOfCut(
  w: TrackIndex,
  command: Extract<EditorCommand, { type: 'removeRanges' }>,
): (after: TrackIndex) => EditorCommand[] {
  const ranges = mergeRanges(command.ranges);
  const tracks = rangeTracks(w, command.trackIds);
  const clips: { trackId: string; clip: Clip }[] = [];
  const untouched = new Map<string, Set<string>>();
  for (const track of tracks) {
    const kept = new Set<string>();
    let j = 0;
    for (const clip of track.clips) {
      while (j < ranges.length && ranges[j]!.endMs <= clip.startMs) j++;
      if (j < ranges.length && ranges[j]!.startMs < clip.endMs)
        clips.push({ trackId: track.id, clip: structuredClone(clip) });
      else kept.add(clip.id);
    }
    untouched.set(track.id, kept);
  }
  return (after) => {
    if (tracks.length === 0) return [];
    const removeClipIds: string[] = [];
    for (const track of tracks) {
      const kept = untouched.get(track.id)!;
      for (const clip of after.findTrack(track.id)?.clips ?? []) if (!kept.has(clip.id)) removeClipIds.push(clip.id);
    }
    return [
      {
        type: 'restoreRanges',
        ranges: ranges.map((r) => ({ startMs: r.startMs, endMs: r.endMs })),
        trackIds: tracks.map((t) => t.id),
        removeClipIds,
        clips,
      },
    ];
  };
}

/** A caption's words as a command field: an empty list when it has none (which removes any). */
function wordsOf(clip: Clip): { words: { text: string; startMs: number; endMs: number }[] } | object {
  if (clip.kind !== 'caption') return {};
  return { words: (clip.words ?? []).map((w) => ({ text: w.text, startMs: w.startMs, endMs: w.endMs })) };
}

/** The clip IDs on a track before a command that may make one without naming it (none needed when it is named). */
function idsOn(w: TrackIndex, trackId: string, named: string | undefined): ReadonlySet<string> {
  return named !== undefined ? new Set() : new Set(w.findTrack(trackId)?.clips.map((c) => c.id));
}

/** A clip the command made without naming it: the one on the track now that was not there before. */
function newestClipOn(known: ReadonlySet<string>, after: TrackIndex, trackId: string): string | undefined {
  return after.findTrack(trackId)?.clips.find((c) => !known.has(c.id))?.id;
}

/**
 * The commands that undo `commands` applied to `timeline`, and the timeline they make.
 * Throws EditRejected (from applying) when the commands do not apply.
 */
export function applyWithInverse(
  timeline: Timeline,
  commands: readonly EditorCommand[],
  ctx: ApplyContext,
): { timeline: Timeline; inverse: EditorCommand[] } {
  const w = createTrackIndex(timeline.tracks, undefined, markersOf(timeline));
  const inverses: EditorCommand[][] = [];
  const defaults = defaultProperties(ctx.catalog);
  commands.forEach((command, i) => {
    const inverse = inverseOf(w, command, defaults);
    applyStep(w, command, i, ctx);
    inverses.push(typeof inverse === 'function' ? inverse(w) : inverse);
  });
  return { timeline: withEdits(timeline, w), inverse: inverses.reverse().flat() };
}
