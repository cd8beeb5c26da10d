// Which failed requests are sent again, and when (DESIGN rule 1: paid work exactly once).
// Only requests that cannot create anything twice are retried: GETs, and requests that
// carry an Idempotency-Key (the service replays the first job for the same key). A POST
// without a key is never retried, whatever went wrong: it could create paid work twice.
import type { AppError } from '../../../shared/appError.ts';

export interface RetryOptions {
  /** Tries in all, the first included. */
  maxAttempts: number;
  /** No retry starts later than this after the first try began. */
  maxTotalMs: number;
  /** First backoff step; each later one doubles, up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryOptions = {
  maxAttempts: 4,
  maxTotalMs: 30_000,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
};

export interface FailedAttempt {
  method: string;
  hasIdempotencyKey: boolean;
  error: AppError;
  /** 1 for the first try. */
  attempt: number;
  /** Since the first try began. */
  elapsedMs: number;
}

export type RetryDecision = { retry: true; delayMs: number; reason: string } | { retry: false; reason: string };

const NETWORK_CODES = new Set(['network.unreachable', 'network.timeout', 'network.connection_lost']);

/** Backoff with "equal jitter": half the step for sure, the other half at random, so callers spread out. */
export function backoffMs(attempt: number, options: RetryOptions, random: () => number): number {
  const step = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(step / 2 + random() * (step / 2));
}

/** Whether a failure is worth another try at all (ignoring method and limits), and how long to wait first. */
function transient(
  error: AppError,
  attempt: number,
  options: RetryOptions,
  random: () => number,
): { delayMs: number; reason: string } | null {
  if (error.status === 429 || error.status === 503) {
    if (error.retryAfterMs !== null)
      return { delayMs: error.retryAfterMs, reason: `HTTP ${error.status}: retry after its Retry-After` };
    return {
      delayMs: backoffMs(attempt, options, random),
      reason: `HTTP ${error.status} without Retry-After: backoff`,
    };
  }
  if (NETWORK_CODES.has(error.code))
    return { delayMs: backoffMs(attempt, options, random), reason: `${error.code}: backoff` };
  if (error.status !== null && error.status >= 500)
    return { delayMs: backoffMs(attempt, options, random), reason: `HTTP ${error.status}: backoff` };
  return null;
}

export function decideRetry(
  failed: FailedAttempt,
  options: RetryOptions = DEFAULT_RETRY,
  random: () => number = Math.random,
): RetryDecision {
  const { error } = failed;
  if (error.code === 'idempotency.key_reused') {
    return { retry: false, reason: 'the idempotency key was used with other inputs: final' };
  }
  const again = transient(error, failed.attempt, options, random);
  if (!again) return { retry: false, reason: `${error.code} is final` };
  const method = failed.method.toUpperCase();
  if (method !== 'GET' && method !== 'HEAD' && !failed.hasIdempotencyKey) {
    return {
      retry: false,
      reason: `a ${method} without an Idempotency-Key is never resent: it could create work twice`,
    };
  }
  if (failed.attempt >= options.maxAttempts) return { retry: false, reason: `gave up after ${failed.attempt} tries` };
  if (failed.elapsedMs + again.delayMs > options.maxTotalMs) {
    return {
      retry: false,
      reason: `waiting ${again.delayMs} ms more would pass the ${options.maxTotalMs} ms retry limit`,
    };
  }
  return { retry: true, ...again };
}
