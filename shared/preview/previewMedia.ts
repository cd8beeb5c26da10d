// What main tells the live monitor about an asset's media (DESIGN.md "Seeing the edit"):
// where the page reads it (a same-origin URL served by the app itself, with Range), what it
// is (kind, size, frame rate: the monitor seeks to the middle of a frame), and how far its
// preparation has gone (fetched once into the media cache, then a playback proxy made once
// for heavy sources). Plain data, never a key: the URL names a cached file, not the service.
import { z } from 'zod';

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;

/** The media cache's size limit (Settings): at least 256 MiB, at most 1 TiB, 5 GiB unless the user says. */
export const MEDIA_CACHE_LIMITS = { minBytes: 256 * MiB, maxBytes: 1024 * GiB, defaultBytes: 5 * GiB } as const;

/**
 * fetching: the content is being copied into the cache · proxying: a playback proxy is being
 * made (the original may play meanwhile: `url` is set) · ready · unavailable: see `message`.
 */
export const PREVIEW_MEDIA_STATES = ['fetching', 'proxying', 'ready', 'unavailable'] as const;
export type PreviewMediaState = (typeof PREVIEW_MEDIA_STATES)[number];

export const MediaInfoSchema = z.object({
  kind: z.enum(['video', 'audio', 'image']),
  /** The picture's display size in square pixels (sample aspect applied); 0 without a picture. */
  width: z.number().int().min(0),
  height: z.number().int().min(0),
  /** Null for an image. */
  durationMs: z.number().nullable(),
  /** Frames a second of what plays (a proxy is constant-rate); null for an image or sound. */
  frameRate: z.number().positive().nullable(),
  hasVideo: z.boolean(),
  hasAudio: z.boolean(),
});
export type MediaInfo = z.infer<typeof MediaInfoSchema>;

export const PreviewMediaSchema = z.object({
  assetId: z.number().int(),
  state: z.enum(PREVIEW_MEDIA_STATES),
  /** 0..1 of the step under way (fetching or proxying); null when not known. */
  progress: z.number().min(0).max(1).nullable(),
  /** Where the page reads what plays (relative to the page: `media/<ticket>`); null until something can play. */
  url: z.string().nullable(),
  /** What `url` serves: the asset's own content, or the playback proxy made from it. */
  variant: z.enum(['original', 'proxy']).nullable(),
  /** Of what `url` serves; null until the content was read. */
  info: MediaInfoSchema.nullable(),
  /** Why it is unavailable (or why a proxy is being made), in words. */
  message: z.string().nullable(),
});
export type PreviewMedia = z.infer<typeof PreviewMediaSchema>;

export const PreviewMediaEventSchema = z.object({ workspaceId: z.string(), media: PreviewMediaSchema });
export type PreviewMediaEvent = z.infer<typeof PreviewMediaEventSchema>;

export const MediaCacheUsageSchema = z.object({
  usedBytes: z.number().int().min(0),
  limitBytes: z.number().int().min(0),
  /** Assets with something in the cache. */
  entries: z.number().int().min(0),
});
export type MediaCacheUsage = z.infer<typeof MediaCacheUsageSchema>;
