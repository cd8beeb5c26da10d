// Webhook event ids already believed (DESIGN.md rule 6: `body.id` is deduplicated
// in the journal), so a redelivered event is acknowledged but acted on once.
import type { StatementSync } from 'node:sqlite';
import { transaction, type JournalDb } from './database.ts';

export class WebhookEventTable {
  readonly #db: JournalDb;
  readonly #now: () => number;
  readonly #insert: StatementSync;
  readonly #prune: StatementSync;

  constructor(db: JournalDb, now: () => number) {
    this.#db = db;
    this.#now = now;
    this.#insert = db.prepare(
      'INSERT INTO webhook_events (workspace_id, event_id, received_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
    );
    this.#prune = db.prepare('DELETE FROM webhook_events WHERE received_at < ?');
  }

  /** Records a verified event id; true the first time it is seen, false for a redelivery. */
  recordIfNew(workspaceId: string, eventId: string): boolean {
    return transaction(this.#db, () => this.#insert.run(workspaceId, eventId, this.#now()).changes === 1);
  }

  /**
   * Forgets ids received before the given time, to keep the table small. Pick a
   * time well beyond the service's redelivery window: a redelivery carries a
   * fresh signature timestamp, so only this table stops it being acted on twice.
   */
  forgetReceivedBefore(time: number): number {
    return transaction(this.#db, () => Number(this.#prune.run(time).changes));
  }
}
