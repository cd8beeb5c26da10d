// The Create API side of the fault switches, run by the router before anything else
// (RouterDeps.beforeRequest): an older service's lists (updatedSince dropped from the
// query, unread), added latency, then one draw that decides whether this
// request's connection is dropped (dropShare), answered 503 (unavailableShare), or served.
// With both shares set, drops take the first dropShare of the draw and 503s the next
// unavailableShare, so each share means what it says while their sum stays at most 1.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { ApiError } from '../http/apiError.ts';
import { sendError } from '../http/envelope.ts';
import type { FaultSwitches } from './faultSwitches.ts';

/** How long a dropped request waits for the first bytes of its body before the socket goes. */
const DROP_READ_MS = 50;

/** Reads a little of the body (as a real network failure mid-request would), then cuts the connection. */
async function dropMidRequest(req: IncomingMessage): Promise<void> {
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      req.pause();
      resolve();
    };
    const timer = setTimeout(done, DROP_READ_MS);
    req.once('data', done);
    req.once('end', done);
    req.once('error', done);
  });
  req.socket?.destroy();
}

export function createRequestFaults(faults: FaultSwitches, random: () => number = Math.random) {
  return async function beforeRequest(
    req: IncomingMessage,
    res: ServerResponse,
    requestId: string,
    url: URL,
  ): Promise<boolean> {
    if (faults.ignoreUpdatedSince) url.searchParams.delete('updatedSince');
    if (faults.latencyMs > 0) await sleep(faults.latencyMs);
    if (faults.dropShare === 0 && faults.unavailableShare === 0) return false;
    const draw = random();
    if (draw < faults.dropShare) {
      await dropMidRequest(req);
      return true;
    }
    if (draw < faults.dropShare + faults.unavailableShare) {
      const seconds = faults.retryAfterSeconds;
      sendError(
        res,
        requestId,
        new ApiError(
          'service.unavailable',
          `The service is unavailable for a moment (a sandbox fault switch): retry after ${seconds} s.`,
          {
            headers: { 'retry-after': String(seconds) },
          },
        ),
      );
      return true;
    }
    return false;
  };
}
