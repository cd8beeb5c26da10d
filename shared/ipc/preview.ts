// The live monitor's part of the contract (spread into REQUESTS and EVENTS in ../ipc.ts): an
// asset's media prepared in main's media cache (fetched once, a playback proxy made once for
// heavy sources) and served to the page by the app itself, and the cache's size limit.
import { z } from 'zod';

import { id, request } from './contractParts.ts';
import {
  MEDIA_CACHE_LIMITS,
  PreviewMediaEventSchema,
  type MediaCacheUsage,
  type PreviewMedia,
} from '../preview/previewMedia.ts';

const MiB = 1024 * 1024;

export const PREVIEW_REQUESTS = {
  /**
   * An asset's media for the monitor: answered at once with where it stands; the work
   * (fetching, making a proxy) goes on in main and each step comes as a `preview.media` event.
   */
  'preview.media': request<PreviewMedia>()(z.strictObject({ assetId: id })),
  /** How much the media cache holds, and its limit. */
  'preview.cacheUsage': request<MediaCacheUsage>()(z.undefined()),
  /** A new limit (kept in the settings); the oldest media go until the cache fits it. */
  'preview.setCacheLimit': request<MediaCacheUsage>()(
    z.strictObject({
      limitBytes: z
        .int('must be a whole number of bytes')
        .min(MEDIA_CACHE_LIMITS.minBytes, `must be at least ${MEDIA_CACHE_LIMITS.minBytes / MiB} MiB`)
        .max(MEDIA_CACHE_LIMITS.maxBytes, `must be at most ${MEDIA_CACHE_LIMITS.maxBytes / MiB / 1024} GiB`),
    }),
  ),
  /** Empties the cache except what is being played or prepared now. */
  'preview.clearCache': request<MediaCacheUsage>()(z.undefined()),
} as const;

export const PREVIEW_EVENTS = {
  /** An asset's media moved on: fetched so far, proxy progress, ready, or unavailable. */
  'preview.media': PreviewMediaEventSchema,
} as const;
