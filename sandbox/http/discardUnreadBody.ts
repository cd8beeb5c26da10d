// What to do with a request body nobody will read, after an early answer (a refusal).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** Requests already being discarded: a second caller (the router after a route) leaves them be. */
const discarding = new WeakSet<IncomingMessage>();

const DRAIN_BYTES = 8 * 1024 * 1024;
const DRAIN_MS = 2_000;
const LINGER_MS = 1_000;

/**
 * After a refusal: reads and drops the rest of a small body, so the client reads the answer and
 * may keep its connection. Past DRAIN_BYTES or DRAIN_MS (or at once when `stopNow`), reading
 * stops: TCP flow control then holds the client while it reads the answer, and the connection
 * is closed after LINGER_MS. (Closing at once would reset the connection while the client is
 * still writing, and many clients then report the reset instead of the answer.)
 */
export function discardUnreadBody(req: IncomingMessage, res: ServerResponse, stopNow = false): void {
  if (req.readableEnded || discarding.has(req)) return;
  discarding.add(req);
  // Kept now: Node detaches req.socket once the request is done with, and these run later,
  // from timers and socket events, where a throw would take the whole service down.
  const socket = req.socket as Socket | null;
  if (!socket || socket.destroyed) return;
  let dropped = 0;
  let stopped = false;
  const closeLater = (): void => {
    if (socket.destroyed) return;
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  };
  const stop = (): void => {
    if (stopped) return;
    stopped = true;
    clearTimeout(drainTimer);
    req.off('data', onData);
    req.pause();
    if (res.writableFinished) closeLater();
    else res.once('close', closeLater);
  };
  const onData = (chunk: Buffer): void => {
    dropped += chunk.length;
    if (dropped > DRAIN_BYTES) stop();
  };
  const drainTimer = setTimeout(stop, DRAIN_MS);
  drainTimer.unref();
  req.once('end', () => clearTimeout(drainTimer));
  if (stopNow) {
    stop();
    return;
  }
  req.on('data', onData);
  req.resume();
}
