// The one undici request core both services' clients stand on (httpClient.ts for the
// Create API, messaging/messagingHttp.ts for the Messaging API): one keep-alive Pool for the
// service's origin, the base path and query joined onto each request's path, the
// per-request timeouts, the User-Agent, and the whole answer read as text under a size cap.
// What differs between the two stays with each client, as parameters here (connections,
// the size cap) or as their own reading of the answer and of a failure.
import type { Readable } from 'node:stream';
import { Pool, type Dispatcher, type FormData } from 'undici';

export interface HttpTimeouts {
  /** To open the TCP (and TLS) connection. */
  connectMs: number;
  /** From sending to the end of the response headers. */
  headersMs: number;
  /** Between two chunks of the response body. */
  bodyMs: number;
}

export const DEFAULT_TIMEOUTS: HttpTimeouts = { connectMs: 5_000, headersMs: 30_000, bodyMs: 30_000 };

export type ResponseHeaders = Record<string, string | string[] | undefined>;

export interface RequestCoreOptions {
  /** The service's base address; its path is put before every request's path. */
  readonly baseUrl: string;
  readonly timeouts?: Partial<HttpTimeouts>;
  /** Sockets kept open to the service. */
  readonly connections: number;
  /** An answer larger than this is refused (undici's UND_ERR_RES_EXCEEDED_MAX_SIZE). */
  readonly maxResponseBytes: number;
  readonly userAgent?: string;
}

export interface CoreRequest {
  readonly method: string;
  /** Relative to the base URL, starting with '/'. */
  readonly path: string;
  readonly query?: Record<string, string | number | undefined>;
  /** The client's own headers (accept, authorization, content type…); the User-Agent is added. */
  readonly headers: Record<string, string>;
  readonly body?: string | Readable | FormData;
  readonly signal?: AbortSignal;
  readonly timeouts?: Partial<Pick<HttpTimeouts, 'headersMs' | 'bodyMs'>>;
}

export interface TextAnswer {
  readonly status: number;
  readonly headers: ResponseHeaders;
  readonly text: string;
}

export interface RequestCore {
  /** scheme://host:port of the service: where a failure says it tried to go. */
  readonly origin: string;
  readonly timeouts: HttpTimeouts;
  readonly maxResponseBytes: number;
  readonly closed: boolean;
  /** The request's path with the base path before it and its query after it. */
  pathOf(path: string, query?: CoreRequest['query']): string;
  /** Sends the request and reads the whole answer; a transport failure throws undici's error as it came. */
  requestText(request: CoreRequest): Promise<TextAnswer>;
  close(): Promise<void>;
}

export function headerValue(headers: ResponseHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export function createRequestCore(options: RequestCoreOptions): RequestCore {
  const base = new URL(options.baseUrl);
  const basePath = base.pathname.replace(/\/+$/, '');
  const timeouts: HttpTimeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const pool: Dispatcher = new Pool(base.origin, {
    connections: options.connections,
    connect: { timeout: timeouts.connectMs },
    headersTimeout: timeouts.headersMs,
    bodyTimeout: timeouts.bodyMs,
    maxResponseSize: options.maxResponseBytes,
  });
  const userAgent = options.userAgent ?? 'Clipdesk';
  let closed = false;

  function pathOf(path: string, query: CoreRequest['query'] = {}): string {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) {
      if (value !== undefined) search.set(name, String(value));
    }
    const text = search.toString();
    return `${basePath}${path}${text ? `?${text}` : ''}`;
  }

  return {
    origin: base.origin,
    timeouts,
    maxResponseBytes: options.maxResponseBytes,
    get closed() {
      return closed;
    },
    pathOf,

    async requestText(request) {
      const response = await pool.request({
        method: request.method as Dispatcher.HttpMethod,
        path: pathOf(request.path, request.query),
        headers: { ...request.headers, 'user-agent': userAgent },
        body: request.body,
        signal: request.signal,
        headersTimeout: request.timeouts?.headersMs ?? timeouts.headersMs,
        bodyTimeout: request.timeouts?.bodyMs ?? timeouts.bodyMs,
      });
      return { status: response.statusCode, headers: response.headers, text: await response.body.text() };
    },

    async close() {
      if (closed) return;
      closed = true;
      await pool.close();
    },
  };
}
