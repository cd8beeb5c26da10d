// A render's or an export's output settings as the client offers and sends them (our
// service documents them in /openapi.json; docs/render-semantics.md, "Output settings").
// Checked here before anything is sent, so a wrong value costs nothing.
import { z } from 'zod';

export const RESOLUTIONS = ['360p', '720p', '1080p', '2160p'] as const;
export const FRAME_RATES = [24, 25, 30, 60] as const;
export const QUALITIES = ['draft', 'standard', 'high'] as const;

export type Resolution = (typeof RESOLUTIONS)[number];
export type FrameRate = (typeof FRAME_RATES)[number];
export type Quality = (typeof QUALITIES)[number];

const oneOf = <T extends string | number>(values: readonly T[]) =>
  z.custom<T>((value) => (values as readonly unknown[]).includes(value), {
    message: `must be one of ${values.join(', ')}`,
  });

export const OutputSettingsSchema = z
  .object({
    resolution: oneOf(RESOLUTIONS).optional(),
    frameRate: oneOf(FRAME_RATES).optional(),
    quality: oneOf(QUALITIES).optional(),
    format: z.literal('mp4').optional(),
  })
  .loose();
export type OutputSettings = z.input<typeof OutputSettingsSchema>;

/** The settings an export of a whole timeline starts from: the service's defaults. */
export const EXPORT_DEFAULTS = { resolution: '1080p', frameRate: 30, quality: 'standard' } as const satisfies {
  resolution: Resolution;
  frameRate: FrameRate;
  quality: Quality;
};

/** The frame for a project's "W:H" at a resolution: the preset's lines on the short side, both sides even. */
export function frameSizeOf(aspectRatio: string, resolution: Resolution): { width: number; height: number } | null {
  const match = /^(\d+):(\d+)$/.exec(aspectRatio);
  if (!match) return null;
  const [w, h] = [Number(match[1]), Number(match[2])];
  const lines = Number.parseInt(resolution, 10);
  const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);
  return w >= h ? { width: even((lines * w) / h), height: lines } : { width: lines, height: even((lines * h) / w) };
}
