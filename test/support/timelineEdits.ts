// Random edits a person could make to a timeline, for property tests of the timeline model
// (shared/timeline): a starting timeline of four tracks, assets of each kind, and commands
// made from the timeline as it is, most of which apply and some of which are refused.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { catalog as serviceCatalog } from '../../sandbox/editor/editorCatalog.ts';
import { applyOnService as serviceApply } from '../../sandbox/editor/serviceEdits.ts';
import type { Command } from '../../sandbox/editor/timelineSchemas.ts';
import type { ApplyContext } from '../../shared/timeline/applyCommands.ts';
import type { EditorCommand } from '../../shared/timeline/editorCommands.ts';
import { TRACK_DEFAULTS } from '../../shared/timeline/timelineRules.ts';
import { CatalogSchema, type Timeline } from '../../shared/timeline/timelineTypes.ts';

export const ASSETS = new Map([
  [1, { kind: 'video' as const, durationMs: 10_000 }],
  [2, { kind: 'audio' as const, durationMs: 8_000 }],
  [3, { kind: 'image' as const, durationMs: null }],
]);
export const catalog = CatalogSchema.parse(serviceCatalog());
/** The app's context when it knows all the service knows. */
export const ctx: ApplyContext = { catalog, asset: (id) => ASSETS.get(id), newId: randomUUID };

export function emptyTimeline(): Timeline {
  const track = (kind: 'video' | 'audio' | 'caption', name: string) => ({
    id: randomUUID(),
    kind,
    name,
    muted: false,
    locked: false,
    ...TRACK_DEFAULTS,
    clips: [],
  });
  return {
    projectId: 1,
    revision: 'r0',
    durationMs: 0,
    tracks: [
      track('video', 'Video 1'),
      track('video', 'Video 2'),
      track('audio', 'Audio 1'),
      track('caption', 'Captions 1'),
    ],
  };
}

export const serviceDeps = {
  asset: (id: number) => {
    const a = ASSETS.get(id);
    return a && { ...a, usable: true };
  },
  newId: randomUUID,
};

/** What the service makes of the same list, or null when it refuses it. */
export function onService(timeline: Timeline, commands: EditorCommand[]): Timeline['tracks'] | null {
  return onServiceWithMarkers(timeline, commands)?.tracks ?? null;
}

/** The tracks and markers the service makes of the same list, or null when it refuses it. */
export function onServiceWithMarkers(
  timeline: Timeline,
  commands: EditorCommand[],
): Pick<Timeline, 'tracks' | 'markers'> | null {
  try {
    const index = serviceApply(
      timeline.tracks as never,
      commands as Command[],
      serviceDeps,
      undefined,
      (timeline.markers ?? []) as never,
    );
    return { tracks: index.tracks, markers: [...index.markers()] };
  } catch {
    return null;
  }
}

/** `n` word timings spread over [startMs, endMs), one running past the end when `n` is 3 (refused). */
function wordsAcross(startMs: number, endMs: number, n: number) {
  const step = Math.floor((endMs - startMs) / 3);
  return ['Hello', 'there', 'world'].slice(0, n).map((text, k) => ({
    text,
    startMs: startMs + k * step,
    endMs: k === 2 && n === 3 ? endMs + 10 : startMs + (k + 1) * step,
  }));
}

/** A caption edit: retimed at either end, new text, or new words. */
function captionChange(c: Timeline['tracks'][number]['clips'][number], pick: number[]): EditorCommand {
  const p = (i: number, n: number) => pick[i]! % n;
  const length = c.endMs - c.startMs;
  switch (p(2, 4)) {
    case 0:
      return { type: 'updateCaption', clipId: c.id, endMs: c.startMs + 50 + p(3, 30) * 100 };
    case 1:
      return { type: 'updateCaption', clipId: c.id, startMs: c.startMs + Math.floor((length * p(3, 4)) / 4) };
    case 2:
      return { type: 'updateCaption', clipId: c.id, text: p(3, 2) ? 'Changed' : 'Hello there world' };
    default:
      return { type: 'updateCaption', clipId: c.id, words: wordsAcross(c.startMs, c.endMs, p(3, 4)) };
  }
}

