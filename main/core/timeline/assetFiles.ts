// An asset's bytes copied from the service into a file under the app's data folder, whole
// or not at all (a partial file renamed when complete), never larger than a bound. The
// timeline's strips and its render player read these files; the key never leaves main.
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { HttpDownload } from '../api/httpClient.ts';

export type OpenContent = (workspaceId: string, assetId: number, signal: AbortSignal) => Promise<HttpDownload>;

export class TooLarge extends Error {
  readonly maxBytes: number;
  constructor(maxBytes: number) {
    super(`larger than ${maxBytes} bytes`);
    this.maxBytes = maxBytes;
  }
}

/** A folder per workspace and service address: two accounts' asset 7 are different files. */
export async function scopeFolder(root: string, workspaceId: string, baseUrl: string): Promise<string> {
  const scope = createHash('sha256').update(`${workspaceId}\n${baseUrl}`).digest('hex').slice(0, 24);
  const dir = join(root, scope);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  return dir;
}

/** Streams the download to `path`; throws TooLarge (and keeps nothing) past `maxBytes`. */
export async function saveDownload(
  download: HttpDownload,
  path: string,
  maxBytes: number,
  signal: AbortSignal,
): Promise<{ contentType: string; bytes: number }> {
  if (download.contentLength !== null && download.contentLength > maxBytes) {
    download.body.destroy();
    throw new TooLarge(maxBytes);
  }
  let bytes = 0;
  const cap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done(bytes > maxBytes ? new TooLarge(maxBytes) : null, chunk);
    },
  });
  const part = `${path}.${randomUUID()}.part`;
  try {
    await pipeline(download.body, cap, createWriteStream(part, { mode: 0o600 }), { signal });
    await rename(part, path);
  } catch (err) {
    await rm(part, { force: true });
    throw err;
  }
  return { contentType: download.contentType ?? 'application/octet-stream', bytes };
}
