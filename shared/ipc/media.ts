// The Media screen's part of the contract (spread into REQUESTS in ../ipc.ts): brands and their
// assets, attaching a brand asset to a project, previews made in main, downloads, delivery
// links, and control of the uploads under way. Built from ./contractParts.ts, like every
// group.
import { z } from 'zod';
import type { Asset, Page } from '../api/createTypes.ts';
import type { Attachment, Brand, DeliveryLink } from '../api/mediaLibrary.ts';
import type { UploadProgressEvent } from '../api/uploads.ts';
import { UPLOAD_LIMITS } from '../limits.ts';
import type { AssetPreview, DownloadOutcome } from '../mediaViews.ts';
import { id, pageQuery as page, request } from './contractParts.ts';

const uploadId = z.string().min(1, 'name the upload').max(100);
const { min: hoursMin, max: hoursMax } = UPLOAD_LIMITS.deliveryLinkHours;

export const MEDIA_REQUESTS = {
  /** GET /brands: the account's brands, newest first. */
  'media.brands': request<Page<Brand>>()(z.strictObject(page)),
  /** GET /brands/{id}/assets: a brand's reusable assets. */
  'media.brandAssets': request<Page<Asset>>()(z.strictObject({ brandId: id, ...page })),
  /** The brand assets attached to a project (they count as its media for editing and exports). */
  'media.attachments': request<Page<Attachment>>()(z.strictObject({ projectId: id, ...page })),
  /** Attaching again changes nothing. */
  'media.attach': request<Attachment>()(z.strictObject({ projectId: id, assetId: id })),
  /** A small picture (an image, a video frame) or a waveform, made in main and cached. */
  'media.preview': request<AssetPreview>()(z.strictObject({ assetId: id })),
  /** The desktop app asks where to save; browser mode answers a single-use link for the page. */
  'media.download': request<DownloadOutcome>()(z.strictObject({ assetId: id })),
  'media.links': request<Page<DeliveryLink>>()(z.strictObject({ assetId: id, ...page })),
  /** The answer carries the link's URL, this once: the service keeps only a hash. */
  'media.createLink': request<DeliveryLink>()(
    z.strictObject({
      assetId: id,
      expiresInHours: z
        .int('must be a whole number of hours')
        .min(hoursMin, `must be from ${hoursMin} to ${hoursMax} hours`)
        .max(hoursMax, `must be from ${hoursMin} to ${hoursMax} hours (30 days)`)
        .optional(),
    }),
  ),
  'media.revokeLink': request<DeliveryLink>()(z.strictObject({ assetId: id, linkId: id })),

  /** The uploads of the active workspace under way, as their last progress event said. */
  'uploads.list': request<UploadProgressEvent[]>()(z.undefined()),
  /** Resumable uploads only: false when there is nothing to pause. */
  'uploads.pause': request<{ paused: boolean }>()(z.strictObject({ uploadId })),
  'uploads.resume': request<{ resumed: boolean }>()(z.strictObject({ uploadId })),
  /** Stops for good (a resumable upload is also ended on the service); false when it was already over. */
  'uploads.cancel': request<{ cancelled: boolean }>()(z.strictObject({ uploadId })),
} as const;
