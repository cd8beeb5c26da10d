// A render's output settings (docs/render-semantics.md, "Output settings"): resolution,
// frame rate, quality and format, as a request gives them (each optional) and as a render
// uses them (all filled in). Renders, exports and batches share them.
import { z } from 'zod';

export const RESOLUTIONS = ['360p', '720p', '1080p', '2160p'] as const;
export const FRAME_RATES = [24, 25, 30, 60] as const;
export const QUALITIES = ['draft', 'standard', 'high'] as const;
export const FORMATS = ['mp4'] as const;

export type Resolution = (typeof RESOLUTIONS)[number];
export type FrameRate = (typeof FRAME_RATES)[number];
export type Quality = (typeof QUALITIES)[number];

export interface OutputSettings {
  resolution: Resolution;
  frameRate: FrameRate;
  quality: Quality;
  format: (typeof FORMATS)[number];
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
    format: oneOf(FORMATS, 'the container and codecs')
      .optional()
      .describe('mp4: H.264 video (yuv420p, BT.601 limited range, tagged) and AAC audio, 48 kHz stereo.'),
  })
  .describe("The output's settings; each one left out takes its default.");

export type OutputSettingsBody = z.infer<typeof OutputSettingsInput>;

export const OutputSettingsSchema = z
  .object({
    resolution: z.enum(RESOLUTIONS),
    frameRate: z.number().int(),
    quality: z.enum(QUALITIES),
    format: z.enum(FORMATS),
  })
  .describe('The output settings used, defaults filled in.');

/** The settings with defaults filled in; a preview range is smaller by default. */
export function resolveOutput(body: OutputSettingsBody | undefined, use: 'preview' | 'final'): OutputSettings {
  return {
    resolution: body?.resolution ?? (use === 'preview' ? '360p' : '1080p'),
    frameRate: body?.frameRate ?? 30,
    quality: body?.quality ?? 'standard',
    format: body?.format ?? 'mp4',
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

/**
 * The encoder's settings per quality level: x264's preset (its speed) and constant rate
 * factor (its picture quality), and the AAC bit rate. Measured by bench/render.bench.ts.
 */
export const ENCODING: Record<Quality, { preset: string; crf: number; audioKbps: number }> = {
  draft: { preset: 'ultrafast', crf: 28, audioKbps: 128 },
  standard: { preset: 'veryfast', crf: 21, audioKbps: 160 },
  high: { preset: 'medium', crf: 18, audioKbps: 192 },
};
