// Runs ffmpeg to render a Composition to a file of the format asked for (outputFormats.ts),
// or one still frame. A composition that opens few enough
// files is one run; a larger one is made in parts of at most MAX_INPUTS_PER_RUN files each
// and joined (renderCommand.ts), because every file a run opens holds a decoder and its
// frames (120 1080p clips in one run took 5.7 GB). The caption texts, the
// filtergraphs and the parts live in a temporary folder, removed afterwards. A failure
// carries ffmpeg's own last words (not a stack), so the job can say why; `signal` stops
// ffmpeg (a cancelled render) and leaves no output. `onProgress` hears the share done (0..1,
// never falling) as ffmpeg reports the time it has written: a part's frames count at their
// place in the whole, so the share rises steadily across parts; the join of the parts (which
// copies the picture) takes the last JOIN_SHARE.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ffmpegWithProgress } from './ffmpegProgress.ts';
import { chapterMetadata } from './chapters.ts';
import { compositionPart, inputsOf, partBoundaries, type Composition } from './composition.ts';
import { buildNormaliseCommand, measureLoudness } from './loudness.ts';
import {
  isAudioFormat,
  partMuxer,
  type AudioFormat,
  type Product,
  type Quality,
  type VideoFormat,
} from './outputFormats.ts';
import { LOUDNESS } from './outputSettings.ts';
import {
  buildJoinCommand,
  buildMixCommand,
  buildPartCommand,
  buildRenderCommand,
  buildStillCommand,
  type RenderCommand,
} from './renderCommand.ts';

/** The most media files one ffmpeg run opens. */
export const MAX_INPUTS_PER_RUN = 32;

/** What ffmpeg said when it failed, in a sentence or two. */
export function ffmpegReason(err: unknown): string {
  const stderr = String((err as { stderr?: string }).stderr ?? '').trim();
  const lines = stderr
    .split('\n')
    .map((line) => line.replace(/^\[[^\]]+\]\s*/, '').trim())
    .filter((line) => line.length > 0);
  const detail = lines.slice(-3).join(' ').slice(0, 400);
  return detail || (err as Error).message || 'ffmpeg failed';
}

/** Hears the share of a render done, 0..1. */
export type ProgressListener = (share: number) => void;

/** The share of a render in parts left for joining them (the picture is copied, the sound encoded). */
const JOIN_SHARE = 0.03;

/** The listener for one step of a render: its own time (ms of `lengthMs`) mapped onto [from, to] of the whole. */
function stepProgress(
  onProgress: ProgressListener | undefined,
  from: number,
  to: number,
  lengthMs: number,
): ((ms: number) => void) | undefined {
  if (!onProgress) return undefined;
  return (ms) => onProgress(from + (to - from) * Math.min(1, Math.max(0, ms / Math.max(1, lengthMs))));
}

const lengthMsOf = (composition: Composition) => (composition.frames * 1000) / composition.fps;

/** Writes a run's caption texts and graph into `dir` (named by `name`) and runs it. */
async function runIn(
  dir: string,
  name: string,
  build: (files: { graphFile: string; textFile: (text: string) => string }) => RenderCommand,
  signal: AbortSignal | undefined,
  onTime?: (ms: number) => void,
): Promise<void> {
  const texts: string[] = [];
  const command = build({
    graphFile: join(dir, `${name}-graph.txt`),
    textFile: (text) => {
      texts.push(text);
      return join(dir, `${name}-text-${texts.length}.txt`);
    },
  });
  await Promise.all(texts.map((text, i) => writeFile(join(dir, `${name}-text-${i + 1}.txt`), text)));
  await writeFile(join(dir, `${name}-graph.txt`), command.graph);
  await ffmpegWithProgress(command.args, { ...(signal && { signal }), ...(onTime && { onTime }) });
}

const listLine = (path: string) => `file '${path.replace(/'/g, "'\\''")}'\n`;

export interface RenderProduct {
  /** The file made: a format, or one still frame (the composition's first) as a PNG. */
  product: Product;
  quality: Quality;
  /** The loudness an audio format's sound is normalised to. */
  loudnessLufs?: number;
}

