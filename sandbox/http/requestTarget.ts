// The request target of an incoming request as a URL, or null when it is not one (`//[`,
// absolute-form `http://[::1/`). Node's HTTP parser passes such targets on, and a `new URL()`
// that throws inside a request listener ends the whole process: each server answers them
// 400 instead. Also what both servers answer a request Node's parser itself refused (a
// request line or headers too long, bytes that are not HTTP): a reply in the API's own
// format, sent without resetting the connection under a client still writing.
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export function requestUrl(target: string | undefined, origin: string): URL | null {
  return URL.parse(target ?? '/', origin);
}

/** The target as a message may quote it: short, printable. */
export function quotedTarget(target: string | undefined): string {
  const printable = (target ?? '').replace(/[^\x20-\x7e]/g, '?');
  return JSON.stringify(printable.length > 80 ? `${printable.slice(0, 80)}…` : printable);
}

/** Node's parser error codes for a request line or headers over the size limit. */
const TOO_LARGE = new Set(['HPE_HEADER_OVERFLOW', 'HPE_URI_TOO_LONG']);

export interface ParserRefusal {
  /** Too long (request line or headers), or not readable as HTTP at all. */
  readonly tooLarge: boolean;
  /** The head or the body did not arrive within the server's request timeout. */
  readonly timedOut: boolean;
}

/** How long a refused client may go on sending before the socket is cut. */
const DRAIN_MS = 5_000;

/**
 * Answers a request the parser refused with `reply` (status, JSON body) and closes the
 * socket gently: the rest of what the client sends is read and dropped, so the answer is not
 * lost to a connection reset while the client is still writing its request.
 */
export function answerClientError(
  error: Error & { code?: string },
  socket: Socket,
  reply: (refusal: ParserRefusal) => { status: number; reason: string; body: unknown },
): void {
  const timedOut = error.code === 'ERR_HTTP_REQUEST_TIMEOUT';
  const pending = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (!socket.writable || pending) {
    // A body that stopped arriving: its request is already being served; answer through it.
    if (timedOut && pending && !pending.headersSent && socket.writable) {
      const { status, body } = reply({ tooLarge: false, timedOut });
      try {
        pending.writeHead(status, { 'content-type': 'application/json; charset=utf-8', connection: 'close' });
        pending.end(JSON.stringify(body));
      } catch {
        socket.destroy();
      }
      setTimeout(() => socket.destroy(), 1_000).unref();
      return;
    }
    socket.destroy();
    return;
  }
  const { status, reason, body } = reply({ tooLarge: TOO_LARGE.has(error.code ?? ''), timedOut });
  const text = JSON.stringify(body);
  socket.on('error', () => {});
  socket.resume();
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(text)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${text}`,
  );
  setTimeout(() => socket.destroy(), DRAIN_MS).unref();
}
