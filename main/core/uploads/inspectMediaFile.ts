// The check before sending (DESIGN.md rule 7): what a file really is, judged from its first
// bytes with `file-type` as the service judges it, and its size, then the plan from
// shared/mediaTypes.ts. A file that would be refused is refused here, before any request.
import { open } from 'node:fs/promises';
import { basename } from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { AppFailure, appError } from '../../../shared/appError.ts';
import {
  acceptedMediaFor,
  MEDIA_SNIFF_BYTES,
  planUpload,
  type AcceptedMedia,
  type UploadMethod,
} from '../../../shared/mediaTypes.ts';

export interface InspectedFile {
  path: string;
  filename: string;
  sizeBytes: number;
  /** Whole milliseconds, as the journal keeps it. */
  mtimeMs: number;
  media: AcceptedMedia;
  method: UploadMethod;
}

export interface FileStamp {
  sizeBytes: number;
  mtimeMs: number;
}

function unreadable(path: string, err: unknown): AppFailure {
  const code = (err as { code?: unknown }).code;
  const why =
    code === 'ENOENT'
      ? 'it does not exist (moved or deleted?)'
      : code === 'EISDIR'
        ? 'it is a folder'
        : String(code ?? err);
  return new AppFailure(appError('file.unreadable', `Cannot read ${path}: ${why}. Choose the file again.`), {
    cause: err,
  });
}

/** Size and modification time, to tell whether a file is still the one an upload began with. */
export async function stampOf(path: string): Promise<FileStamp> {
  let handle;
  try {
    handle = await open(path, 'r');
    const stats = await handle.stat();
    return { sizeBytes: stats.size, mtimeMs: Math.trunc(stats.mtimeMs) };
  } catch (err) {
    throw unreadable(path, err);
  } finally {
    await handle?.close();
  }
}

/** Throws AppFailure (media.unsupported_type, upload.too_large, request.invalid, file.unreadable) with what to change. */
export async function inspectMediaFile(
  path: string,
  options: { preferResumable?: boolean } = {},
): Promise<InspectedFile> {
  const filename = basename(path);
  let head: Uint8Array;
  let sizeBytes: number;
  let mtimeMs: number;
  let handle;
  try {
    handle = await open(path, 'r');
    const stats = await handle.stat();
    if (!stats.isFile())
      throw Object.assign(new Error('not a file'), { code: stats.isDirectory() ? 'EISDIR' : 'not a regular file' });
    sizeBytes = stats.size;
    mtimeMs = Math.trunc(stats.mtimeMs);
    const buffer = Buffer.alloc(Math.min(MEDIA_SNIFF_BYTES, sizeBytes));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    head = buffer.subarray(0, bytesRead);
  } catch (err) {
    throw unreadable(path, err);
  } finally {
    await handle?.close();
  }
  const type = head.length > 0 ? await fileTypeFromBuffer(head) : undefined;
  const plan = planUpload({
    filename,
    sizeBytes,
    media: acceptedMediaFor(type?.ext),
    detected: type ? `${type.mime} (.${type.ext})` : undefined,
    preferResumable: options.preferResumable,
  });
  if (!plan.ok) throw new AppFailure(appError(plan.code, plan.message, { details: { filename, sizeBytes } }));
  return { path, filename, sizeBytes, mtimeMs, media: plan.media, method: plan.method };
}
