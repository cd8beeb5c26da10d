// Delivers webhook events at least once. Each event is stored with its exact body and
// one delivery row per matching endpoint (two with the duplicateWebhooks fault); a
// delivery is retried with exponential backoff while the receiver answers non-2xx, times
// out or cannot be reached, up to MAX_ATTEMPTS. Everything lives in the sandbox database,
// so deliveries pending when the sandbox stops go out after it starts again.
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { iso, type Clock } from '../clock.ts';
import { transaction, type Db } from '../db/database.ts';
import type { FaultSwitches } from '../faults/faultSwitches.ts';
import type { WebhookEventType } from '../../shared/api/webhookEventTypes.ts';
import { signatureHeader } from './signature.ts';
import { publicOnlyLookup } from './webhookUrl.ts';
import type { ServiceSecrets } from '../auth/serviceSecrets.ts';
import { createWebhookStore, type DeliveryState, type DueDelivery } from './webhookStore.ts';

/** A receiver that has not answered (status line and headers) by then counts as failed. */
export const DELIVERY_TIMEOUT_MS = 5_000;
/** Attempts per delivery, the first included; then the delivery is marked failed. */
export const MAX_ATTEMPTS = 10;
/** The backoff doubles from the base delay up to this. */
export const MAX_RETRY_DELAY_MS = 5 * 60_000;
const MAX_IN_FLIGHT = 16;
/** The scheduler looks again at least this often, so a moved sandbox clock is noticed. */
const MAX_SLEEP_MS = 60_000;

/** The wait after the n-th failed attempt (1-based): base, 2·base, 4·base, … capped. */
export function retryDelayMs(baseMs: number, failedAttempts: number): number {
  return Math.min(baseMs * 2 ** (failedAttempts - 1), MAX_RETRY_DELAY_MS);
}

export interface PublishedEvent {
  /** The event's body.id (evt_<uuid>), the same in every delivery and every retry. */
  id: string;
  /** How many deliveries were queued (endpoints subscribed to the type × copies). */
  deliveries: number;
}

/** What the rest of the sandbox sees (SandboxContext.webhooks). */
export interface WebhookPublisher {
  /** Queues the event for every endpoint of the account subscribed to its type. Safe inside a transaction. */
  publish(accountId: number, type: WebhookEventType, data: Record<string, unknown>): PublishedEvent;
}

interface PostResult {
  statusCode: number | null;
  error: string | null;
}

function post(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: { signal: AbortSignal; timeoutMs: number; publicOnly: boolean },
): Promise<PostResult> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (result: PostResult) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    const timeout = AbortSignal.timeout(options.timeoutMs);
    const target = new URL(url);
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(
      target,
      {
        method: 'POST',
        // A fresh connection per attempt: a receiver that restarted never meets a stale socket.
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'Clipdesk-Sandbox-Webhooks/1',
          ...headers,
        },
        signal: AbortSignal.any([options.signal, timeout]),
        ...(options.publicOnly ? { lookup: publicOnlyLookup } : {}),
      },
      (res) => {
        res.resume(); // only the status matters; drain the rest
        settle({ statusCode: res.statusCode ?? null, error: null });
      },
    );
    req.on('error', (err) => {
      const message = timeout.aborted ? `no answer within ${options.timeoutMs / 1000} s` : err.message;
      settle({ statusCode: null, error: message });
    });
    req.end(body);
  });
}

export function createWebhookDelivery(deps: {
  db: Db;
  clock: Clock;
  /** Where the endpoints' signing secrets come from (they are not stored). */
  secrets: ServiceSecrets;
  faults: FaultSwitches;
  /** --allow-insecure-webhooks: deliver to loopback and private addresses too. */
  allowInsecure: boolean;
  retryBaseMs: number;
  timeoutMs?: number;
  log(line: string): void;
}) {
  const { db, clock } = deps;
  const store = createWebhookStore(db, deps.secrets);
  const inFlight = new Set<AbortController>();
  let timer: NodeJS.Timeout | undefined;
  let started = false;
  let stopped = false;

  function tick(): void {
    if (!started || stopped) return;
    clearTimeout(timer);
    const now = clock.now();
    const room = MAX_IN_FLIGHT - inFlight.size;
    if (room > 0) for (const delivery of store.claimDue(now, room)) void attempt(delivery);
    const next = store.nextDueAfter(now);
    if (next !== undefined) timer = setTimeout(tick, Math.min(Math.max(0, next - clock.now()), MAX_SLEEP_MS));
  }

  async function attempt(delivery: DueDelivery): Promise<void> {
    const controller = new AbortController();
    inFlight.add(controller);
    const number = delivery.attempts + 1;
    const at = clock.now();
    const timestamp = Math.floor(at / 1000);
    const headers = {
      'x-service-timestamp': String(timestamp),
      'x-service-signature': signatureHeader(store.signingSecrets(delivery.endpoint, at), timestamp, delivery.body),
    };
    const startedAt = performance.now();
    const result = await post(delivery.url, delivery.body, headers, {
      signal: controller.signal,
      timeoutMs: deps.timeoutMs ?? DELIVERY_TIMEOUT_MS,
      publicOnly: !deps.allowInsecure,
    });
    inFlight.delete(controller);
    // Stopping: the delivery stays claimed and goes out again after the next start.
    if (stopped) return;
    const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
    let next: { state: DeliveryState; nextAttemptAt: number | null };
    if (ok) next = { state: 'delivered', nextAttemptAt: null };
    else if (number >= MAX_ATTEMPTS) next = { state: 'failed', nextAttemptAt: null };
    else next = { state: 'pending', nextAttemptAt: clock.now() + retryDelayMs(deps.retryBaseMs, number) };
    const outcome = {
      at,
      statusCode: result.statusCode,
      error: result.error,
      durationMs: Math.round(performance.now() - startedAt),
    };
    if (store.recordAttempt(delivery.id, number, outcome, next) && !ok) {
      const why = result.statusCode !== null ? `answered ${result.statusCode}` : result.error;
      const then =
        next.state === 'failed' ? `giving up after ${number} attempts` : `retry at ${iso(next.nextAttemptAt!)}`;
      deps.log(`webhook delivery ${delivery.id} attempt ${number} to ${delivery.url}: ${why}; ${then}`);
    }
    tick();
  }

  const publisher: WebhookPublisher = {
    publish(accountId, type, data) {
      const now = clock.now();
      const id = `evt_${randomUUID()}`;
      const body = JSON.stringify({ id, type, createdAt: iso(now), data });
      const endpoints = store.matchingEndpoints(accountId, type);
      const copies = deps.faults.duplicateWebhooks ? 2 : 1;
      const write = () => {
        store.insertEvent({ id, accountId, type, body, createdAt: iso(now) });
        for (const endpoint of endpoints)
          for (let copy = 0; copy < copies; copy++) store.insertDelivery(endpoint.id, id, now);
      };
      // A job's transition may publish inside its own transaction; then the rows commit (or roll back) with it.
      if (db.isTransaction) write();
      else transaction(db, write);
      setImmediate(tick);
      return { id, deliveries: endpoints.length * copies };
    },
  };

  return {
    ...publisher,
    /** Starts delivering, including what was pending or in flight when the sandbox last stopped. */
    resume(): void {
      started = true;
      store.releaseInterrupted(clock.now());
      tick();
    },
    stop(): void {
      stopped = true;
      clearTimeout(timer);
      for (const controller of inFlight) controller.abort();
    },
  };
}

export type WebhookDelivery = ReturnType<typeof createWebhookDelivery>;
