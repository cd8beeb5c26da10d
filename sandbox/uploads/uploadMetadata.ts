// The Upload-Metadata of a new resumable upload (tus: comma-separated `key base64value`
// pairs), checked before any byte is accepted: which file it is and what it is for.
import { z } from 'zod';
import { CREATE_LIMITS } from '../../shared/limits.ts';
import type { SandboxContext } from '../context.ts';
import { createBrandStore } from '../create/brands.ts';
import { createProjectStore } from '../create/projects.ts';
import { ApiError } from '../http/apiError.ts';
import { intQuery } from '../http/pagination.ts';
import { describeZodError } from '../http/router.ts';

const missing = (what: string) => (issue: { input: unknown }) =>
  issue.input === undefined ? `missing: ${what}` : 'must be text';

const MetadataFields = z.object({
  filename: z
    .string({ error: missing("send the file's name (base64) under the key filename") })
    .trim()
    .min(1, "must not be empty: send the file's name")
    .max(255, 'must be at most 255 characters'),
  filetype: z
    .string({ error: missing('send the media type the file claims, e.g. video/mp4, under the key filetype') })
    .trim()
    .regex(/^[\w.+-]+\/[\w.+-]+$/, 'must be a media type such as video/mp4'),
  projectId: intQuery(1, CREATE_LIMITS.idMax).optional(),
  brandId: intQuery(1, CREATE_LIMITS.idMax).optional(),
});

export interface UploadDescription {
  filename: string;
  /** What the client says it is; the stored type is judged from the bytes when the upload ends. */
  filetype: string;
  projectId: number | null;
  brandId: number | null;
}

/** The metadata keys, as documented in /openapi.json. */
export const METADATA_DOC =
  'Comma-separated `key base64(value)` pairs: filename (required), filetype (required, e.g. video/mp4; the stored type is judged from the bytes), and projectId or brandId (exactly one: the project, or the brand for a reusable brand asset). Other keys are kept and ignored.';

export function createMetadataCheck(ctx: SandboxContext) {
  const projects = createProjectStore(ctx);
  const brands = createBrandStore(ctx);

  /** Throws a 400 naming the key to fix, or a 404 for a project or brand not in the account. */
  return function describeUpload(
    accountId: number,
    metadata: Record<string, string | null> | undefined,
  ): UploadDescription {
    // A key sent without a value decodes to null: treat it as not sent.
    const given = Object.fromEntries(Object.entries(metadata ?? {}).filter(([, v]) => v !== null));
    const parsed = MetadataFields.safeParse(given);
    if (!parsed.success) throw new ApiError('request.invalid', describeZodError(parsed.error, 'Upload-Metadata'));
    const { filename, filetype, projectId, brandId } = parsed.data;
    if (projectId !== undefined && brandId !== undefined) {
      throw new ApiError(
        'request.invalid',
        'Upload-Metadata carries both projectId and brandId: send one, since an asset belongs to one project or to one brand.',
      );
    }
    if (projectId === undefined && brandId === undefined) {
      throw new ApiError(
        'request.invalid',
        'Upload-Metadata needs projectId (the project the media is for) or brandId (for a reusable brand asset), base64-encoded like every value.',
      );
    }
    if (projectId !== undefined) projects.get(accountId, projectId);
    else brands.get(accountId, brandId!);
    return { filename, filetype, projectId: projectId ?? null, brandId: brandId ?? null };
  };
}
