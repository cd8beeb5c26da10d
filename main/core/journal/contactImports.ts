// The contact import log: a CSV import of many contacts, one journaled row per contact, so an
// import can be stopped (or cut off by a crash) and resumed without adding anyone twice. A
// row is claimed `sending` (committed) before its request leaves; the answer makes it
// `added` (00), `duplicate` (97), `invalid` (refused before sending), `failed` (refused by the
// service) or `unknown` (no answer: it may have been added). Finished rows stay finished.
import { randomUUID } from 'node:crypto';
import type { StatementSync } from 'node:sqlite';
import { transaction, type JournalDb } from './database.ts';
import { integer, json, text, type Row } from './rows.ts';

export const IMPORT_ROW_STATES = ['pending', 'sending', 'added', 'duplicate', 'invalid', 'failed', 'unknown'] as const;
export type ImportRowState = (typeof IMPORT_ROW_STATES)[number];

export const IMPORT_STATES = ['filling', 'ready', 'running', 'stopped', 'finished'] as const;
export type ImportState = (typeof IMPORT_STATES)[number];

export interface ContactImport {
  readonly importId: string;
  readonly workspaceId: string;
  readonly fileName: string;
  readonly totalRows: number;
  readonly state: ImportState;
  /** Why it stopped (the service could not be reached, a key error…), or null. */
  readonly stopReason: unknown;
  readonly createdAt: number;
  readonly updatedAt: number;
}

export interface ImportRow {
  readonly importId: string;
  /** The row's position in the file, from 1 (the header is not counted). */
  readonly row: number;
  readonly input: unknown;
  readonly state: ImportRowState;
  readonly result: unknown;
  readonly attempts: number;
}

export type ImportCounts = Record<ImportRowState, number>;

export class ContactImportLog {
  readonly #db: JournalDb;
  readonly #now: () => number;
  readonly #insertImport: StatementSync;
  readonly #insertRow: StatementSync;
  readonly #get: StatementSync;
  readonly #list: StatementSync;
  readonly #setState: StatementSync;
  readonly #claim: StatementSync;
  readonly #finish: StatementSync;
  readonly #returnRow: StatementSync;
  readonly #counts: StatementSync;
  readonly #rowCount: StatementSync;
  readonly #requeueUnknown: StatementSync;

