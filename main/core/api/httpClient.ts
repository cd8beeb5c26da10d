// HTTP for the Create API, on the shared request core (requestCore.ts: one keep-alive
// undici Pool for the service's origin): JSON in and out, the API key as a Bearer token,
// and every answer read as the envelope. It throws only AppFailure: the service's error
// (code, message, status, request ID, Retry-After), response.invalid for anything that is
// not the envelope, or a network code when no answer came. It never retries and never
// waits for the rate budget: that is createApiCaller's job. Binary answers (an asset's
// bytes) come through download(), on a pool of their own without the JSON size cap.
import type { Readable } from 'node:stream';
import { Pool, type Dispatcher } from 'undici';
import { z } from 'zod';
import { AppFailure, appError, responseInvalid, toAppError, type AppError } from '../../../shared/appError.ts';
import { ErrorEnvelopeSchema, SuccessEnvelopeSchema, type Pagination } from '../../../shared/api/envelope.ts';
import { createRequestCore, headerValue, type HttpTimeouts, type ResponseHeaders } from './requestCore.ts';
import { parseRetryAfter } from './retryAfter.ts';

export { DEFAULT_TIMEOUTS, type HttpTimeouts } from './requestCore.ts';

/** A JSON answer larger than this is refused (no list page or resource comes near it). */
const MAX_RESPONSE_BYTES = 32 * 1024 * 1024;

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface HttpRequest {
  method: HttpMethod;
  /** Relative to the base URL, starting with '/': '/projects/3'. */
  path: string;
  query?: Record<string, string | number | undefined>;
  /** Sent as JSON. */
  body?: unknown;
  /** Instead of `body`: a streamed body (a file upload), read only as it is sent; `open` runs once per try. */
  /** A body read as it is sent: undici asks for a piece once the socket took the last. */
  stream?: { contentType: string; length: number; open(): AsyncIterable<Uint8Array> };
  idempotencyKey?: string;
  /** false for the public operations (GET /, /openapi.json): no key is read or sent. */
  authenticated?: boolean;
  signal?: AbortSignal;
  timeouts?: Partial<Pick<HttpTimeouts, 'headersMs' | 'bodyMs'>>;
  /**
   * Downloads only: resume from byte `from`, if the content is still the version `ifRange`
   * names (its ETag). A changed content answers 200 with the whole of it (RFC 9110 §13.1.5).
   */
  range?: { from: number; ifRange: string };
}

export interface HttpSuccess<T> {
  status: number;
  data: T;
  /** On list operations. */
  pagination: Pagination | null;
  /** meta.requestId, else the X-Request-Id header. */
  requestId: string | null;
}

export interface HttpClientOptions {
  /** e.g. http://127.0.0.1:4010/api/v1 */
  baseUrl: string;
  /** Read for every authenticated request, so a rotated key is used at once. */
  getApiKey: () => Promise<string>;
  timeouts?: Partial<HttpTimeouts>;
  /** Sockets kept open to the service. */
  connections?: number;
  /** For HTTP-date Retry-After values. */
  now?: () => number;
  userAgent?: string;
  /** Told about every answer that arrived (for the request log): never the body or the key. */
  onResponse?(exchange: Exchange): void;
}

export interface Exchange {
  method: HttpMethod;
  path: string;
  status: number;
  /** The X-Request-Id header, as support would ask for it. */
  requestId: string | null;
  elapsedMs: number;
  /** When the answer was a failure: its code (the service's, or response.invalid), e.g. to spot a refused key. */
  errorCode?: string | null;
}

/** A binary answer, streamed: read `body` to its end or destroy it. */
export interface HttpDownload {
  status: number;
  contentType: string | null;
  /** Null when the service sent no Content-Length. */
  contentLength: number | null;
  requestId: string | null;
  /** The content's version, as the service names it (quotes kept); null when it sent none. */
  etag: string | null;
  /** A 206 answer's span (inclusive) and the whole content's size; null for a whole answer. */
  contentRange: { start: number; end: number; total: number } | null;
  body: Readable;
}

/** `bytes 100-199/1000` → its span and total; null for anything else (`*` totals included). */
export function parseContentRange(value: string | undefined): HttpDownload['contentRange'] {
  const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(value?.trim() ?? '');
  if (!match) return null;
  const [start, end, total] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return start <= end && end < total ? { start, end, total } : null;
}

export interface HttpClient {
  readonly baseUrl: string;
  send<Schema extends z.ZodType>(request: HttpRequest, dataSchema: Schema): Promise<HttpSuccess<z.output<Schema>>>;
  /** A GET whose 2xx answer is bytes, not the envelope; an error answer throws as send() does. */
  download(request: HttpRequest): Promise<HttpDownload>;
  close(): Promise<void>;
}

