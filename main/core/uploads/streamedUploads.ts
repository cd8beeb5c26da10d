// Files that exist only in the page (a drop in browser mode) reach the uploader as files on
// disk: the renderer streams the File in ordered base64 chunks, main appends them to a
// staged file (staging/<stream id>/<the file's name>) under the app's data folder, and at
// the end hands that file to the uploader; it is deleted once its upload is over. A staged
// file a paused resumable upload still needs survives a restart (the journal names it);
// the composition root discards a staged file when `upload.settled` names it.
// Bounded: a few streams at once, each at most the size it announced, and a stream that
// goes quiet is dropped with its bytes.
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { mkdir, open, rm, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join, relative, sep } from 'node:path';
import type { UploadRequest } from '../../../shared/api/uploads.ts';
import { STREAM_CHUNK_MAX_BYTES } from '../../../shared/limits.ts';
import { appFailure } from '../errors/appErrors.ts';
import type { DomainEvents } from '../lifecycle/domainEvents.ts';

export const MAX_OPEN_STREAMS = 4;
export const STREAM_IDLE_MS = 120_000;

export interface StreamBegin {
  readonly filename: string;
  readonly sizeBytes: number;
  readonly projectId?: number | undefined;
  readonly brandId?: number | undefined;
}

interface Stream extends StreamBegin {
  readonly id: string;
  readonly workspaceId: string;
  readonly path: string;
  readonly file: FileHandle;
  received: number;
  /** Chunks are written one after another, whatever order their requests run in. */
  queue: Promise<unknown>;
  idle: NodeJS.Timeout;
}

/** Starts the upload of a staged file. */
export type StartUpload = (workspaceId: string, request: UploadRequest) => Promise<{ uploadId: string }>;

export interface StreamedUploads {
  begin(workspaceId: string, begin: StreamBegin): Promise<{ streamId: string }>;
  chunk(streamId: string, offset: number, base64: string): Promise<{ receivedBytes: number }>;
  end(streamId: string): Promise<{ uploadId: string }>;
  abort(streamId: string): Promise<{ aborted: boolean }>;
  /** Streams of the workspace still coming in. */
  openCount(workspaceId: string): number;
  /** True for a file this staged (discarded once its upload is over). */
  isStaged(path: string): boolean;
  discard(path: string): Promise<void>;
  close(): Promise<void>;
}

/** A page's file name as a safe single path segment. */
function safeFilename(name: string): string {
  const cleaned = [...basename(name.replaceAll('\\', '/'))]
    // Control characters and the characters some file systems refuse become "_".
    .map((c) => (c.charCodeAt(0) < 0x20 || '<>:"|?*'.includes(c) ? '_' : c))
    .join('')
    .replace(/^\.+/, '')
    .slice(-120);
  return cleaned || 'upload';
}