/** A change to the tracks themselves: moved (sometimes past the end), added, renamed, locked, removed. */
function trackCommand(timeline: Timeline, pick: number[]): EditorCommand {
  const p = (i: number, n: number) => (n <= 0 ? 0 : pick[i]! % n);
  const count = timeline.tracks.length;
  const track = timeline.tracks[p(1, count)];
  const choice = track ? p(2, 7) : 1;
  switch (choice) {
    case 0:
      return { type: 'moveTrack', trackId: track!.id, index: p(3, count + 1) };
    case 1:
      return {
        type: 'addTrack',
        kind: (['video', 'audio', 'caption'] as const)[p(3, 3)]!,
        trackId: randomUUID(),
        ...(p(4, 2) === 1 && { index: p(5, count + 2) }),
      };
    case 2:
      return { type: 'updateTrack', trackId: track!.id, name: `Track ${p(3, 9)}` };
    case 3:
      return p(3, 4) === 0
        ? { type: 'updateTrack', trackId: track!.id }
        : { type: 'updateTrack', trackId: track!.id, locked: p(4, 3) === 0 };
    case 4:
      return { type: 'updateTrack', trackId: track!.id, muted: p(4, 2) === 0 };
    case 5:
      // The mix and switches, now and then out of range (refused) or hiding an audio track (refused).
      return {
        type: 'updateTrack',
        trackId: track!.id,
        ...(p(3, 2) === 0 && { gainDb: [-12, 6, -60, 12, -61][p(4, 5)]! }),
        ...(p(5, 2) === 0 && { pan: [-1, 0.5, 1, 1.5][p(6, 4)]! }),
        ...(p(7, 3) === 0
          ? { solo: p(4, 2) === 0 }
          : p(7, 3) === 1
            ? { hidden: p(6, 2) === 0 }
            : { syncLocked: false }),
      };
    default:
      return { type: 'removeTrack', trackId: track!.id };
  }
}

/** A change to the markers: added (with or without an ID), moved, renamed, recoloured, annotated, removed. */
function markerCommand(timeline: Timeline, pick: number[]): EditorCommand {
  const p = (i: number, n: number) => (n <= 0 ? 0 : pick[i]! % n);
  const markers = timeline.markers ?? [];
  const marker = markers[p(1, markers.length)];
  if (!marker || p(0, 4) === 0)
    return {
      type: 'addMarker',
      ...(p(2, 3) > 0 && { markerId: randomUUID() }),
      atMs: p(3, 40) * 250,
      name: ['Intro', 'Verse', 'Outro'][p(4, 3)]!,
      ...(p(5, 2) === 1 && { color: (['red', 'green', 'purple'] as const)[p(6, 3)]! }),
      ...(p(6, 3) === 0 && { note: 'Check the sound here' }),
    };
  switch (p(0, 4)) {
    case 1:
      return { type: 'updateMarker', markerId: marker.id, atMs: p(3, 40) * 250 };
    case 2:
      return {
        type: 'updateMarker',
        markerId: marker.id,
        ...(p(4, 2) === 0 && { name: 'Renamed' }),
        ...(p(5, 2) === 0 && { color: 'yellow' as const }),
        ...(p(6, 3) > 0 && { note: p(6, 3) === 1 ? '' : 'A note' }),
      };
    default:
      // Now and then one that no longer exists: refused.
      return { type: 'removeMarker', markerId: p(5, 8) === 0 ? randomUUID() : marker.id };
  }
}

const EFFECT_IDS = ['speed', 'blur', 'contrast'];
const EFFECT_PARAMS: Record<string, string> = { speed: 'rate', blur: 'radius', contrast: 'amount' };

