// The resumable upload service: @tus/server (tus 1.0: creation, creation-with-upload,
// termination, expiration, checksum) over a file store under <dataDir>/uploads, so uploads
// survive a restart. Each upload is tied to the caller's account in the `uploads` table; the
// last byte turns it into an Asset. Expiry follows the sandbox clock (tus's own, which reads
// the wall clock, is left off), so tests can move time instead of waiting a day.
import { Server } from '@tus/server';
import { AsyncLocalStorage } from 'node:async_hooks';
import { join } from 'node:path';
import { UPLOAD_LIMITS } from '../../shared/limits.ts';
import type { Principal } from '../auth/principal.ts';
import { iso } from '../clock.ts';
import type { SandboxContext } from '../context.ts';
import { ApiError } from '../http/apiError.ts';
import { CheckedFileStore } from './checkedFileStore.ts';
import { createUploadFinisher } from './finishUpload.ts';
import type { ExpectedChecksum } from './uploadChecksum.ts';
import { createMetadataCheck } from './uploadMetadata.ts';
import { createUploadTable } from './uploadTable.ts';

/** What one request to the tus server carries in, and what its hooks leave for the answer. */
export interface TusCall {
  principal: Principal;
  checksum?: ExpectedChecksum;
  /** Set by a hook that refused: the answer is this error, whatever tus made of it. */
  failure?: ApiError;
  /** The upload a POST created. */
  createdId?: string;
}

export const TUS_EXTENSIONS = ['creation', 'creation-with-upload', 'termination', 'expiration', 'checksum'];

export function createTusService(ctx: SandboxContext) {
  const table = createUploadTable(ctx.db);
  const describeUpload = createMetadataCheck(ctx);
  const calls = new AsyncLocalStorage<TusCall>();

  /** Records the refusal for the answer and gives tus something to throw. */
  const refuse = (error: ApiError) => {
    const call = calls.getStore();
    if (call) call.failure = error;
    return { status_code: error.status, body: error.message };
  };
  const refusing = async <T>(work: () => Promise<T> | T): Promise<T> => {
    try {
      return await work();
    } catch (err) {
      throw err instanceof ApiError ? refuse(err) : err;
    }
  };

  const store = new CheckedFileStore(join(ctx.options.dataDir, 'uploads'), {
    expectedChecksum: () => calls.getStore()?.checksum,
    afterWrite: (id, from, to) => refusing(() => finisher.checkHead(id, from, to)),
    refuse,
  });
  // No Upload-Defer-Length: the length is needed at creation to refuse oversized files at once.
  store.extensions = TUS_EXTENSIONS;
  const finisher = createUploadFinisher(ctx, table, store);

  const tus = new Server({
    path: '/api/v1/uploads',
    datastore: store,
    maxSize: UPLOAD_LIMITS.resumableMaxBytes,
    allowedOrigins: () => false,
    generateUrl: (_req, { id }) => `${ctx.origin()}/api/v1/uploads/${id}`,
    onUploadCreate: (_req, upload) =>
      refusing(() => {
        const call = calls.getStore()!;
        const description = describeUpload(call.principal.accountId, upload.metadata);
        const now = ctx.clock.now();
        table.insert({
          id: upload.id,
          account_id: call.principal.accountId,
          project_id: description.projectId,
          brand_id: description.brandId,
          filename: description.filename,
          filetype: description.filetype,
          size_bytes: upload.size ?? 0,
          created_at: iso(now),
          expires_at: now + UPLOAD_LIMITS.resumableExpiryMs,
        });
        call.createdId = upload.id;
        return {};
      }),
    onUploadFinish: (_req, upload) =>
      refusing(async () => {
        const asset = await finisher.finish(upload.id);
        return { headers: { 'Clipdesk-Asset-Id': String(asset.id) } };
      }),
  });

  /** Discards the files of an upload (already gone is fine). */
  const removeFiles = (id: string) => store.remove(id).catch(() => undefined);
  const expire = async (id: string): Promise<void> => {
    await removeFiles(id);
    table.ended(id, 'expired');
  };

  return {
    table,
    finisher,
    /** Runs one request through tus with `call` available to the hooks and the store. */
    handle(call: TusCall, request: Request): Promise<Response> {
      return calls.run(call, () => tus.handleWeb(request));
    },
    /** Where the upload's bytes stand on disk, or undefined when its files are gone. */
    async offset(id: string): Promise<number | undefined> {
      return store.getUpload(id).then(
        (upload) => upload.offset,
        () => undefined,
      );
    },
    expire,
    /**
     * Drops unfinished uploads past their expiry, and the tus files of uploads finished a day
     * ago (their assets keep their own copy). Runs at start and with each new upload.
     */
    async sweep(): Promise<void> {
      const due = table.due(ctx.clock.now(), UPLOAD_LIMITS.resumableExpiryMs);
      for (const id of due.expired) await expire(id);
      for (const id of due.finished) {
        await removeFiles(id);
        table.filesRemoved(id);
      }
    },
  };
}

export type TusService = ReturnType<typeof createTusService>;