  constructor(db: JournalDb, now: () => number) {
    this.#db = db;
    this.#now = now;
    this.#insertImport = db.prepare(
      `INSERT INTO contact_imports (import_id, workspace_id, file_name, total_rows, state, created_at, updated_at)
       VALUES (?, ?, ?, ?, 'filling', ?, ?)`,
    );
    this.#insertRow = db.prepare(
      `INSERT INTO contact_import_rows (import_id, row_index, input_json, state, updated_at) VALUES (?, ?, ?, 'pending', ?)`,
    );
    this.#get = db.prepare('SELECT * FROM contact_imports WHERE import_id = ?');
    this.#list = db.prepare('SELECT * FROM contact_imports WHERE workspace_id = ? ORDER BY created_at DESC LIMIT ?');
    this.#setState = db.prepare(
      `UPDATE contact_imports SET state = $to, stop_reason_json = $reason, updated_at = $now
       WHERE import_id = $importId AND state IN (SELECT value FROM json_each($from))`,
    );
    // The lowest pending row, claimed in the same statement: two workers never take one row.
    this.#claim = db.prepare(
      `UPDATE contact_import_rows SET state = 'sending', attempts = attempts + 1, updated_at = $now
       WHERE import_id = $importId AND row_index = (
         SELECT row_index FROM contact_import_rows WHERE import_id = $importId AND state = 'pending' ORDER BY row_index LIMIT 1)
       RETURNING *`,
    );
    this.#finish = db.prepare(
      `UPDATE contact_import_rows SET state = $to, result_json = $result, updated_at = $now
       WHERE import_id = $importId AND row_index = $row AND state = $from`,
    );
    this.#returnRow = db.prepare(
      `UPDATE contact_import_rows SET state = 'pending', result_json = $result, updated_at = $now
       WHERE import_id = $importId AND row_index = $row AND state = 'sending'`,
    );
    this.#counts = db.prepare(
      'SELECT state, COUNT(*) AS n FROM contact_import_rows WHERE import_id = ? GROUP BY state',
    );
    this.#rowCount = db.prepare('SELECT COUNT(*) AS n FROM contact_import_rows WHERE import_id = ?');
    this.#requeueUnknown = db.prepare(
      `UPDATE contact_import_rows SET state = 'pending', updated_at = ? WHERE import_id = ? AND state = 'unknown'`,
    );
  }

  create(workspaceId: string, fileName: string, totalRows: number): ContactImport {
    const importId = randomUUID();
    const now = this.#now();
    transaction(this.#db, () => this.#insertImport.run(importId, workspaceId, fileName, totalRows, now, now));
    return this.get(importId)!;
  }

  /** Rows arrive in order, in chunks; all of a chunk or none. Returns how many the import holds. */
  appendRows(importId: string, firstRow: number, inputs: readonly unknown[]): number {
    return transaction(this.#db, () => {
      const held = integer(this.#rowCount.get(importId)!, 'n');
      if (firstRow !== held + 1) throw new RangeError(`expected row ${held + 1} next, not ${firstRow}`);
      const now = this.#now();
      inputs.forEach((input, i) => this.#insertRow.run(importId, firstRow + i, JSON.stringify(input), now));
      return held + inputs.length;
    });
  }

  get(importId: string): ContactImport | null {
    const row = this.#get.get(importId);
    return row ? toImport(row) : null;
  }

  list(workspaceId: string, limit = 20): ContactImport[] {
    return this.#list.all(workspaceId, limit).map(toImport);
  }

  /** Moves the import to `to` if it is in one of `from`; false otherwise. */
  setState(importId: string, from: readonly ImportState[], to: ImportState, reason: unknown = null): boolean {
    return transaction(
      this.#db,
      () =>
        this.#setState.run({
          importId,
          from: JSON.stringify(from),
          to,
          reason: reason === null ? null : JSON.stringify(reason),
          now: this.#now(),
        }).changes === 1,
    );
  }

  /** Claims the next pending row (committed `sending` before its request leaves), or null when none is left. */
  claimNext(importId: string): ImportRow | null {
    const row = transaction(this.#db, () => this.#claim.get({ importId, now: this.#now() }));
    return row ? toRow(row) : null;
  }

  /** The answer (or a check before sending) decided the row. */
  finish(importId: string, row: number, to: Exclude<ImportRowState, 'pending' | 'sending'>, result: unknown): boolean {
    return transaction(
      this.#db,
      () =>
        this.#finish.run({ importId, row, from: 'sending', to, result: JSON.stringify(result), now: this.#now() })
          .changes === 1,
    );
  }

  /** Nothing left this machine (no connection was made, or the service refused before acting): pending again. */
  returnUnsent(importId: string, row: number, reason: unknown): boolean {
    return transaction(
      this.#db,
      () => this.#returnRow.run({ importId, row, result: JSON.stringify(reason), now: this.#now() }).changes === 1,
    );
  }

  /**
   * On resume, the user's word: rows whose outcome is unknown are sent again. Safe for
   * contacts (unlike messages): a contact that was added after all only answers 97.
   */
  requeueUnknown(importId: string): number {
    return transaction(this.#db, () => Number(this.#requeueUnknown.run(this.#now(), importId).changes));
  }

  counts(importId: string): ImportCounts {
    const counts = Object.fromEntries(IMPORT_ROW_STATES.map((s) => [s, 0])) as ImportCounts;
    for (const row of this.#counts.all(importId)) counts[text(row, 'state') as ImportRowState] = integer(row, 'n');
    return counts;
  }

  rows(importId: string, options: { states?: readonly ImportRowState[]; offset: number; limit: number }): ImportRow[] {
    const states = options.states && options.states.length > 0 ? options.states : IMPORT_ROW_STATES;
    return this.#db
      .prepare(
        `SELECT * FROM contact_import_rows WHERE import_id = ? AND state IN (SELECT value FROM json_each(?))
         ORDER BY row_index LIMIT ? OFFSET ?`,
      )
      .all(importId, JSON.stringify(states), options.limit, options.offset)
      .map(toRow);
  }

  countRows(importId: string, states?: readonly ImportRowState[]): number {
    const wanted = states && states.length > 0 ? states : IMPORT_ROW_STATES;
    const row = this.#db
      .prepare(
        'SELECT COUNT(*) AS n FROM contact_import_rows WHERE import_id = ? AND state IN (SELECT value FROM json_each(?))',
      )
      .get(importId, JSON.stringify(wanted));
    return integer(row!, 'n');
  }

  /**
   * At startup: rows still `sending` were cut off by a crash, so their outcome is unknown;
   * imports still `running` are `stopped`. Returns how many rows were found.
   */
  recoverAfterCrash(): number {
    return transaction(this.#db, () => {
      const now = this.#now();
      const result = JSON.stringify({ reason: 'The app stopped while this contact was being added.' });
      const rows = this.#db
        .prepare(
          `UPDATE contact_import_rows SET state = 'unknown', result_json = ?, updated_at = ? WHERE state = 'sending'`,
        )
        .run(result, now).changes;
      this.#db.prepare(`UPDATE contact_imports SET state = 'stopped', updated_at = ? WHERE state = 'running'`).run(now);
      return Number(rows);
    });
  }
}

function toImport(row: Row): ContactImport {
  return {
    importId: text(row, 'import_id'),
    workspaceId: text(row, 'workspace_id'),
    fileName: text(row, 'file_name'),
    totalRows: integer(row, 'total_rows'),
    state: text(row, 'state') as ImportState,
    stopReason: row.stop_reason_json === null ? null : json<unknown>(row, 'stop_reason_json'),
    createdAt: integer(row, 'created_at'),
    updatedAt: integer(row, 'updated_at'),
  };
}

function toRow(row: Row): ImportRow {
  return {
    importId: text(row, 'import_id'),
    row: integer(row, 'row_index'),
    input: json<unknown>(row, 'input_json'),
    state: text(row, 'state') as ImportRowState,
    result: row.result_json === null ? null : json<unknown>(row, 'result_json'),
    attempts: integer(row, 'attempts'),
  };
}
