// One resumable upload (tus 1.0 with tus-js-client), kept in the journal rather than in
// tus-js-client's URL storage: the upload URL is journaled the moment the service creates it
// and the offset after every chunk it accepts, so after a crash a new uploader resumes from
// the journal's URL (tus HEADs it for the true offset). Each run (start, resume, retry after
// a restart) is a fresh tus Upload given that URL; only the first run may create one.
// The file is read slice by slice from disk into two reused buffers (fileSlice.ts), so
// memory does not grow with its size.
import { stat } from 'node:fs/promises';
import { Upload } from 'tus-js-client';
import { AppFailure, appError, requestCancelled, toAppError, type AppError } from '../../../shared/appError.ts';
import { AssetSchema, type Asset } from '../../../shared/api/createTypes.ts';
import type { UploadEvent } from '../../../shared/api/uploads.ts';
import type { ApiCall } from '../api/apiCaller.ts';
import type { UploadSession, UploadSessionTable } from '../journal/uploadSessions.ts';
import { FileSlice, ReadBuffers } from './fileSlice.ts';
import { stampOf } from './inspectMediaFile.ts';
import { createProgressReporter } from './progressReporter.ts';
import { isTransientTusFailure, tusFailure } from './tusFailure.ts';
import type { TusHttpStack } from './tusHttpStack.ts';
import { settlement, type UploadHandle } from './uploadHandle.ts';

export interface ResumableDeps {
  sessions: UploadSessionTable;
  stack: TusHttpStack;
  call: ApiCall;
  /** The Create API base URL: uploads are created at {baseUrl}/uploads. */
  baseUrl: string;
  chunkSizeBytes: number;
  retryDelaysMs: number[];
  progressIntervalMs: number;
  emit(event: UploadEvent): void;
  onSettled(id: string): void;
}

export interface ResumableStart {
  session: UploadSession;
  filename: string;
  /** Upload-Metadata for creating the upload; absent when resuming from the journal (the service has it). */
  metadata?: Record<string, string>;
}

export function fileChangedError(session: UploadSession, now: { sizeBytes: number; mtimeMs: number }): AppError {
  const then = `${session.size} bytes, modified ${new Date(session.mtimeMs).toISOString()}`;
  const since = `${now.sizeBytes} bytes, modified ${new Date(now.mtimeMs).toISOString()}`;
  return appError(
    'upload.file_changed',
    `${session.filePath} changed after its upload began (${then}; now ${since}), so the bytes already sent no longer match it: upload it again.`,
  );
}

/** tus-js-client's file reader, by path: each chunk is a slice read when it is sent, and the file must still be the one journaled. */
function fileSlices(session: UploadSession) {
  const buffers = new ReadBuffers(session.size);
  return {
    async openFile() {
      return {
        size: session.size,
        async slice(start: number, end: number) {
          const info = await stat(session.filePath).catch(() => null);
          const now = info
            ? { sizeBytes: info.size, mtimeMs: Math.trunc(info.mtimeMs) }
            : { sizeBytes: -1, mtimeMs: 0 };
          if (now.sizeBytes !== session.size || now.mtimeMs !== session.mtimeMs) {
            throw new AppFailure(
              info
                ? fileChangedError(session, now)
                : appError(
                    'file.unreadable',
                    `${session.filePath} is gone (moved or deleted?): put it back to resume, or cancel the upload.`,
                  ),
            );
          }
          return { value: new FileSlice(session.filePath, start, end, buffers), done: end >= session.size };
        },
        close() {},
      };
    },
  };
}

/** The last segment of the upload URL: the service's upload ID. */
function uploadKey(uploadUrl: string): string {
  return new URL(uploadUrl).pathname.split('/').filter(Boolean).at(-1) ?? '';
}

