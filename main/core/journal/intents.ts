// Intents: the paid requests the user asked for, each with the idempotency key
// every attempt of it sends (DESIGN.md rule 1).
//
// Life of an intent:  pending ──beginAttempt──▶ sent ──▶ accepted ──▶ done
//                        │                        └──────────┴────────▶ failed
//                        └──cancel──▶ cancelled
// `pending`, `sent` and `accepted` are the open set, drained in `seq` order.
// The key is made and committed with the intent, before any byte is sent, and
// never changes; retries reuse it; new inputs mean a new intent.
import { randomUUID } from 'node:crypto';
import type { StatementSync } from 'node:sqlite';
import { transaction, type JournalDb } from './database.ts';
import { errorFromJson, errorToJson, type RecordedError } from './recordedError.ts';
import { integer, json, text, textOrNull, type Row } from './rows.ts';

export const INTENT_KINDS = [
  'generation',
  'export',
  'render',
  'transcription',
  'review',
  'speech-edit',
  'finish',
  'batch',
  'editor-commands',
  'reframe',
] as const;
export type IntentKind = (typeof INTENT_KINDS)[number];

export const INTENT_STATES = ['pending', 'sent', 'accepted', 'done', 'failed', 'cancelled'] as const;
export type IntentState = (typeof INTENT_STATES)[number];
export const OPEN_INTENT_STATES: readonly IntentState[] = ['pending', 'sent', 'accepted'];

export type IntentMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const METHODS: readonly string[] = ['POST', 'PUT', 'PATCH', 'DELETE'];

export interface IntentRequest {
  readonly method: IntentMethod;
  /** Path below the workspace's base URL, starting with `/`. */
  readonly path: string;
  /** The JSON body, sent byte-for-byte the same on every attempt. */
  readonly body: unknown;
}

export interface NewIntent {
  readonly kind: IntentKind;
  readonly workspaceId: string;
  readonly request: IntentRequest;
}

export interface Intent extends NewIntent {
  readonly id: string;
  /** Monotonic across the whole journal: the order intents were made and are drained in. */
  readonly seq: number;
  readonly idempotencyKey: string;
  readonly state: IntentState;
  readonly jobKind: string | null;
  readonly jobId: string | null;
  /** How many times sending was begun. */
  readonly attempts: number;
  /** The request ID of the answer that accepted it (what support asks for); null before. */
  readonly requestId: string | null;
  readonly lastError: RecordedError | null;
  readonly createdAt: number;
  readonly updatedAt: number;
}

export interface JobRef {
  readonly jobKind: string;
  readonly jobId: string;
}

const OPEN = `('pending', 'sent', 'accepted')`;
const FINISHED = `('done', 'failed', 'cancelled')`;

export class IntentLog {
  readonly #db: JournalDb;
  readonly #now: () => number;
  readonly #insert: StatementSync;
  readonly #byId: StatementSync;
  readonly #open: StatementSync;
  readonly #openInWorkspace: StatementSync;
  readonly #finishedInWorkspace: StatementSync;
  readonly #byJob: StatementSync;
  readonly #begin: StatementSync;
  readonly #accept: StatementSync;
  readonly #finish: StatementSync;
  readonly #fail: StatementSync;
  readonly #noteError: StatementSync;
  readonly #cancel: StatementSync;

