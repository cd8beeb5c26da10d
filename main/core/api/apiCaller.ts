// Sends one operation through the rate budget, retrying it as the retry policy allows.
// Each try takes its own budget slot; a 429 or 503 with Retry-After pauses the whole
// budget (every caller of this key waits), and a retry reuses the same Idempotency-Key.
import type { z } from 'zod';
import { AppFailure, requestCancelled, toAppError } from '../../../shared/appError.ts';
import type { Priority, RateBudget } from '../rate/rateBudget.ts';
import type { HttpClient, HttpRequest, HttpSuccess } from './httpClient.ts';
import { decideRetry, DEFAULT_RETRY, type RetryDecision, type RetryOptions } from './retryPolicy.ts';

export interface CallOptions {
  /** user (default) goes before background polling when the budget is short. */
  priority?: Priority;
  signal?: AbortSignal;
}

export interface ApiCallerOptions {
  http: HttpClient;
  budget: RateBudget;
  retry?: Partial<RetryOptions>;
  random?: () => number;
  now?: () => number;
  /** Told about every retry (for the log); never about the request's content. */
  onRetry?(info: {
    method: string;
    path: string;
    attempt: number;
    decision: Extract<RetryDecision, { retry: true }>;
    code: string;
  }): void;
}

export type ApiCall = <Schema extends z.ZodType>(
  request: Omit<HttpRequest, 'signal'>,
  dataSchema: Schema,
  options?: CallOptions,
) => Promise<HttpSuccess<z.output<Schema>>>;

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  const cancelled = () => new AppFailure(requestCancelled('The request was cancelled while it waited to be retried.'));
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(cancelled());
    const onAbort = () => {
      clearTimeout(timer);
      reject(cancelled());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export function createApiCaller(options: ApiCallerOptions): ApiCall {
  const { http, budget } = options;
  const retry: RetryOptions = { ...DEFAULT_RETRY, ...options.retry };
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;

  return async function call(request, dataSchema, callOptions = {}) {
    const { priority = 'user', signal } = callOptions;
    const started = now();
    for (let attempt = 1; ; attempt++) {
      try {
        // The public operations are not made with the key, so they spend none of its budget;
        // but no request at all goes out while a Retry-After pause is in force.
        if (request.authenticated === false) await budget.whenUnpaused(signal);
        const slot = request.authenticated === false ? null : await budget.acquire(priority, signal);
        try {
          return await http.send({ ...request, signal }, dataSchema);
        } finally {
          slot?.release();
        }
      } catch (err) {
        const failure = err instanceof AppFailure ? err : new AppFailure(toAppError(err), { cause: err });
        if ((failure.status === 429 || failure.status === 503) && failure.retryAfterMs !== null)
          budget.pause(failure.retryAfterMs);
        const decision = decideRetry(
          {
            method: request.method,
            hasIdempotencyKey: request.idempotencyKey !== undefined,
            error: failure,
            attempt,
            elapsedMs: now() - started,
          },
          retry,
          random,
        );
        if (!decision.retry) throw failure;
        options.onRetry?.({ method: request.method, path: request.path, attempt, decision, code: failure.code });
        await sleep(decision.delayMs, signal);
      }
    }
  };
}