export function startResumableUpload(deps: ResumableDeps, start: ResumableStart): UploadHandle {
  const { sessions } = deps;
  const { session, filename, metadata } = start;
  const id = session.id;
  const { promise: done, resolve, reject } = settlement<Asset>();
  const reporter = createProgressReporter(
    {
      uploadId: id,
      method: 'resumable',
      filename,
      bytesSent: session.offset,
      totalBytes: session.size,
      state: 'uploading',
    },
    deps.emit,
    deps.progressIntervalMs,
  );
  let state: 'uploading' | 'paused' | 'finishing' | 'over' = 'uploading';
  let current: Upload | null = null;

  const bytesSent = () => reporter.current().bytesSent;
  const over = (): void => {
    state = 'over';
    current = null;
    deps.onSettled(id);
  };

  function fail(error: AppError): void {
    if (state === 'over') return;
    sessions.fail(id, error);
    over();
    reporter.report(bytesSent(), 'failed');
    deps.emit({ name: 'upload.failed', payload: { uploadId: id, error, resumable: false } });
    reject(new AppFailure(error));
  }

  /** The service could not be reached (after tus's retries) or refused the key: keep the session, wait to be resumed. */
  function waitForService(error: AppError): void {
    state = 'paused';
    current = null;
    reporter.report(bytesSent(), 'paused');
    deps.emit({ name: 'upload.failed', payload: { uploadId: id, error, resumable: true } });
  }

  function stopped(error: AppError): void {
    if (state !== 'uploading' && state !== 'finishing') return;
    // A refused key is fixed in Settings, and the bytes already sent stay good.
    if (isTransientTusFailure(error) || error.status === 401) waitForService(error);
    else fail(error);
  }

  async function finish(uploadUrl: string, assetIdHeader: string | undefined): Promise<void> {
    state = 'finishing';
    current = null;
    reporter.report(session.size, 'finishing');
    try {
      const assetId = Number(assetIdHeader);
      const path =
        Number.isInteger(assetId) && assetId > 0
          ? `/assets/${assetId}`
          : `/uploads/${encodeURIComponent(uploadKey(uploadUrl))}/asset`;
      const { data: asset } = await deps.call({ method: 'GET', path }, AssetSchema, { priority: 'user' });
      if (state !== 'finishing') return;
      sessions.complete(id, String(asset.id));
      over();
      reporter.report(session.size, 'completed');
      deps.emit({ name: 'upload.finished', payload: { uploadId: id, asset } });
      resolve(asset);
    } catch (err) {
      stopped(tusFailure(err));
    }
  }

  function run(): void {
    const journaled = sessions.get(id);
    if (!journaled || (journaled.state !== 'created' && journaled.state !== 'uploading')) {
      fail(appError('client.internal', `The upload session ${id} is no longer open in the journal.`));
      return;
    }
    const uploadUrl = journaled.uploadUrl;
    if (!uploadUrl && !metadata) {
      fail(
        appError(
          'client.closed',
          `The app closed before the service created the upload of "${filename}", so there is nothing to resume: upload the file again.`,
        ),
      );
      return;
    }
    let knownUrl = uploadUrl;
    const upload: Upload = new Upload(session.filePath as unknown as Buffer, {
      // Only a run without a journaled URL creates an upload: one that lost its URL must fail, not start over unseen.
      endpoint: uploadUrl ? null : `${deps.baseUrl}/uploads`,
      uploadUrl,
      metadata: uploadUrl ? {} : metadata,
      uploadSize: session.size,
      chunkSize: deps.chunkSizeBytes,
      retryDelays: deps.retryDelaysMs,
      storeFingerprintForResuming: false,
      removeFingerprintOnSuccess: false,
      fileReader: fileSlices(session),
      httpStack: deps.stack,
      onShouldRetry: (err) => current === upload && isTransientTusFailure(tusFailure(err)),
      onUploadUrlAvailable() {
        if (upload.url && upload.url !== knownUrl) {
          knownUrl = upload.url;
          sessions.setUploadUrl(id, upload.url);
        }
      },
      onProgress(sent) {
        if (current === upload) reporter.report(sent, 'uploading');
      },
      onChunkComplete(_chunk, accepted) {
        if (current === upload) sessions.recordOffset(id, accepted);
      },
      onSuccess({ lastResponse }) {
        if (current === upload) void finish(upload.url ?? knownUrl ?? '', lastResponse.getHeader('clipdesk-asset-id'));
      },
      onError(err) {
        if (current === upload) stopped(tusFailure(err));
      },
    });
    current = upload;
    upload.start();
  }

  async function unchangedFile(): Promise<boolean> {
    try {
      const now = await stampOf(session.filePath);
      if (now.sizeBytes === session.size && now.mtimeMs === session.mtimeMs) return true;
      fail(fileChangedError(session, now));
    } catch (err) {
      fail(toAppError(err));
    }
    return false;
  }

  reporter.report(session.offset, 'uploading');
  run();

  return {
    id,
    method: 'resumable',
    filename,
    done,
    progress: () => reporter.current(),
    pause() {
      if (state !== 'uploading') return false;
      state = 'paused';
      const upload = current;
      current = null;
      void upload?.abort(false);
      reporter.report(bytesSent(), 'paused');
      return true;
    },
    async resume() {
      if (state !== 'paused') return;
      state = 'uploading';
      if (!(await unchangedFile())) return;
      if (state !== 'uploading') return;
      reporter.report(bytesSent(), 'uploading');
      run();
    },
    async cancel() {
      if (state === 'over' || state === 'finishing') return;
      const upload = current;
      const uploadUrl = sessions.get(id)?.uploadUrl ?? upload?.url ?? null;
      // Journaled first: a crash from here on must never resume what the user cancelled.
      sessions.cancel(id);
      over();
      await upload?.abort(false);
      reporter.report(bytesSent(), 'cancelled');
      reject(new AppFailure(requestCancelled(`The upload of "${filename}" was cancelled.`)));
      if (uploadUrl) {
        // tus termination, so the service drops the bytes now; if it cannot be reached, it discards them when the upload expires.
        await Upload.terminate(uploadUrl, { httpStack: deps.stack, retryDelays: deps.retryDelaysMs.slice(0, 2) }).catch(
          () => undefined,
        );
      }
    },
    async suspend() {
      if (state === 'over') return;
      const upload = current;
      over();
      await upload?.abort(false);
      reject(
        new AppFailure(
          appError(
            'client.closed',
            `The upload of "${filename}" stopped because the app is closing; it resumes next time.`,
          ),
        ),
      );
    },
  };
}
