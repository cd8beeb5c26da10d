// What the rest of main holds of one upload under way, multipart or resumable.
import type { Asset } from '../../../shared/api/createTypes.ts';
import type { UploadProgressEvent } from '../../../shared/api/uploads.ts';
import type { UploadMethod } from '../../../shared/mediaTypes.ts';

export interface UploadHandle {
  /** The journal's session ID for a resumable upload; a fresh UUID for a multipart one. */
  readonly id: string;
  readonly method: UploadMethod;
  readonly filename: string;
  /**
   * Settles once the upload is over: the asset, or an AppFailure (failed, or cancelled with
   * request.cancelled). A resumable upload stopped because the service could not be reached
   * stays unsettled (paused) until it is resumed or cancelled.
   */
  readonly done: Promise<Asset>;
  progress(): UploadProgressEvent;
  /** Stops sending and keeps what the service has (resumable only); false when there is nothing to pause. */
  pause(): boolean;
  /** Goes on from where the service stands (resumable only), once the file is checked to be unchanged. */
  resume(): Promise<void>;
  /** Stops for good; a resumable upload is terminated on the service too. */
  cancel(): Promise<void>;
  /** Stops without deciding anything (the app is closing): a resumable upload stays in the journal for resumeAll(). */
  suspend(): Promise<void>;
}

/** A promise with its settle functions; rejections are marked handled, since not every caller awaits `done`. */
export function settlement<T>(): { promise: Promise<T>; resolve(value: T): void; reject(reason: unknown): void } {
  const { promise, resolve, reject } = Promise.withResolvers<T>();
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}
