// Uploads for one workspace: checks each file before anything is sent, then sends it by
// multipart (POST /assets) or resumably (tus, POST /uploads) as shared/mediaTypes.ts decides,
// every request through the key's shared rate budget; tells the UI through upload.* events;
// and after a restart resumes every unfinished resumable upload the journal holds.
import { resolve as resolvePath, basename } from 'node:path';
import { AppFailure, appError, toAppError, type AppError } from '../../../shared/appError.ts';
import {
  UploadRequestSchema,
  type UploadEvent,
  type UploadProgressState,
  type UploadRequest,
} from '../../../shared/api/uploads.ts';
import { createApiCaller, type ApiCall } from '../api/apiCaller.ts';
import { createHttpClient, DEFAULT_TIMEOUTS, type Exchange, type HttpTimeouts } from '../api/httpClient.ts';
import type { UploadSession, UploadSessionTable } from '../journal/uploadSessions.ts';
import type { RateBudget } from '../rate/rateBudget.ts';
import { inspectMediaFile, stampOf } from './inspectMediaFile.ts';
import { startMultipartUpload, type UploadOwner } from './multipartUpload.ts';
import { fileChangedError, startResumableUpload } from './resumableUpload.ts';
import { createTusHttpStack } from './tusHttpStack.ts';
import type { UploadHandle } from './uploadHandle.ts';

const MiB = 1024 * 1024;

export interface UploaderOptions {
  /** The journal's upload sessions are kept per workspace. */
  workspaceId: string;
  /** The workspace's Create API base, e.g. http://127.0.0.1:4010/api/v1 */
  baseUrl: string;
  getApiKey: () => Promise<string>;
  /** The key's budget, shared with every other caller that uses the key. */
  budget: RateBudget;
  /** The journal's upload sessions (journal.uploads). */
  sessions: UploadSessionTable;
  /**
   * Bytes per PATCH of a resumable upload. Each PATCH is one request of the key's 120 a
   * minute, so chunks are large; an interrupted PATCH keeps what arrived, so a large chunk
   * loses nothing on a drop.
   */
  chunkSizeBytes?: number;
  /** Waits between tus retries after a network error or a passing server failure; then the upload waits to be resumed. */
  retryDelaysMs?: number[];
  timeouts?: Partial<HttpTimeouts>;
  /** Byte-count progress events at most this often (state changes go at once). */
  progressIntervalMs?: number;
  /** Told about every answer (multipart and tus), for the request log. */
  onResponse?(exchange: Exchange): void;
}

const OVER = new Set<UploadProgressState>(['completed', 'failed', 'cancelled']);

export const DEFAULT_CHUNK_BYTES = 32 * MiB;
export const DEFAULT_RETRY_DELAYS_MS = [1_000, 3_000, 5_000, 10_000, 20_000, 30_000];

