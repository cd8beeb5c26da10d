// The records of the four media-intelligence jobs (transcriptions, reviews, speech edits,
// finishes). Each kind has its own table, so its IDs count on their own, but all four have
// the same columns: the accepted inputs as JSON, the job state, what was charged, and the
// result as JSON once the job completed. Inputs never change after acceptance.
import { z } from 'zod';
import { JOB_STATES, TERMINAL_JOB_STATES, type JobState } from '../../shared/limits.ts';
import { iso } from '../clock.ts';
import type { SandboxContext } from '../context.ts';
import { ApiError } from '../http/apiError.ts';

export type MediaJobTable = 'transcriptions' | 'reviews' | 'speech_edits' | 'finishes';

export interface MediaJobRow {
  id: number;
  account_id: number;
  /** The media the job works on (for a speech edit: the transcribed asset). */
  asset_id: number;
  project_id: number | null;
  /** A speech edit's transcription; null for the other kinds. */
  parent_id: number | null;
  /** The accepted inputs, defaults filled in (JSON). */
  input: string;
  state: JobState;
  cost_micros: number;
  /** Usage behind the price, e.g. tokens (JSON); null when the kind has none. */
  receipt: string | null;
  /** The job's result (JSON); null until it completed. */
  result: string | null;
  error_code: string | null;
  error_message: string | null;
  created_at: string;
  updated_at: string;
  started_at: string | null;
  completed_at: string | null;
}

/** The fields every media job shows, whatever its kind. */
export const jobFields = {
  id: z.number().int(),
  assetId: z.number().int().describe('The media the job works on.'),
  projectId: z.number().int().nullable().describe("The asset's project; null for a brand asset."),
  state: z.enum(JOB_STATES),
  costUsd: z.number().describe('What the job costs the wallet; 0 for free work and once a failed or cancelled job was refunded.'),
  error: z.object({ code: z.string(), message: z.string() }).nullable().describe('Why the job failed or was cancelled; null otherwise.'),
  createdAt: z.string(),
  updatedAt: z.string(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
};

export function jobFieldsOf(row: MediaJobRow) {
  return {
    id: row.id,
    assetId: row.asset_id,
    projectId: row.project_id,
    state: row.state,
    costUsd: row.cost_micros / 1e6,
    error: row.error_code ? { code: row.error_code, message: row.error_message ?? '' } : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    startedAt: row.started_at,
    completedAt: row.completed_at,
  };
}

export function isTerminal(state: JobState): boolean {
  return TERMINAL_JOB_STATES.includes(state);
}

const ERROR_MESSAGE_MAX = 500;

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
    error_code TEXT,
    error_message TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    started_at TEXT,
    completed_at TEXT
  )`);
  const now = () => iso(clock.now());
  /** Moves an unfinished job on; a finished one never changes again. */
  const move = (id: number, set: string, args: (string | number | null)[]) =>
    db.prepare(`UPDATE ${table} SET ${set}, updated_at = ? WHERE id = ? AND state IN ('queued', 'running')`).run(...args, now(), id).changes > 0;

  return {
    noun,
    /** Records an accepted job; call inside the accepting transaction, after charging. */
    insert(row: { accountId: number; assetId: number; projectId: number | null; parentId?: number | null; input: unknown; costMicros?: number; receipt?: unknown }): number {
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
      const row = db.prepare(`SELECT * FROM ${table} WHERE id = ? AND account_id = ?`).get(id, accountId) as MediaJobRow | undefined;
      if (!row) throw new ApiError('resource.not_found', `No ${noun} ${id} in this account.`);
      return row;
    },
    byId(id: number): MediaJobRow | undefined {
      return db.prepare(`SELECT * FROM ${table} WHERE id = ?`).get(id) as MediaJobRow | undefined;
    },
    /** One page for pageOf(), filtered on a trusted column name. */
    page(accountId: number, column: 'asset_id' | 'parent_id' | null, value: number | undefined, where: string, args: (string | number | null)[], limit: number): MediaJobRow[] {
      const filter = column && value !== undefined ? ` AND ${column} = ?` : '';
      return db
        .prepare(`SELECT * FROM ${table} WHERE account_id = ? AND ${where}${filter} ORDER BY id DESC LIMIT ?`)
        .all(accountId, ...args, ...(filter ? [value!] : []), limit) as unknown as MediaJobRow[];
    },
    /** The newest completed job on an asset, if any. */
    latestCompleted(accountId: number, assetId: number): MediaJobRow | undefined {
      return db
        .prepare(`SELECT * FROM ${table} WHERE account_id = ? AND asset_id = ? AND state = 'completed' ORDER BY id DESC LIMIT 1`)
        .get(accountId, assetId) as MediaJobRow | undefined;
    },
    unfinished(): number[] {
      return (db.prepare(`SELECT id FROM ${table} WHERE state IN ('queued', 'running') ORDER BY id`).all() as { id: number }[]).map((r) => r.id);
    },
    markRunning(id: number): boolean {
      return move(id, `state = 'running', started_at = COALESCE(started_at, ?)`, [now()]);
    },
    markCompleted(id: number, result: unknown): boolean {
      return move(id, `state = 'completed', result = ?, completed_at = ?`, [JSON.stringify(result), now()]);
    },
    /** Failed or cancelled: the charge is cleared here; the caller refunds it in the same transaction. */
    markEnded(id: number, state: 'failed' | 'cancelled', error: { code: string; message: string }): boolean {
      return move(id, `state = ?, cost_micros = 0, error_code = ?, error_message = ?, completed_at = ?`, [
        state,
        error.code,
        error.message.slice(0, ERROR_MESSAGE_MAX),
        now(),
      ]);
    },
  };
}

export type MediaJobStore = ReturnType<typeof createMediaJobStore>;
