// HTTP for the Messaging API: one keep-alive undici Pool for the service's origin; JSON,
// multipart (an MMS file streamed from disk) or query parameters out; the answer's JSON back
// as it came (messagingResult.ts reads it). It never retries. When no answer comes it says
// whether the request can have reached the service: `not_sent` only when the connection was
// never made; anything later is `unknown`, because a write may have taken effect.
import { FormData, Pool, type Dispatcher } from 'undici';
import { AppFailure, appError } from '../../../shared/appError.ts';
import { DEFAULT_TIMEOUTS, transportError, type HttpTimeouts } from '../api/httpClient.ts';

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

function causeCodes(err: unknown): string[] {
  const codes: string[] = [];
  const seen = new Set<unknown>();
  const visit = (e: unknown): void => {
    if (!e || typeof e !== 'object' || seen.has(e)) return;
    seen.add(e);
    const { code, cause, errors } = e as { code?: unknown; cause?: unknown; errors?: unknown };
    if (typeof code === 'string') codes.push(code);
    visit(cause);
    if (Array.isArray(errors)) errors.forEach(visit);
  };
  visit(err);
  return codes;
}

export function deliveryOf(err: unknown): Delivery {
  const codes = causeCodes(err);
  return codes.length > 0 && codes.every((c) => NEVER_CONNECTED.has(c)) ? 'not_sent' : 'unknown';
}

export function createMessagingHttp(options: MessagingHttpOptions): MessagingHttp {
  const base = new URL(options.baseUrl);
  const basePath = base.pathname.replace(/\/+$/, '');
  const { origin } = base;
  const timeouts: HttpTimeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const pool: Dispatcher = new Pool(origin, {
    connections: options.connections ?? 4,
    connect: { timeout: timeouts.connectMs },
    headersTimeout: timeouts.headersMs,
    bodyTimeout: timeouts.bodyMs,
    maxResponseSize: MAX_RESPONSE_BYTES,
  });
  const userAgent = options.userAgent ?? 'Clipdesk';
  let closed = false;

  function pathWithQuery(request: MessagingRequest): string {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(request.query ?? {})) {
      if (value !== undefined) search.set(name, String(value));
    }
    const query = search.toString();
    return `${basePath}${request.path}${query ? `?${query}` : ''}`;
  }

  return {
    baseUrl: options.baseUrl,

    async send(request) {
      if (closed) throw new AppFailure({ ...appError('client.closed'), details: { delivery: 'not_sent' } });
      // The spec puts the key in a body field and also asks for the Authorization header: both, always the same key.
      const headers: Record<string, string> = {
        accept: 'application/json',
        'user-agent': userAgent,
        authorization: `Bearer ${request.apiKey}`,
      };
      let body: string | FormData | undefined;
      if (request.json) {
        body = JSON.stringify(request.json);
        headers['content-type'] = 'application/json';
      } else if (request.form) {
        body = request.form; // undici sets the multipart content type and streams the file parts
      }
      const started = performance.now();
      const elapsed = () => Math.round(performance.now() - started);
      let status: number;
      let responseHeaders: Record<string, string | string[] | undefined>;
      let text: string;
      try {
        const response = await pool.request({
          method: request.method,
          path: pathWithQuery(request),
          headers,
          body,
          signal: request.signal,
          headersTimeout: request.timeouts?.headersMs ?? timeouts.headersMs,
          bodyTimeout: request.timeouts?.bodyMs ?? timeouts.bodyMs,
        });
        status = response.statusCode;
        responseHeaders = response.headers;
        text = await response.body.text();
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
        const error = transportError(err, origin, timeouts, request.signal?.aborted ?? false, MAX_RESPONSE_BYTES);
        throw new AppFailure({ ...error, details: { ...error.details, delivery } }, { cause: err });
      }
      const header = responseHeaders['x-request-id'];
      const requestId = (Array.isArray(header) ? header[0] : header) ?? null;
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

    async close() {
      if (closed) return;
      closed = true;
      await pool.close();
    },
  };
}
