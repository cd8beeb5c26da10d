// Bounds on what slow or numerous clients may hold: the head of a request must arrive within
// HEADERS_TIMEOUT_MS and the whole request (body included: a tus PATCH too, which the client
// resumes from its offset) within the request timeout; one client address holds at most
// MAX_CONNECTIONS_PER_ADDRESS connections at once, so a flood of slow bodies from one peer
// cannot take every file descriptor while the app (on its own loopback address) is served.
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

export const HEADERS_TIMEOUT_MS = 20_000;
export const REQUEST_TIMEOUT_MS = 10 * 60_000;
export const MAX_CONNECTIONS_PER_ADDRESS = 512;

export interface ConnectionLimits {
  requestTimeoutMs: number;
  maxConnectionsPerAddress: number;
}

/** Options for createServer: how often Node looks for requests past their time. */
export function serverTimingOptions(limits: ConnectionLimits) {
  return {
    requestTimeout: limits.requestTimeoutMs,
    headersTimeout: Math.min(HEADERS_TIMEOUT_MS, limits.requestTimeoutMs),
    connectionsCheckingInterval: Math.max(250, Math.min(30_000, Math.floor(limits.requestTimeoutMs / 4))),
  };
}

/**
 * Counts open connections per remote address and refuses one past the cap with a short
 * answer in the server's own format (`refusal`), then closes it.
 */
export function capConnectionsPerAddress(server: Server, max: number, refusal: () => string): void {
  const open = new Map<string, number>();
  // Node's own listener starts parsing HTTP on every socket; a refused one must never reach it.
  const httpListeners = server.listeners('connection') as ((socket: Socket) => void)[];
  server.removeAllListeners('connection');
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.on('error', () => {});
      const body = refusal();
      socket.end(
        `HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json; charset=utf-8\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nRetry-After: 5\r\nConnection: close\r\n\r\n${body}`,
      );
      setTimeout(() => socket.destroy(), 1_000).unref();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
    try {
      for (const listener of httpListeners) listener.call(server, socket);
    } catch {
      // This runs from a socket event: a throw here would end the whole service.
      socket.destroy();
    }
  });
}

/** The refusal's text for a connection past the cap. */
export function tooManyConnectionsMessage(max: number): string {
  return `This address already holds ${max} connections to the service, the most it keeps for one client: close some, or reuse them (keep-alive).`;
}
