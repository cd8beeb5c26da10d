// The media library's resources beyond the asset itself, as the client reads them: brands
// (homes of reusable assets), a brand asset attached to a project, and delivery links (a
// public URL for one asset, shown once when it is made). Loose, like createTypes.ts: the
// fields we use are typed, the rest kept as they came.
import { z } from 'zod';
import { AssetSchema } from './createTypes.ts';

const id = z.number().int().positive();

export const BrandSchema = z.object({ id, name: z.string(), createdAt: z.string().optional() }).loose();
export type Brand = z.infer<typeof BrandSchema>;

export const AttachmentSchema = z
  .object({ projectId: id, assetId: id, attachedAt: z.string().optional(), asset: AssetSchema })
  .loose();
export type Attachment = z.infer<typeof AttachmentSchema>;

/** active, expired, revoked, or a state this client does not know. */
export const DeliveryLinkSchema = z
  .object({
    id,
    assetId: id,
    /** Only in the answer that made the link; null afterwards (the service keeps only a hash). */
    url: z.string().nullable().optional(),
    state: z.string(),
    createdAt: z.string().optional(),
    expiresAt: z.string().optional(),
    revokedAt: z.string().nullable().optional(),
  })
  .loose();
export type DeliveryLink = z.infer<typeof DeliveryLinkSchema>;