/** Renders a composition in parts of at most MAX_INPUTS_PER_RUN files, joined to `output` (a video format) or to a float WAV mix. */
async function renderInParts(
  dir: string,
  composition: Composition,
  options: {
    format: VideoFormat | null;
    quality: Quality;
    output: string;
    signal: AbortSignal | undefined;
    /** The share of the whole render these parts and their join cover. */
    progress?: { onProgress: ProgressListener; from: number; to: number };
  },
): Promise<void> {
  const { format, quality, signal, progress } = options;
  const bounds = partBoundaries(composition, MAX_INPUTS_PER_RUN);
  const { frames } = composition;
  const span = progress ? progress.to - progress.from : 0;
  const drawn = span * (1 - JOIN_SHARE);
  const pictures: string[] = [];
  const sounds: string[] = [];
  for (let i = 0; i + 1 < bounds.length; i++) {
    const part = compositionPart(composition, bounds[i]!, bounds[i + 1]!);
    const picture = join(dir, `part-${i}.${format === null ? 'none' : partMuxer(format)}`);
    const sound = join(dir, `part-${i}.wav`);
    await runIn(
      dir,
      `part-${i}`,
      (files) => buildPartCommand(part, { format, quality, picture, sound, ...files }),
      signal,
      progress &&
        stepProgress(
          progress.onProgress,
          progress.from + (drawn * bounds[i]!) / frames,
          progress.from + (drawn * bounds[i + 1]!) / frames,
          lengthMsOf(part),
        ),
    );
    pictures.push(picture);
    sounds.push(sound);
  }
  await writeFile(join(dir, 'pictures.txt'), pictures.map(listLine).join(''));
  await writeFile(join(dir, 'sounds.txt'), sounds.map(listLine).join(''));
  const chaptersFile = join(dir, 'chapters.txt');
  const { chapters } = composition;
  if (chapters?.length) await writeFile(chaptersFile, chapterMetadata(chapters));
  const joined = buildJoinCommand({
    format,
    quality,
    pictures: format === null ? null : join(dir, 'pictures.txt'),
    sounds: join(dir, 'sounds.txt'),
    output: options.output,
    ...(chapters && { chapters, chaptersFile }),
  });
  const onTime =
    progress && stepProgress(progress.onProgress, progress.from + drawn, progress.to, lengthMsOf(composition));
  await ffmpegWithProgress(joined, { ...(signal && { signal }), ...(onTime && { onTime }) });
}

/** An audio format: the mix (no picture drawn) to a float WAV, its loudness measured, then normalised and encoded. */
async function renderAudio(
  dir: string,
  composition: Composition,
  options: {
    format: AudioFormat;
    quality: Quality;
    lufs: number;
    output: string;
    signal: AbortSignal | undefined;
    onProgress: ProgressListener | undefined;
  },
): Promise<void> {
  const { quality, signal, onProgress } = options;
  const soundOnly: Composition = { ...composition, layers: [], captions: [] };
  const mix = join(dir, 'mix.wav');
  const lengthMs = lengthMsOf(composition);
  // The mix is most of the work; measuring and normalising it read the mix once each.
  if (inputsOf(soundOnly) <= MAX_INPUTS_PER_RUN)
    await runIn(
      dir,
      'mix',
      (files) => buildMixCommand(soundOnly, { quality, sound: mix, ...files }),
      signal,
      stepProgress(onProgress, 0, 0.8, lengthMs),
    );
  else
    await renderInParts(dir, soundOnly, {
      format: null,
      quality,
      output: mix,
      signal,
      ...(onProgress && { progress: { onProgress, from: 0, to: 0.8 } }),
    });
  const measure = await measureLoudness(mix, signal);
  onProgress?.(0.9);
  const normalise = buildNormaliseCommand({ ...options, mix, measure });
  const onTime = stepProgress(onProgress, 0.9, 1, lengthMs);
  await ffmpegWithProgress(normalise, { ...(signal && { signal }), ...(onTime && { onTime }) });
}

export async function renderComposition(
  composition: Composition,
  options: RenderProduct & { output: string; signal?: AbortSignal; onProgress?: ProgressListener },
): Promise<void> {
  const { product, quality, output, signal } = options;
  // Never falling, whatever order the steps report in.
  let reached = 0;
  const onProgress =
    options.onProgress &&
    ((share: number) => {
      if (share <= reached) return;
      reached = share;
      options.onProgress!(share);
    });
  const dir = await mkdtemp(join(tmpdir(), 'clipdesk-render-'));
  try {
    if (product === 'png') {
      const still: Composition = { ...composition, frames: 1, sounds: [] };
      await runIn(dir, 'still', (files) => buildStillCommand(still, { quality, output, ...files }), signal);
    } else if (isAudioFormat(product)) {
      const lufs = options.loudnessLufs ?? LOUDNESS.default;
      await renderAudio(dir, composition, { format: product, quality, lufs, output, signal, onProgress });
    } else if (inputsOf(composition) <= MAX_INPUTS_PER_RUN) {
      await runIn(
        dir,
        'whole',
        (files) => buildRenderCommand(composition, { format: product, quality, output, ...files }),
        signal,
        stepProgress(onProgress, 0, 1, lengthMsOf(composition)),
      );
    } else {
      await renderInParts(dir, composition, {
        format: product,
        quality,
        output,
        signal,
        ...(onProgress && { progress: { onProgress, from: 0, to: 1 } }),
      });
    }
  } catch (err) {
    await rm(output, { force: true });
    throw err;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
