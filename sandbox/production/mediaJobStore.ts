// The records of the four media-intelligence jobs (transcriptions, reviews, speech edits,
// finishes). Each kind has its own table, so its IDs count on their own, but all four have
// the same columns: the accepted inputs as JSON, the job state, what was charged, and the
// result as JSON once the job completed. Inputs never change after acceptance.
import { z } from 'zod';
import { JOB_STATES } from '../../shared/limits.ts';
import { iso } from '../clock.ts';
import type { SandboxContext } from '../context.ts';
import { ApiError } from '../http/apiError.ts';
import { createJobStates, JOB_COLUMNS, jobFields, jobPage, jobShape, type JobRow } from '../jobs/jobLifecycle.ts';

export type MediaJobTable = 'transcriptions' | 'reviews' | 'speech_edits' | 'finishes';

export interface MediaJobRow extends JobRow {
  /** The media the job works on (for a speech edit: the transcribed asset). */
  asset_id: number;
  project_id: number | null;
  /** A speech edit's transcription; null for the other kinds. */
  parent_id: number | null;
  /** The accepted inputs, defaults filled in (JSON). */
  input: string;
  cost_micros: number;
  /** Usage behind the price, e.g. tokens (JSON); null when the kind has none. */
  receipt: string | null;
  /** The job's result (JSON); null until it completed. */
  result: string | null;
}

/** The fields every media job shows, whatever its kind. */
export const mediaJobShape = {
  id: z.number().int(),
  assetId: z.number().int().describe('The media the job works on.'),
  projectId: z.number().int().nullable().describe("The asset's project; null for a brand asset."),
  state: z.enum(JOB_STATES),
  costUsd: z
    .number()
    .describe('What the job costs the wallet; 0 for free work and once a failed or cancelled job was refunded.'),
  ...jobShape('Why the job failed or was cancelled; null otherwise.'),
};

export function mediaJobFields(row: MediaJobRow) {
  return {
    id: row.id,
    assetId: row.asset_id,
    projectId: row.project_id,
    state: row.state,
    costUsd: row.cost_micros / 1e6,
    ...jobFields(row),
  };
}

export function createMediaJobStore(ctx: SandboxContext, table: MediaJobTable, noun: string) {
  const { db, clock } = ctx;
  db.exec(`CREATE TABLE IF NOT EXISTS ${table} (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    account_id INTEGER NOT NULL REFERENCES accounts(id),
    asset_id INTEGER NOT NULL REFERENCES assets(id),
    project_id INTEGER REFERENCES projects(id),
    parent_id INTEGER,
    input TEXT NOT NULL,
    state TEXT NOT NULL,
    cost_micros INTEGER NOT NULL DEFAULT 0,
    receipt TEXT,
    result TEXT,
    ${JOB_COLUMNS}
  )`);
  const now = () => iso(clock.now());
  const states = createJobStates(db, table, now, { keepFirstStart: true });

  return {
    noun,
    states,
    /** Records an accepted job; call inside the accepting transaction, after charging. */
    insert(row: {
      accountId: number;
      assetId: number;
      projectId: number | null;
      parentId?: number | null;
      input: unknown;
      costMicros?: number;
      receipt?: unknown;
    }): number {
      const at = now();
      const { lastInsertRowid } = db
        .prepare(
          `INSERT INTO ${table} (account_id, asset_id, project_id, parent_id, input, state, cost_micros, receipt, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, 'queued', ?, ?, ?, ?)`,
        )
        .run(
          row.accountId,
          row.assetId,
          row.projectId,
          row.parentId ?? null,
          JSON.stringify(row.input),
          row.costMicros ?? 0,
          row.receipt === undefined ? null : JSON.stringify(row.receipt),
          at,
          at,
        );
      return Number(lastInsertRowid);
    },
    /** A job of the account, or 404. */
    get(accountId: number, id: number): MediaJobRow {
      const row = db.prepare(`SELECT * FROM ${table} WHERE id = ? AND account_id = ?`).get(id, accountId) as
        MediaJobRow | undefined;
      if (!row) throw new ApiError('resource.not_found', `No ${noun} ${id} in this account.`);
      return row;
    },
    byId(id: number): MediaJobRow | undefined {
      return db.prepare(`SELECT * FROM ${table} WHERE id = ?`).get(id) as MediaJobRow | undefined;
    },
    /** One page for pageOf(), filtered on a trusted column name. */
    page(
      accountId: number,
      column: 'asset_id' | 'parent_id' | null,
      value: number | undefined,
      where: string,
      args: (string | number | null)[],
      limit: number,
    ): MediaJobRow[] {
      return jobPage(db, table, accountId, column ? { [column]: value } : {}, where, args, limit);
    },
    /** The newest completed job on an asset, if any. */
    latestCompleted(accountId: number, assetId: number): MediaJobRow | undefined {
      return db
        .prepare(
          `SELECT * FROM ${table} WHERE account_id = ? AND asset_id = ? AND state = 'completed' ORDER BY id DESC LIMIT 1`,
        )
        .get(accountId, assetId) as MediaJobRow | undefined;
    },
    markCompleted: (id: number, result: unknown) =>
      states.completed(id, { set: 'result = ?', args: [JSON.stringify(result)] }),
  };
}

export type MediaJobStore = ReturnType<typeof createMediaJobStore>;
