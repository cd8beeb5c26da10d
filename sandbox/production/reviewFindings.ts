// What a review reports, computed from measurements of the real media (mediaAnalysis.ts)
// and, for captions, from the asset's latest completed transcription (cut into cues the way
// the caption files are, so line lengths always hold). Each rule names the
// problem, where it is, and what to do about it.
import { buildCues } from './captions.ts';
import type { ReviewMeasurements, Span } from './mediaAnalysis.ts';
import type { Word } from './transcriptWords.ts';

export const REVIEW_ASPECTS = ['frames', 'sound', 'motion', 'captions'] as const;
export type ReviewAspect = (typeof REVIEW_ASPECTS)[number];
export type Severity = 'info' | 'warning' | 'error';

export interface Finding {
  aspect: ReviewAspect;
  severity: Severity;
  startMs: number;
  endMs: number;
  message: string;
}

export const REVIEW_RULES = {
  /** A problem covering this share of the media is the whole media's problem: an error. */
  wholeShare: 0.95,
  quietLufs: -30,
  loudLufs: -9,
  clippingDb: -0.1,
  /** Reading speed above this many characters a second is hard to follow. */
  readingCharsPerSecond: 20,
  shortCueMs: 700,
} as const;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const lengthOf = (span: Span) => span.endMs - span.startMs;

/** How much of `span` lies inside any of `others`. */
function coveredMs(span: Span, others: Span[]): number {
  return others.reduce(
    (sum, o) => sum + Math.max(0, Math.min(span.endMs, o.endMs) - Math.max(span.startMs, o.startMs)),
    0,
  );
}

export function frameFindings(m: ReviewMeasurements, durationMs: number): Finding[] {
  return m.black.map((span) =>
    lengthOf(span) >= durationMs * REVIEW_RULES.wholeShare
      ? {
          aspect: 'frames',
          severity: 'error',
          ...span,
          message: 'The picture is black throughout: check the source or the export settings.',
        }
      : {
          aspect: 'frames',
          severity: 'warning',
          ...span,
          message: `Black frames for ${seconds(lengthOf(span))}: trim them or cover the gap unless the fade is intended.`,
        },
  );
}

export function motionFindings(m: ReviewMeasurements, durationMs: number): Finding[] {
  // A black stretch is frozen too, and is already reported under frames.
  return m.frozen
    .filter((span) => coveredMs(span, m.black) < lengthOf(span) * 0.8)
    .map((span) =>
      lengthOf(span) >= durationMs * REVIEW_RULES.wholeShare
        ? {
            aspect: 'motion',
            severity: 'error',
            ...span,
            message: 'The picture never changes: this is a still image, not a moving shot.',
          }
        : {
            aspect: 'motion',
            severity: 'warning',
            ...span,
            message: `The picture is frozen for ${seconds(lengthOf(span))}: trim the held frames or replace the shot.`,
          },
    );
}

export function soundFindings(m: ReviewMeasurements, durationMs: number, hasAudio: boolean): Finding[] {
  const whole = { startMs: 0, endMs: durationMs };
  if (!hasAudio) return [{ aspect: 'sound', severity: 'info', ...whole, message: 'The media has no sound track.' }];
  const silentMs = m.silent.reduce((sum, span) => sum + lengthOf(span), 0);
  if (silentMs >= durationMs * REVIEW_RULES.wholeShare) {
    return [
      {
        aspect: 'sound',
        severity: 'error',
        ...whole,
        message: 'There is no audible sound at all: check the microphone or the audio track.',
      },
    ];
  }
  const findings: Finding[] = m.silent.map((span) => ({
    aspect: 'sound',
    severity: 'warning',
    ...span,
    message: `No sound for ${seconds(lengthOf(span))}: trim the silence or add room tone or music.`,
  }));
  const lufs = m.loudness?.integratedLufs;
  if (lufs !== undefined && Number.isFinite(lufs)) {
    if (lufs < REVIEW_RULES.quietLufs) {
      findings.push({
        aspect: 'sound',
        severity: 'warning',
        ...whole,
        message: `Too quiet: ${lufs.toFixed(1)} LUFS integrated; aim for about -16 (a finish normalises it).`,
      });
    } else if (lufs > REVIEW_RULES.loudLufs) {
      findings.push({
        aspect: 'sound',
        severity: 'warning',
        ...whole,
        message: `Too loud: ${lufs.toFixed(1)} LUFS integrated; aim for about -16 (a finish normalises it).`,
      });
    }
  }
  if (m.maxVolumeDb !== null && m.maxVolumeDb >= REVIEW_RULES.clippingDb) {
    findings.push({
      aspect: 'sound',
      severity: 'error',
      ...whole,
      message:
        'The audio clips: samples reach full scale. Lower the level at the source; normalising cannot undo clipping.',
    });
  }
  return findings;
}

/** `transcription` is the asset's latest completed one, if any. */
export function captionFindings(
  transcription: { id: number; words: Word[] } | undefined,
  assetId: number,
  durationMs: number,
): Finding[] {
  const whole = { startMs: 0, endMs: durationMs };
  if (!transcription) {
    return [
      {
        aspect: 'captions',
        severity: 'warning',
        ...whole,
        message: `No captions to check: transcribe the asset (POST /assets/${assetId}/transcriptions), then review again.`,
      },
    ];
  }
  if (transcription.words.length === 0) {
    return [
      {
        aspect: 'captions',
        severity: 'info',
        ...whole,
        message: `Transcription ${transcription.id} has no words, so there are no captions.`,
      },
    ];
  }
  const findings: Finding[] = [];
  buildCues(transcription.words).forEach((cue, i) => {
    const span = { startMs: cue.startMs, endMs: cue.endMs };
    const chars = cue.lines.join(' ').length;
    const rate = chars / Math.max(0.001, lengthOf(span) / 1000);
    if (rate > REVIEW_RULES.readingCharsPerSecond) {
      findings.push({
        aspect: 'captions',
        severity: 'warning',
        ...span,
        message: `Caption ${i + 1} reads at ${rate.toFixed(0)} characters a second (over ${REVIEW_RULES.readingCharsPerSecond}): keep it up longer or shorten it.`,
      });
    }
    if (lengthOf(span) < REVIEW_RULES.shortCueMs) {
      findings.push({
        aspect: 'captions',
        severity: 'info',
        ...span,
        message: `Caption ${i + 1} shows for only ${seconds(lengthOf(span))}: viewers may miss it.`,
      });
    }
  });
  return findings;
}

export function byTime(a: Finding, b: Finding): number {
  return (
    a.startMs - b.startMs || a.endMs - b.endMs || REVIEW_ASPECTS.indexOf(a.aspect) - REVIEW_ASPECTS.indexOf(b.aspect)
  );
}
