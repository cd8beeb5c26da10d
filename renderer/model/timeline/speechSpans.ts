// Where speech plays on the timeline, for "Duck under speech": on every track but the one
// ducked (and muted or caption tracks), each media clip's words where its recording has a
// transcript, otherwise the loud stretches of its waveform peaks — the way Premiere's
// auto-duck listens to the dialogue clips' level. Pure: the transcripts and peaks come in.
import { speedOf, timelineSpanOf } from '../../../shared/production/clipTime.ts';
import type { Interval } from '../../../shared/timeline/ducking.ts';
import type { MediaClip, Timeline } from '../../../shared/timeline/timelineTypes.ts';
import type { Transcripts } from '../../../shared/transcript/timelineTranscript.ts';

/**
 * A peak window counts as speech when its peak is within SPEECH_BELOW_LOUDEST_DB of the
 * clip's loudest and above SPEECH_FLOOR (full scale): quiet room tone between sentences
 * stays out, a quiet speaker still counts.
 */
export const SPEECH_BELOW_LOUDEST_DB = 26;
export const SPEECH_FLOOR = 0.02;

export interface Peaks {
  readonly peaks: readonly number[];
  readonly peaksPerSecond: number;
}

export interface SpeechFound {
  readonly speech: Interval[];
  /** Clips heard through their transcript's words, through their level, and not at all (no peaks yet). */
  readonly byWords: number;
  readonly byLevel: number;
  readonly unheard: number;
}

/** Asset time [from, to) of a clip as timeline time, reversal included; null when trimmed away. */
function onTimeline(clip: MediaClip, fromMs: number, toMs: number): Interval | null {
  if ((clip.properties.reverse ?? 0) < 0.5) return timelineSpanOf(clip, fromMs, toMs);
  const from = Math.max(fromMs, clip.inMs);
  const to = Math.min(toMs, clip.outMs);
  if (to <= from) return null;
  const speed = speedOf(clip);
  return {
    startMs: Math.round(clip.startMs + (clip.outMs - to) / speed),
    endMs: Math.round(clip.startMs + (clip.outMs - from) / speed),
  };
}

/** The loud stretches of a clip's recording, in timeline time. */
export function speechFromPeaks(clip: MediaClip, { peaks, peaksPerSecond }: Peaks): Interval[] {
  const windowMs = 1000 / peaksPerSecond;
  const first = Math.max(0, Math.floor(clip.inMs / windowMs));
  const last = Math.min(peaks.length, Math.ceil(clip.outMs / windowMs));
  let loudest = 0;
  for (let i = first; i < last; i++) loudest = Math.max(loudest, peaks[i]!);
  const threshold = Math.max(SPEECH_FLOOR, loudest * 10 ** (-SPEECH_BELOW_LOUDEST_DB / 20));
  const out: Interval[] = [];
  let runStart: number | null = null;
  for (let i = first; i <= last; i++) {
    const loud = i < last && peaks[i]! >= threshold;
    if (loud && runStart === null) runStart = i;
    if (!loud && runStart !== null) {
      const span = onTimeline(clip, runStart * windowMs, i * windowMs);
      if (span) out.push(span);
      runStart = null;
    }
  }
  return out;
}

/** Speech on every track but `duckedTrackId`. */
export function speechOnOtherTracks(
  timeline: Timeline,
  duckedTrackId: string,
  transcripts: Transcripts,
  peaksOf: (assetId: number) => Peaks | null,
): SpeechFound {
  const speech: Interval[] = [];
  let byWords = 0;
  let byLevel = 0;
  let unheard = 0;
  for (const track of timeline.tracks) {
    if (track.id === duckedTrackId || track.kind === 'caption' || track.muted) continue;
    for (const clip of track.clips) {
      if (clip.kind !== 'media') continue;
      const words = transcripts.get(clip.assetId);
      if (words && words.length > 0) {
        byWords++;
        for (const w of words) {
          const span = onTimeline(clip, w.startMs, w.endMs);
          if (span) speech.push(span);
        }
        continue;
      }
      const peaks = peaksOf(clip.assetId);
      if (!peaks) {
        unheard++;
        continue;
      }
      byLevel++;
      speech.push(...speechFromPeaks(clip, peaks));
    }
  }
  return { speech, byWords, byLevel, unheard };
}
