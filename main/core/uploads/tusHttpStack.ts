// tus-js-client's HTTP layer, on undici like the rest of the client: every tus request
// (POST, HEAD, PATCH, DELETE) waits for a slot of the key's shared rate budget, carries the
// key read fresh from getApiKey(), has connect/header/body timeouts, reports its exchange to
// the request log, and a Retry-After on a 429 or 503 pauses the whole budget. A PATCH body is
// the file slice tus-js-client hands over (fileSlice.ts), read as it is sent and counted.
// Failures are thrown as AppFailure, so tus-js-client's DetailedError carries ours inside.
import type { HttpRequest as TusRequest, HttpResponse as TusResponse, HttpStack } from 'tus-js-client';
import type { Readable } from 'node:stream';
import { Agent } from 'undici';
import { AppFailure, appError } from '../../../shared/appError.ts';
import type { Exchange, HttpMethod, HttpTimeouts } from '../api/httpClient.ts';
import { transportError } from '../api/httpClient.ts';
import { parseRetryAfter } from '../api/retryAfter.ts';
import { FileSlice } from './fileSlice.ts';
import type { RateBudget } from '../rate/rateBudget.ts';

export interface TusHttpStackOptions {
  /** The Create API base URL; exchanges are logged with paths relative to it. */
  baseUrl: string;
  getApiKey: () => Promise<string>;
  budget: RateBudget;
  timeouts: HttpTimeouts;
  now?: () => number;
  onResponse?(exchange: Exchange): void;
}

export interface TusHttpStack extends HttpStack {
  close(): Promise<void>;
}

/** A tus answer, read whole (tus answers carry at most a short error envelope). */
function tusResponse(
  status: number,
  headers: Record<string, string | string[] | undefined>,
  body: string,
): TusResponse {
  return {
    getStatus: () => status,
    getHeader: (name) => {
      const value = headers[name.toLowerCase()];
      return Array.isArray(value) ? value[0] : value;
    },
    getBody: () => body,
    getUnderlyingObject: () => null,
  };
}

export function createTusHttpStack(options: TusHttpStackOptions): TusHttpStack {
  const { budget, timeouts } = options;
  const now = options.now ?? Date.now;
  const basePath = new URL(options.baseUrl).pathname.replace(/\/+$/, '');
  const agent = new Agent({
    connect: { timeout: timeouts.connectMs },
    headersTimeout: timeouts.headersMs,
    bodyTimeout: timeouts.bodyMs,
  });

  function createRequest(method: string, url: string): TusRequest {
    const headers: Record<string, string> = {};
    const controller = new AbortController();
    let onProgress: (bytesSent: number) => void = () => undefined;

    return {
      getMethod: () => method,
      getURL: () => url,
      setHeader: (name, value) => void (headers[name] = value),
      getHeader: (name) => headers[name],
      setProgressHandler: (handler) => void (onProgress = handler),
      getUnderlyingObject: () => null,
      async abort() {
        controller.abort();
      },

      async send(body: unknown): Promise<TusResponse> {
        const target = new URL(url);
        const slot = await budget.acquire('user', controller.signal);
        let sourceError: unknown = null;
        const started = performance.now();
        try {
          const sent: Record<string, string> = { ...headers, authorization: `Bearer ${await options.getApiKey()}` };
          let pieces: AsyncIterable<Uint8Array> | undefined;
          if (body instanceof FileSlice) {
            sent['content-length'] = String(body.size);
            pieces = (async function* counted() {
              let count = 0;
              try {
                for await (const piece of body.pieces()) {
                  yield piece;
                  // Taken by the socket once the next piece is asked for.
                  count += piece.length;
                  onProgress(count);
                }
              } catch (err) {
                sourceError = err;
                throw err;
              }
            })();
          } else if (body !== null && body !== undefined) {
            throw new AppFailure(
              appError('client.internal', `tus-js-client handed over a body of an unexpected kind (${typeof body}).`),
            );
          }
          const response = await agent.request({
            origin: target.origin,
            path: `${target.pathname}${target.search}`,
            method: method as HttpMethod,
            headers: sent,
            // undici takes an async iterable body (core/request.js), though its types leave it out;
            // it asks for the next piece only once the socket has drained the last (fileSlice.ts).
            body: pieces as unknown as Readable | undefined,
            signal: controller.signal,
          });
          const text = await response.body.text();
          const requestId = response.headers['x-request-id'];
          options.onResponse?.({
            method: method as HttpMethod,
            path: target.pathname.startsWith(basePath) ? target.pathname.slice(basePath.length) : target.pathname,
            status: response.statusCode,
            requestId: typeof requestId === 'string' ? requestId : null,
            elapsedMs: Math.round(performance.now() - started),
          });
          if (response.statusCode === 429 || response.statusCode === 503) {
            const wait = parseRetryAfter(response.headers['retry-after'], now());
            if (wait !== null) budget.pause(wait);
          }
          return tusResponse(response.statusCode, response.headers, text);
        } catch (err) {
          if (err instanceof AppFailure) throw err;
          if (sourceError !== null) {
            const code = (sourceError as { code?: unknown }).code ?? String(sourceError);
            throw new AppFailure(
              appError(
                'file.unreadable',
                `The file could not be read while it was sent (${String(code)}): check that it is still there, then resume.`,
              ),
              { cause: sourceError },
            );
          }
          throw new AppFailure(transportError(err, target.origin, timeouts, controller.signal.aborted), { cause: err });
        } finally {
          slot.release();
        }
      },
    };
  }

  return {
    createRequest,
    getName: () => 'ClipdeskUndiciStack',
    close: () => agent.close(),
  };
}
