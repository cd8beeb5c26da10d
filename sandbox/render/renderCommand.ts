// The ffmpeg runs for a Composition: the inputs, the filtergraph (picture, captions, sound)
// and the encoder's settings for the file asked for (outputFormats.ts). Pure: `textFile`
// names the file each caption text is written to, and the caller writes the graph to
// `graphFile` (a long timeline outgrows one argument).
//
// A composition that reads few enough files is one run to the file. A larger one is made in
// parts (renderComposition.ts): each part one run to a picture in the format's codec (in a
// container the concat demuxer joins) and a float WAV of its unlimited mix, then one run
// joins them — the pictures copied, the sound limited once over the whole and encoded.
// The audio formats make no picture: their mix goes to a float WAV first, so its loudness
// can be measured and normalised (loudness.ts) before it is encoded.
import { captionChains } from './captionDraws.ts';
import { chapterArgs, type Chapter } from './chapters.ts';
import type { Composition } from './composition.ts';
import { Inputs } from './filterText.ts';
import {
  audioEncoderArgs,
  containerArgs,
  partMuxer,
  videoEncoderArgs,
  type Quality,
  type VideoFormat,
} from './outputFormats.ts';
import { LIMITER, SAMPLE_RATE, soundMix } from './soundMix.ts';
import { videoLayers } from './videoLayers.ts';

export interface RenderCommand {
  args: string[];
  graph: string;
}

interface CommandOptions {
  quality: Quality;
  graphFile: string;
  textFile: (text: string) => string;
}

/** A mix as a float WAV at the render's rate: what parts hand on, and what the loudness is measured on. */
const FLOAT_WAV = ['-c:a', 'pcm_f32le', '-ar', String(SAMPLE_RATE), '-ac', '2', '-f', 'wav'];

/** The graph drawing the picture ([vout]) and/or mixing the sound ([aout]). */
function graphOf(
  composition: Composition,
  options: CommandOptions,
  wanted: { picture: boolean; sound: boolean; limited: boolean },
) {
  const inputs = new Inputs();
  const chains: string[] = [];
  if (wanted.picture) {
    const picture = videoLayers(composition, inputs, chains);
    const captioned = captionChains(composition, options.textFile, picture, chains);
    chains.push(`${captioned}format=yuv420p[vout]`);
  }
  if (wanted.sound) soundMix(composition, inputs, chains, wanted.limited);
  return {
    inputs: [...inputs.args, '-filter_complex_script', options.graphFile],
    inputCount: inputs.count,
    graph: chains.join(';\n'),
  };
}

/** The whole render of a video format in one run, to the file at `output`. */
export function buildRenderCommand(
  composition: Composition,
  options: CommandOptions & { format?: VideoFormat; output: string },
): RenderCommand {
  const format = options.format ?? 'mp4';
  const { inputs, inputCount, graph } = graphOf(composition, options, { picture: true, sound: true, limited: true });
  // prettier-ignore
  const args = [
    ...inputs,
    ...chapterArgs(composition.chapters, inputCount, options.textFile),
    '-map', '[vout]', ...videoEncoderArgs(format, options.quality, composition.fps),
    '-frames:v', String(composition.frames),
    '-map', '[aout]', ...audioEncoderArgs(format, options.quality),
    ...containerArgs(format), options.output,
  ];
  return { args, graph };
}

/** One still frame (the composition's first) to a PNG at `output`. */
export function buildStillCommand(
  composition: Composition,
  options: CommandOptions & { output: string },
): RenderCommand {
  const { inputs, graph } = graphOf(composition, options, { picture: true, sound: false, limited: false });
  // prettier-ignore
  const args = [...inputs, '-map', '[vout]', ...videoEncoderArgs('png', options.quality, composition.fps), ...containerArgs('png'), options.output];
  return { args, graph };
}

/** The whole limited mix in one run, to a float WAV at `sound` (an audio format's first step). */
export function buildMixCommand(composition: Composition, options: CommandOptions & { sound: string }): RenderCommand {
  const { inputs, graph } = graphOf(composition, options, { picture: false, sound: true, limited: true });
  return { args: [...inputs, '-map', '[aout]', ...FLOAT_WAV, options.sound], graph };
}

/**
 * One part of a render in parts: its picture (for a video format) in the format's codec,
 * its unlimited mix to a float WAV.
 */
export function buildPartCommand(
  composition: Composition,
  options: CommandOptions & { format: VideoFormat | null; picture: string; sound: string },
): RenderCommand {
  const { format } = options;
  const { inputs, graph } = graphOf(composition, options, { picture: format !== null, sound: true, limited: false });
  // prettier-ignore
  const picture = format === null ? [] : [
    '-map', '[vout]', ...videoEncoderArgs(format, options.quality, composition.fps), '-frames:v', String(composition.frames),
    '-f', partMuxer(format), options.picture,
  ];
  return { args: [...inputs, ...picture, '-map', '[aout]', ...FLOAT_WAV, options.sound], graph };
}

/**
 * Joins the parts (lists for the concat demuxer): pictures copied and the sound limited once
 * and encoded for a video format; for an audio format (no pictures) the limited mix as a float WAV.
 */
export function buildJoinCommand(options: {
  format: VideoFormat | null;
  quality: Quality;
  pictures: string | null;
  sounds: string;
  output: string;
  /** The chapters, and the file (ffmetadata, render/chapters.ts) the caller wrote them to. */
  chapters?: readonly Chapter[];
  chaptersFile?: string;
}): string[] {
  const concat = (list: string) => ['-f', 'concat', '-safe', '0', '-i', list];
  if (options.format === null || options.pictures === null)
    return [...concat(options.sounds), '-af', LIMITER, ...FLOAT_WAV, options.output];
  // prettier-ignore
  return [
    ...concat(options.pictures), ...concat(options.sounds),
    ...chapterArgs(options.chapters, 2, () => options.chaptersFile!),
    '-map', '0:v', '-map', '1:a', '-c:v', 'copy',
    '-af', LIMITER, ...audioEncoderArgs(options.format, options.quality),
    ...containerArgs(options.format), options.output,
  ];
}
