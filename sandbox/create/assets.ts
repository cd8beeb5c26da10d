// Media assets: list, upload (multipart, streamed to disk), read, and authenticated download.
import { rename, rm } from 'node:fs/promises';
import { z } from 'zod';
import { CREATE_LIMITS } from '../../shared/limits.ts';
import type { SandboxContext } from '../context.ts';
import { ApiError } from '../http/apiError.ts';
import { intQuery, pageOf, pageQuery } from '../http/pagination.ts';
import { HANDLED, route } from '../http/route.ts';
import { describeZodError } from '../http/router.ts';
import { AssetSchema, toAsset, type AssetRow } from '../media/assetStore.ts';
import { inspectUpload } from '../media/inspectUpload.ts';
import { receiveUpload } from '../media/receiveUpload.ts';
import { sendMediaFile } from '../media/sendMediaFile.ts';
import { ACCEPTED_FORMATS } from '../media/sniffMedia.ts';
import { createProjectStore } from './projects.ts';

const id = () => intQuery(1, CREATE_LIMITS.idMax);

/** The text fields of the upload form (multipart fields arrive as strings). */
const UploadFields = z.strictObject({
  projectId: id().optional(),
  brandId: id().optional(),
});

const MiB = 1024 * 1024;

const uploadBodyDoc = {
  contentType: 'multipart/form-data',
  schema: {
    type: 'object',
    required: ['file'],
    properties: {
      file: {
        type: 'string',
        contentMediaType: 'application/octet-stream',
        description: `The media file. Its type is judged from its bytes: ${ACCEPTED_FORMATS}. Images up to ${CREATE_LIMITS.imageMaxBytes / MiB} MiB, video and audio up to ${CREATE_LIMITS.videoAudioMaxBytes / MiB} MiB; larger files use POST /uploads.`,
      },
      projectId: {
        type: 'integer',
        minimum: 1,
        maximum: CREATE_LIMITS.idMax,
        description: 'The project the asset belongs to. Send this or brandId, not both.',
      },
      brandId: {
        type: 'integer',
        minimum: 1,
        maximum: CREATE_LIMITS.idMax,
        description: 'The brand the asset belongs to (a reusable brand asset). Send this or projectId, not both.',
      },
    },
    oneOf: [{ required: ['projectId'] }, { required: ['brandId'] }],
  },
};

