// Audio finishing: two-pass loudnorm (measure, then apply with the measurements) into a
// new file; the source file is only read. Video is copied as it is and only the sound is
// replaced. The result keeps the source's container where that container can carry the
// new sound, and is measured again so the finish reports what was really made.
//
// Loudnorm alone misses the target on sound whose peaks stand far above its loudness (a
// click, a drum hit, a shout): one gain would push the peaks past the ceiling, so it
// falls back to its dynamic mode, which can stay 2–5 LU short (−14 asked, −16.3 made).
// Then the sound is made again with a gain into a true-peak limiter, the gain corrected by
// what the measurement says, until it is within 1 LU of the target; when it cannot be,
// the finish says how far it got and why.
import { rename, rm } from 'node:fs/promises';
import { extname } from 'node:path';
import { jobFailure } from './mediaJob.ts';
import {
  applyAudioFilter,
  applyLoudnorm,
  limitedGainFilter,
  loudnormFilter,
  measureLoudness,
  type Loudness,
  type LoudnessTarget,
} from './mediaAnalysis.ts';

export interface FinishFormat {
  extension: string;
  contentType: string;
  /** Encoder arguments for the new sound (and container options). */
  args: string[];
}

const AAC = ['-c:a', 'aac', '-b:a', '192k'];
const OPUS = ['-c:a', 'libopus', '-b:a', '160k'];

/** The output format for a source of this content type; lossless sources stay lossless. */
export function finishFormat(contentType: string): FinishFormat {
  switch (contentType) {
    case 'video/mp4':
      return { extension: 'mp4', contentType, args: [...AAC, '-movflags', '+faststart'] };
    case 'video/quicktime':
      return { extension: 'mov', contentType, args: AAC };
    case 'video/webm':
      return { extension: 'webm', contentType, args: OPUS };
    case 'video/matroska':
      return { extension: 'mkv', contentType, args: AAC };
    case 'audio/wav':
      return { extension: 'wav', contentType, args: ['-c:a', 'pcm_s16le'] };
    case 'audio/flac':
      return { extension: 'flac', contentType, args: ['-c:a', 'flac'] };
    case 'audio/webm':
      return { extension: 'webm', contentType, args: OPUS };
    default:
      return { extension: 'm4a', contentType: 'audio/mp4', args: [...AAC, '-movflags', '+faststart'] };
  }
}

/** The loudness range loudnorm aims at; wider material is gently compressed to fit. */
export const FINISH_RANGE_LU = 11;
/** Below this the file is silence as far as loudness goes: there is nothing to normalise. */
const SILENT_LUFS = -70;
const SAMPLE_RATE = 48_000;
/** How close to the target a finish must come (EBU R128's tolerance for live programmes). */
export const FINISH_TOLERANCE_LU = 1;
/** The limiter holds peaks this far under the ceiling: a lossy encoder's overshoot stays under it. */
const LIMITER_MARGIN_DB = 1;
/** More gain than this raises the noise floor more than any target is worth. */
const MAX_GAIN_DB = 40;
const LIMITER_TRIES = 5;

export interface FinishMeasurements {
  input: Loudness;
  output: Loudness;
  /**
   * "linear" (one gain for the whole file), "dynamic" (loudnorm's adaptive gain) or
   * "limited" (a gain into a true-peak limiter, where loudnorm fell short).
   */
  normalization: string;
  /** Why the result is further than 1 LU from the target, in words; null when it is within. */
  shortfall: string | null;
}

const signed = (value: number) => value.toFixed(1).replace('-', '−');
const lufsText = (value: number) => `${signed(value)} LUFS`;
const within = (measured: Loudness, target: number) =>
  Math.abs(measured.integratedLufs - target) <= FINISH_TOLERANCE_LU;

export async function finishLoudness(
  source: string,
  output: string,
  options: { withVideo: boolean; format: FinishFormat; integratedLufs: number; truePeakDb: number },
): Promise<FinishMeasurements> {
  const target: LoudnessTarget = {
    integratedLufs: options.integratedLufs,
    truePeakDb: options.truePeakDb,
    rangeLu: FINISH_RANGE_LU,
  };
  const input = await measureLoudness(source, target);
  if (!input || !Number.isFinite(input.integratedLufs) || input.integratedLufs < SILENT_LUFS) {
    throw jobFailure(
      'finish.silent_audio',
      'The sound is silent, so there is nothing to normalise: pick media with audible sound.',
    );
  }
  const streams = options.withVideo ? ['-map', '0:v:0', '-c:v', 'copy', '-map', '0:a:0'] : ['-map', '0:a:0', '-vn'];
  const inputArgs = ['-i', source, ...streams];
  const outputArgs = (path: string) => ['-ar', String(SAMPLE_RATE), ...options.format.args, '-map_metadata', '0', path];
  const measure = async (path: string) => {
    const measured = await measureLoudness(path, target);
    if (!measured) throw jobFailure('job.failed', 'The finished file could not be measured again.');
    return measured;
  };
  const { normalization } = await applyLoudnorm(inputArgs, loudnormFilter(target, input), outputArgs(output));
  let best: FinishMeasurements = { input, output: await measure(output), normalization, shortfall: null };
  if (within(best.output, target.integratedLufs)) return best;

  // Loudnorm fell short: a gain into a limiter, corrected by each measurement. The more the
  // limiter holds back, the less each dB of gain adds: the next gain follows the slope of the
  // last two tries (kept between 0.3 and 1 LU per dB, and at most 12 dB further). The try
  // closest to the target is kept.
  const trial = `${output}.try${extname(output)}`;
  let gainDb = target.integratedLufs - input.integratedLufs;
  let last: { gainDb: number; lufs: number } | null = null;
  try {
    for (let attempt = 0; attempt < LIMITER_TRIES && gainDb <= MAX_GAIN_DB; attempt++) {
      const filter = limitedGainFilter(gainDb, target.truePeakDb - LIMITER_MARGIN_DB, SAMPLE_RATE);
      await applyAudioFilter(inputArgs, filter, outputArgs(trial));
      const measured = await measure(trial);
      const off = (m: Loudness) => Math.abs(m.integratedLufs - target.integratedLufs);
      if (off(measured) < off(best.output)) {
        await rename(trial, output);
        best = { input, output: measured, normalization: 'limited', shortfall: null };
      }
      if (within(measured, target.integratedLufs)) return best;
      const slope = last
        ? Math.min(1, Math.max(0.3, (measured.integratedLufs - last.lufs) / (gainDb - last.gainDb || 1)))
        : 1;
      last = { gainDb, lufs: measured.integratedLufs };
      gainDb += Math.min(12, (target.integratedLufs - measured.integratedLufs) / slope);
    }
  } finally {
    await rm(trial, { force: true });
  }
  const why =
    input.integratedLufs + MAX_GAIN_DB < target.integratedLufs
      ? `the sound is so quiet that it would take more than ${MAX_GAIN_DB} dB of gain, which would bring up its noise as much`
      : `its peaks stand so far above its loudness that holding them under ${signed(options.truePeakDb)} dBTP keeps it quieter`;
  return {
    ...best,
    shortfall:
      `Reached ${lufsText(best.output.integratedLufs)}, not the ${lufsText(target.integratedLufs)} asked: ${why}. ` +
      'Choose a quieter target, or a higher peak ceiling.',
  };
}
