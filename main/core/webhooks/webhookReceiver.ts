// The app's webhook receiver: an HTTP server on 127.0.0.1 only (a tunnel or the local
// sandbox reaches it there). It reads the raw bytes under a size limit, verifies them
// (verifyWebhook.ts), records body.id in the journal so a redelivery is acknowledged but
// applied once, answers at once and only then hands the verified event to its listeners.
// It reads nothing of what the event says: the app's jobs service does
// (jobs/webhookJobEvent.ts), records the job's end and stops polling it.
// The signing secrets come from the keychain on each delivery and are never logged.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkSignedHeaders, verifyWebhook, type RefusalReason, type WebhookEvent } from './verifyWebhook.ts';

export const RECEIVER_HOST = '127.0.0.1';
/** The one path deliveries are posted to (a tunnel forwards every path; others get 404). */
export const RECEIVER_PATH = '/webhooks';
/** Deliveries are small JSON documents; anything larger is refused with 413. */
export const DEFAULT_MAX_BODY_BYTES = 256 * 1024;
/** After a 413, this much more is read and dropped so the sender sees the answer; past it the connection is cut. */
const DRAIN_LIMIT_BYTES = 1024 * 1024;

export interface ReceivedEvent {
  readonly workspaceId: string;
  readonly event: WebhookEvent;
}

export type ReceivedEventListener = (received: ReceivedEvent) => void | Promise<void>;

/** The journal table the receiver writes: the ids of the events it has seen. */
export interface ReceiverJournal {
  readonly webhookEvents: { recordIfNew(workspaceId: string, eventId: string): boolean };
}

export interface WebhookReceiverOptions {
  readonly workspaceId: string;
  readonly journal: ReceiverJournal;
  /** Every signing secret in force for this workspace's endpoints (the keychain holds them). */
  readonly getSecrets: () => Promise<readonly string[]>;
  /** 0 (default) picks a free port. */
  readonly port?: number;
  readonly maxBodyBytes?: number;
  readonly toleranceSeconds?: number;
  /** Milliseconds since the epoch; tests may pin it. */
  readonly now?: () => number;
  readonly log?: (line: string) => void;
}

/** Why a delivery was not accepted: a verification failure, or the receiver's own. */
export type ReceiverRefusal =
  | RefusalReason
  | 'body.too_large'
  | 'method.not_allowed'
  | 'path.not_found'
  | 'secret.unavailable'
  | 'journal.unavailable';

export interface ReceiverStats {
  /** Requests that reached the server. */
  readonly received: number;
  /** Verified events seen for the first time (applied). */
  readonly accepted: number;
  /** Verified events whose id was already in the journal (answered 200, not applied again). */
  readonly duplicates: number;
  /** Everything answered with an error, by reason. */
  readonly refused: Readonly<Partial<Record<ReceiverRefusal, number>>>;
  /** Events a listener failed to apply after they were acknowledged. */
  readonly applyFailures: number;
  readonly lastAcceptedAt: number | null;
  readonly lastRefusal: { readonly reason: ReceiverRefusal; readonly at: number } | null;
}

export interface WebhookReceiver {
  readonly host: typeof RECEIVER_HOST;
  readonly port: number;
  /** http://127.0.0.1:<port>/webhooks: what the loopback mode registers, and where a tunnel forwards. */
  readonly url: string;
  /** Calls the listener for every verified new event, after the delivery was answered; returns an unsubscribe. */
  onEvent(listener: ReceivedEventListener): () => void;
  stats(): ReceiverStats;
  /** Stops listening, cuts open connections and waits for events being applied. */
  close(): Promise<void>;
}

function statusFor(reason: ReceiverRefusal): number {
  switch (reason) {
    case 'signature.missing':
    case 'signature.mismatch':
      return 401;
    case 'body.too_large':
      return 413;
    case 'method.not_allowed':
      return 405;
    case 'path.not_found':
      return 404;
    // The receiver cannot judge the delivery now: a 503 makes the service retry later.
    case 'secret.missing':
    case 'secret.unavailable':
    case 'journal.unavailable':
      return 503;
    default:
      return 400;
  }
}

function answer(
  res: ServerResponse,
  status: number,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) return;
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(text)),
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(text);
}