  constructor(db: JournalDb, now: () => number) {
    this.#db = db;
    this.#now = now;
    this.#insert = db.prepare(
      `INSERT INTO intents (id, kind, workspace_id, method, path, body_json, idempotency_key, state, created_at, updated_at)
       VALUES ($id, $kind, $workspaceId, $method, $path, $body, $key, 'pending', $now, $now)`,
    );
    this.#byId = db.prepare('SELECT * FROM intents WHERE id = ?');
    this.#open = db.prepare(`SELECT * FROM intents WHERE state IN ${OPEN} ORDER BY seq`);
    this.#openInWorkspace = db.prepare(
      `SELECT * FROM intents WHERE state IN ${OPEN} AND workspace_id = ? ORDER BY seq`,
    );
    this.#finishedInWorkspace = db.prepare(
      `SELECT * FROM intents WHERE state IN ${FINISHED} AND workspace_id = ? ORDER BY updated_at DESC, seq DESC LIMIT ?`,
    );
    this.#byJob = db.prepare(
      'SELECT * FROM intents WHERE workspace_id = ? AND job_kind = ? AND job_id = ? ORDER BY seq DESC LIMIT 1',
    );
    this.#begin = db.prepare(
      `UPDATE intents SET state = 'sent', attempts = attempts + 1, updated_at = $now WHERE id = $id AND state IN ('pending', 'sent')`,
    );
    this.#accept = db.prepare(
      `UPDATE intents SET state = 'accepted', job_kind = $jobKind, job_id = $jobId, last_error_json = NULL,
       request_id = coalesce($requestId, request_id), updated_at = $now
       WHERE id = $id AND state IN ('sent', 'accepted')`,
    );
    this.#finish = db.prepare(
      `UPDATE intents SET state = 'done', job_kind = coalesce($jobKind, job_kind), job_id = coalesce($jobId, job_id),
       request_id = coalesce($requestId, request_id), last_error_json = NULL, updated_at = $now
       WHERE id = $id AND state IN ('sent', 'accepted')`,
    );
    this.#fail = db.prepare(
      `UPDATE intents SET state = 'failed', last_error_json = $error, updated_at = $now WHERE id = $id AND state IN ${OPEN}`,
    );
    this.#noteError = db.prepare(
      `UPDATE intents SET last_error_json = $error, updated_at = $now WHERE id = $id AND state IN ${OPEN}`,
    );
    this.#cancel = db.prepare(
      `UPDATE intents SET state = 'cancelled', updated_at = $now WHERE id = $id AND state = 'pending'`,
    );
  }

  /**
   * Makes the intent and its idempotency key and commits both in one
   * transaction. When this returns, the intent survives a crash: only then
   * may any byte of its request be sent.
   */
  create(input: NewIntent): Intent {
    checkNewIntent(input);
    const id = randomUUID();
    const body = JSON.stringify(input.request.body ?? null);
    transaction(this.#db, () => {
      this.#insert.run({
        id,
        kind: input.kind,
        workspaceId: input.workspaceId,
        method: input.request.method,
        path: input.request.path,
        body,
        key: randomUUID(),
        now: this.#now(),
      });
    });
    return this.get(id)!;
  }

  get(id: string): Intent | null {
    const row = this.#byId.get(id);
    return row ? toIntent(row) : null;
  }

  /** The open intents, oldest first: the order they are drained in. */
  listOpen(workspaceId?: string): Intent[] {
    const rows = workspaceId === undefined ? this.#open.all() : this.#openInWorkspace.all(workspaceId);
    return rows.map(toIntent);
  }

  /**
   * The intents of a workspace that ended (done, failed or cancelled), the most recently
   * ended first, at most `limit`: what the Jobs screen shows as finished.
   */
  listRecentlyFinished(workspaceId: string, limit: number): Intent[] {
    return this.#finishedInWorkspace.all(workspaceId, clampLimit(limit)).map(toIntent);
  }

  /** The intent that started a job, to finish it when the job ends. */
  findByJob(workspaceId: string, job: JobRef): Intent | null {
    const row = this.#byJob.get(workspaceId, job.jobKind, job.jobId);
    return row ? toIntent(row) : null;
  }

  /**
   * Call right before sending (first time or retry). Returns the intent to send,
   * with its unchanged key, or null when it must not be sent (cancelled,
   * already answered, or unknown). Once begun, an intent can no longer be cancelled.
   */
  beginAttempt(id: string): Intent | null {
    const changed = transaction(this.#db, () => this.#begin.run({ id, now: this.#now() }).changes);
    return changed === 1 ? this.get(id) : null;
  }

  /** The service accepted the request and started a job; the intent stays open until the job ends. */
  markAccepted(id: string, job: JobRef, requestId: string | null = null): boolean {
    return this.#change(this.#accept, { id, jobKind: job.jobKind, jobId: job.jobId, requestId });
  }

  /** A terminal success: the intent leaves the open set. */
  markDone(id: string, job?: JobRef, requestId: string | null = null): boolean {
    return this.#change(this.#finish, { id, jobKind: job?.jobKind ?? null, jobId: job?.jobId ?? null, requestId });
  }

  /** A terminal failure (a permanent 4xx such as a 409 for a reused key, or a failed job): never retried. */
  markFailed(id: string, error: RecordedError): boolean {
    return this.#change(this.#fail, { id, error: errorToJson(error) });
  }

  /** A retryable failure (network, 5xx, 429): the intent stays open and keeps its key. */
  recordRetryableError(id: string, error: RecordedError): boolean {
    return this.#change(this.#noteError, { id, error: errorToJson(error) });
  }

  /** The user cancels an intent that was never sent. False when sending has begun or it already ended. */
  cancel(id: string): boolean {
    return this.#change(this.#cancel, { id });
  }

  #change(statement: StatementSync, params: Record<string, string | number | null>): boolean {
    return transaction(this.#db, () => statement.run({ ...params, now: this.#now() }).changes === 1);
  }
}

function checkNewIntent(input: NewIntent): void {
  if (!(INTENT_KINDS as readonly string[]).includes(input.kind)) {
    throw new TypeError(`Unknown intent kind "${input.kind}": use one of ${INTENT_KINDS.join(', ')}.`);
  }
  if (input.workspaceId.length === 0) throw new TypeError('An intent needs a workspace id.');
  if (!METHODS.includes(input.request.method)) {
    throw new TypeError(
      `An intent's request method must be one of ${METHODS.join(', ')}, not "${input.request.method}".`,
    );
  }
  if (!input.request.path.startsWith('/')) {
    throw new TypeError(`An intent's request path must start with "/", not "${input.request.path}".`);
  }
}

/** A read of "the latest N" never asks for nothing or for the whole table. */
export function clampLimit(limit: number): number {
  return Math.max(1, Math.min(500, Math.floor(Number.isFinite(limit) ? limit : 50)));
}

function toIntent(row: Row): Intent {
  return {
    id: text(row, 'id'),
    seq: integer(row, 'seq'),
    kind: text(row, 'kind') as IntentKind,
    workspaceId: text(row, 'workspace_id'),
    request: { method: text(row, 'method') as IntentMethod, path: text(row, 'path'), body: json(row, 'body_json') },
    idempotencyKey: text(row, 'idempotency_key'),
    state: text(row, 'state') as IntentState,
    jobKind: textOrNull(row, 'job_kind'),
    jobId: textOrNull(row, 'job_id'),
    attempts: integer(row, 'attempts'),
    requestId: textOrNull(row, 'request_id'),
    lastError: errorFromJson(row.last_error_json),
    createdAt: integer(row, 'created_at'),
    updatedAt: integer(row, 'updated_at'),
  };
}
