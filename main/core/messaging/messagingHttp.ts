// HTTP for the Messaging API, on the shared request core (api/requestCore.ts: one
// keep-alive undici Pool for the service's origin): JSON, multipart (an MMS file streamed
// from disk) or query parameters out; the answer's JSON back as it came (messagingResult.ts
// reads it). It never retries. When no answer comes it says whether the request can have
// reached the service: `not_sent` only when the connection was never made; anything later
// is `unknown`, because a write may have taken effect.
import { FormData } from 'undici';
import { AppFailure, appError } from '../../../shared/appError.ts';
import { errorCodes, transportError } from '../api/httpClient.ts';
import { createRequestCore, headerValue, type HttpTimeouts } from '../api/requestCore.ts';

export { FormData };

/** Whether a request that got no answer can have reached the service. */
export type Delivery = 'not_sent' | 'unknown';

export interface MessagingRequest {
  method: 'GET' | 'POST';
  /** Relative to the base URL, starting with '/'. */
  path: string;
  query?: Record<string, string | number | undefined>;
  /** Sent as JSON. */
  json?: Record<string, unknown>;
  /** Sent as multipart/form-data; its file parts are streamed. */
  form?: FormData;
  apiKey: string;
  timeouts?: Partial<Pick<HttpTimeouts, 'headersMs' | 'bodyMs'>>;
  signal?: AbortSignal;
}

export interface RawAnswer {
  /** The HTTP status. */
  status: number;
  /** The parsed JSON body. */
  body: unknown;
  /** The X-Request-Id header. */
  requestId: string | null;
}

export interface MessagingExchange {
  method: string;
  /** Without the query (it carries the key). */
  path: string;
  /** null when no answer came. */
  status: number | null;
  requestId: string | null;
  elapsedMs: number;
  /** For a request with no answer: could it have reached the service? */
  delivery?: Delivery;
}

export interface MessagingHttpOptions {
  /** The service's base address ({legacy_base_url}), e.g. http://127.0.0.1:4020 */
  baseUrl: string;
  timeouts?: Partial<HttpTimeouts>;
  connections?: number;
  userAgent?: string;
  /** Told about every request, answered or not (for the request log): never bodies or the key. */
  onExchange?(exchange: MessagingExchange): void;
}

export interface MessagingHttp {
  readonly baseUrl: string;
  send(request: MessagingRequest): Promise<RawAnswer>;
  close(): Promise<void>;
}

/** An answer larger than this is refused (a page of 100 messages is far smaller). */
const MAX_RESPONSE_BYTES = 8 * 1024 * 1024;

/** Failures that happen before a connection exists: nothing can have reached the service. */
const NEVER_CONNECTED = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'ENETDOWN',
  'EHOSTDOWN',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_CLOSED',
  'UND_ERR_INVALID_ARG',
]);

export function deliveryOf(err: unknown): Delivery {
  const codes = errorCodes(err);
  return codes.length > 0 && codes.every((c) => NEVER_CONNECTED.has(c)) ? 'not_sent' : 'unknown';
}

export function createMessagingHttp(options: MessagingHttpOptions): MessagingHttp {
  const core = createRequestCore({
    baseUrl: options.baseUrl,
    timeouts: options.timeouts,
    connections: options.connections ?? 4,
    maxResponseBytes: MAX_RESPONSE_BYTES,
    userAgent: options.userAgent,
  });

  return {
    baseUrl: options.baseUrl,

    async send(request) {
      if (core.closed) throw new AppFailure({ ...appError('client.closed'), details: { delivery: 'not_sent' } });
      // The spec puts the key in a body field and also asks for the Authorization header: both, always the same key.
      const headers: Record<string, string> = { accept: 'application/json', authorization: `Bearer ${request.apiKey}` };
      let body: string | FormData | undefined;
      if (request.json) {
        body = JSON.stringify(request.json);
        headers['content-type'] = 'application/json';
      } else if (request.form) {
        body = request.form; // undici sets the multipart content type and streams the file parts
      }
      const started = performance.now();
      const elapsed = () => Math.round(performance.now() - started);
      let answer: Awaited<ReturnType<typeof core.requestText>>;
      try {
        answer = await core.requestText({
          method: request.method,
          path: request.path,
          query: request.query,
          headers,
          body,
          signal: request.signal,
          timeouts: request.timeouts,
        });
      } catch (err) {
        const delivery = deliveryOf(err);
        options.onExchange?.({
          method: request.method,
          path: request.path,
          status: null,
          requestId: null,
          elapsedMs: elapsed(),
          delivery,
        });
        const error = transportError(
          err,
          core.origin,
          core.timeouts,
          request.signal?.aborted ?? false,
          MAX_RESPONSE_BYTES,
        );
        throw new AppFailure({ ...error, details: { ...error.details, delivery } }, { cause: err });
      }
      const { status, headers: responseHeaders, text } = answer;
      const requestId = headerValue(responseHeaders, 'x-request-id') ?? null;
      options.onExchange?.({ method: request.method, path: request.path, status, requestId, elapsedMs: elapsed() });
      try {
        return { status, body: JSON.parse(text) as unknown, requestId };
      } catch {
        const type = responseHeaders['content-type'] ?? 'no content type';
        throw new AppFailure(
          appError(
            'response.invalid',
            `The Messaging API answered HTTP ${status} with something that is not JSON (${String(type)}, ${text.length} characters): check the workspace's Messaging API address.`,
            { status, requestId },
          ),
        );
      }
    },

    close: () => core.close(),
  };
}