export function assetRoutes(ctx: SandboxContext) {
  const { db } = ctx;
  const projects = createProjectStore(ctx);

  /** Which project or brand the upload belongs to; checks it exists in the caller's account. */
  function resolveOwner(
    accountId: number,
    fields: Record<string, string>,
  ): { projectId: number | null; brandId: number | null } {
    const parsed = UploadFields.safeParse(fields);
    if (!parsed.success) throw new ApiError('request.invalid', describeZodError(parsed.error, 'form'));
    const { projectId, brandId } = parsed.data;
    if (projectId !== undefined && brandId !== undefined) {
      throw new ApiError(
        'request.invalid',
        'Send projectId or brandId, not both: an asset belongs to one project or to one brand.',
      );
    }
    if (projectId === undefined && brandId === undefined) {
      throw new ApiError(
        'request.invalid',
        'Send projectId (the project the media is for) or brandId (for a reusable brand asset) with the file.',
      );
    }
    if (projectId !== undefined) {
      projects.get(accountId, projectId);
      return { projectId, brandId: null };
    }
    const brand = db.prepare('SELECT 1 FROM brands WHERE id = ? AND account_id = ?').get(brandId!, accountId);
    if (!brand) throw new ApiError('resource.not_found', `No brand ${brandId} in this account.`);
    return { projectId: null, brandId: brandId! };
  }

  return [
    route({
      method: 'GET',
      path: '/assets',
      auth: 'any',
      tag: 'Assets',
      summary: 'List media assets, newest first; filter by project or brand',
      query: pageQuery.extend({
        projectId: id().optional().describe('Only assets of this project.'),
        brandId: id().optional().describe('Only assets of this brand.'),
      }),
      responses: { 200: { description: 'A page of assets', schema: AssetSchema, list: true } },
      handler({ principal, query }) {
        const { items, pagination } = pageOf<AssetRow>((where, args, limit) => {
          let filter = '';
          const extra: number[] = [];
          if (query.projectId !== undefined) {
            filter += ' AND project_id = ?';
            extra.push(query.projectId);
          }
          if (query.brandId !== undefined) {
            filter += ' AND brand_id = ?';
            extra.push(query.brandId);
          }
          return db
            .prepare(`SELECT * FROM assets WHERE account_id = ? AND ${where}${filter} ORDER BY id DESC LIMIT ?`)
            .all(principal.accountId, ...args, ...extra, limit) as unknown as AssetRow[];
        }, query);
        return { data: items.map(toAsset), pagination };
      },
    }),
    route({
      method: 'POST',
      path: '/assets',
      auth: 'any',
      tag: 'Assets',
      summary: 'Upload a media file for a project or a brand',
      body: 'multipart',
      bodyDoc: uploadBodyDoc,
      responses: {
        201: { description: 'The stored asset, measured (size, SHA-256, dimensions, duration)', schema: AssetSchema },
        413: {
          description: `media.limit_exceeded: a picture over 16384 pixels a side or 8192² pixels, or sample tables claiming more samples than the duration holds; upload.too_large: images over ${CREATE_LIMITS.imageMaxBytes / MiB} MiB, video or audio over ${CREATE_LIMITS.videoAudioMaxBytes / MiB} MiB (a client still sending after the answer is disconnected)`,
        },
        415: {
          description:
            'media.unsupported_type (the bytes are not an accepted format, or cannot be decoded) or request.unsupported_content_type (not multipart/form-data)',
        },
      },
      async handler({ req, res, principal }) {
        const { accountId } = principal;
        const upload = await receiveUpload(req, res, {
          fileField: 'file',
          newPath: () => ctx.assets.newPath('.part'),
          // Fields sent before the file let a wrong owner be refused before the bytes are read.
          beforeFile(fields) {
            if (fields.projectId !== undefined || fields.brandId !== undefined) resolveOwner(accountId, fields);
          },
        });
        const { file } = upload;
        try {
          const owner = resolveOwner(accountId, upload.fields);
          if (!file)
            throw new ApiError('request.invalid', 'file: missing. Send the media as a multipart part named "file".');
          const confirmed = await inspectUpload(file.path, file.media);
          const stored = file.path.replace(/\.part$/, `.${file.media.extension}`);
          await rename(file.path, stored);
          file.path = stored;
          const row = await ctx.assets.register({
            accountId,
            ...owner,
            kind: confirmed.kind,
            filename: file.filename,
            contentType: confirmed.contentType,
            source: 'upload',
            filePath: stored,
            probed: confirmed.info,
          });
          return { status: 201, data: toAsset(row) };
        } catch (err) {
          if (file) await rm(file.path, { force: true });
          throw err;
        }
      },
    }),
    route({
      method: 'GET',
      path: '/assets/{id}',
      auth: 'any',
      tag: 'Assets',
      summary: 'Read a media asset',
      responses: { 200: { description: 'The asset', schema: AssetSchema } },
      handler({ principal, params }) {
        return { data: toAsset(ctx.assets.get(principal.accountId, params.id as number)) };
      },
    }),
    route({
      method: 'GET',
      path: '/assets/{id}/content',
      auth: 'any',
      tag: 'Assets',
      summary: "Download an asset's bytes; one Range (bytes=start-end) is honoured for seeking and resuming",
      responses: {
        200: {
          description: 'The whole file, with its Content-Type and a Content-Disposition naming it',
          contentType: 'application/octet-stream',
        },
        206: { description: 'The requested byte range, with Content-Range', contentType: 'application/octet-stream' },
        416: {
          description: 'request.range_not_satisfiable: the range starts past the end; Content-Range: bytes */size',
        },
      },
      async handler({ req, res, principal, params, requestId }): Promise<typeof HANDLED> {
        const row = ctx.assets.get(principal.accountId, params.id as number);
        await sendMediaFile(
          req,
          res,
          { path: row.storage_path, contentType: row.content_type, filename: row.filename, etag: row.sha256 },
          requestId,
        );
        return HANDLED;
      },
    }),
  ];
}
