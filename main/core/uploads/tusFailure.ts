// What a failed tus request means, as an AppError: the service's error envelope when it
// answered (its code, message and request ID), our transport code when it did not (thrown
// by tusHttpStack.ts), and which failures are worth another try.
import { DetailedError } from 'tus-js-client';
import { appError, AppFailure, responseInvalid, toAppError, type AppError } from '../../../shared/appError.ts';
import { ErrorEnvelopeSchema } from '../../../shared/api/envelope.ts';
import { parseRetryAfter } from '../api/retryAfter.ts';

/** Answers after which the same request may succeed: a conflict about the offset (HEAD tells the truth), a lock, the rate limit, a passing server failure. */
const RETRY_STATUSES = new Set([409, 423, 429, 500, 502, 503, 504]);
const NETWORK_CODES = new Set(['network.unreachable', 'network.timeout', 'network.connection_lost']);

/**
 * A failure answered without a body: a HEAD (which never carries one) tells only its status.
 * The meaning of each status is the sandbox's (and tus 1.0's) for an upload URL.
 */
function withoutBody(status: number, requestId: string | null, retryAfterMs: number | null): AppError | null {
  const extra = { status, requestId, retryAfterMs };
  switch (status) {
    case 401:
      return appError(
        'auth.invalid_key',
        'The service refused the API key (HTTP 401): check or replace the key, then resume the upload.',
        extra,
      );
    case 404:
      return appError(
        'resource.not_found',
        'The service no longer has this upload (it was terminated): upload the file again.',
        extra,
      );
    case 410:
      return appError('upload.expired', undefined, extra);
    case 415:
      return appError(
        'media.unsupported_type',
        'The service refused the content of this upload: upload a complete, playable media file.',
        extra,
      );
    case 423:
      return appError(
        'service.unavailable',
        'The upload is busy with another request (HTTP 423): try again in a moment.',
        extra,
      );
    case 429:
      return appError('rate.limited', undefined, extra);
    case 503:
      return appError('service.unavailable', undefined, extra);
    case 500:
    case 502:
    case 504:
      return appError(
        'server.internal',
        `The service failed (HTTP ${status}): try again, and quote the request ID if it persists.`,
        extra,
      );
    default:
      return null;
  }
}

export function tusFailure(err: unknown, now: () => number = Date.now): AppError {
  if (err instanceof AppFailure) return toAppError(err);
  if (err instanceof DetailedError) {
    const response = err.originalResponse;
    if (response) {
      const status = response.getStatus();
      const headerRequestId = response.getHeader('x-request-id') ?? null;
      let json: unknown = null;
      try {
        json = JSON.parse(response.getBody());
      } catch {
        // not JSON: judged below
      }
      const envelope = ErrorEnvelopeSchema.safeParse(json);
      if (envelope.success && status >= 400) {
        const { code, message, ...details } = envelope.data.error;
        return appError(code, message, {
          status,
          requestId: envelope.data.meta?.requestId ?? headerRequestId,
          retryAfterMs: parseRetryAfter(response.getHeader('retry-after'), now()),
          details,
        });
      }
      if (status >= 400) {
        const known = withoutBody(status, headerRequestId, parseRetryAfter(response.getHeader('retry-after'), now()));
        if (known) return known;
      }
      // tus-js-client's own words name what was missing (e.g. "invalid or missing offset value").
      const what = err.message.split(', originated from')[0]!.replace(/^tus: /, '');
      return responseInvalid(status, `The resumable upload answer is not usable: ${what}.`, headerRequestId);
    }
    if (err.causingError) return tusFailure(err.causingError, now);
  }
  return toAppError(err);
}

/** True for failures that may pass: no answer (but not a cancel), or a status in RETRY_STATUSES. */
export function isTransientTusFailure(error: AppError): boolean {
  if (NETWORK_CODES.has(error.code)) return true;
  return error.status !== null && RETRY_STATUSES.has(error.status);
}
