// Resumable uploads (POST /uploads): the tus 1.0 protocol, mounted in the Create API so each
// request is authenticated and rate-limited like any other, then handed to @tus/server
// (see uploads/tusService.ts). Failures are answered with the error envelope and a stable
// code; every answer carries Tus-Resumable: 1.0.0. GET /uploads/{id}/asset is ours: the
// asset a finished upload became, for a client that lost the last answer.
import { ERROR_CODES, type ErrorCode } from '../../shared/errorCodes.ts';
import { UPLOAD_LIMITS } from '../../shared/limits.ts';
import type { SandboxContext } from '../context.ts';
import { ApiError } from '../http/apiError.ts';
import { sendError } from '../http/envelope.ts';
import { HANDLED, route, type RequestContext } from '../http/route.ts';
import { AssetSchema, toAsset } from '../media/assetStore.ts';
import { CHECKSUM_ALGORITHMS, parseUploadChecksum } from '../uploads/uploadChecksum.ts';
import { METADATA_DOC } from '../uploads/uploadMetadata.ts';
import type { UploadRow } from '../uploads/uploadTable.ts';
import { explainTusError } from '../uploads/tusErrors.ts';
import { passedHeaders, toWebRequest, writeTusSuccess } from '../uploads/tusHttp.ts';
import { createTusService, type TusCall } from '../uploads/tusService.ts';

/** Header names in lower case, as tus's answers give them, so none is sent twice. */
const TUS = { 'tus-resumable': '1.0.0' };
const UPLOAD_ID = /^[0-9a-f]{32}$/;
const GiB = 1024 * 1024 * 1024;
const EXPIRY_HOURS = UPLOAD_LIMITS.resumableExpiryMs / 3_600_000;

const tusResumable = { 'Tus-Resumable': { description: 'Must be 1.0.0.', required: true } };
const expiresDoc = `When the unfinished upload is discarded (HTTP date): ${EXPIRY_HOURS} hours after its last bytes arrived.`;
const assetIdDoc = 'On the answer that completes the upload: the ID of the Asset it became.';

