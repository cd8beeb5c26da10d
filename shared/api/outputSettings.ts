// A render's or an export's output settings as the client offers and sends them (our
// service documents them in /openapi.json; docs/render-semantics.md, "Output settings").
// Checked here before anything is sent, so a wrong value costs nothing.
import { z } from 'zod';

export const RESOLUTIONS = ['360p', '720p', '1080p', '2160p'] as const;
export const FRAME_RATES = [24, 25, 30, 60] as const;
export const QUALITIES = ['draft', 'standard', 'high'] as const;
/** The files a timeline export can make (a clip-list export and a batch make mp4 only). */
export const FORMATS = ['mp4', 'mp4-h265', 'webm-vp9', 'mov-prores', 'mp3', 'wav', 'm4a'] as const;
export const AUDIO_FORMATS = ['mp3', 'wav', 'm4a'] as const;
/** The loudness (integrated, LUFS) an audio format is normalised to: the service's range and default. */
export const LOUDNESS = { min: -30, max: -5, default: -16 } as const;

export type Resolution = (typeof RESOLUTIONS)[number];
export type FrameRate = (typeof FRAME_RATES)[number];
export type Quality = (typeof QUALITIES)[number];
export type Format = (typeof FORMATS)[number];

export const isAudioFormat = (format: Format): boolean => (AUDIO_FORMATS as readonly string[]).includes(format);

/** Each format as the user chooses it: its name, the codecs, the file's extension. */
export const FORMAT_FACTS: Record<Format, { label: string; codecs: string; extension: string }> = {
  mp4: { label: 'MP4 (H.264)', codecs: 'H.264 video, AAC audio', extension: 'mp4' },
  'mp4-h265': { label: 'MP4 (H.265/HEVC)', codecs: 'H.265 video, AAC audio', extension: 'mp4' },
  'webm-vp9': { label: 'WebM (VP9)', codecs: 'VP9 video, Opus audio', extension: 'webm' },
  'mov-prores': { label: 'MOV (ProRes 422)', codecs: 'ProRes 422 video, PCM audio', extension: 'mov' },
  mp3: { label: 'MP3 (audio only)', codecs: 'MP3 audio', extension: 'mp3' },
  wav: { label: 'WAV (audio only)', codecs: '16-bit PCM audio', extension: 'wav' },
  m4a: { label: 'M4A (audio only)', codecs: 'AAC audio', extension: 'm4a' },
};

const oneOf = <T extends string | number>(values: readonly T[]) =>
  z.custom<T>((value) => (values as readonly unknown[]).includes(value), {
    message: `must be one of ${values.join(', ')}`,
  });

export const OutputSettingsSchema = z
  .object({
    resolution: oneOf(RESOLUTIONS).optional(),
    frameRate: oneOf(FRAME_RATES).optional(),
    quality: oneOf(QUALITIES).optional(),
    format: oneOf(FORMATS).optional(),
    loudnessLufs: z.number().min(LOUDNESS.min).max(LOUDNESS.max).optional(),
    burnCaptions: z.boolean().optional(),
  })
  .loose();
export type OutputSettings = z.input<typeof OutputSettingsSchema>;

/** The settings as an export reports them: read tolerantly (a newer service may name a format this app does not know). */
export const OutputSettingsViewSchema = z
  .object({
    resolution: z.string().optional(),
    frameRate: z.number().optional(),
    quality: z.string().optional(),
    format: z.string().optional(),
    loudnessLufs: z.number().optional(),
    burnCaptions: z.boolean().optional(),
  })
  .loose();

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
