// A render's output settings (docs/render-semantics.md, "Output settings"): resolution,
// frame rate, quality, format, loudness and whether captions are burnt in, as a request
// gives them (each optional) and as a render uses them (all filled in). Renders, exports and
// batches share them; a batch makes MP4s only (OutputSettingsInput), a render or a timeline
// export any format (DeliveryOutputInput).
import { z } from 'zod';
import {
  AUDIO_FORMATS,
  FORMATS,
  isAudioFormat,
  PRODUCTS,
  QUALITIES,
  type Format,
  type Quality,
} from './outputFormats.ts';

export { ENCODING, QUALITIES, type Quality } from './outputFormats.ts';

export const RESOLUTIONS = ['360p', '720p', '1080p', '2160p'] as const;
export const FRAME_RATES = [24, 25, 30, 60] as const;

export type Resolution = (typeof RESOLUTIONS)[number];
export type FrameRate = (typeof FRAME_RATES)[number];

/** The loudness an audio file is normalised to (integrated, EBU R128), in LUFS. */
export const LOUDNESS = { min: -30, max: -5, default: -16 } as const;

export interface OutputSettings {
  resolution: Resolution;
  frameRate: FrameRate;
  quality: Quality;
  format: Format;
  /** Integrated loudness (LUFS) the sound is normalised to: set for the audio formats, absent otherwise. */
  loudnessLufs?: number;
  /** false leaves the caption tracks out of the picture; absent (as before it existed) or true draws them. */
  burnCaptions?: boolean;
}

/** The largest frame side an H.264 file of ours may have (every level-6 decoder takes it). */
export const MAX_FRAME_SIDE = 8192;

// A literal union, so /openapi.json states the type and its enum (a custom check would carry
// only the description, and a client validating against it would accept "999p").
const oneOf = <const T extends readonly [string, ...string[]] | readonly [number, ...number[]]>(
  values: T,
  what: string,
) =>
  z.literal(values, {
    error: () => `must be one of ${values.map((v) => JSON.stringify(v)).join(', ')} (${what})`,
  });

const formatWords = (formats: readonly Format[]) => formats.map((f) => `${f}: ${PRODUCTS[f].words}`).join('; ');

export const OutputSettingsInput = z
  .strictObject({
    resolution: oneOf(RESOLUTIONS, 'lines on the short side of the frame')
      .optional()
      .describe(
        `${RESOLUTIONS.join(', ')}: the number of lines on the frame's short side; the long side follows the project's aspect ratio, both rounded to even pixels. 1080p by default for a whole-timeline render and an export, 360p for a preview range.`,
      ),
    frameRate: oneOf(FRAME_RATES, 'frames a second')
      .optional()
      .describe(`${FRAME_RATES.join(', ')} frames a second; 30 by default.`),
    quality: oneOf(QUALITIES, 'how much the encoder spends on the picture')
      .optional()
      .describe(
        'draft (fastest, smallest, visibly compressed), standard (the default) or high (slowest, largest, closest to the source).',
      ),
    format: oneOf(['mp4'], 'the container and codecs')
      .optional()
      .describe(`${formatWords(['mp4'])}.`),
  })
  .describe("The output's settings; each one left out takes its default.");

const audioList = AUDIO_FORMATS.join(', ');

export const DeliveryOutputInput = OutputSettingsInput.extend({
  format: oneOf(FORMATS, 'the container and codecs')
    .optional()
    .describe(`The file made; mp4 by default. ${formatWords(FORMATS)}.`),
  loudnessLufs: z
    .number({ error: () => `must be a number of LUFS from ${LOUDNESS.min} to ${LOUDNESS.max}` })
    .min(LOUDNESS.min, `must be from ${LOUDNESS.min} to ${LOUDNESS.max} LUFS`)
    .max(LOUDNESS.max, `must be from ${LOUDNESS.min} to ${LOUDNESS.max} LUFS`)
    .optional()
    .describe(
      `For the audio formats (${audioList}): the integrated loudness (EBU R128) the sound is brought to by one gain, within 1 LU (peaks held under −1 dBFS); ${LOUDNESS.default} by default (podcasts; −14 suits video platforms). Refused with a video format.`,
    ),
  burnCaptions: z
    .boolean({ error: () => 'must be true or false' })
    .optional()
    .describe(
      'true (the default) draws the caption tracks into the picture; false leaves them out (save them as a file instead: GET /projects/{id}/editor/captions.srt or .vtt).',
    ),
})
  .superRefine((output, ctx) => {
    if (output.loudnessLufs !== undefined && !isAudioFormat(output.format ?? 'mp4'))
      ctx.addIssue({
        code: 'custom',
        path: ['loudnessLufs'],
        message: `applies to the audio formats only (${audioList}); format is ${output.format ?? 'mp4'}: leave loudnessLufs out or choose one of those`,
      });
  })
  .describe("The output's settings; each one left out takes its default.");

export type OutputSettingsBody = z.infer<typeof OutputSettingsInput>;
export type DeliveryOutputBody = z.infer<typeof DeliveryOutputInput>;

export const OutputSettingsSchema = z
  .object({
    resolution: z.enum(RESOLUTIONS),
    frameRate: z.number().int(),
    quality: z.enum(QUALITIES),
    format: z.enum(FORMATS),
    loudnessLufs: z
      .number()
      .optional()
      .describe('Set for the audio formats: the loudness the sound was normalised to.'),
    burnCaptions: z.boolean().optional().describe('Present when the request said; captions are drawn unless false.'),
  })
  .describe('The output settings used, defaults filled in.');

/** The settings with defaults filled in; a preview range is smaller by default. */
export function resolveOutput(body: DeliveryOutputBody | undefined, use: 'preview' | 'final'): OutputSettings {
  const format = body?.format ?? 'mp4';
  return {
    resolution: body?.resolution ?? (use === 'preview' ? '360p' : '1080p'),
    frameRate: body?.frameRate ?? 30,
    quality: body?.quality ?? 'standard',
    format,
    ...(isAudioFormat(format) && { loudnessLufs: body?.loudnessLufs ?? LOUDNESS.default }),
    ...(body?.burnCaptions !== undefined && { burnCaptions: body.burnCaptions }),
  };
}

/** The frame for a project's "W:H" at a resolution: the short side is the preset's lines, both sides even. */
export function frameSize(aspectRatio: string, resolution: Resolution): { width: number; height: number } {
  const [w, h] = aspectRatio.split(':').map(Number) as [number, number];
  const lines = Number.parseInt(resolution, 10);
  const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);
  return w >= h ? { width: even((lines * w) / h), height: lines } : { width: lines, height: even((lines * h) / w) };
}

/** Why these settings cannot render this project's frame, or null. */
export function outputProblem(aspectRatio: string, output: OutputSettings): string | null {
  const { width, height } = frameSize(aspectRatio, output.resolution);
  if (Math.max(width, height) <= MAX_FRAME_SIDE) return null;
  return `At ${output.resolution} the project's ${aspectRatio} frame would be ${width}×${height} pixels; a side may be at most ${MAX_FRAME_SIDE}: choose a lower output.resolution.`;
}