/** The system and undici error codes of an error and of its causes, outermost first. */
export function errorCodes(err: unknown): string[] {
  const codes: string[] = [];
  const seen = new Set<unknown>();
  const visit = (e: unknown): void => {
    if (!e || typeof e !== 'object' || seen.has(e)) return;
    seen.add(e);
    const { code, name, cause, errors } = e as { code?: unknown; name?: unknown; cause?: unknown; errors?: unknown };
    if (typeof code === 'string') codes.push(code);
    // undici's HTTPParserError has no code for some bytes (a reply that is not HTTP at all).
    if (name === 'AbortError' || name === 'TimeoutError' || name === 'HTTPParserError') codes.push(name);
    visit(cause);
    if (Array.isArray(errors)) errors.forEach(visit);
  };
  visit(err);
  return codes;
}

const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'ENETDOWN',
  'EHOSTDOWN',
]);
const LOST = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE', 'ECONNABORTED', 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH']);

/** What a transport failure means for the user. `origin` names where we tried to go; `maxResponseBytes` is that pool's cap. */
export function transportError(
  err: unknown,
  origin: string,
  timeouts: HttpTimeouts,
  aborted: boolean,
  maxResponseBytes = MAX_RESPONSE_BYTES,
): AppError {
  if (err instanceof AppFailure) return toAppError(err);
  const codes = errorCodes(err);
  const has = (set: Set<string> | string[]) => codes.some((c) => (Array.isArray(set) ? set.includes(c) : set.has(c)));
  const detail = codes[0] ?? (err instanceof Error ? err.message : String(err));
  if (aborted || has(['UND_ERR_ABORTED', 'AbortError'])) return appError('request.cancelled');
  if (has(['UND_ERR_CLOSED', 'UND_ERR_DESTROYED'])) return appError('client.closed');
  if (has(['UND_ERR_CONNECT_TIMEOUT', 'ETIMEDOUT'])) {
    return appError(
      'network.timeout',
      `Could not connect to ${origin} within ${timeouts.connectMs} ms: check the network connection.`,
    );
  }
  if (has(['UND_ERR_HEADERS_TIMEOUT'])) {
    return appError('network.timeout', `${origin} did not answer within ${timeouts.headersMs} ms.`);
  }
  if (has(['UND_ERR_BODY_TIMEOUT'])) {
    return appError('network.timeout', `${origin} stopped sending its answer for ${timeouts.bodyMs} ms.`);
  }
  if (has(UNREACHABLE))
    return appError(
      'network.unreachable',
      `Could not reach ${origin} (${detail}): check the network connection and the workspace address.`,
    );
  if (has(LOST)) {
    return appError(
      'network.connection_lost',
      `The connection to ${origin} dropped before the answer arrived (${detail}): whether the request took effect is unknown.`,
    );
  }
  if (has(['UND_ERR_RES_EXCEEDED_MAX_SIZE']))
    return responseInvalid(null, `The answer is larger than ${maxResponseBytes} bytes.`);
  if (codes.some((c) => c.startsWith('HPE_') || c === 'HTTPParserError')) {
    const why = err instanceof Error && err.message ? err.message : detail;
    return responseInvalid(null, `${origin} does not speak HTTP as expected (${why}).`);
  }
  if (has(['UND_ERR_INVALID_ARG']))
    return appError('client.internal', `Clipdesk built a request undici refused: ${detail}.`);
  return appError('network.unreachable', `Could not reach ${origin} (${detail}).`);
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length ? issue.path.join('.') : 'data'}: ${issue.message}`)
    .join('; ');
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const core = createRequestCore({
    baseUrl: options.baseUrl,
    timeouts: options.timeouts,
    connections: options.connections ?? 8,
    maxResponseBytes: MAX_RESPONSE_BYTES,
    userAgent: options.userAgent,
  });
  const { origin, timeouts } = core;
  const now = options.now ?? Date.now;
  const userAgent = options.userAgent ?? 'Clipdesk';
  let downloadPool: Pool | null = null;

  async function requestHeaders(request: HttpRequest, accept: string): Promise<Record<string, string>> {
    const headers: Record<string, string> = { accept };
    if (request.authenticated !== false) {
      try {
        headers.authorization = `Bearer ${await options.getApiKey()}`;
      } catch (err) {
        throw err instanceof AppFailure ? err : new AppFailure(toAppError(err), { cause: err });
      }
    }
    if (request.idempotencyKey !== undefined) headers['idempotency-key'] = request.idempotencyKey;
    return headers;
  }

  /** Turns one complete answer into data or an AppFailure. */
  function readEnvelope<Schema extends z.ZodType>(
    status: number,
    headers: ResponseHeaders,
    text: string,
    dataSchema: Schema,
  ): HttpSuccess<z.output<Schema>> {
    const headerRequestId = headerValue(headers, 'x-request-id') ?? null;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      const type = headerValue(headers, 'content-type') ?? 'no content type';
      throw new AppFailure(
        responseInvalid(status, `The body is not JSON (${type}, ${text.length} characters).`, headerRequestId),
      );
    }
    if (status >= 200 && status < 300) {
      const envelope = SuccessEnvelopeSchema.safeParse(json);
      if (!envelope.success || !Object.hasOwn(envelope.data, 'data')) {
        throw new AppFailure(
          responseInvalid(status, 'The body has no `data`: it is not the success envelope.', headerRequestId),
        );
      }
      const requestId = envelope.data.meta?.requestId ?? headerRequestId;
      const data = dataSchema.safeParse(envelope.data.data);
      if (!data.success) {
        throw new AppFailure(
          responseInvalid(
            status,
            `The data is not what this operation returns. ${describeIssues(data.error)}`,
            requestId,
          ),
        );
      }
      return { status, data: data.data, pagination: envelope.data.pagination ?? null, requestId };
    }
    const envelope = ErrorEnvelopeSchema.safeParse(json);
    if (!envelope.success) {
      throw new AppFailure(
        responseInvalid(
          status,
          'The body has no `error` with a code and message: it is not the error envelope.',
          headerRequestId,
        ),
      );
    }
    const { code, message, ...details } = envelope.data.error;
    throw new AppFailure(
      appError(code, message, {
        status,
        requestId: envelope.data.meta?.requestId ?? headerRequestId,
        retryAfterMs: parseRetryAfter(headers['retry-after'], now()),
        details,
      }),
    );
  }

  return {
    baseUrl: options.baseUrl,

    async send(request, dataSchema) {
      if (core.closed) throw new AppFailure(appError('client.closed'));
      const headers = await requestHeaders(request, 'application/json');
      let body: string | Readable | undefined;
      if (request.stream) {
        // undici takes an async iterable body (core/request.js), though its types leave it out.
        body = request.stream.open() as unknown as Readable;
        headers['content-type'] = request.stream.contentType;
        headers['content-length'] = String(request.stream.length);
      } else if (request.body !== undefined) {
        body = JSON.stringify(request.body);
        headers['content-type'] = 'application/json';
      }

      const started = performance.now();
      let status: number;
      let responseHeaders: ResponseHeaders;
      let text: string;
      try {
        ({
          status,
          headers: responseHeaders,
          text,
        } = await core.requestText({
          method: request.method,
          path: request.path,
          query: request.query,
          headers,
          body,
          signal: request.signal,
          timeouts: request.timeouts,
        }));
      } catch (err) {
        throw new AppFailure(transportError(err, origin, timeouts, request.signal?.aborted ?? false), { cause: err });
      }
      const exchange: Exchange = {
        method: request.method,
        path: request.path,
        status,
        requestId: headerValue(responseHeaders, 'x-request-id') ?? null,
        elapsedMs: Math.round(performance.now() - started),
      };
      let answer: HttpSuccess<z.output<typeof dataSchema>>;
      try {
        answer = readEnvelope(status, responseHeaders, text, dataSchema);
      } catch (err) {
        options.onResponse?.({ ...exchange, errorCode: toAppError(err).code });
        throw err;
      }
      options.onResponse?.({ ...exchange, errorCode: null });
      return answer;
    },

    async download(request) {
      if (core.closed) throw new AppFailure(appError('client.closed'));
      const headers: Record<string, string> = { ...(await requestHeaders(request, '*/*')), 'user-agent': userAgent };
      if (request.range) {
        headers.range = `bytes=${request.range.from}-`;
        headers['if-range'] = request.range.ifRange;
      }
      downloadPool ??= new Pool(origin, { connections: 4, connect: { timeout: timeouts.connectMs } });
      const started = performance.now();
      let response: Dispatcher.ResponseData;
      try {
        response = await downloadPool.request({
          method: request.method,
          path: core.pathOf(request.path, request.query),
          headers,
          signal: request.signal,
          headersTimeout: request.timeouts?.headersMs ?? timeouts.headersMs,
          bodyTimeout: request.timeouts?.bodyMs ?? timeouts.bodyMs,
        });
      } catch (err) {
        throw new AppFailure(transportError(err, origin, timeouts, request.signal?.aborted ?? false), { cause: err });
      }
      const { statusCode: status, headers: responseHeaders } = response;
      const requestId = headerValue(responseHeaders, 'x-request-id') ?? null;
      options.onResponse?.({
        method: request.method,
        path: request.path,
        status,
        requestId,
        elapsedMs: Math.round(performance.now() - started),
      });
      if (status >= 200 && status < 300) {
        const length = Number(headerValue(responseHeaders, 'content-length'));
        return {
          status,
          contentType: headerValue(responseHeaders, 'content-type') ?? null,
          contentLength: Number.isSafeInteger(length) && length >= 0 ? length : null,
          requestId,
          etag: headerValue(responseHeaders, 'etag') ?? null,
          contentRange: status === 206 ? parseContentRange(headerValue(responseHeaders, 'content-range')) : null,
          body: response.body,
        };
      }
      // An error answer is the JSON error envelope: read it (bounded) and throw it as send() does.
      let text = '';
      try {
        for await (const chunk of response.body) {
          text += String(chunk);
          if (text.length > 1024 * 1024) break;
        }
      } catch {
        // A dropped error body still has its status.
      } finally {
        response.body.on('error', () => {}).destroy();
      }
      return readEnvelope(status, responseHeaders, text, z.unknown()) as never;
    },

    async close() {
      if (core.closed) return;
      await Promise.all([core.close(), downloadPool?.close()]);
    },
  };
}
