// The sound of a timeline at time t, as docs/render-semantics.md writes it: every clip of
// a sounding audio track (unmuted, and soloed while any track is), and the own sound of
// every media clip of a sounding video track (hidden or not),
// at its source time and rate; each at its volume at t (keyframed: the gain factor itself
// along the easing) times its transitions' gains (a fade or a dissolve ramps it up coming
// in and down going out; a wipe or slide leaves it), its equal-power fades, and a
// crossfade's equal-power ramp, under which a clip sounds past its edge for half the
// crossfade; then its track's gain and pan, per channel (timelineRules.ts, the render's law).
// A muted track, a volume of 0, or a freeze frame is silent. Pure: the Web Audio
// graph (audioGraph.ts) sums what this says and limits the sum.
import { CROSSFADE } from '../../shared/timeline/crossfade.ts';
import { dbToGain, isReversed, panGains, trackMix, trackSounds } from '../../shared/timeline/timelineRules.ts';
import { isMedia, type MediaClip, type Timeline, type Track } from '../../shared/timeline/timelineTypes.ts';
import { clipsBetween, firstEndingAfter, isFreeze, sourceMsAt, speedOf, transitionAt } from './clipTiming.ts';
import { audioFadeAt, outProgressAt, propertyAt } from './clipValues.ts';

export interface SoundingClip {
  readonly clipId: string;
  readonly assetId: number;
  readonly trackId: string;
  readonly sourceMs: number;
  /** The clip's source range. */
  readonly inMs: number;
  readonly outMs: number;
  readonly rate: number;
  /** Plays its range backwards: its source time runs down. */
  readonly reversed: boolean;
  /** The clip's own gain, linear, 0 silent; the volume property goes up to 2. */
  readonly gain: number;
  /** What the speakers' left and right channels get of it: its gain times its track's gain and pan. */
  readonly left: number;
  readonly right: number;
}

/** A track's gain and pan as factors per channel (1 and 1 for a centred track at 0 dB). */
export function trackChannelGains(track: Track): { left: number; right: number } {
  const mix = trackMix(track);
  const gain = dbToGain(mix.gainDb);
  const { left, right } = panGains(mix.pan);
  return { left: gain * left, right: gain * right };
}

const RAMPED = new Set(['fade', 'dissolve']);
const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

/** The crossfade's length where `earlier` ends and `later` starts on one track (later's when both say); 0 without. */
export function crossfadeMs(earlier: MediaClip | undefined, later: MediaClip | undefined): number {
  if (!earlier || !later || earlier.endMs !== later.startMs) return 0;
  if (later.transitionIn?.transitionId === CROSSFADE) return later.transitionIn.durationMs;
  if (earlier.transitionOut?.transitionId === CROSSFADE) return earlier.transitionOut.durationMs;
  return 0;
}

/** The media clips just before and after `clip` (at `i` in its track), when they meet it. */
function neighbours(track: Track, clip: MediaClip, i: number): { before?: MediaClip; after?: MediaClip } {
  const before = track.clips[i - 1];
  const after = track.clips[i + 1];
  return {
    before: before && isMedia(before) ? before : undefined,
    after: after && isMedia(after) ? after : undefined,
  };
}

/**
 * A media clip's gain at `t`: its volume times its transitions' ramps, its audio fades and
 * its crossfades. Beyond its edges (a crossfade's reach) its own values are those at the
 * nearest edge. 0 on a muted track.
 */
export function clipGain(clip: MediaClip, track: Track, t: number, index = track.clips.indexOf(clip)): number {
  if (track.muted || isFreeze(clip)) return 0;
  const edge = Math.min(clip.endMs, Math.max(clip.startMs, t));
  let gain = Math.max(0, propertyAt(clip, 'volume', edge)) * audioFadeAt(clip, edge);
  const transition = transitionAt(clip, edge);
  if (transition && RAMPED.has(transition.transitionId)) gain *= transition.progress;
  const out = outProgressAt(clip, edge);
  if (out && RAMPED.has(out.transitionId)) gain *= 1 - out.progress;
  const { before, after } = neighbours(track, clip, index);
  const crossIn = crossfadeMs(before, clip);
  const crossOut = crossfadeMs(clip, after);
  if (crossIn > 0) gain *= Math.sin((clamp01((t - (clip.startMs - crossIn / 2)) / crossIn) * Math.PI) / 2);
  if (crossOut > 0) gain *= Math.cos((clamp01((t - (clip.endMs - crossOut / 2)) / crossOut) * Math.PI) / 2);
  return gain;
}

/**
 * When the clip sounds: from its start less a crossfade's half before it, to its end plus a
 * crossfade's half after it, each as far as its media reaches (a reversed clip's head is
 * its media after outMs, its tail before inMs).
 */
export function soundSpanOf(
  clip: MediaClip,
  track: Track,
  durationMs: number | null,
  index = track.clips.indexOf(clip),
): [number, number] {
  const { before, after } = neighbours(track, clip, index);
  const rate = speedOf(clip);
  const sourceAfter = durationMs === null ? Infinity : Math.max(0, durationMs - clip.outMs);
  const [head, tail] = isReversed(clip) ? [sourceAfter, clip.inMs] : [clip.inMs, sourceAfter];
  const lead = Math.min(crossfadeMs(before, clip) / 2, head / rate);
  const trail = Math.min(crossfadeMs(clip, after) / 2, tail / rate);
  return [clip.startMs - lead, clip.endMs + trail];
}

const withChannels = (gain: number, track: { left: number; right: number }) => ({
  gain,
  left: gain * track.left,
  right: gain * track.right,
});

/** The tracks whose clips may sound: audio tracks, and video tracks for their clips' own sound. */
const sounds = (track: Track) => track.kind === 'audio' || track.kind === 'video';

/**
 * What sounds at `t`; `hasAudio` says which assets have sound (null: not known yet, silent),
 * `durationOf` how long their media is (null: not known; a crossfade then reaches its full half).
 */
export function soundAt(
  timeline: Timeline,
  t: number,
  hasAudio: (assetId: number) => boolean | null,
  durationOf: (assetId: number) => number | null = () => null,
): SoundingClip[] {
  const sounding: SoundingClip[] = [];
  for (const track of timeline.tracks) {
    if (!sounds(track) || !trackSounds(track, timeline.tracks)) continue;
    const channels = trackChannelGains(track);
    // The clip at t (or the next), the one before it (a crossfade's tail) and the one after
    // (its lead): no other can sound at t.
    const i = firstEndingAfter(track, t);
    for (const index of [i - 1, i, i + 1]) {
      const clip = track.clips[index];
      if (!clip || !isMedia(clip) || isFreeze(clip)) continue;
      if (!hasAudio(clip.assetId)) continue;
      const [from, to] = soundSpanOf(clip, track, durationOf(clip.assetId), index);
      if (t < from || t >= to) continue;
      sounding.push({
        clipId: clip.id,
        assetId: clip.assetId,
        trackId: track.id,
        sourceMs: sourceMsAt(clip, t),
        inMs: clip.inMs,
        outMs: clip.outMs,
        rate: speedOf(clip),
        reversed: isReversed(clip),
        ...withChannels(clipGain(clip, track, t, index), channels),
      });
    }
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