/** The request's body, or null when it outgrew the limit (then the rest is drained and dropped, up to a point). */
function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer | null> {
  return new Promise((resolve) => {
    const declared = Number(req.headers['content-length']);
    const chunks: Buffer[] = [];
    let size = 0;
    let over = Number.isFinite(declared) && declared > maxBytes;
    let dropped = 0;
    if (over) resolve(null);
    req.on('data', (chunk: Buffer) => {
      if (over) {
        dropped += chunk.length;
        if (dropped > DRAIN_LIMIT_BYTES) req.socket.destroy();
        return;
      }
      size += chunk.length;
      if (size > maxBytes) {
        over = true;
        chunks.length = 0;
        resolve(null);
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(over ? null : Buffer.concat(chunks, size)));
    // A sender that went away gets no answer; nothing was believed.
    req.on('error', () => resolve(null));
  });
}

export async function startWebhookReceiver(options: WebhookReceiverOptions): Promise<WebhookReceiver> {
  const now = options.now ?? Date.now;
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const listeners = new Set<ReceivedEventListener>();
  const applying = new Set<Promise<void>>();
  const refused: Partial<Record<ReceiverRefusal, number>> = {};
  const counts = { received: 0, accepted: 0, duplicates: 0, applyFailures: 0 };
  let lastAcceptedAt: number | null = null;
  let lastRefusal: ReceiverStats['lastRefusal'] = null;

  function refuse(res: ServerResponse, reason: ReceiverRefusal, headers: Record<string, string> = {}): void {
    refused[reason] = (refused[reason] ?? 0) + 1;
    lastRefusal = { reason, at: now() };
    answer(
      res,
      statusFor(reason),
      { error: reason },
      statusFor(reason) === 503 ? { 'retry-after': '30', ...headers } : headers,
    );
  }

  async function apply(received: ReceivedEvent): Promise<void> {
    try {
      for (const listener of listeners) await listener(received);
    } catch (error) {
      counts.applyFailures++;
      // The id is already recorded: polling still ends the job, it just will not be the webhook.
      options.log?.(
        `webhook event ${received.event.id} was acknowledged but could not be applied: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    counts.received++;
    const path = (req.url ?? '').split('?')[0];
    if (path !== RECEIVER_PATH) {
      req.resume();
      return refuse(res, 'path.not_found');
    }
    if (req.method !== 'POST') {
      req.resume();
      return refuse(res, 'method.not_allowed', { allow: 'POST' });
    }
    const raw = await readBody(req, maxBodyBytes);
    if (raw === null) return refuse(res, 'body.too_large');

    const at = now();
    const tsHeader = req.headers['x-service-timestamp'];
    const sigHeader = req.headers['x-service-signature'];
    // Unsigned or stale deliveries are refused before the keychain is read.
    const pre = checkSignedHeaders(tsHeader, sigHeader, at, options.toleranceSeconds);
    if (!pre.ok) return refuse(res, pre.reason);
    let secrets: readonly string[];
    try {
      secrets = await options.getSecrets();
    } catch {
      return refuse(res, 'secret.unavailable');
    }
    const verified = verifyWebhook({
      rawBody: raw,
      timestampHeader: tsHeader,
      signatureHeader: sigHeader,
      secrets,
      now: at,
      toleranceSeconds: options.toleranceSeconds,
    });
    if (!verified.ok) return refuse(res, verified.reason);

    let isNew: boolean;
    try {
      isNew = options.journal.webhookEvents.recordIfNew(options.workspaceId, verified.event.id);
    } catch {
      return refuse(res, 'journal.unavailable');
    }
    if (!isNew) {
      counts.duplicates++;
      return answer(res, 200, { received: true, duplicate: true });
    }
    counts.accepted++;
    lastAcceptedAt = at;
    answer(res, 200, { received: true });
    // Applied after the answer is on its way: the sender waits for nothing of ours.
    const received: ReceivedEvent = { workspaceId: options.workspaceId, event: verified.event };
    const done = new Promise<void>((resolve) => setImmediate(resolve)).then(() => apply(received));
    applying.add(done);
    void done.finally(() => applying.delete(done));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) answer(res, 500, { error: 'receiver.internal' });
    });
  });
  // A slow or silent sender does not hold a connection open for long.
  server.headersTimeout = 10_000;
  server.requestTimeout = 15_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: options.port ?? 0, host: RECEIVER_HOST, exclusive: true }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  return {
    host: RECEIVER_HOST,
    port,
    url: `http://${RECEIVER_HOST}:${port}${RECEIVER_PATH}`,
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stats: () => ({ ...counts, refused: { ...refused }, lastAcceptedAt, lastRefusal }),
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      await Promise.all([...applying]);
    },
  };
}
