// The request log of a soak child (test/soak/): every HTTP request the process makes, with
// the moment it was issued, and every answer, with the moment the client read it and the
// Retry-After it carried. It listens on undici's diagnostics channels, so the app's code
// is observed as it is, not changed; lines go to a plain file with a synchronous write, so
// they survive the process being SIGKILLed right after.
//
// Lines (one JSON object each, in the order they happened in this process):
//   {ev: 'create', n, t, method, path, auth, key}     a request was issued (undici made it)
//   {ev: 'headers', n, t, status, retryAfter}          its answer's headers arrived
//   {ev: 'error', n, t, code}                          it got no answer (dropped, aborted)
//   {ev: 'answer', t, method, path, status, retryAfter} the client read an answer (its onResponse hook)
// `t` is Date.now(), the clock the rate budget pauses on; `auth` says whether the request was
// made with the API key; `key` is its Idempotency-Key.
import { subscribe } from 'node:diagnostics_channel';
import { openSync, readFileSync, writeSync } from 'node:fs';
import type { Exchange } from '../../main/core/api/httpClient.ts';

export type LoggedRequest =
  | { ev: 'create'; n: number; t: number; method: string; path: string; auth: boolean; key: string | null }
  | { ev: 'headers'; n: number; t: number; status: number; retryAfter: string | null; requestId: string | null }
  | { ev: 'error'; n: number; t: number; code: string }
  | { ev: 'answer'; t: number; method: string; path: string; status: number; retryAfter: string | null };

interface UndiciRequest {
  method: string;
  path: string;
  /** Flat [name, value, name, value, …] as the caller gave them. */
  headers: string[];
}

function requestHeader(request: UndiciRequest, name: string): string | null {
  for (let i = 0; i + 1 < request.headers.length; i += 2) {
    if (String(request.headers[i]).toLowerCase() === name) return String(request.headers[i + 1]);
  }
  return null;
}

/** Response headers as undici reports them: flat raw [name, value, …] Buffers. */
function responseHeader(raw: unknown, name: string): string | null {
  if (!Array.isArray(raw)) return null;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    if (String(raw[i]).toLowerCase() === name) return String(raw[i + 1]);
  }
  return null;
}

export interface RequestLog {
  /** Pass as the client's onResponse hook: the moment the client has the answer in hand. */
  answered(exchange: Exchange): void;
}

export function recordRequests(path: string, onCreate?: (line: LoggedRequest & { ev: 'create' }) => void): RequestLog {
  const fd = openSync(path, 'a');
  const write = (line: LoggedRequest) => writeSync(fd, `${JSON.stringify(line)}\n`);
  const numbers = new WeakMap<object, number>();
  // The Retry-After of each answer, by request ID, for the onResponse line (which has no headers).
  const retryAfterOf = new Map<string, string | null>();
  let next = 0;

  subscribe('undici:request:create', (message) => {
    const { request } = message as { request: UndiciRequest };
    const n = ++next;
    numbers.set(request, n);
    const line = {
      ev: 'create' as const,
      n,
      t: Date.now(),
      method: request.method,
      path: request.path,
      auth: requestHeader(request, 'authorization') !== null,
      key: requestHeader(request, 'idempotency-key'),
    };
    write(line);
    onCreate?.(line);
  });
  subscribe('undici:request:headers', (message) => {
    const { request, response } = message as {
      request: UndiciRequest;
      response: { statusCode: number; headers: unknown };
    };
    const retryAfter = responseHeader(response.headers, 'retry-after');
    const requestId = responseHeader(response.headers, 'x-request-id');
    if (requestId !== null) retryAfterOf.set(requestId, retryAfter);
    write({
      ev: 'headers',
      n: numbers.get(request) ?? 0,
      t: Date.now(),
      status: response.statusCode,
      retryAfter,
      requestId,
    });
  });
  subscribe('undici:request:error', (message) => {
    const { request, error } = message as { request: UndiciRequest; error: { code?: string; name?: string } };
    write({ ev: 'error', n: numbers.get(request) ?? 0, t: Date.now(), code: error.code ?? error.name ?? 'unknown' });
  });

  return {
    answered(exchange) {
      const retryAfter = exchange.requestId === null ? null : (retryAfterOf.get(exchange.requestId) ?? null);
      if (exchange.requestId !== null) retryAfterOf.delete(exchange.requestId);
      write({
        ev: 'answer',
        t: Date.now(),
        method: exchange.method,
        path: exchange.path,
        status: exchange.status,
        retryAfter,
      });
    },
  };
}

/** The lines of one request log, in the order they were written. */
export function readRequestLog(path: string): LoggedRequest[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as LoggedRequest);
}

export interface PauseBreach {
  method: string;
  path: string;
  /** How long before the pause's end it was issued. */
  earlyByMs: number;
}

export interface RetryAfterCheck {
  /** Answers (429 or 503) that carried a Retry-After. */
  pauses: number;
  /** Requests made with the API key while a Retry-After this process had read was still running. */
  breaches: PauseBreach[];
  /** Requests without the key (the reachability probe of GET /) issued during such a pause. */
  unauthenticatedDuringPause: number;
  /** Pauses after which this process went on to make a request on the key (the ones the check could catch). */
  pausesFollowed: number;
  /** The least time between a pause's end and the first request on the key after it (null: none followed). */
  closestAfterPauseMs: number | null;
}

/**
 * Within one process's log: after the client read a 429 or 503 with Retry-After R (seconds),
 * no request on the key may be issued until R has passed. The pause lives in the process's
 * rate budget, so each process is checked on its own.
 */
export function checkRetryAfter(lines: readonly LoggedRequest[]): RetryAfterCheck {
  let pausedUntil = -Infinity;
  let awaitingFirst = false;
  const result: RetryAfterCheck = {
    pauses: 0,
    breaches: [],
    unauthenticatedDuringPause: 0,
    pausesFollowed: 0,
    closestAfterPauseMs: null,
  };
  for (const line of lines) {
    if (line.ev === 'answer' && (line.status === 429 || line.status === 503) && line.retryAfter !== null) {
      const seconds = Number(line.retryAfter);
      if (!Number.isFinite(seconds)) throw new Error(`a Retry-After that is not seconds: ${line.retryAfter}`);
      result.pauses += 1;
      pausedUntil = Math.max(pausedUntil, line.t + seconds * 1000);
      awaitingFirst = true;
    } else if (line.ev === 'create') {
      if (line.auth && awaitingFirst) {
        awaitingFirst = false;
        result.pausesFollowed += 1;
        const slack = line.t - pausedUntil;
        result.closestAfterPauseMs = Math.min(result.closestAfterPauseMs ?? Infinity, slack);
      }
      if (line.t >= pausedUntil) continue;
      if (line.auth) result.breaches.push({ method: line.method, path: line.path, earlyByMs: pausedUntil - line.t });
      else result.unauthenticatedDuringPause += 1;
    }
  }
  return result;
}
