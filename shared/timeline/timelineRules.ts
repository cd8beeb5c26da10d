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
  cropLeft: 0,
  cropRight: 0,
  cropTop: 0,
  cropBottom: 0,
} as const satisfies Record<string, number>;

/** The clip properties keyframes may animate (every effect parameter may too, as `effect:<id>.<param>`). */
export const ANIMATABLE_PROPERTIES: ReadonlySet<string> = new Set([
  'volume',
  'opacity',
  'scale',
  'positionX',
  'positionY',
  'rotation',
  'cropLeft',
  'cropRight',
  'cropTop',
  'cropBottom',
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

/** A track's gain range in dB (updateTrack gainDb). */
export const TRACK_GAIN_DB = { min: -60, max: 12 } as const;

/**
 * A new track's mix and switches. Sync lock is on by default (as in Premiere): ripple edits
 * move every sync-locked track in step.
 */
export const TRACK_DEFAULTS = { gainDb: 0, pan: 0, solo: false, hidden: false, syncLocked: true } as const;

/** Whether ripple edits move the track in step: unlocked, and sync lock not turned off. */
export const movesInStep = (track: { locked: boolean; syncLocked?: boolean }): boolean =>
  !track.locked && track.syncLocked !== false;

export interface TrackMix {
  gainDb: number;
  pan: number;
  solo: boolean;
  hidden: boolean;
  syncLocked: boolean;
}

/** The track's mix and switches, the defaults for what an older service did not say. */
export function trackMix(track: Partial<TrackMix>): TrackMix {
  return {
    gainDb: track.gainDb ?? TRACK_DEFAULTS.gainDb,
    pan: track.pan ?? TRACK_DEFAULTS.pan,
    solo: track.solo ?? TRACK_DEFAULTS.solo,
    hidden: track.hidden ?? TRACK_DEFAULTS.hidden,
    syncLocked: track.syncLocked ?? TRACK_DEFAULTS.syncLocked,
  };
}

/**
 * The constant-power pan law: the left and right channel gains for a pan from −1 (left) to
 * 1 (right). Scaled by √2 so a centred track (0) is unchanged: L² + R² is 2 at every pan,
 * and a hard pan sends +3 dB to one side and nothing to the other.
 */
export function panGains(pan: number): { left: number; right: number } {
  const angle = ((pan + 1) * Math.PI) / 4;
  const left = Math.SQRT2 * Math.cos(angle);
  const right = Math.SQRT2 * Math.sin(angle);
  // cos(π/2) is 6e-17, not 0: a hard pan leaves the other side silent.
  return { left: Math.abs(left) < 1e-12 ? 0 : left, right: Math.abs(right) < 1e-12 ? 0 : right };
}

/** A gain in dB as a linear factor. */
export const dbToGain = (db: number): number => 10 ** (db / 20);

/** Whether a track is heard: not muted, and soloed when any track of `tracks` is. */
export function trackSounds(track: { muted: boolean; solo?: boolean }, tracks: readonly { solo?: boolean }[]): boolean {
  if (track.muted) return false;
  return !tracks.some((t) => t.solo) || track.solo === true;
}