/** One plausible command made from the timeline as it is: pick[] chooses what and where. */
export function commandFrom(timeline: Timeline, pick: number[]): EditorCommand {
  const p = (i: number, n: number) => (n <= 0 ? 0 : pick[i]! % n);
  if (timeline.tracks.length === 0 || p(7, 9) === 0) return trackCommand(timeline, pick);
  if (p(7, 9) === 1) return markerCommand(timeline, pick);
  const clips = timeline.tracks.flatMap((t) => t.clips.map((c) => ({ c, t })));
  const at = (i: number) => p(i, 40) * 250;
  if (clips.length === 0 || p(0, 16) < 3) {
    const track = timeline.tracks[p(1, timeline.tracks.length)]!;
    if (track.kind === 'caption') {
      const startMs = at(2);
      const endMs = startMs + 100 + p(3, 20) * 100;
      return {
        type: 'addCaption',
        trackId: track.id,
        clipId: randomUUID(),
        startMs,
        endMs,
        text: 'Hello there world',
        ...(p(4, 2) === 1 && { words: wordsAcross(startMs, endMs, p(5, 4)) }),
      };
    }
    const assetId = track.kind === 'audio' ? 2 : 1 + 2 * p(4, 2);
    const inMs = p(5, 10) * 300;
    return {
      type: 'addClip',
      trackId: track.id,
      clipId: randomUUID(),
      assetId,
      startMs: at(2),
      inMs,
      outMs: inMs + 200 + p(3, 20) * 300,
    };
  }
  const { c, t } = clips[p(1, clips.length)]!;
  const mediaClips = clips.map((x) => x.c).filter((x) => x.kind === 'media');
  switch (p(0, 16)) {
    case 3:
    case 4: {
      const other = timeline.tracks.filter((x) => x.kind === t.kind)[p(6, 2)];
      return {
        type: 'moveClip',
        clipId: c.id,
        startMs: at(2),
        ...(other && other.id !== t.id ? { trackId: other.id } : {}),
      };
    }
    case 5:
      return c.kind === 'media'
        ? {
            type: 'trimClip',
            clipId: c.id,
            inMs: p(5, 10) * 200,
            outMs: 2_000 + p(3, 30) * 300,
            ...(p(7, 2) ? { startMs: at(2) } : {}),
          }
        : captionChange(c, pick);
    case 6:
      return {
        type: 'splitClip',
        clipId: c.id,
        atMs: c.startMs + 1 + p(3, Math.max(1, c.endMs - c.startMs - 1)),
        newClipId: randomUUID(),
      };
    case 7:
      return { type: 'removeClip', clipId: c.id, ripple: p(2, 2) === 1 };
    case 8:
      return {
        type: 'setClipProperties',
        clipId: c.id,
        properties: t.kind === 'audio' ? { volume: p(2, 20) / 10 } : { opacity: p(2, 10) / 10, scale: 0.5 + p(3, 4) },
      };
    case 9: {
      if (p(5, 3) === 0)
        return { type: 'setClipFit', clipId: c.id, fit: (['contain', 'cover', 'fill'] as const)[p(6, 3)]! };
      // Mostly on media, so that clips gather several effects; now and then a parameter the effect lacks (refused).
      const effectId = EFFECT_IDS[p(2, 3)]!;
      const param = p(3, 4) === 0 ? 'rate' : EFFECT_PARAMS[effectId]!;
      return {
        type: 'applyEffect',
        clipId: (mediaClips[p(1, mediaClips.length)] ?? c).id,
        effectId,
        params: p(6, 3) === 0 ? {} : { [param]: param === 'rate' ? [0.5, 2, 1.5][p(4, 3)]! : p(4, 3) / 2 },
      };
    }
    case 10: {
      // Mostly an effect a clip has, the first as often as the last.
      const withEffects = mediaClips.filter((x) => x.kind === 'media' && x.effects.length > 0);
      const clip = withEffects[p(1, withEffects.length)] ?? c;
      const has = clip.kind === 'media' ? clip.effects.map((e) => e.effectId) : [];
      const effectId = p(3, 4) === 0 || has.length === 0 ? EFFECT_IDS[p(2, 3)]! : has[p(2, has.length)]!;
      return { type: 'removeEffect', clipId: clip.id, effectId };
    }
    case 11:
      if (p(5, 2) === 0) break;
      return linkOf(
        clips.map((x) => x.c),
        pick,
      );
    case 12:
    case 13:
      return c.kind === 'media' ? keyframesFor(c, t.kind, pick) : captionChange(c, pick);
    case 14:
      return c.kind === 'media' ? endsOf(c, t.kind, pick) : captionChange(c, pick);
    case 15:
      return c.kind === 'media' ? freezeOrJoin(c, pick) : captionChange(c, pick);
  }
  return p(2, 3) === 0
    ? { type: 'setTransition', clipId: c.id, transitionId: null }
    : {
        type: 'setTransition',
        clipId: c.id,
        transitionId: ['fade', 'dissolve'][p(3, 2)]!,
        durationMs: 100 + p(4, 10) * 100,
      };
}

/** Links one to three clips (now and then joining a link clips had), or unlinks some. */
function linkOf(clips: Timeline['tracks'][number]['clips'], pick: number[]): EditorCommand {
  const p = (i: number, n: number) => pick[i]! % n;
  const ids = [...new Set([0, 3, 6].slice(0, 1 + p(2, 3)).map((i) => clips[p(i, clips.length)]!.id))];
  if (p(4, 3) === 0) return { type: 'unlinkClips', clipIds: ids };
  const joined = clips.find((c) => c.linkId !== undefined)?.linkId;
  // Named, as the app names every ID it makes, so the app and the service make the same link.
  return { type: 'linkClips', clipIds: ids, linkId: (p(7, 2) === 0 && joined) || randomUUID() };
}

