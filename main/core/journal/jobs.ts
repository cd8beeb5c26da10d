// Jobs the app follows: the state it last saw, when, and whether a verified
// webhook already said the job ended (which ends polling for it, DESIGN.md rule 4), and what
// the Jobs screen shows of it after a restart: its project and its cost, once known.
// States are kept as the service sent them: an unknown state is shown, not dropped.
import type { StatementSync } from 'node:sqlite';
import { TERMINAL_JOB_STATES } from '../../../shared/limits.ts';
import { transaction, type JournalDb } from './database.ts';
import { clampLimit } from './intents.ts';
import { integer, text, type Row } from './rows.ts';

export interface JobKey {
  readonly workspaceId: string;
  readonly kind: string;
  readonly jobId: string;
}

/** What a read of a job said about it besides its state; null: it did not say (what is known stays). */
export interface JobFacts {
  readonly projectId?: number | null;
  readonly costUsd?: number | null;
}

export interface TrackedJob extends JobKey {
  readonly state: string;
  readonly projectId: number | null;
  readonly costUsd: number | null;
  readonly lastSeenAt: number;
  readonly webhookFinished: boolean;
  readonly createdAt: number;
  readonly updatedAt: number;
}

const TERMINAL = `(${TERMINAL_JOB_STATES.map((s) => `'${s}'`).join(', ')})`;

export class JobTable {
  readonly #db: JournalDb;
  readonly #now: () => number;
  readonly #upsert: StatementSync;
  readonly #webhookFinished: StatementSync;
  readonly #get: StatementSync;
  readonly #toPoll: StatementSync;
  readonly #recent: StatementSync;
  readonly #remove: StatementSync;
  readonly #facts: StatementSync;

  constructor(db: JournalDb, now: () => number) {
    this.#db = db;
    this.#now = now;
    this.#upsert = db.prepare(
      `INSERT INTO jobs (workspace_id, kind, job_id, state, last_seen_at, created_at, updated_at, project_id, cost_usd)
       VALUES ($workspaceId, $kind, $jobId, $state, $now, $now, $now, $projectId, $costUsd)
       ON CONFLICT (workspace_id, kind, job_id) DO UPDATE SET
         state = CASE WHEN jobs.webhook_finished = 1 OR jobs.state IN ${TERMINAL} THEN jobs.state ELSE excluded.state END,
         last_seen_at = excluded.last_seen_at, updated_at = excluded.updated_at,
         project_id = coalesce(excluded.project_id, jobs.project_id), cost_usd = coalesce(excluded.cost_usd, jobs.cost_usd)`,
    );
    this.#webhookFinished = db.prepare(
      `INSERT INTO jobs (workspace_id, kind, job_id, state, last_seen_at, webhook_finished, created_at, updated_at, project_id, cost_usd)
       VALUES ($workspaceId, $kind, $jobId, $state, $now, 1, $now, $now, $projectId, $costUsd)
       ON CONFLICT (workspace_id, kind, job_id) DO UPDATE SET state = excluded.state, last_seen_at = excluded.last_seen_at,
         webhook_finished = 1, updated_at = excluded.updated_at,
         project_id = coalesce(excluded.project_id, jobs.project_id), cost_usd = coalesce(excluded.cost_usd, jobs.cost_usd)`,
    );
    this.#get = db.prepare('SELECT * FROM jobs WHERE workspace_id = ? AND kind = ? AND job_id = ?');
    this.#toPoll = db.prepare(
      `SELECT * FROM jobs WHERE workspace_id = ? AND webhook_finished = 0 AND state NOT IN ${TERMINAL} ORDER BY last_seen_at, job_id`,
    );
    this.#recent = db.prepare(
      `SELECT * FROM jobs WHERE workspace_id = ? AND (webhook_finished = 1 OR state IN ${TERMINAL})
       ORDER BY updated_at DESC, job_id DESC LIMIT ?`,
    );
    this.#remove = db.prepare('DELETE FROM jobs WHERE workspace_id = ? AND kind = ? AND job_id = ?');
    this.#facts = db.prepare(
      `UPDATE jobs SET project_id = coalesce($projectId, project_id), cost_usd = coalesce($costUsd, cost_usd)
       WHERE workspace_id = $workspaceId AND kind = $kind AND job_id = $jobId`,
    );
  }

  /**
   * Records the state a poll or a creation answer showed. A job that already
   * ended keeps its final state: a poll answered before the webhook arrived
   * must not bring it back to life.
   */
  recordSeen(job: JobKey, state: string, facts: JobFacts = {}): TrackedJob {
    transaction(this.#db, () => this.#upsert.run({ ...job, state, now: this.#now(), ...factParams(facts) }));
    return this.get(job)!;
  }

  /** A verified webhook said the job ended with this state: stop polling it. */
  recordWebhookFinished(job: JobKey, state: string, facts: JobFacts = {}): TrackedJob {
    transaction(this.#db, () => this.#webhookFinished.run({ ...job, state, now: this.#now(), ...factParams(facts) }));
    return this.get(job)!;
  }

  /** Facts learnt elsewhere (a price read from the service's list) for a job the journal follows. */
  recordFacts(job: JobKey, facts: JobFacts): void {
    transaction(this.#db, () => this.#facts.run({ ...job, ...factParams(facts) }));
  }

  get(job: JobKey): TrackedJob | null {
    const row = this.#get.get(job.workspaceId, job.kind, job.jobId);
    return row ? toJob(row) : null;
  }

  /** Jobs still worth polling in a workspace, least recently seen first. */
  listToPoll(workspaceId: string): TrackedJob[] {
    return this.#toPoll.all(workspaceId).map(toJob);
  }

  /** Jobs of a workspace that ended, the most recently seen first, at most `limit` (the Jobs screen). */
  listRecentlyEnded(workspaceId: string, limit: number): TrackedJob[] {
    return this.#recent.all(workspaceId, clampLimit(limit)).map(toJob);
  }

  remove(job: JobKey): boolean {
    return transaction(this.#db, () => this.#remove.run(job.workspaceId, job.kind, job.jobId).changes === 1);
  }
}

function factParams(facts: JobFacts): { projectId: number | null; costUsd: number | null } {
  return { projectId: facts.projectId ?? null, costUsd: facts.costUsd ?? null };
}

function toJob(row: Row): TrackedJob {
  return {
    workspaceId: text(row, 'workspace_id'),
    kind: text(row, 'kind'),
    jobId: text(row, 'job_id'),
    state: text(row, 'state'),
    projectId: typeof row.project_id === 'number' ? row.project_id : null,
    costUsd: typeof row.cost_usd === 'number' ? row.cost_usd : null,
    lastSeenAt: integer(row, 'last_seen_at'),
    webhookFinished: integer(row, 'webhook_finished') === 1,
    createdAt: integer(row, 'created_at'),
    updatedAt: integer(row, 'updated_at'),
  };
}
