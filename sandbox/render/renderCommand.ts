// The ffmpeg runs for a Composition: the inputs, the filtergraph (picture, captions, sound)
// and the encoder's settings. Pure: `textFile` names the file each caption text is written
// to, and the caller writes the graph to `graphFile` (a long timeline outgrows one argument).
//
// A composition that reads few enough files is one run to the MP4. A larger one is made in
// parts (renderComposition.ts): each part one run to an MPEG-TS picture (H.264, the same
// settings) and a float WAV of its unlimited mix, then one run joins them — the pictures
// copied, the sound limited once over the whole and encoded.
import { captionChains } from './captionDraws.ts';
import { chapterArgs, type Chapter } from './chapters.ts';
import type { Composition } from './composition.ts';
import { Inputs } from './filterText.ts';
import { ENCODING, type Quality } from './outputSettings.ts';
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

/** x264 at the quality's settings, its pictures tagged BT.601 limited range (as ffmpeg's drawing filters make them). */
function videoEncoder(quality: Quality, fps: number): string[] {
  const { preset, crf } = ENCODING[quality];
  // prettier-ignore
  return [
    '-c:v', 'libx264', '-preset', preset, '-crf', String(crf), '-pix_fmt', 'yuv420p',
    '-colorspace', 'smpte170m', '-color_primaries', 'smpte170m', '-color_trc', 'smpte170m', '-color_range', 'tv',
    '-r', String(fps),
  ];
}

function audioEncoder(quality: Quality): string[] {
  return ['-c:a', 'aac', '-b:a', `${ENCODING[quality].audioKbps}k`, '-ar', String(SAMPLE_RATE), '-ac', '2'];
}

function graphOf(composition: Composition, options: CommandOptions, limited: boolean) {
  const inputs = new Inputs();
  const chains: string[] = [];
  const picture = videoLayers(composition, inputs, chains);
  const captioned = captionChains(composition, options.textFile, picture, chains);
  chains.push(`${captioned}format=yuv420p[vout]`);
  soundMix(composition, inputs, chains, limited);
  return {
    inputs: [...inputs.args, '-filter_complex_script', options.graphFile],
    inputCount: inputs.count,
    graph: chains.join(';\n'),
  };
}

/** The whole render in one run, to the MP4 at `output`. */
export function buildRenderCommand(
  composition: Composition,
  options: CommandOptions & { output: string },
): RenderCommand {
  const { inputs, inputCount, graph } = graphOf(composition, options, true);
  const args = [
    ...inputs,
    ...chapterArgs(composition.chapters, inputCount, options.textFile),
    '-map',
    '[vout]',
    '-map',
    '[aout]',
    ...videoEncoder(options.quality, composition.fps),
    '-frames:v',
    String(composition.frames),
    ...audioEncoder(options.quality),
    '-movflags',
    '+faststart',
    options.output,
  ];
  return { args, graph };
}

/** One part of a render in parts: its picture to an MPEG-TS file, its unlimited mix to a float WAV. */
export function buildPartCommand(
  composition: Composition,
  options: CommandOptions & { picture: string; sound: string },
): RenderCommand {
  const { inputs, graph } = graphOf(composition, options, false);
  // prettier-ignore
  const args = [
    ...inputs,
    '-map', '[vout]', ...videoEncoder(options.quality, composition.fps), '-frames:v', String(composition.frames),
    '-f', 'mpegts', options.picture,
    '-map', '[aout]', '-c:a', 'pcm_f32le', '-ar', String(SAMPLE_RATE), '-ac', '2', '-f', 'wav', options.sound,
  ];
  return { args, graph };
}

/** Joins the parts (lists for the concat demuxer): pictures copied, the sound limited once and encoded. */
export function buildJoinCommand(options: {
  quality: Quality;
  pictures: string;
  sounds: string;
  output: string;
  /** The chapters, and the file (ffmetadata, render/chapters.ts) the caller wrote them to. */
  chapters?: readonly Chapter[];
  chaptersFile?: string;
}): string[] {
  // prettier-ignore
  return [
    '-f', 'concat', '-safe', '0', '-i', options.pictures,
    '-f', 'concat', '-safe', '0', '-i', options.sounds,
    ...chapterArgs(options.chapters, 2, () => options.chaptersFile!),
    '-map', '0:v', '-map', '1:a', '-c:v', 'copy',
    '-af', LIMITER, ...audioEncoder(options.quality),
    '-movflags', '+faststart', options.output,
  ];
}
