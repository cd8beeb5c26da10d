// The sound of a timeline at time t, as docs/render-semantics.md writes it: every clip of
// an unmuted audio track, and the own sound of every media clip of an unmuted video track,
// at its source time and rate; each at its volume times its transition's gain (a fade or a
// dissolve ramps it up with the picture; a wipe or slide leaves it). A muted track, or a
// volume of 0, is silent. The predecessor of a transition is not extended. Pure: the Web
// Audio graph (audioGraph.ts) sums what this says and limits the sum.
import { isMedia, type MediaClip, type Timeline, type Track } from '../../shared/timeline/timelineTypes.ts';
import { clipAt, clipsBetween, propertyOf, sourceMsAt, speedOf, transitionAt } from './clipTiming.ts';

export interface SoundingClip {
  readonly clipId: string;
  readonly assetId: number;
  readonly trackId: string;
  readonly sourceMs: number;
  readonly rate: number;
  /** Linear, 0 silent; the volume property goes up to 2. */
  readonly gain: number;
}

const RAMPED = new Set(['fade', 'dissolve']);

/** A media clip's gain at `t` (on screen or not): its volume times its transition's ramp. */
export function clipGain(clip: MediaClip, track: Track, t: number): number {
  if (track.muted) return 0;
  const volume = Math.max(0, propertyOf(clip, 'volume'));
  const transition = transitionAt(clip, t);
  return transition && RAMPED.has(transition.transitionId) ? volume * transition.progress : volume;
}

/** The tracks whose clips may sound: audio tracks, and video tracks for their clips' own sound. */
const sounds = (track: Track) => track.kind === 'audio' || track.kind === 'video';

/** What sounds at `t`; `hasAudio` says which assets have sound (null: not known yet, silent). */
export function soundAt(timeline: Timeline, t: number, hasAudio: (assetId: number) => boolean | null): SoundingClip[] {
  const sounding: SoundingClip[] = [];
  for (const track of timeline.tracks) {
    if (!sounds(track) || track.muted) continue;
    const clip = clipAt(track, t);
    if (!clip || !isMedia(clip) || !hasAudio(clip.assetId)) continue;
    sounding.push({
      clipId: clip.id,
      assetId: clip.assetId,
      trackId: track.id,
      sourceMs: sourceMsAt(clip, t),
      rate: speedOf(clip),
      gain: clipGain(clip, track, t),
    });
  }
  return sounding;
}

/** The media clips of every sounding or visible track within [fromMs, toMs): what playback must have ready. */
export function mediaClipsBetween(
  timeline: Timeline,
  fromMs: number,
  toMs: number,
): { clip: MediaClip; track: Track }[] {
  const found: { clip: MediaClip; track: Track }[] = [];
  for (const track of timeline.tracks) {
    if (!sounds(track)) continue;
    for (const clip of clipsBetween(track, fromMs, toMs)) if (isMedia(clip)) found.push({ clip, track });
  }
  return found;
}
