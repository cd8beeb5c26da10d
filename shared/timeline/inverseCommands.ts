// Undo as new commands: for a command list and the timeline it applies to, the commands
// that put things back (the service's history is never rewritten; an undo is one more
// edit). Each command's inverse is read from the state just before it, and the inverses
// run in reverse order.
import { applyStep, withTracks, type ApplyContext } from './applyCommands.ts';
import type { EditorCommand } from './editorCommands.ts';
import { defaultProperties } from './timelineRules.ts';
import { createTrackIndex, type TrackIndex } from './trackIndex.ts';
import { fitOf, type Clip, type MediaClip, type Timeline, type Track } from './timelineTypes.ts';

/** The commands that make `clip` again on `track`, as it is (properties, effects, transition). */
export function recreateClip(track: Track, clip: Clip, defaults: Readonly<Record<string, number>>): EditorCommand[] {
  if (clip.kind === 'caption') {
    return [
      {
        type: 'addCaption',
        trackId: track.id,
        clipId: clip.id,
        startMs: clip.startMs,
        endMs: clip.endMs,
        text: clip.text,
        style: clip.style,
        font: clip.font,
        ...(clip.words && { words: clip.words.map((w) => ({ text: w.text, startMs: w.startMs, endMs: w.endMs })) }),
      },
    ];
  }
  return placeMedia(track.id, clip, clip.startMs, defaults);
}

/**
 * A media clip placed anew at `startMs` with the same source range, properties and effects.
 * It is added no longer than it will be (a speed-up would otherwise overlap its neighbour
 * before the speed applies), then trimmed back to its full source range. Only properties
 * that differ from their defaults are set (one that does not apply to the track, such as
 * opacity on audio, never differs).
 */
export function placeMedia(
  trackId: string,
  clip: MediaClip,
  startMs: number,
  defaults: Readonly<Record<string, number>>,
  clipId = clip.id,
): EditorCommand[] {
  const length = clip.endMs - clip.startMs;
  const interimOut = clip.inMs + Math.max(1, Math.min(clip.outMs - clip.inMs, length));
  const commands: EditorCommand[] = [
    { type: 'addClip', trackId, clipId, assetId: clip.assetId, startMs, inMs: clip.inMs, outMs: interimOut },
  ];
  const changed = Object.fromEntries(
    Object.entries(clip.properties).filter(([name, value]) => defaults[name] !== value),
  );
  if (Object.keys(changed).length > 0) commands.push({ type: 'setClipProperties', clipId, properties: changed });
  for (const effect of clip.effects)
    commands.push({ type: 'applyEffect', clipId, effectId: effect.effectId, params: { ...effect.params } });
  if (fitOf(clip) !== 'contain') commands.push({ type: 'setClipFit', clipId, fit: fitOf(clip) });
  if (interimOut !== clip.outMs) commands.push({ type: 'trimClip', clipId, outMs: clip.outMs });
  if (clip.transitionIn)
    commands.push({
      type: 'setTransition',
      clipId,
      transitionId: clip.transitionIn.transitionId,
      durationMs: clip.transitionIn.durationMs,
    });
  return commands;
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
        ...(track.muted ? [{ type: 'updateTrack', trackId: track.id, muted: true } as const] : []),
      ];
    }
    case 'moveTrack': {
      const track = w.findTrack(command.trackId);
      return track ? [{ type: 'moveTrack', trackId: track.id, index: w.tracks.indexOf(track) }] : [];
    }
    case 'updateTrack': {
      const track = w.findTrack(command.trackId);
      if (!track) return [];
      return [
        {
          type: 'updateTrack',
          trackId: track.id,
          ...(command.name !== undefined && { name: track.name }),
          ...(command.muted !== undefined && { muted: track.muted }),
          ...(command.locked !== undefined && { locked: track.locked }),
        },
      ];
    }
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
      ];
    }
    case 'splitClip': {
      const entry = w.findClip(command.clipId);
      if (!entry) return [];
      const { clip, track } = entry;
      const known = idsOn(w, track.id, command.newClipId);
      // Read now: the split changes the clip (in place, once this list owns it).
      const restore: EditorCommand =
        clip.kind === 'media'
          ? { type: 'trimClip', clipId: clip.id, outMs: clip.outMs }
          : { type: 'updateCaption', clipId: clip.id, endMs: clip.endMs, ...wordsOf(clip) };
      return (after) => {
        const rightId = command.newClipId ?? newestClipOn(known, after, track.id);
        return rightId ? [{ type: 'removeClip', clipId: rightId }, restore] : [restore];
      };
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
      return existing
        ? [{ type: 'applyEffect', clipId: command.clipId, effectId: command.effectId, params: { ...existing.params } }]
        : [{ type: 'removeEffect', clipId: command.clipId, effectId: command.effectId }];
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
      return [{ type: 'applyEffect', clipId: command.clipId, effectId: command.effectId, params }];
    }
    case 'setClipFit': {
      const entry = w.findClip(command.clipId);
      if (entry?.clip.kind !== 'media') return [];
      return [{ type: 'setClipFit', clipId: command.clipId, fit: fitOf(entry.clip) }];
    }
    case 'setTransition': {
      const entry = w.findClip(command.clipId);
      if (entry?.clip.kind !== 'media') return [];
      const old = entry.clip.transitionIn;
      return [
        old
          ? {
              type: 'setTransition',
              clipId: command.clipId,
              transitionId: old.transitionId,
              durationMs: old.durationMs,
            }
          : { type: 'setTransition', clipId: command.clipId, transitionId: null },
      ];
    }
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
          // Retiming or new text changes the words too: they come back as they were.
          ...((clip.words || command.words) && wordsOf(clip)),
        },
      ];
    }
  }
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
  const w = createTrackIndex(timeline.tracks);
  const inverses: EditorCommand[][] = [];
  const defaults = defaultProperties(ctx.catalog);
  commands.forEach((command, i) => {
    const inverse = inverseOf(w, command, defaults);
    applyStep(w, command, i, ctx);
    inverses.push(typeof inverse === 'function' ? inverse(w) : inverse);
  });
  return { timeline: withTracks(timeline, w.tracks), inverse: inverses.reverse().flat() };
}
