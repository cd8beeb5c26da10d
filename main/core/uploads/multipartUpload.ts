// One POST /assets: the file streamed from disk in a multipart body, through the key's rate
// budget at user priority, with progress and cancel. POST /assets takes no idempotency key,
// so the retry policy never sends it again after an unknown outcome (a second try could
// store the file twice); the error says what the user can do instead.
import { randomUUID } from 'node:crypto';
import { AppFailure, appError, requestCancelled, toAppError, type AppError } from '../../../shared/appError.ts';
import { AssetSchema, type Asset } from '../../../shared/api/createTypes.ts';
import type { UploadEvent } from '../../../shared/api/uploads.ts';
import type { ApiCall } from '../api/apiCaller.ts';
import type { InspectedFile } from './inspectMediaFile.ts';
import { multipartBody } from './multipartBody.ts';
import { createProgressReporter } from './progressReporter.ts';
import { settlement, type UploadHandle } from './uploadHandle.ts';

export interface MultipartDeps {
  call: ApiCall;
  emit(event: UploadEvent): void;
  progressIntervalMs: number;
  /** After the service answered, it may still take a while to measure the file. */
  answerTimeoutMs: number;
  onSettled(id: string): void;
}

export type UploadOwner = { projectId: number } | { brandId: number };

const UNKNOWN_OUTCOME = new Set(['network.connection_lost', 'network.timeout']);

/** The service's or the transport's error, with what the user can do about it. */
function explain(error: AppError, file: InspectedFile, allSent: boolean): AppError {
  const name = `"${file.filename}"`;
  if (UNKNOWN_OUTCOME.has(error.code) && allSent) {
    return {
      ...error,
      message: `${error.message} Whether ${name} was stored is unknown, and it is not sent again on its own (that could store it twice): look for it in the media list, and upload it again if it is missing.`,
    };
  }
  if (error.code.startsWith('network.') || (error.status !== null && error.status >= 500)) {
    return { ...error, message: `${error.message} ${name} was not stored: you can upload it again.` };
  }
  return error;
}

export function startMultipartUpload(deps: MultipartDeps, file: InspectedFile, owner: UploadOwner): UploadHandle {
  const id = randomUUID();
  const controller = new AbortController();
  const { promise: done, resolve, reject } = settlement<Asset>();
  const reporter = createProgressReporter(
    {
      uploadId: id,
      method: 'multipart',
      filename: file.filename,
      bytesSent: 0,
      totalBytes: file.sizeBytes,
      state: 'uploading',
    },
    deps.emit,
    deps.progressIntervalMs,
  );
  const fields = Object.fromEntries(Object.entries(owner).map(([name, value]) => [name, String(value)]));
  const body = multipartBody(fields, {
    path: file.path,
    filename: file.filename,
    contentType: file.media.contentType,
    sizeBytes: file.sizeBytes,
  });
  let sent = 0;
  let settled = false;

  const settle = () => {
    settled = true;
    deps.onSettled(id);
  };

  reporter.report(0, 'uploading');
  deps
    .call(
      {
        method: 'POST',
        path: '/assets',
        stream: {
          contentType: body.contentType,
          length: body.length,
          open: () =>
            body.open((bytes) => {
              sent = bytes;
              reporter.report(bytes, bytes === file.sizeBytes ? 'finishing' : 'uploading');
            }),
        },
        timeouts: { headersMs: deps.answerTimeoutMs },
      },
      AssetSchema,
      { priority: 'user', signal: controller.signal },
    )
    .then(
      ({ data: asset }) => {
        settle();
        reporter.report(file.sizeBytes, 'completed');
        deps.emit({ name: 'upload.finished', payload: { uploadId: id, asset } });
        resolve(asset);
      },
      (err: unknown) => {
        settle();
        const failure = toAppError(err);
        if (controller.signal.aborted) {
          reporter.report(sent, 'cancelled');
          reject(new AppFailure(requestCancelled(`The upload of "${file.filename}" was cancelled.`), { cause: err }));
          return;
        }
        const error = explain(failure, file, sent === file.sizeBytes);
        reporter.report(sent, 'failed');
        deps.emit({ name: 'upload.failed', payload: { uploadId: id, error, resumable: false } });
        reject(new AppFailure(error, { cause: err }));
      },
    );

  const notResumable = () =>
    Promise.reject(
      new AppFailure(
        appError(
          'request.invalid',
          'A multipart upload cannot be paused or resumed: cancel it, or upload large files resumably.',
        ),
      ),
    );

  return {
    id,
    method: 'multipart',
    filename: file.filename,
    done,
    progress: () => reporter.current(),
    pause: () => false,
    resume: notResumable,
    async cancel() {
      if (!settled) controller.abort();
      await done.catch(() => undefined);
    },
    async suspend() {
      if (!settled) controller.abort();
      await done.catch(() => undefined);
    },
  };
}
