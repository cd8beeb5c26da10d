// The messaging send log (DESIGN.md rule 5). The Messaging API has no
// idempotency, so a bulk send is split into submissions of at most 500 numbers,
// all journaled before the first is sent. A submission is marked `sending`
// (committed) before its request goes out; one still `sending` after a crash, or
// whose answer never came, becomes `unknown` and is never resent unless the
// user says so.
import { randomUUID } from 'node:crypto';
import type { StatementSync } from 'node:sqlite';
import { MESSAGING_LIMITS } from '../../../shared/limits.ts';
import { transaction, type JournalDb } from './database.ts';
import { integer, json, text, type Row } from './rows.ts';

export const SUBMISSION_STATES = ['pending', 'sending', 'sent', 'failed', 'unknown'] as const;
export type SubmissionState = (typeof SUBMISSION_STATES)[number];

export interface NewSubmission {
  readonly numbers: readonly string[];
  /** The rest of the request (message, sender ID, type…), as JSON. */
  readonly payload: unknown;
}

export interface Submission {
  readonly bulkId: string;
  readonly index: number;
  readonly workspaceId: string;
  readonly numbers: string[];
  readonly payload: unknown;
  readonly state: SubmissionState;
  /** What the service answered, or why the outcome is unknown. */
  readonly result: unknown;
  readonly createdAt: number;
  readonly updatedAt: number;
}

export class MessagingSendLog {
  readonly #db: JournalDb;
  readonly #now: () => number;
  readonly #insert: StatementSync;
  readonly #get: StatementSync;
  readonly #bulk: StatementSync;
  readonly #inState: StatementSync;
  readonly #transition: StatementSync;
  readonly #recover: StatementSync;
  readonly #returnUnsent: StatementSync;

  constructor(db: JournalDb, now: () => number) {
    this.#db = db;
    this.#now = now;
    this.#insert = db.prepare(
      `INSERT INTO messaging_sends (bulk_id, submission_index, workspace_id, numbers_json, payload_json, state, created_at, updated_at)
       VALUES ($bulkId, $index, $workspaceId, $numbers, $payload, 'pending', $now, $now)`,
    );
    this.#get = db.prepare('SELECT * FROM messaging_sends WHERE bulk_id = ? AND submission_index = ?');
    this.#bulk = db.prepare('SELECT * FROM messaging_sends WHERE bulk_id = ? ORDER BY submission_index');
    this.#inState = db.prepare(
      'SELECT * FROM messaging_sends WHERE workspace_id = ? AND state = ? ORDER BY created_at, bulk_id, submission_index',
    );
    this.#returnUnsent = db.prepare(
      `UPDATE messaging_sends SET state = 'pending', unsent_returns = unsent_returns + 1, result_json = $result, updated_at = $now
       WHERE bulk_id = $bulkId AND submission_index = $index AND state = 'sending'`,
    );
    this.#transition = db.prepare(
      `UPDATE messaging_sends SET state = $to, result_json = coalesce($result, result_json), updated_at = $now
       WHERE bulk_id = $bulkId AND submission_index = $index AND state = $from`,
    );
    this.#recover = db.prepare(
      `UPDATE messaging_sends SET state = 'unknown', result_json = $result, updated_at = $now WHERE state = 'sending'`,
    );
  }

  /** Journals every submission of a bulk send as `pending`, in one transaction. */
  planBulk(workspaceId: string, submissions: readonly NewSubmission[]): Submission[] {
    if (submissions.length === 0) throw new RangeError('A bulk send needs at least one submission.');
    submissions.forEach((submission, index) => {
      const count = submission.numbers.length;
      if (count === 0 || count > MESSAGING_LIMITS.contactsPerBulkSubmission) {
        throw new RangeError(
          `Submission ${index} has ${count} numbers; each takes 1 to ${MESSAGING_LIMITS.contactsPerBulkSubmission}.`,
        );
      }
    });
    const bulkId = randomUUID();
    const now = this.#now();
    transaction(this.#db, () => {
      submissions.forEach((submission, index) => {
        this.#insert.run({
          bulkId,
          index,
          workspaceId,
          numbers: JSON.stringify(submission.numbers),
          payload: JSON.stringify(submission.payload ?? null),
          now,
        });
      });
    });
    return this.listBulk(bulkId);
  }

  get(bulkId: string, index: number): Submission | null {
    const row = this.#get.get(bulkId, index);
    return row ? toSubmission(row) : null;
  }

  listBulk(bulkId: string): Submission[] {
    return this.#bulk.all(bulkId).map(toSubmission);
  }

  list(workspaceId: string, state: SubmissionState): Submission[] {
    return this.#inState.all(workspaceId, state).map(toSubmission);
  }

  /** Commit this before the request goes out; false means it must not be sent. */
  markSending(bulkId: string, index: number): boolean {
    return this.#move(bulkId, index, 'pending', 'sending', null);
  }

  markSent(bulkId: string, index: number, result: unknown): boolean {
    return this.#move(bulkId, index, 'sending', 'sent', result);
  }

  /** The service answered with a refusal: nothing was sent. */
  markFailed(bulkId: string, index: number, result: unknown): boolean {
    return this.#move(bulkId, index, 'sending', 'failed', result);
  }

  /**
   * No connection was ever made, so not a byte of the request left: it waits as `pending`
   * again (offline is a state, not an error). Never for a request that may have gone out.
   */
  returnUnsent(bulkId: string, index: number, reason: unknown): boolean {
    const result = JSON.stringify(reason);
    return transaction(
      this.#db,
      () => this.#returnUnsent.run({ bulkId, index, result, now: this.#now() }).changes === 1,
    );
  }

  /** No answer came (timeout, dropped connection): it may or may not have been sent. */
  markUnknown(bulkId: string, index: number, reason: unknown): boolean {
    return this.#move(bulkId, index, 'sending', 'unknown', reason);
  }

  /** Only on the user's word: send an `unknown` submission again. */
  requeueUnknownOnUserRequest(bulkId: string, index: number): boolean {
    return this.#move(bulkId, index, 'unknown', 'pending', null);
  }

  /** The user decides an `unknown` submission is not to be sent again. */
  abandonUnknownOnUserRequest(bulkId: string, index: number): boolean {
    return this.#move(bulkId, index, 'unknown', 'failed', { abandonedByUser: true });
  }

  /**
   * At startup: every submission still `sending` was cut off by a crash, so its
   * outcome is unknown. Returns how many were found.
   */
  recoverAfterCrash(): number {
    const result = JSON.stringify({ reason: 'The app stopped while this submission was being sent.' });
    return transaction(this.#db, () => Number(this.#recover.run({ result, now: this.#now() }).changes));
  }

  #move(bulkId: string, index: number, from: SubmissionState, to: SubmissionState, result: unknown): boolean {
    const resultJson = result === null ? null : JSON.stringify(result);
    return transaction(
      this.#db,
      () => this.#transition.run({ bulkId, index, from, to, result: resultJson, now: this.#now() }).changes === 1,
    );
  }
}

function toSubmission(row: Row): Submission {
  return {
    bulkId: text(row, 'bulk_id'),
    index: integer(row, 'submission_index'),
    workspaceId: text(row, 'workspace_id'),
    numbers: json<string[]>(row, 'numbers_json'),
    payload: json<unknown>(row, 'payload_json'),
    state: text(row, 'state') as SubmissionState,
    result: row.result_json === null ? null : json<unknown>(row, 'result_json'),
    createdAt: integer(row, 'created_at'),
    updatedAt: integer(row, 'updated_at'),
  };
}
