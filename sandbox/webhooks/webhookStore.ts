// Webhook endpoints, events and their deliveries in the sandbox database. Signing needs the
// secret itself (a hash would not do), so it is not stored at all: it is derived from the
// master secret, the endpoint's id and how often it was rotated (serviceSecrets.ts), and
// returned only by registration and rotation, never by a read.
import { iso } from '../clock.ts';
import type { ServiceSecrets } from '../auth/serviceSecrets.ts';
import { addColumnIfMissing, type Db } from '../db/database.ts';
import { ApiError } from '../http/apiError.ts';
import { pageOf, type PageRequest } from '../http/pagination.ts';
import type { WebhookEventType } from '../../shared/api/webhookEventTypes.ts';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS webhook_endpoints (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  account_id INTEGER NOT NULL REFERENCES accounts(id),
  url TEXT NOT NULL,
  events TEXT NOT NULL,
  description TEXT,
  secret_generation INTEGER NOT NULL DEFAULT 1,
  previous_secret_expires_at INTEGER,
  created_at TEXT NOT NULL,
  secret_rotated_at TEXT
);
CREATE TABLE IF NOT EXISTS webhook_events (
  id TEXT PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts(id),
  type TEXT NOT NULL,
  body TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS webhook_deliveries (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  endpoint_id INTEGER NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
  event_id TEXT NOT NULL REFERENCES webhook_events(id),
  state TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER,
  created_at TEXT NOT NULL,
  finished_at TEXT
);
CREATE INDEX IF NOT EXISTS webhook_deliveries_due ON webhook_deliveries (state, next_attempt_at);
CREATE TABLE IF NOT EXISTS webhook_attempts (
  delivery_id INTEGER NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
  number INTEGER NOT NULL,
  at INTEGER NOT NULL,
  status_code INTEGER,
  error TEXT,
  duration_ms INTEGER NOT NULL,
  PRIMARY KEY (delivery_id, number)
);
`;

/** How long the secret replaced by a rotation keeps signing too (sandbox clock). */
export const ROTATION_GRACE_MS = 24 * 60 * 60 * 1000;

export type DeliveryState = 'pending' | 'delivered' | 'failed';

export interface EndpointRow {
  id: number;
  account_id: number;
  url: string;
  events: string;
  description: string | null;
  /** 1, plus one per rotation: which derived secret signs now. */
  secret_generation: number;
  /** Until then the secret of the generation before also signs. */
  previous_secret_expires_at: number | null;
  created_at: string;
  secret_rotated_at: string | null;
}

interface DeliveryRow {
  id: number;
  endpoint_id: number;
  event_id: string;
  type: string;
  state: DeliveryState;
  attempts: number;
  next_attempt_at: number | null;
  created_at: string;
  finished_at: string | null;
}

interface AttemptRow {
  number: number;
  at: number;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
}

/** What one attempt needs: where, what, and with which secrets. */
export interface DueDelivery {
  id: number;
  attempts: number;
  url: string;
  body: string;
  endpoint: EndpointRow;
}

export interface AttemptOutcome {
  at: number;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

function graceLeft(row: EndpointRow, now: number): boolean {
  return row.secret_generation > 1 && (row.previous_secret_expires_at ?? 0) > now;
}

export function createWebhookStore(db: Db, secrets: ServiceSecrets) {
  db.exec(SCHEMA);
  // A data folder from before secrets were derived (forgetClearSecrets.ts dropped the old columns).
  addColumnIfMissing(db, 'webhook_endpoints', 'secret_generation', 'INTEGER NOT NULL DEFAULT 1');

  const endpointById = db.prepare('SELECT * FROM webhook_endpoints WHERE id = ? AND account_id = ?');
  const attemptsOf = db.prepare(
    'SELECT number, at, status_code, error, duration_ms FROM webhook_attempts WHERE delivery_id = ? ORDER BY number',
  );

  function getEndpoint(accountId: number, id: number): EndpointRow {
    const row = endpointById.get(id, accountId) as EndpointRow | undefined;
    if (!row) throw new ApiError('resource.not_found', `No webhook endpoint ${id} in this account.`);
    return row;
  }

  return {
    getEndpoint,

    /** The public view of an endpoint: never its secrets. */
    toEndpoint(row: EndpointRow, now: number) {
      return {
        id: row.id,
        url: row.url,
        events: JSON.parse(row.events) as WebhookEventType[],
        description: row.description,
        createdAt: row.created_at,
        secretRotatedAt: row.secret_rotated_at,
        previousSecretExpiresAt: graceLeft(row, now) ? iso(row.previous_secret_expires_at!) : null,
      };
    },

    /** The secrets that sign a delivery now: the current one, then the replaced one during its grace period. */
    signingSecrets(row: EndpointRow, now: number): string[] {
      const current = secrets.webhookSecret(row.id, row.secret_generation);
      return graceLeft(row, now) ? [current, secrets.webhookSecret(row.id, row.secret_generation - 1)] : [current];
    },

    createEndpoint(
      accountId: number,
      input: { url: string; events: WebhookEventType[]; description?: string | undefined },
      now: number,
    ) {
      const { lastInsertRowid } = db
        .prepare(
          'INSERT INTO webhook_endpoints (account_id, url, events, description, secret_generation, created_at) VALUES (?, ?, ?, ?, 1, ?)',
        )
        .run(accountId, input.url, JSON.stringify(input.events), input.description ?? null, iso(now));
      const row = getEndpoint(accountId, Number(lastInsertRowid));
      return { row, secret: secrets.webhookSecret(row.id, row.secret_generation) };
    },

    listEndpoints(accountId: number, page: PageRequest) {
      return pageOf<EndpointRow>(
        (where, args, limit) =>
          db
            .prepare(`SELECT * FROM webhook_endpoints WHERE account_id = ? AND ${where} ORDER BY id DESC LIMIT ?`)
            .all(accountId, ...args, limit) as unknown as EndpointRow[],
        page,
      );
    },

    /** Removes the endpoint; its deliveries still pending are dropped with it. */
    deleteEndpoint(accountId: number, id: number): EndpointRow {
      const row = getEndpoint(accountId, id);
      db.prepare('DELETE FROM webhook_endpoints WHERE id = ?').run(id);
      return row;
    },

    /** A new current secret; the old one keeps signing until the grace period ends (a second rotation ends it at once). */
    rotateSecret(accountId: number, id: number, now: number) {
      getEndpoint(accountId, id);
      db.prepare(
        'UPDATE webhook_endpoints SET secret_generation = secret_generation + 1, previous_secret_expires_at = ?, secret_rotated_at = ? WHERE id = ?',
      ).run(now + ROTATION_GRACE_MS, iso(now), id);
      const row = getEndpoint(accountId, id);
      return { row, secret: secrets.webhookSecret(row.id, row.secret_generation) };
    },

    matchingEndpoints(accountId: number, type: WebhookEventType): EndpointRow[] {
      const rows = db
        .prepare('SELECT * FROM webhook_endpoints WHERE account_id = ? ORDER BY id')
        .all(accountId) as unknown as EndpointRow[];
      return rows.filter((row) => (JSON.parse(row.events) as string[]).includes(type));
    },

    insertEvent(event: {
      id: string;
      accountId: number;
      type: WebhookEventType;
      body: string;
      createdAt: string;
    }): void {
      db.prepare('INSERT INTO webhook_events (id, account_id, type, body, created_at) VALUES (?, ?, ?, ?, ?)').run(
        event.id,
        event.accountId,
        event.type,
        event.body,
        event.createdAt,
      );
    },

    insertDelivery(endpointId: number, eventId: string, now: number): void {
      db.prepare(
        "INSERT INTO webhook_deliveries (endpoint_id, event_id, state, next_attempt_at, created_at) VALUES (?, ?, 'pending', ?, ?)",
      ).run(endpointId, eventId, now, iso(now));
    },

    /**
     * Claims the pending deliveries whose time has come, oldest first: a claimed delivery
     * (in flight) has no next_attempt_at until its attempt is recorded.
     */
    claimDue(now: number, limit: number): DueDelivery[] {
      const rows = db
        .prepare(
          `SELECT d.id AS delivery_id, d.attempts AS delivery_attempts, ev.body AS event_body, e.*
           FROM webhook_deliveries d
           JOIN webhook_endpoints e ON e.id = d.endpoint_id
           JOIN webhook_events ev ON ev.id = d.event_id
           WHERE d.state = 'pending' AND d.next_attempt_at <= ? ORDER BY d.next_attempt_at, d.id LIMIT ?`,
        )
        .all(now, limit) as unknown as (EndpointRow & {
        delivery_id: number;
        delivery_attempts: number;
        event_body: string;
      })[];
      const claim = db.prepare('UPDATE webhook_deliveries SET next_attempt_at = NULL WHERE id = ?');
      return rows.map(({ delivery_id, delivery_attempts, event_body, ...endpoint }) => {
        claim.run(delivery_id);
        return { id: delivery_id, attempts: delivery_attempts, url: endpoint.url, body: event_body, endpoint };
      });
    },

    /** Deliveries that were in flight when the sandbox stopped are due again at once (at least once). */
    releaseInterrupted(now: number): void {
      db.prepare(
        "UPDATE webhook_deliveries SET next_attempt_at = ? WHERE state = 'pending' AND next_attempt_at IS NULL",
      ).run(now);
    },

    /** When the next pending delivery falls due after `now`, if any. */
    nextDueAfter(now: number): number | undefined {
      const row = db
        .prepare(
          "SELECT MIN(next_attempt_at) AS at FROM webhook_deliveries WHERE state = 'pending' AND next_attempt_at > ?",
        )
        .get(now) as {
        at: number | null;
      };
      return row.at ?? undefined;
    },

    /**
     * Records one attempt and the delivery's new state: delivered, failed (no attempts left),
     * or pending again at `nextAttemptAt`. False when the delivery is gone (its endpoint was deleted).
     */
    recordAttempt(
      deliveryId: number,
      number: number,
      outcome: AttemptOutcome,
      next: { state: DeliveryState; nextAttemptAt: number | null },
    ): boolean {
      const { changes } = db
        .prepare(
          'UPDATE webhook_deliveries SET state = ?, attempts = ?, next_attempt_at = ?, finished_at = ? WHERE id = ?',
        )
        .run(next.state, number, next.nextAttemptAt, next.state === 'pending' ? null : iso(outcome.at), deliveryId);
      if (Number(changes) === 0) return false;
      db.prepare(
        'INSERT INTO webhook_attempts (delivery_id, number, at, status_code, error, duration_ms) VALUES (?, ?, ?, ?, ?, ?)',
      ).run(deliveryId, number, outcome.at, outcome.statusCode, outcome.error, outcome.durationMs);
      return true;
    },

    listDeliveries(endpointId: number, page: PageRequest, state?: DeliveryState) {
      const { items, pagination } = pageOf<DeliveryRow>((where, args, limit) => {
        const filter = state ? ' AND d.state = ?' : '';
        const extra = state ? [state] : [];
        return db
          .prepare(
            `SELECT d.*, ev.type FROM webhook_deliveries d JOIN webhook_events ev ON ev.id = d.event_id
             WHERE d.endpoint_id = ? AND d.${where}${filter} ORDER BY d.id DESC LIMIT ?`,
          )
          .all(endpointId, ...args, ...extra, limit) as unknown as DeliveryRow[];
      }, page);
      const data = items.map((row) => ({
        id: row.id,
        eventId: row.event_id,
        type: row.type,
        state: row.state,
        createdAt: row.created_at,
        finishedAt: row.finished_at,
        nextAttemptAt: row.state === 'pending' && row.next_attempt_at !== null ? iso(row.next_attempt_at) : null,
        attempts: (attemptsOf.all(row.id) as unknown as AttemptRow[]).map((a) => ({
          number: a.number,
          at: iso(a.at),
          statusCode: a.status_code,
          error: a.error,
          durationMs: a.duration_ms,
        })),
      }));
      return { data, pagination };
    },
  };
}

export type WebhookStore = ReturnType<typeof createWebhookStore>;
