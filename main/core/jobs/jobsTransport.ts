// The requests the jobs service makes: any journaled intent (its stored method, path, body
// and idempotency key, whatever the kind), job reads and list reads, all through the key's
// shared rate budget and the client's retry policy; and the reachability probe (GET /,
// public, so it spends no budget slot and is never retried: the probe loop paces itself).
import { z } from 'zod';
import type { RateBudget } from '../rate/rateBudget.ts';
import { createApiCaller, type ApiCall, type ApiCallerOptions, type CallOptions } from '../api/apiCaller.ts';
import {
  createHttpClient,
  type HttpClientOptions,
  type HttpRequest,
  type HttpSuccess,
  type HttpTimeouts,
} from '../api/httpClient.ts';
import type { RetryOptions } from '../api/retryPolicy.ts';

export type JobRequest = Omit<HttpRequest, 'signal'>;

export interface JobsTransport {
  call<Schema extends z.ZodType>(
    request: JobRequest,
    schema: Schema,
    options?: CallOptions,
  ): Promise<HttpSuccess<z.output<Schema>>>;
  /** Resolves when the service answers GET / at all; rejects with AppFailure otherwise. */
  probe(signal?: AbortSignal): Promise<void>;
  close(): Promise<void>;
}

export interface JobsTransportOptions {
  /** The workspace's Create API base, e.g. http://127.0.0.1:4010/api/v1 */
  baseUrl: string;
  getApiKey: () => Promise<string>;
  /** The key's budget, shared with every other client of the key. */
  budget: RateBudget;
  retry?: Partial<RetryOptions>;
  timeouts?: Partial<HttpTimeouts>;
  onRetry?: ApiCallerOptions['onRetry'];
  onResponse?: HttpClientOptions['onResponse'];
}

export function createJobsTransport(options: JobsTransportOptions): JobsTransport {
  const http = createHttpClient({
    baseUrl: options.baseUrl,
    getApiKey: options.getApiKey,
    timeouts: options.timeouts,
    onResponse: options.onResponse,
  });
  const call: ApiCall = createApiCaller({
    http,
    budget: options.budget,
    retry: options.retry,
    onRetry: options.onRetry,
  });
  const probeOnce: ApiCall = createApiCaller({ http, budget: options.budget, retry: { maxAttempts: 1 } });

  return {
    call: (request, schema, callOptions) => call(request, schema, callOptions),
    async probe(signal) {
      await probeOnce({ method: 'GET', path: '/', authenticated: false }, z.unknown(), { signal });
    },
    close: () => http.close(),
  };
}
