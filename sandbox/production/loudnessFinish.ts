// Audio finishing: two-pass loudnorm (measure, then apply with the measurements) into a
// new file; the source file is only read. Video is copied as it is and only the sound is
// replaced. The result keeps the source's container where that container can carry the
// new sound, and is measured again so the finish reports what was really made.
import { jobFailure } from './mediaJob.ts';
import { applyLoudnorm, loudnormFilter, measureLoudness, type Loudness, type LoudnessTarget } from './mediaAnalysis.ts';

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

export interface FinishMeasurements {
  input: Loudness;
  output: Loudness;
  /** "linear" (one gain for the whole file) or "dynamic" (loudnorm's adaptive gain). */
  normalization: string;
}

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
  const { normalization } = await applyLoudnorm(['-i', source, ...streams], loudnormFilter(target, input), [
    '-ar',
    String(SAMPLE_RATE),
    ...options.format.args,
    '-map_metadata',
    '0',
    output,
  ]);
  const measuredOutput = await measureLoudness(output, target);
  if (!measuredOutput) throw jobFailure('job.failed', 'The finished file could not be measured again.');
  return { input, output: measuredOutput, normalization };
}
