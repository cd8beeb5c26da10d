// Turns a resumable upload's bytes into an Asset, with the same judgement POST /assets uses:
// the type from the file's first bytes (checked as soon as they arrive, so a wrong file is
// refused early), then the checks of media/inspectUpload.ts (declared size, a bounded probe and decode). A refused upload is
// discarded and remembered as refused, with the reason.
import { copyFile, link, open } from 'node:fs/promises';
import type { SandboxContext } from '../context.ts';
import { ApiError } from '../http/apiError.ts';
import type { AssetRow } from '../media/assetStore.ts';
import { inspectUpload, type InspectedUpload } from '../media/inspectUpload.ts';
import { cleanFilename } from '../media/receiveUpload.ts';
import { ACCEPTED_FORMATS, sniffMedia, SNIFF_BYTES } from '../media/sniffMedia.ts';
import type { CheckedFileStore } from './checkedFileStore.ts';
import type { UploadRow, UploadTable } from './uploadTable.ts';

async function readHead(path: string, length: number): Promise<Buffer> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await file.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

function unsupported(detected: string): ApiError {
  return new ApiError(
    'media.unsupported_type',
    `The upload's content is ${detected}, which is not accepted: send ${ACCEPTED_FORMATS}. The type is judged from the file's bytes, not its name or filetype. The upload was discarded.`,
    { details: { detected } },
  );
}

export function createUploadFinisher(ctx: SandboxContext, table: UploadTable, store: CheckedFileStore) {
  /** Finishes under way, so a repeated last PATCH or GET …/asset never registers twice. */
  const inFlight = new Map<string, Promise<AssetRow>>();

  async function refuse(row: UploadRow, error: ApiError): Promise<never> {
    await store.remove(row.id).catch(() => undefined);
    table.refused(row.id, error.code, error.message, ctx.clock.now());
    throw error;
  }

  async function finishNow(id: string): Promise<AssetRow> {
    const row = table.get(id);
    if (!row) throw new ApiError('resource.not_found', `No upload ${id}.`);
    if (row.state === 'finished') return ctx.assets.get(row.account_id, row.asset_id!);
    const path = store.path(id);
    const sniffed = await sniffMedia(await readHead(path, SNIFF_BYTES));
    if (!sniffed.ok) return refuse(row, unsupported(sniffed.detected));
    let confirmed: InspectedUpload;
    try {
      confirmed = await inspectUpload(path, sniffed.media, ' The upload was discarded.');
    } catch (err) {
      if (err instanceof ApiError) return refuse(row, err);
      throw err;
    }
    // A hard link keeps the upload's own file (HEAD still answers "complete") at no extra space.
    const target = ctx.assets.newPath(sniffed.media.extension);
    await link(path, target).catch(() => copyFile(path, target));
    const asset = await ctx.assets.register({
      accountId: row.account_id,
      projectId: row.project_id,
      brandId: row.brand_id,
      kind: confirmed.kind,
      filename: cleanFilename(row.filename, sniffed.media.extension),
      contentType: confirmed.contentType,
      source: 'upload',
      filePath: target,
      probed: confirmed.info,
    });
    table.finished(id, asset.id, ctx.clock.now());
    return asset;
  }

  return {
    /** Judges the first bytes once a write completes them; refuses what is not media. */
    async checkHead(id: string, from: number, to: number): Promise<void> {
      const row = table.get(id);
      if (!row) return;
      const headEnd = Math.min(SNIFF_BYTES, row.size_bytes);
      if (from >= headEnd || to < headEnd || headEnd === 0) return;
      const sniffed = await sniffMedia(await readHead(store.path(id), headEnd));
      if (!sniffed.ok) await refuse(row, unsupported(sniffed.detected));
    },
    /** The asset the complete upload became, registering it the first time. */
    finish(id: string): Promise<AssetRow> {
      let task = inFlight.get(id);
      if (!task) {
        task = finishNow(id).finally(() => inFlight.delete(id));
        inFlight.set(id, task);
      }
      return task;
    },
  };
}

export type UploadFinisher = ReturnType<typeof createUploadFinisher>;
