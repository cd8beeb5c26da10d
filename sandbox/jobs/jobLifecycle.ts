// The lifecycle every asynchronous job record shares, whatever its kind (generations,
// exports, editor renders, production batches, the four media jobs): the columns after a
// job's own, the one guarded way its state changes — only a queued or running job moves;
// a finished one never changes again; cancelling is the runner's, or a 409 — and how those
// columns read in the API.
import { z } from 'zod';
import { TERMINAL_JOB_STATES, type JobState } from '../../shared/limits.ts';
import type { Db } from '../db/database.ts';
import { ApiError } from '../http/apiError.ts';
import type { JobError } from './jobRunner.ts';

export { JOB_COLUMNS } from '../db/jobColumns.ts';

/** A job row as every kind has it. */
export interface JobRow {
  id: number;
  account_id: number;
  state: JobState;
  error_code: string | null;
  error_message: string | null;
  created_at: string;
  updated_at: string;
  started_at: string | null;
  completed_at: string | null;
}

export const JobErrorSchema = z.object({ code: z.string(), message: z.string() });

/** The API fields of JOB_COLUMNS, for a resource's schema; `errorDescription` says when `error` is set. */
export function jobShape(errorDescription?: string) {
  const error = JobErrorSchema.nullable();
  return {
    error: errorDescription === undefined ? error : error.describe(errorDescription),
    createdAt: z.string(),
    updatedAt: z.string(),
    startedAt: z.string().nullable(),
    completedAt: z.string().nullable(),
  };
}

export function errorOf(row: { error_code: string | null; error_message: string | null }): JobError | null {
  return row.error_code ? { code: row.error_code, message: row.error_message ?? '' } : null;
}

/** A row's JOB_COLUMNS as the API shows them (the fields of jobShape). */
export function jobFields(row: JobRow) {
  return {
    error: errorOf(row),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    startedAt: row.started_at,
    completedAt: row.completed_at,
  };
}

export function isTerminal(state: JobState): boolean {
  return TERMINAL_JOB_STATES.includes(state);
}

type SqlValue = string | number | null;

/** More columns a move sets: trusted SQL assignments, their values in `args`. */
export interface AlsoSet {
  set: string;
  args?: SqlValue[];
}

export interface JobStatesOptions {
  /**
   * A job resumed after a restart keeps the time it first started (generations, media
   * jobs); otherwise started_at is when it last started.
   */
  keepFirstStart?: boolean;
}

/** The guarded state changes of one job table; each says whether the job moved. */
export function createJobStates(db: Db, table: string, now: () => string, options: JobStatesOptions = {}) {
  const update = (id: number, set: string, args: SqlValue[], at: string): boolean =>
    db
      .prepare(`UPDATE ${table} SET ${set}, updated_at = ? WHERE id = ? AND state IN ('queued', 'running')`)
      .run(...args, at, id).changes > 0;
  const also = (extra?: AlsoSet) => ({ set: extra ? `${extra.set}, ` : '', args: extra?.args ?? [] });
  const startedAt = options.keepFirstStart ? 'COALESCE(started_at, ?)' : '?';

  return {
    /** Any other change to an unfinished job. */
    move: (id: number, set: string, args: SqlValue[] = []): boolean => update(id, set, args, now()),
    running(id: number): boolean {
      const at = now();
      return update(id, `state = 'running', started_at = ${startedAt}`, [at], at);
    },
    completed(id: number, extra?: AlsoSet): boolean {
      const at = now();
      const more = also(extra);
      return update(id, `state = 'completed', ${more.set}completed_at = ?`, [...more.args, at], at);
    },
    /** Failed or cancelled, with the error the job shows (null: none). */
    ended(id: number, state: 'failed' | 'cancelled', error: JobError | null, extra?: AlsoSet): boolean {
      const at = now();
      const more = also(extra);
      return update(
        id,
        `state = ?, ${more.set}error_code = ?, error_message = ?, completed_at = ?`,
        [state, ...more.args, error?.code ?? null, error?.message ?? null, at],
        at,
      );
    },
    /** IDs of the queued and running jobs, oldest first (resumed at start-up). */
    unfinished(): number[] {
      return (
        db.prepare(`SELECT id FROM ${table} WHERE state IN ('queued', 'running') ORDER BY id`).all() as { id: number }[]
      ).map((r) => r.id);
    },
  };
}

export type JobStates = ReturnType<typeof createJobStates>;

/**
 * One page of an account's jobs for pageOf(), newest first. `from` is a trusted table name
 * or subquery; `filter` maps trusted column names to values (undefined: no filter).
 */
export function jobPage<Row>(
  db: Db,
  from: string,
  accountId: number,
  filter: Record<string, number | undefined>,
  where: string,
  args: SqlValue[],
  limit: number,
): Row[] {
  const wanted = Object.entries(filter).filter((entry): entry is [string, number] => entry[1] !== undefined);
  const columns = wanted.map(([column]) => ` AND ${column} = ?`).join('');
  return db
    .prepare(`SELECT * FROM ${from} WHERE account_id = ?${columns} AND ${where} ORDER BY id DESC LIMIT ?`)
    .all(accountId, ...wanted.map(([, value]) => value), ...args, limit) as unknown as Row[];
}

/**
 * Cancels a queued or running job through the job runner; a finished one is a 409.
 * `noun` names the job in the error, e.g. 'batch' → "Batch 7 is already completed".
 */
export function cancelJob(
  ctx: { jobs: { cancel(kind: string, id: number): void } },
  job: { kind: string; noun: string; id: number; state: JobState },
): void {
  const { kind, noun, id, state } = job;
  if (isTerminal(state)) {
    const name = noun.charAt(0).toUpperCase() + noun.slice(1);
    throw new ApiError('job.not_cancellable', `${name} ${id} is already ${state}: there is nothing to cancel.`, {
      details: { state },
    });
  }
  ctx.jobs.cancel(kind, id);
}