type Media = Extract<Timeline['tracks'][number]['clips'][number], { kind: 'media' }>;
const EASING_PICKS = ['linear', 'easeIn', 'easeOut', 'easeInOut', 'hold', undefined] as const;

/** Keyframes on a property of the clip: up to four, now and then one past its end, out of range, or on an effect it lacks. */
function keyframesFor(c: Media, kind: string, pick: number[]): EditorCommand {
  const p = (i: number, n: number) => pick[i]! % n;
  const length = c.endMs - c.startMs;
  const effect = c.effects.find((e) => e.effectId !== 'speed');
  const properties =
    kind === 'audio'
      ? ['volume']
      : [
          'opacity',
          'scale',
          'positionX',
          'rotation',
          'volume',
          effect ? `effect:${effect.effectId}.${EFFECT_PARAMS[effect.effectId]}` : 'effect:blur.radius',
        ];
  const property = properties[p(2, properties.length)]!;
  const [min, max] =
    property === 'scale'
      ? [0.1, 10]
      : property === 'rotation'
        ? [-360, 360]
        : property === 'positionX'
          ? [-1, 1]
          : [0, 1];
  const n = p(3, 5);
  const keyframes = Array.from({ length: n }, (_, k) => ({
    atMs: k === 3 && p(4, 6) === 0 ? length + 10 : Math.floor((length * (k + p(5, 2))) / 4),
    value: p(6, 12) === 0 ? max + 1 : min + ((max - min) * ((k + p(4, 3)) % 4)) / 3,
    ...(EASING_PICKS[(k + p(7, 6)) % 6] && { easing: EASING_PICKS[(k + p(7, 6)) % 6]! }),
  }));
  return { type: 'setKeyframes', clipId: c.id, property, keyframes };
}

/** A fade, a reversal or a transition out on the clip (sometimes longer than the clip: refused). */
function endsOf(c: Media, kind: string, pick: number[]): EditorCommand {
  const p = (i: number, n: number) => pick[i]! % n;
  const length = c.endMs - c.startMs;
  const fades =
    kind === 'audio'
      ? ['audioFadeInMs', 'audioFadeOutMs']
      : ['fadeInMs', 'fadeOutMs', 'audioFadeInMs', 'audioFadeOutMs'];
  switch (p(2, 4)) {
    case 0:
      return {
        type: 'setClipProperties',
        clipId: c.id,
        properties: { [fades[p(3, fades.length)]!]: Math.floor((length * p(4, 6)) / 4) },
      };
    case 1:
      return { type: 'setClipProperties', clipId: c.id, properties: { reverse: p(3, 2) } };
    case 2:
      return {
        type: 'setTransition',
        clipId: c.id,
        edge: 'out',
        transitionId: p(3, 3) === 0 ? null : 'fade',
        durationMs: 100 + p(4, 10) * 100,
      };
    default:
      return {
        type: 'setTransition',
        clipId: c.id,
        edge: 'out',
        transitionId: 'dissolve',
        durationMs: 100 + p(4, 10) * 100,
      };
  }
}

/** A freeze frame inside the clip, or a crossfade with the clip it meets (often refused: no neighbour or no handles). */
function freezeOrJoin(c: Media, pick: number[]): EditorCommand {
  const p = (i: number, n: number) => pick[i]! % n;
  if (p(2, 2) === 0)
    return {
      type: 'freezeFrame',
      clipId: c.id,
      atMs: c.startMs + 1 + p(3, Math.max(1, c.endMs - c.startMs - 1)),
      durationMs: 100 + p(4, 20) * 100,
      newClipId: randomUUID(),
      freezeClipId: randomUUID(),
    };
  return {
    type: 'setTransition',
    clipId: c.id,
    transitionId: 'crossfade',
    edge: p(3, 2) === 0 ? 'in' : 'out',
    durationMs: 100 + p(4, 10) * 100,
  };
}

/** Edits: lists of 1 to 3 commands, each chosen by 8 numbers (commandFrom). */
export const lists = fc.array(
  fc.array(fc.array(fc.nat(1_000), { minLength: 8, maxLength: 8 }), { minLength: 1, maxLength: 3 }),
  { minLength: 1, maxLength: 25 },
);