export function createUploader(options: UploaderOptions) {
  const { sessions, workspaceId } = options;
  const timeouts: HttpTimeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  // A pool of its own, so a long upload never holds a connection the rest of the app needs.
  const http = createHttpClient({
    baseUrl: options.baseUrl,
    getApiKey: options.getApiKey,
    timeouts,
    onResponse: options.onResponse,
  });
  const call: ApiCall = createApiCaller({ http, budget: options.budget });
  const stack = createTusHttpStack({
    baseUrl: options.baseUrl,
    getApiKey: options.getApiKey,
    budget: options.budget,
    timeouts,
    onResponse: options.onResponse,
  });
  const listeners = new Set<(event: UploadEvent) => void>();
  const active = new Map<string, UploadHandle>();
  /** Sessions being checked by resumeAll(), so two calls never start one twice. */
  const resuming = new Set<string>();
  let closed = false;

  function emit(event: UploadEvent): void {
    for (const listener of listeners) {
      try {
        listener(event);
      } catch {
        // A failing UI listener must not stop the upload.
      }
    }
  }

  const onSettled = (id: string) => void active.delete(id);
  const progressIntervalMs = options.progressIntervalMs ?? 100;
  const resumableDeps = {
    sessions,
    stack,
    call,
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    chunkSizeBytes: options.chunkSizeBytes ?? DEFAULT_CHUNK_BYTES,
    retryDelaysMs: options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS,
    progressIntervalMs,
    emit,
    onSettled,
  };

  function track(handle: UploadHandle): UploadHandle {
    // One that ended as it began (e.g. a journaled session that cannot resume) is not under way.
    if (!OVER.has(handle.progress().state)) active.set(handle.id, handle);
    return handle;
  }

  /** Resumes one journaled session, or fails it (and says why) when its file is not the same any more. */
  async function resumeOne(session: UploadSession): Promise<UploadHandle | null> {
    let error: AppError | null = null;
    try {
      const now = await stampOf(session.filePath);
      if (now.sizeBytes !== session.size || now.mtimeMs !== session.mtimeMs) error = fileChangedError(session, now);
    } catch (err) {
      error = toAppError(err);
    }
    if (closed || active.has(session.id)) return null;
    if (error) {
      sessions.fail(session.id, error);
      emit({ name: 'upload.failed', payload: { uploadId: session.id, error, resumable: false } });
      return null;
    }
    const handle = track(startResumableUpload(resumableDeps, { session, filename: basename(session.filePath) }));
    // One that could not even start (no upload URL was journaled) has told its failure already.
    return active.has(handle.id) ? handle : null;
  }

  function checkOpen(): void {
    if (closed) throw new AppFailure(appError('client.closed'));
  }

  return {
    /**
     * Checks the file, then starts sending it; resolves once it is under way. A file the
     * service would refuse is refused here, with what to change, before any request.
     */
    async upload(request: UploadRequest): Promise<UploadHandle> {
      checkOpen();
      const parsed = UploadRequestSchema.safeParse(request);
      if (!parsed.success) {
        const issues = parsed.error.issues.slice(0, 3).map((i) => `${i.path.join('.') || 'upload'}: ${i.message}`);
        throw new AppFailure(appError('request.invalid', `Invalid upload. ${issues.join('; ')}`));
      }
      const { projectId, brandId } = parsed.data;
      const path = resolvePath(parsed.data.path);
      const file = await inspectMediaFile(path, { preferResumable: parsed.data.resumable });
      checkOpen();
      const owner: UploadOwner = projectId !== undefined ? { projectId } : { brandId: brandId! };
      if (file.method === 'multipart') {
        return track(
          startMultipartUpload({ call, emit, progressIntervalMs, answerTimeoutMs: 120_000, onSettled }, file, owner),
        );
      }
      const session = sessions.create({ workspaceId, filePath: path, size: file.sizeBytes, mtimeMs: file.mtimeMs });
      const metadata = {
        filename: file.filename,
        filetype: file.media.contentType,
        ...Object.fromEntries(Object.entries(owner).map(([k, v]) => [k, String(v)])),
      };
      return track(startResumableUpload(resumableDeps, { session, filename: file.filename, metadata }));
    },

    /**
     * After a restart: resumes every unfinished resumable upload of this workspace in the
     * journal whose file is unchanged (same size and modification time); the others fail
     * with a message that says why.
     */
    async resumeAll(): Promise<UploadHandle[]> {
      checkOpen();
      const resumed: UploadHandle[] = [];
      for (const session of sessions.listOpen(workspaceId)) {
        if (active.has(session.id) || resuming.has(session.id)) continue;
        resuming.add(session.id);
        try {
          const handle = await resumeOne(session);
          if (handle) resumed.push(handle);
        } finally {
          resuming.delete(session.id);
        }
      }
      return resumed;
    },

    get: (id: string): UploadHandle | undefined => active.get(id),
    active: (): UploadHandle[] => [...active.values()],

    /** Every upload.* event; returns the unsubscribe function. */
    subscribe(listener: (event: UploadEvent) => void): () => void {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },

    /** Stops every upload without deciding anything (resumable ones resume next time) and closes the connections. */
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      await Promise.all([...active.values()].map((handle) => handle.suspend()));
      active.clear();
      listeners.clear();
      await Promise.all([http.close(), stack.close()]);
    },
  };
}

export type Uploader = ReturnType<typeof createUploader>;
