// Facts of the editor's semantics that hold whatever the catalog says: which media each
// kind of track takes, how long an image lasts when no range is given, a media clip's
// length at its speed (or a freeze frame's hold), a new clip's properties and which animate. The service's catalog states the same
// facts (GET /editor/catalog); these are what the applier uses when it has no catalog.
import type { Catalog, MediaClip, TrackKind } from './timelineTypes.ts';

/** The asset kinds each kind of track takes. */
export const ACCEPTS: Record<TrackKind, readonly string[]> = {
  video: ['video', 'image'],
  audio: ['audio', 'video'],
  caption: [],
};

/** How long an image lasts when addClip gives no outMs. */
export const DEFAULT_IMAGE_MS = 5000;

/** A new media clip's properties (the catalog's defaults say the same). */
export const CLIP_PROPERTY_DEFAULTS = {
  volume: 1,
  opacity: 1,
  scale: 1,
  positionX: 0,
  positionY: 0,
  rotation: 0,
  fadeInMs: 0,
  fadeOutMs: 0,
  audioFadeInMs: 0,
  audioFadeOutMs: 0,
  reverse: 0,
} as const satisfies Record<string, number>;

/** The clip properties keyframes may animate (every effect parameter may too, as `effect:<id>.<param>`). */
export const ANIMATABLE_PROPERTIES: ReadonlySet<string> = new Set([
  'volume',
  'opacity',
  'scale',
  'positionX',
  'positionY',
  'rotation',
]);

/** The clip properties that are lengths of the clip's own time: at most the clip's length. */
export const FADE_PROPERTIES: ReadonlySet<string> = new Set([
  'fadeInMs',
  'fadeOutMs',
  'audioFadeInMs',
  'audioFadeOutMs',
]);

/** A media clip's playback rate (its speed effect; 1 without one). */
export function playbackRate(clip: Pick<MediaClip, 'effects'>): number {
  return clip.effects.find((e) => e.effectId === 'speed')?.params.rate ?? 1;
}

/** The longest clip that may play reversed: a reversal holds the clip's decoded frames in memory. */
export const REVERSE_MAX_MS = 10_000;

/** Whether the clip plays backwards (its reverse property). */
export const isReversed = (clip: Pick<MediaClip, 'properties'>): boolean => (clip.properties.reverse ?? 0) >= 0.5;

/** How long a media clip lasts on the timeline: its source range at its speed. */
export function mediaLength(clip: Pick<MediaClip, 'inMs' | 'outMs' | 'effects' | 'freezeMs'>): number {
  // A freeze frame lasts as long as it holds, whatever its (one-frame) source range.
  if (clip.freezeMs !== undefined) return clip.freezeMs;
  return Math.max(1, Math.round((clip.outMs - clip.inMs) / playbackRate(clip)));
}

/** Every clip property with its default value: the catalog's, or the standard ones without a catalog. */
export function defaultProperties(catalog: Catalog | null): Record<string, number> {
  return catalog
    ? Object.fromEntries(catalog.properties.map((p) => [p.name, p.default]))
    : { ...CLIP_PROPERTY_DEFAULTS };
}
