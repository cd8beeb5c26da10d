// Measures real media with ffmpeg's analysis filters (silencedetect, blackdetect,
// freezedetect, volumedetect, loudnorm) and reads their findings from ffmpeg's log:
// the filters report only there, so this runs ffmpeg at the info log level.
import { runChild } from '../media/childProcess.ts';

export interface Span {
  startMs: number;
  endMs: number;
}

/** What loudnorm measured: integrated loudness, true peak, loudness range, gate threshold. */
export interface Loudness {
  integratedLufs: number;
  truePeakDb: number;
  rangeLu: number;
  thresholdLufs: number;
}

async function ffmpegLog(args: string[]): Promise<string> {
  try {
    // The job's abort signal reaches this ffmpeg through runChild: a cancelled review stops it.
    const { stderr } = await runChild(
      'ffmpeg',
      ['-hide_banner', '-nostats', '-nostdin', '-loglevel', 'info', ...args],
      {
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    return stderr;
  } catch (err) {
    // The whole log would drown the reason: keep its last lines, where ffmpeg says what went wrong.
    const tail = String((err as { stderr?: string }).stderr ?? (err as Error).message)
      .trim()
      .split('\n')
      .slice(-3)
      .join(' ');
    throw new Error(`ffmpeg could not process the media: ${tail}`, { cause: err });
  }
}

const ms = (seconds: string) => Math.max(0, Math.round(Number(seconds) * 1000));

/**
 * Spans between each `start` and the next `end` in the log; a span still open at the end
 * of the file ends there. Both patterns capture seconds.
 */
function spansFrom(log: string, start: RegExp, end: RegExp, durationMs: number): Span[] {
  const spans: Span[] = [];
  let open: number | null = null;
  for (const line of log.split('\n')) {
    const s = start.exec(line);
    if (s) open = ms(s[1]!);
    const e = end.exec(line);
    if (e && open !== null) {
      spans.push({ startMs: open, endMs: Math.min(durationMs, ms(e[1]!)) });
      open = null;
    }
  }
  if (open !== null && open < durationMs) spans.push({ startMs: open, endMs: durationMs });
  return spans.filter((span) => span.endMs > span.startMs);
}

/** loudnorm's JSON summary: the last {...} block of the log that names input_i. */
function parseLoudnorm(log: string): { input: Loudness; normalization: string } | null {
  const blocks = log.match(/\{[^{}]*"input_i"[^{}]*\}/g);
  if (!blocks) return null;
  const raw = JSON.parse(blocks[blocks.length - 1]!) as Record<string, string>;
  // loudnorm writes "-inf" for silence; a number that is not finite means "no sound".
  const num = (key: string) => (raw[key] === '-inf' ? -Infinity : raw[key] === 'inf' ? Infinity : Number(raw[key]));
  return {
    input: {
      integratedLufs: num('input_i'),
      truePeakDb: num('input_tp'),
      rangeLu: num('input_lra'),
      thresholdLufs: num('input_thresh'),
    },
    normalization: raw.normalization_type ?? 'unknown',
  };
}

const SILENCE = { start: /silence_start: (-?[\d.]+)/, end: /silence_end: (-?[\d.]+)/ };

export interface ReviewMeasurements {
  /** Stretches of (nearly) black picture; empty without video. */
  black: Span[];
  /** Stretches where the picture does not change; empty without video. */
  frozen: Span[];
  /** Stretches of silence; empty without audio. */
  silent: Span[];
  /** The loudest sample, dBFS; null without audio. */
  maxVolumeDb: number | null;
  /** Integrated loudness etc.; null without audio. */
  loudness: Loudness | null;
}

export const REVIEW_THRESHOLDS = {
  blackMinMs: 500,
  /** A pixel darker than this share of full brightness counts as black. */
  blackPixel: 0.1,
  frozenMinMs: 1000,
  frozenNoiseDb: -60,
  silenceMinMs: 2000,
  silenceNoiseDb: -50,
} as const;

/** One decoding pass over the whole file with every analysis filter that applies to it. */
export async function measureForReview(
  path: string,
  durationMs: number,
  streams: { video: boolean; audio: boolean },
): Promise<ReviewMeasurements> {
  const t = REVIEW_THRESHOLDS;
  const args = ['-i', path];
  if (streams.video) {
    args.push(
      '-map',
      '0:v:0',
      '-vf',
      `blackdetect=d=${t.blackMinMs / 1000}:pix_th=${t.blackPixel},freezedetect=n=${t.frozenNoiseDb}dB:d=${t.frozenMinMs / 1000}`,
    );
  }
  if (streams.audio) {
    args.push(
      '-map',
      '0:a:0',
      '-af',
      `silencedetect=noise=${t.silenceNoiseDb}dB:d=${t.silenceMinMs / 1000},volumedetect,loudnorm=print_format=json`,
    );
  }
  if (!streams.video && !streams.audio) return { black: [], frozen: [], silent: [], maxVolumeDb: null, loudness: null };
  args.push('-f', 'null', '-');
  const log = await ffmpegLog(args);
  const maxVolume = /max_volume: (-?[\d.]+|-inf) dB/.exec(log);
  return {
    black: streams.video ? spansFrom(log, /black_start:\s*(-?[\d.]+)/, /black_end:\s*(-?[\d.]+)/, durationMs) : [],
    frozen: streams.video ? spansFrom(log, /freeze_start: (-?[\d.]+)/, /freeze_end: (-?[\d.]+)/, durationMs) : [],
    silent: streams.audio ? spansFrom(log, SILENCE.start, SILENCE.end, durationMs) : [],
    maxVolumeDb: streams.audio && maxVolume ? (maxVolume[1] === '-inf' ? -Infinity : Number(maxVolume[1])) : null,
    loudness: streams.audio ? (parseLoudnorm(log)?.input ?? null) : null,
  };
}

export interface LoudnessTarget {
  integratedLufs: number;
  truePeakDb: number;
  rangeLu: number;
}

/** loudnorm's first pass: how loud the first audio stream is, measured against `target`. */
export async function measureLoudness(path: string, target: LoudnessTarget): Promise<Loudness | null> {
  const log = await ffmpegLog([
    '-i',
    path,
    '-map',
    '0:a:0',
    '-af',
    `${loudnormFilter(target)}:print_format=json`,
    '-f',
    'null',
    '-',
  ]);
  return parseLoudnorm(log)?.input ?? null;
}

export function loudnormFilter(target: LoudnessTarget, measured?: Loudness): string {
  const base = `loudnorm=I=${target.integratedLufs}:TP=${target.truePeakDb}:LRA=${target.rangeLu}`;
  if (!measured) return base;
  return (
    `${base}:measured_I=${measured.integratedLufs}:measured_TP=${measured.truePeakDb}` +
    `:measured_LRA=${measured.rangeLu}:measured_thresh=${measured.thresholdLufs}:linear=true`
  );
}

/**
 * A gain into a true-peak limiter: the sound raised by `gainDb`, its peaks held under
 * `ceilingDb` (dBTP: limited at 4× the sample rate, where inter-sample peaks show), and
 * delayed back into sync with the picture. Used where loudnorm's own gain falls short.
 */
export function limitedGainFilter(gainDb: number, ceilingDb: number, sampleRate: number): string {
  const limit = Math.min(1, Math.max(0.0625, 10 ** (ceilingDb / 20)));
  return (
    `aresample=${sampleRate * 4},volume=${gainDb.toFixed(2)}dB,` +
    `alimiter=limit=${limit.toFixed(4)}:attack=1:release=50:level=0:latency=1,aresample=${sampleRate}`
  );
}

/** Writes `output` with ffmpeg `args` around an audio filter. */
export async function applyAudioFilter(inputArgs: string[], filter: string, outputArgs: string[]): Promise<void> {
  await ffmpegLog(['-y', ...inputArgs, '-af', filter, ...outputArgs]);
}

/** loudnorm's second pass: writes `output` with ffmpeg `args` around the filter; says which mode loudnorm used. */
export async function applyLoudnorm(
  inputArgs: string[],
  filter: string,
  outputArgs: string[],
): Promise<{ normalization: string }> {
  const log = await ffmpegLog(['-y', ...inputArgs, '-af', `${filter}:print_format=json`, ...outputArgs]);
  return { normalization: parseLoudnorm(log)?.normalization ?? 'unknown' };
}
