// What main shows the Media and Generate screens beyond the service's own resources: an
// asset's preview, made in main, and how a download went. Plain data; never a secret.
import { z } from 'zod';

export const AssetPreviewSchema = z.object({
  assetId: z.number().int().positive(),
  /** A small JPEG as a data: URL: the image itself, or a frame of the video. */
  image: z.string().nullable(),
  /** The waveform of audio: the peak of each equal slice of the file, 0 (silence) to 1 (full scale). */
  peaks: z.array(z.number().min(0).max(1)).nullable(),
  /** Why there is no preview, in words for the tile (too large, not readable as media). */
  unavailable: z.string().nullable(),
});
export type AssetPreview = z.infer<typeof AssetPreviewSchema>;

/**
 * saved: the desktop app wrote the file where the user chose · link: browser mode serves it
 * once at `url` (on its own token-guarded server, for the page to download) · cancelled: the
 * user closed the save dialog.
 */
export const DownloadOutcomeSchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('saved'), path: z.string(), bytes: z.number().int().nonnegative() }),
  z.object({ outcome: z.literal('link'), url: z.string(), filename: z.string() }),
  z.object({ outcome: z.literal('cancelled') }),
]);
export type DownloadOutcome = z.infer<typeof DownloadOutcomeSchema>;