export function createStreamedUploads(options: {
  readonly stagingDir: string;
  readonly startUpload: StartUpload;
  /** Told of `work.changed` when the streams coming in change (the status bar's pending count). */
  readonly events: Pick<DomainEvents, 'emit'>;
  /** Staged files an unfinished upload in the journal still reads: kept at startup. */
  readonly stillNeeded: (path: string) => boolean;
}): StreamedUploads {
  const root = options.stagingDir;
  mkdirSync(root, { recursive: true });
  // Whatever else a previous run left staged is of no use now: its streams ended with that run.
  for (const entry of readdirSync(root)) {
    const dir = join(root, entry);
    const files = readdirSync(dir, { withFileTypes: true }).filter((f) => f.isFile());
    if (!files.some((f) => options.stillNeeded(join(dir, f.name)))) rmSync(dir, { recursive: true, force: true });
  }
  const streams = new Map<string, Stream>();
  const isStaged = (path: string) => {
    const inside = relative(root, path);
    return inside !== '' && !inside.startsWith('..') && inside.split(sep).length === 2;
  };
  const discard = (path: string) => rm(dirname(path), { recursive: true, force: true });

  function find(streamId: string): Stream {
    const stream = streams.get(streamId);
    if (!stream) throw appFailure('stream.not_found');
    return stream;
  }

  async function drop(stream: Stream, deleteFile: boolean): Promise<void> {
    streams.delete(stream.id);
    clearTimeout(stream.idle);
    await stream.file.close().catch(() => {});
    if (deleteFile) await discard(stream.path);
    options.events.emit('work.changed', { workspaceId: stream.workspaceId });
  }

  function touch(stream: Stream): void {
    clearTimeout(stream.idle);
    stream.idle = setTimeout(() => void drop(stream, true), STREAM_IDLE_MS);
    stream.idle.unref();
  }

  return {
    async begin(workspaceId, begin) {
      if (streams.size >= MAX_OPEN_STREAMS)
        throw appFailure(
          'stream.too_many',
          `At most ${MAX_OPEN_STREAMS} files are streamed at once: wait for one to finish.`,
        );
      const id = randomUUID();
      // In a folder of its own, under the page's file name: the uploader names the asset after it.
      await mkdir(join(root, id), { mode: 0o700 });
      const path = join(root, id, safeFilename(begin.filename));
      const file = await open(path, 'wx', 0o600);
      const stream: Stream = {
        ...begin,
        id,
        workspaceId,
        path,
        file,
        received: 0,
        queue: Promise.resolve(),
        idle: undefined as unknown as NodeJS.Timeout,
      };
      streams.set(id, stream);
      touch(stream);
      options.events.emit('work.changed', { workspaceId });
      return { streamId: id };
    },

    chunk(streamId, offset, base64) {
      const stream = find(streamId);
      const write = async () => {
        if (!streams.has(streamId)) throw appFailure('stream.not_found');
        if (offset !== stream.received) {
          throw appFailure(
            'stream.out_of_order',
            `The chunk starts at byte ${offset}, but ${stream.received} bytes have arrived: send the chunk that starts there.`,
          );
        }
        const bytes = Buffer.from(base64, 'base64');
        if (bytes.length === 0 || bytes.length > STREAM_CHUNK_MAX_BYTES) {
          throw appFailure(
            'stream.size_mismatch',
            `A chunk holds 1 to ${STREAM_CHUNK_MAX_BYTES} bytes, not ${bytes.length}.`,
          );
        }
        if (stream.received + bytes.length > stream.sizeBytes) {
          await drop(stream, true);
          throw appFailure(
            'stream.size_mismatch',
            `The file is larger than the ${stream.sizeBytes} bytes announced: drop it again.`,
          );
        }
        await stream.file.write(bytes, 0, bytes.length, stream.received);
        stream.received += bytes.length;
        touch(stream);
        return { receivedBytes: stream.received };
      };
      const result = stream.queue.then(write, write);
      stream.queue = result.catch(() => undefined);
      return result;
    },

    async end(streamId) {
      const stream = find(streamId);
      await stream.queue;
      if (stream.received !== stream.sizeBytes) {
        await drop(stream, true);
        throw appFailure(
          'stream.size_mismatch',
          `${stream.received} of the ${stream.sizeBytes} bytes announced arrived: drop the file again.`,
        );
      }
      await drop(stream, false);
      const owner = stream.projectId !== undefined ? { projectId: stream.projectId } : { brandId: stream.brandId };
      try {
        return await options.startUpload(stream.workspaceId, { path: stream.path, ...owner });
      } catch (err) {
        await discard(stream.path);
        throw err;
      }
    },

    async abort(streamId) {
      const stream = streams.get(streamId);
      if (!stream) return { aborted: false };
      await drop(stream, true);
      return { aborted: true };
    },

    openCount(workspaceId) {
      return [...streams.values()].filter((s) => s.workspaceId === workspaceId).length;
    },

    isStaged,
    discard,

    async close() {
      await Promise.all([...streams.values()].map((stream) => drop(stream, true)));
    },
  };
}