export function uploadRoutes(ctx: SandboxContext) {
  const service = createTusService(ctx);
  const { table } = service;
  void service.sweep().catch((err: Error) => ctx.log(`upload sweep failed: ${err.message}`));

  const expiresHeader = (row: UploadRow | undefined): Record<string, string> =>
    row?.state === 'receiving' ? { 'upload-expires': new Date(row.expires_at).toUTCString() } : {};

  /** The caller's upload, if it can still take requests; otherwise the answer that says why not. */
  async function liveUpload(id: string, accountId: number): Promise<UploadRow> {
    const row = UPLOAD_ID.test(id) ? table.get(id) : undefined;
    if (!row || row.account_id !== accountId)
      throw new ApiError('resource.not_found', `No upload ${id} in this account.`);
    if (row.state === 'terminated')
      throw new ApiError('resource.not_found', `Upload ${id} was terminated (DELETE): start a new upload.`);
    if (row.state === 'refused') {
      const code = (
        row.error_code && Object.hasOwn(ERROR_CODES, row.error_code) ? row.error_code : 'media.unsupported_type'
      ) as ErrorCode;
      throw new ApiError(code, row.error_message ?? undefined);
    }
    if (row.state === 'receiving' && row.expires_at < ctx.clock.now()) await service.expire(id);
    if (row.state === 'expired' || (row.state === 'receiving' && row.expires_at < ctx.clock.now()))
      throw new ApiError('upload.expired');
    if (row.state === 'finished' && !row.files_kept) {
      throw new ApiError(
        'upload.expired',
        `Upload ${id} is finished and its bytes were released; its asset ${row.asset_id} is at GET /uploads/${id}/asset.`,
      );
    }
    return row;
  }

  /** One tus request: check the upload is the caller's, let tus serve it, answer in our terms. */
  async function serveTus({ req, res, principal, requestId, params }: RequestContext): Promise<typeof HANDLED> {
    const method = (req.method ?? '').toUpperCase();
    const uploadId = params.uploadId as string | undefined;
    let tusHeaders: Record<string, string> = { ...TUS };
    try {
      const live = uploadId ? await liveUpload(uploadId, principal.accountId) : undefined;
      if (method === 'POST') await service.sweep();
      const call: TusCall = { principal };
      if (method === 'PATCH' || method === 'POST') call.checksum = parseUploadChecksum(req.headers['upload-checksum']);
      const { request, body } = toWebRequest(req, ctx.origin());
      const response = await service.handle(call, request);
      tusHeaders = { ...passedHeaders(response, body), ...TUS };
      if (call.failure) throw call.failure;
      if (response.status >= 400) {
        throw explainTusError(response.status, await response.text(), {
          uploadId,
          uploadOffset: response.status === 409 && uploadId ? await service.offset(uploadId) : undefined,
          declaredLength: String(req.headers['upload-length'] ?? ''),
        });
      }
      const id = uploadId ?? call.createdId;
      if (id && method === 'PATCH' && !tusHeaders['clipdesk-asset-id'])
        table.extend(id, ctx.clock.now() + UPLOAD_LIMITS.resumableExpiryMs);
      // Terminating a finished upload releases its bytes; the asset it became stays findable.
      if (id && method === 'DELETE') {
        if (live?.state === 'finished') table.filesRemoved(id);
        else table.ended(id, 'terminated');
      }
      if (method === 'OPTIONS') tusHeaders['tus-checksum-algorithm'] = CHECKSUM_ALGORITHMS.join(',');
      const row = id && method !== 'DELETE' ? table.get(id) : undefined;
      writeTusSuccess(res, response.status, { ...tusHeaders, ...expiresHeader(row), 'x-request-id': requestId });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (res.destroyed || res.headersSent) return HANDLED;
      const headers = { ...tusHeaders, ...err.headers };
      sendError(
        res,
        requestId,
        new ApiError(err.code, err.message, { status: err.status, details: err.details, headers }),
      );
    }
    return HANDLED;
  }

  const common = { auth: 'any' as const, tag: 'Uploads', body: 'raw' as const, handler: serveTus };
  const byId = { ...common, path: '/uploads/{uploadId}', params: { uploadId: 'string' as const } };
  const gone = {
    404: { description: 'resource.not_found: no such upload in this account, or it was terminated' },
    410: { description: `upload.expired: unfinished for ${EXPIRY_HOURS} hours and discarded` },
    415: { description: 'media.unsupported_type: the upload was refused for its content (kept as its answer)' },
  };

  return [
    route({
      ...common,
      auth: 'none',
      method: 'OPTIONS',
      path: '/uploads',
      summary: 'tus discovery: protocol versions, extensions, largest upload and checksum algorithms',
      responses: {
        204: {
          description: 'What this tus server supports',
          empty: true,
          headers: {
            'Tus-Version': '1.0.0',
            'Tus-Extension': 'creation,creation-with-upload,termination,expiration,checksum',
            'Tus-Max-Size': `${UPLOAD_LIMITS.resumableMaxBytes} (${UPLOAD_LIMITS.resumableMaxBytes / GiB} GiB, for any kind of media)`,
            'Tus-Checksum-Algorithm': CHECKSUM_ALGORITHMS.join(','),
          },
        },
      },
    }),
    route({
      ...common,
      method: 'POST',
      path: '/uploads',
      summary: `Create a resumable upload (tus 1.0 creation) for files of any accepted kind up to ${UPLOAD_LIMITS.resumableMaxBytes / GiB} GiB; it ends in an Asset`,
      headers: {
        ...tusResumable,
        'Upload-Length': {
          description: `The file's size in bytes, at most ${UPLOAD_LIMITS.resumableMaxBytes}.`,
          required: true,
        },
        'Upload-Metadata': { description: METADATA_DOC, required: true },
        'Upload-Checksum': {
          description:
            'With creation-with-upload only: "<algorithm> <base64 digest>" of the bytes sent with the creation.',
        },
      },
      responses: {
        201: {
          description: 'Created. Send the bytes with PATCH to Location.',
          empty: true,
          headers: {
            Location: 'The absolute URL of the upload: {createBaseUrl}/uploads/{uploadId}.',
            'Upload-Expires': expiresDoc,
            'Upload-Offset': 'With creation-with-upload: the bytes taken so far.',
            'Clipdesk-Asset-Id': assetIdDoc,
          },
        },
        400: {
          description:
            'request.invalid: Upload-Length missing or not a number, or Upload-Metadata lacks filename, filetype, or exactly one of projectId and brandId',
        },
        404: { description: 'resource.not_found: the projectId or brandId is not in this account' },
        412: { description: 'upload.tus_version_unsupported: Tus-Resumable missing or not 1.0.0' },
        413: { description: `upload.too_large: Upload-Length over ${UPLOAD_LIMITS.resumableMaxBytes} bytes` },
      },
    }),
    route({
      ...byId,
      method: 'HEAD',
      summary: 'Where a resumable upload stands (tus 1.0): resume from Upload-Offset',
      headers: tusResumable,
      responses: {
        200: {
          description: 'The upload; Cache-Control: no-store',
          empty: true,
          headers: {
            'Upload-Offset': 'Bytes received so far.',
            'Upload-Length': 'The size declared at creation.',
            'Upload-Metadata': 'As sent at creation.',
            'Upload-Expires': expiresDoc,
          },
        },
        ...gone,
      },
    }),
    route({
      ...byId,
      method: 'PATCH',
      summary: 'Send bytes of a resumable upload from Upload-Offset (tus 1.0); the last byte turns it into an Asset',
      headers: {
        ...tusResumable,
        'Upload-Offset': {
          description: 'Where these bytes start; must equal the current offset (HEAD).',
          required: true,
        },
        'Upload-Checksum': {
          description: `Optional: "<algorithm> <base64 digest>" of this chunk (${CHECKSUM_ALGORITHMS.join(', ')}); a mismatching chunk is discarded.`,
        },
      },
      bodyDoc: {
        contentType: 'application/offset+octet-stream',
        schema: { type: 'string', contentMediaType: 'application/offset+octet-stream' },
      },
      responses: {
        204: {
          description: 'Taken',
          empty: true,
          headers: {
            'Upload-Offset': 'The new offset.',
            'Upload-Expires': `${expiresDoc} Absent once complete.`,
            'Clipdesk-Asset-Id': assetIdDoc,
          },
        },
        409: {
          description: 'upload.offset_mismatch: Upload-Offset is not the current offset (error.uploadOffset gives it)',
        },
        413: { description: 'upload.too_large: the bytes go past Upload-Length' },
        415: {
          description:
            'media.unsupported_type: the bytes are not an accepted media format (judged once the first 64 KiB arrive) or, at the end, hold nothing playable; the upload is discarded. request.unsupported_content_type: Content-Type is not application/offset+octet-stream',
        },
        460: { description: 'upload.checksum_mismatch: the chunk did not match Upload-Checksum and was discarded' },
        404: gone[404],
        410: gone[410],
      },
    }),
    route({
      ...byId,
      method: 'DELETE',
      summary:
        'Terminate a resumable upload (tus 1.0 termination): its bytes are discarded; an asset it already became stays',
      headers: tusResumable,
      responses: { 204: { description: 'Terminated', empty: true }, ...gone },
    }),
    route({
      method: 'GET',
      path: '/uploads/{uploadId}/asset',
      params: { uploadId: 'string' },
      auth: 'any',
      tag: 'Uploads',
      summary: 'The Asset a finished resumable upload became (for a client that missed the last answer)',
      responses: {
        200: { description: 'The asset', schema: AssetSchema },
        404: {
          description:
            'upload.incomplete: bytes are still missing (error.uploadOffset says how many arrived); or resource.not_found',
        },
        410: gone[410],
        415: gone[415],
      },
      async handler({ principal, params }) {
        const id = params.uploadId as string;
        const row = UPLOAD_ID.test(id) ? table.get(id) : undefined;
        if (row?.state === 'finished' && row.account_id === principal.accountId) {
          return { data: toAsset(ctx.assets.get(row.account_id, row.asset_id!)) };
        }
        await liveUpload(id, principal.accountId);
        const offset = await service.offset(id);
        if (offset === undefined || offset < row!.size_bytes) {
          throw new ApiError(
            'upload.incomplete',
            `Upload ${id} has ${offset ?? 0} of its ${row!.size_bytes} bytes: send the rest with PATCH from offset ${offset ?? 0}.`,
            {
              details: { uploadOffset: offset ?? 0, uploadLength: row!.size_bytes },
            },
          );
        }
        // Every byte is in but the finish never ran (e.g. a restart in between): run it now.
        return { data: toAsset(await service.finisher.finish(id)) };
      },
    }),
  ];
}
