// An audio file's loudness, normalised to a target (integrated loudness, EBU R128) in two
// passes of ffmpeg's loudnorm, as its documentation advises for files: the first measures
// the whole mix, the second applies one gain from those measures (linear mode; loudnorm
// falls back to its dynamic mode only when one gain would push the true peak over the
// ceiling). One pass alone guesses from the first seconds and misses by several LU on short
// files. The result lands within 1 LU of the target (test/integration/exportFormats.test.ts
// measures it with ebur128).
import { runChild } from '../media/childProcess.ts';
import { audioEncoderArgs, containerArgs, type AudioFormat, type Quality } from './outputFormats.ts';
import { SAMPLE_RATE } from './soundMix.ts';

/** The true peak the normalised file stays under, in dBTP. */
export const TRUE_PEAK_DBTP = -1;
/** The loudness range loudnorm aims at in its dynamic mode (a fallback here), in LU. */
const LOUDNESS_RANGE = 11;

export interface LoudnessMeasure {
  input_i: string;
  input_tp: string;
  input_lra: string;
  input_thresh: string;
  target_offset: string;
}

const targets = (lufs: number) => `I=${lufs}:TP=${TRUE_PEAK_DBTP}:LRA=${LOUDNESS_RANGE}`;

/** What loudnorm printed as JSON at the end of its stderr (the first pass's measures). */
export function parseLoudnormOutput(stderr: string): LoudnessMeasure {
  const start = stderr.lastIndexOf('{');
  const end = stderr.lastIndexOf('}');
  if (start < 0 || end < start) throw new Error('loudnorm printed no measures');
  const measure = JSON.parse(stderr.slice(start, end + 1)) as LoudnessMeasure;
  // Silence measures as -inf: there is nothing to normalise, and loudnorm refuses -inf.
  for (const key of ['input_i', 'input_tp', 'input_thresh'] as const)
    if (!Number.isFinite(Number(measure[key]))) measure[key] = '-70';
  if (!Number.isFinite(Number(measure.input_lra))) measure.input_lra = '0';
  if (!Number.isFinite(Number(measure.target_offset))) measure.target_offset = '0';
  return measure;
}

/** The first pass: measures `mix` against the target. */
export async function measureLoudness(mix: string, lufs: number, signal?: AbortSignal): Promise<LoudnessMeasure> {
  // prettier-ignore
  const args = [
    '-hide_banner', '-nostdin', '-loglevel', 'info', '-i', mix,
    '-af', `loudnorm=${targets(lufs)}:print_format=json`, '-f', 'null', '-',
  ];
  const { stderr } = await runChild('ffmpeg', args, signal ? { signal } : {});
  return parseLoudnormOutput(String(stderr));
}

/** The second pass: `mix` at the target loudness, encoded to `format` at `output`. */
export function buildNormaliseCommand(options: {
  mix: string;
  lufs: number;
  measure: LoudnessMeasure;
  format: AudioFormat;
  quality: Quality;
  output: string;
}): string[] {
  const m = options.measure;
  const measured = `measured_I=${m.input_i}:measured_TP=${m.input_tp}:measured_LRA=${m.input_lra}:measured_thresh=${m.input_thresh}:offset=${m.target_offset}`;
  // loudnorm works at 192 kHz; the file goes back to the render's rate.
  const filter = `loudnorm=${targets(options.lufs)}:${measured}:linear=true,aresample=${SAMPLE_RATE}`;
  // prettier-ignore
  return [
    '-i', options.mix, '-af', filter,
    ...audioEncoderArgs(options.format, options.quality), ...containerArgs(options.format), options.output,
  ];
}
