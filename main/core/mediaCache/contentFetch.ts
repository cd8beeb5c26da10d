// An asset's content copied into the media cache once: streamed to a partial file whose
// version (the ETag) is noted beside it, so a copy cut short (offline, a restart) goes on
// from the byte it reached — Range + If-Range: if the content changed meanwhile the service
// answers with the whole of it and the copy starts again. When the ETag is the content's
// SHA-256 (as the local service sends it) the finished copy must hash to it; a copy that
// does not is thrown away, never played.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import type { HttpDownload } from '../api/httpClient.ts';

/** GET the content, whole or from a byte on (if it is still the version `ifRange` names). */
export type OpenContentRange = (
  range: { from: number; ifRange: string } | undefined,
  signal: AbortSignal,
) => Promise<HttpDownload>;

export interface FetchedContent {
  readonly etag: string | null;
  readonly contentType: string;
  readonly bytes: number;
}

export class ContentTooLarge extends Error {
  readonly maxBytes: number;
  constructor(maxBytes: number) {
    super(`larger than ${maxBytes} bytes`);
    this.maxBytes = maxBytes;
  }
}

/** The copy is not the content its ETag names (or not as long as announced). */
export class ContentMismatch extends Error {}

interface PartState {
  readonly etag: string | null;
  readonly total: number | null;
  readonly contentType: string;
}

const SHA256_ETAG = /^"?([0-9a-f]{64})"?$/i;

/** Only a strong validator can resume a copy (RFC 9110 §13.1.5). */
const resumable = (etag: string | null): etag is string => etag !== null && !etag.startsWith('W/');

async function sizeOf(path: string): Promise<number> {
  return stat(path).then(
    (s) => s.size,
    () => 0,
  );
}

async function readState(path: string): Promise<PartState | null> {
  try {
    const value = JSON.parse(await readFile(path, 'utf8')) as Partial<PartState>;
    if (typeof value.contentType !== 'string') return null;
    return {
      etag: typeof value.etag === 'string' ? value.etag : null,
      total: typeof value.total === 'number' ? value.total : null,
      contentType: value.contentType,
    };
  } catch {
    return null;
  }
}

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export interface FetchContentOptions {
  readonly open: OpenContentRange;
  /** Where the finished copy goes; `<path>.part` and `<path>.part.json` hold an unfinished one. */
  readonly path: string;
  readonly maxBytes: number;
  readonly signal: AbortSignal;
  /** Bytes copied so far (resumed ones included) and the whole size when known. */
  readonly onProgress?: (received: number, total: number | null) => void;
}

export async function fetchContent(options: FetchContentOptions): Promise<FetchedContent> {
  const { path, maxBytes, signal } = options;
  const part = `${path}.part`;
  const meta = `${path}.part.json`;
  const earlier = await readState(meta);
  const have = earlier && resumable(earlier.etag) ? await sizeOf(part) : 0;

  const download = await options.open(
    have > 0 && earlier?.etag ? { from: have, ifRange: earlier.etag } : undefined,
    signal,
  );
  const range = download.contentRange;
  const resumed = download.status === 206 && range !== null && range.start === have && earlier !== null;
  if (download.status === 206 && !resumed) {
    download.body.on('error', () => {}).destroy();
    throw new ContentMismatch('The service answered another range than the one asked for.');
  }
  const state: PartState = resumed
    ? { ...earlier, total: range.total }
    : {
        etag: download.etag,
        total: download.contentLength,
        contentType: download.contentType ?? 'application/octet-stream',
      };
  if (state.total !== null && state.total > maxBytes) {
    download.body.on('error', () => {}).destroy();
    throw new ContentTooLarge(maxBytes);
  }
  // The version is noted before the first byte, so whatever is written can be resumed.
  if (!resumed) await writeFile(meta, JSON.stringify(state), { mode: 0o600 });

  // Each chunk is on disk before the next is read: whatever arrived before a drop is kept to resume from.
  let received = resumed ? have : 0;
  const file = await open(part, resumed ? 'a' : 'w', 0o600);
  try {
    for await (const chunk of download.body as AsyncIterable<Buffer>) {
      signal.throwIfAborted();
      if (received + chunk.length > maxBytes) throw new ContentTooLarge(maxBytes);
      await file.write(chunk);
      received += chunk.length;
      options.onProgress?.(received, state.total);
    }
  } catch (err) {
    download.body.on('error', () => {}).destroy();
    // Too large is final; anything else (a drop, an abort) leaves the part to resume from.
    if (err instanceof ContentTooLarge) await rm(part, { force: true }).then(() => rm(meta, { force: true }));
    throw err;
  } finally {
    await file.close();
  }

  const size = await sizeOf(part);
  const expected = SHA256_ETAG.exec(state.etag ?? '')?.[1]?.toLowerCase();
  const wrongSize = state.total !== null && size !== state.total;
  if (wrongSize || (expected !== undefined && (await sha256Of(part)) !== expected)) {
    await rm(part, { force: true });
    await rm(meta, { force: true });
    throw new ContentMismatch(
      wrongSize
        ? `The copy has ${size} bytes where the service announced ${state.total}.`
        : 'The copy does not match the content its ETag names.',
    );
  }
  await rename(part, path);
  await rm(meta, { force: true });
  return { etag: state.etag, contentType: state.contentType, bytes: size };
}
