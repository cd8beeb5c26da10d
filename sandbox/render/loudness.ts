// An audio file's loudness brought to a target (integrated loudness, EBU R128): the whole mix
// is measured first with ffmpeg's ebur128 filter (integrated loudness and true peak), then
// one gain brings it to the target. One gain keeps the mix's dynamics exactly as they were;
// where it would push the true peak over −1 dBTP the peak limiter the mix already passed
// through holds the peaks (the loudness then lands a little under the target). ffmpeg's
// loudnorm was tried first: its own measure differs from ebur128's by about 0.5 LU on
// speech, and its dynamic mode (which it falls back to whenever the loudness range is wide)
// misses by more on short files; the file missed −16 by 1 LU after MP3 encoding. The result
// lands within 1 LU of the target (test/integration/exportFormats.test.ts measures it).
import { runChild } from '../media/childProcess.ts';
import { num } from './filterText.ts';
import { audioEncoderArgs, containerArgs, type AudioFormat, type Quality } from './outputFormats.ts';
import { LIMITER, SAMPLE_RATE } from './soundMix.ts';

/** The true peak the normalised file stays under, in dBTP. */
export const TRUE_PEAK_DBTP = -1;
/** What a silent mix measures as: nothing to bring up. */
const SILENCE_LUFS = -70;

export interface LoudnessMeasure {
  integratedLufs: number;
  truePeakDbtp: number;
}

/** The summary ebur128 prints at the end of its stderr. */
export function parseEbur128Summary(stderr: string): LoudnessMeasure {
  const summary = stderr.slice(stderr.lastIndexOf('Summary:'));
  const integrated = /I:\s+(-?[\d.]+|-inf) LUFS/.exec(summary);
  const peak = /Peak:\s+(-?[\d.]+|-inf) dBFS/.exec(summary);
  if (!integrated) throw new Error('ebur128 printed no integrated loudness');
  const value = (text: string | undefined) => (text === undefined || text === '-inf' ? -Infinity : Number(text));
  return {
    integratedLufs: Math.max(SILENCE_LUFS, value(integrated[1])),
    truePeakDbtp: value(peak?.[1]),
  };
}

/** Measures `mix` over its whole length. */
export async function measureLoudness(mix: string, signal?: AbortSignal): Promise<LoudnessMeasure> {
  // prettier-ignore
  const args = ['-hide_banner', '-nostdin', '-nostats', '-i', mix, '-af', 'ebur128=peak=true', '-f', 'null', '-'];
  const { stderr } = await runChild('ffmpeg', args, { ...(signal && { signal }), maxBuffer: 64 * 1024 * 1024 });
  return parseEbur128Summary(String(stderr));
}

/** The filter that brings a mix so measured to `lufs`: one gain, and the limiter where the peaks need it. */
export function normaliseFilter(measure: LoudnessMeasure, lufs: number): string {
  // A silent mix stays silent: no gain is applied to nothing.
  const gainDb = measure.integratedLufs <= SILENCE_LUFS ? 0 : lufs - measure.integratedLufs;
  const overPeak = measure.truePeakDbtp + gainDb > TRUE_PEAK_DBTP;
  return [`volume=${num(gainDb)}dB`, ...(overPeak ? [LIMITER] : []), `aresample=${SAMPLE_RATE}`].join(',');
}

/** The mix at the target loudness, encoded to `format` at `output`. */
export function buildNormaliseCommand(options: {
  mix: string;
  lufs: number;
  measure: LoudnessMeasure;
  format: AudioFormat;
  quality: Quality;
  output: string;
}): string[] {
  // prettier-ignore
  return [
    '-i', options.mix, '-af', normaliseFilter(options.measure, options.lufs),
    ...audioEncoderArgs(options.format, options.quality), ...containerArgs(options.format), options.output,
  ];
}
