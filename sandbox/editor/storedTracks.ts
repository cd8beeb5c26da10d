// Track lists as the timeline store keeps them: a new timeline's three tracks, tracks read
// back from a row (brought up to today's fields), and frozen once shared between requests.
import { randomUUID } from 'node:crypto';
import { TRACK_DEFAULTS, trackMix } from '../../shared/timeline/timelineRules.ts';
import { DEFAULT_FIT } from '../../shared/timeline/timelineTypes.ts';
import type { Track } from './timelineSchemas.ts';

/** r0: an empty video, audio and caption track. */
export function starterTracks(): Track[] {
  const track = (kind: Track['kind'], name: string): Track => ({
    id: randomUUID(),
    kind,
    name,
    muted: false,
    locked: false,
    ...TRACK_DEFAULTS,
    clips: [],
  });
  return [track('video', 'Video 1'), track('audio', 'Audio 1'), track('caption', 'Captions 1')];
}

/** Freezes what the store shares between requests, so code that changed it would throw at once. */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  for (const child of Object.values(value)) deepFreeze(child);
  return Object.freeze(value);
}

export function freezeTracks(tracks: Track[]): readonly Track[] {
  for (const track of tracks) {
    if (Object.isFrozen(track)) continue;
    for (const clip of track.clips) deepFreeze(clip);
    Object.freeze(track.clips);
    Object.freeze(track);
  }
  return Object.freeze(tracks);
}

/** Gives tracks stored before tracks had a mix and switches their defaults (in place: the caller owns them). */
export function withTrackDefaults(tracks: Track[]): Track[] {
  for (const track of tracks) Object.assign(track, trackMix(track));
  return tracks;
}

/** Tracks as stored; clips saved before media clips had a fit get the default one, tracks their default mix. */
export function parseTracks(json: string): Track[] {
  const tracks = JSON.parse(json) as Track[];
  for (const track of tracks) for (const clip of track.clips) if (clip.kind === 'media') clip.fit ??= DEFAULT_FIT;
  return withTrackDefaults(tracks);
}
