// One ffmpeg run for a Composition: the inputs, the filtergraph (picture, captions, sound)
// and the encoder's settings. Pure: `textFile` names the file each caption text is written
// to, and the caller writes the graph to `graphFile` (a long timeline outgrows one argument).
import { captionChains } from './captionDraws.ts';
import type { Composition } from './composition.ts';
import { Inputs } from './filterText.ts';
import { ENCODING, type Quality } from './outputSettings.ts';
import { SAMPLE_RATE, soundMix } from './soundMix.ts';
import { videoLayers } from './videoLayers.ts';

export interface RenderCommand {
  args: string[];
  graph: string;
}

export function buildRenderCommand(
  composition: Composition,
  options: { quality: Quality; output: string; graphFile: string; textFile: (text: string) => string },
): RenderCommand {
  const inputs = new Inputs();
  const chains: string[] = [];
  const picture = videoLayers(composition, inputs, chains);
  const captioned = captionChains(composition, options.textFile, picture, chains);
  chains.push(`${captioned}format=yuv420p[vout]`);
  soundMix(composition, inputs, chains);
  const encoding = ENCODING[options.quality];
  const args = [
    ...inputs.args,
    '-filter_complex_script',
    options.graphFile,
    '-map',
    '[vout]',
    '-map',
    '[aout]',
    '-c:v',
    'libx264',
    '-preset',
    encoding.preset,
    '-crf',
    String(encoding.crf),
    '-pix_fmt',
    'yuv420p',
    // The picture is BT.601 limited range (as ffmpeg's drawing filters make it): say so.
    '-colorspace',
    'smpte170m',
    '-color_primaries',
    'smpte170m',
    '-color_trc',
    'smpte170m',
    '-color_range',
    'tv',
    '-r',
    String(composition.fps),
    '-frames:v',
    String(composition.frames),
    '-c:a',
    'aac',
    '-b:a',
    `${encoding.audioKbps}k`,
    '-ar',
    String(SAMPLE_RATE),
    '-ac',
    '2',
    '-movflags',
    '+faststart',
    options.output,
  ];
  return { args, graph: chains.join(';\n') };
}
