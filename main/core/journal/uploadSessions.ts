// Resumable (tus) upload sessions, kept here rather than in tus-js-client's
// URL storage (DESIGN.md: its Node default stores nothing and its file store is
// not crash-atomic). A session is found again by the file it uploads: same
// path, size and modification time mean the same bytes, so it may resume.
import { randomUUID } from 'node:crypto';
import type { StatementSync } from 'node:sqlite';
import { transaction, type JournalDb } from './database.ts';
import { errorFromJson, errorToJson, type RecordedError } from './recordedError.ts';
import { integer, text, textOrNull, type Row } from './rows.ts';

export const UPLOAD_STATES = ['created', 'uploading', 'completed', 'failed', 'cancelled'] as const;
export type UploadState = (typeof UPLOAD_STATES)[number];

export interface UploadFile {
  readonly workspaceId: string;
  readonly filePath: string;
  readonly size: number;
  readonly mtimeMs: number;
}

export interface NewUploadSession extends UploadFile {
  readonly sha256?: string | null;
}

export interface UploadSession extends UploadFile {
  readonly id: string;
  readonly sha256: string | null;
  /** The tus upload URL, once the service created the upload. */
  readonly uploadUrl: string | null;
  /** Bytes the service has confirmed. */
  readonly offset: number;
  readonly state: UploadState;
  readonly assetId: string | null;
  readonly lastError: RecordedError | null;
  readonly createdAt: number;
  readonly updatedAt: number;
}

const OPEN = `('created', 'uploading')`;

export class UploadSessionTable {
  readonly #db: JournalDb;
  readonly #now: () => number;
  readonly #insert: StatementSync;
  readonly #get: StatementSync;
  readonly #setUrl: StatementSync;
  readonly #setOffset: StatementSync;
  readonly #complete: StatementSync;
  readonly #end: StatementSync;
  readonly #resumable: StatementSync;
  readonly #open: StatementSync;
  readonly #remove: StatementSync;

  constructor(db: JournalDb, now: () => number) {
    this.#db = db;
    this.#now = now;
    this.#insert = db.prepare(
      `INSERT INTO upload_sessions (id, workspace_id, file_path, size, mtime_ms, sha256, state, created_at, updated_at)
       VALUES ($id, $workspaceId, $filePath, $size, $mtimeMs, $sha256, 'created', $now, $now)`,
    );
    this.#get = db.prepare('SELECT * FROM upload_sessions WHERE id = ?');
    this.#setUrl = db.prepare(
      `UPDATE upload_sessions SET upload_url = $url, state = 'uploading', updated_at = $now WHERE id = $id AND state IN ${OPEN}`,
    );
    this.#setOffset = db.prepare(
      `UPDATE upload_sessions SET upload_offset = $offset, updated_at = $now WHERE id = $id AND state IN ${OPEN}`,
    );
    this.#complete = db.prepare(
      `UPDATE upload_sessions SET state = 'completed', upload_offset = size, asset_id = $assetId, last_error_json = NULL,
       updated_at = $now WHERE id = $id AND state IN ${OPEN}`,
    );
    this.#end = db.prepare(
      `UPDATE upload_sessions SET state = $state, last_error_json = $error, updated_at = $now WHERE id = $id AND state IN ${OPEN}`,
    );
    this.#resumable = db.prepare(
      `SELECT * FROM upload_sessions WHERE workspace_id = $workspaceId AND file_path = $filePath AND size = $size
       AND mtime_ms = $mtimeMs AND state IN ${OPEN} ORDER BY created_at DESC, rowid DESC LIMIT 1`,
    );
    this.#open = db.prepare(
      `SELECT * FROM upload_sessions WHERE workspace_id = ? AND state IN ${OPEN} ORDER BY created_at, rowid`,
    );
    this.#remove = db.prepare('DELETE FROM upload_sessions WHERE id = ?');
  }

  create(input: NewUploadSession): UploadSession {
    if (!Number.isSafeInteger(input.size) || input.size < 0)
      throw new RangeError(`Upload size must be a whole number of bytes, not ${input.size}.`);
    const id = randomUUID();
    transaction(this.#db, () =>
      this.#insert.run({
        id,
        workspaceId: input.workspaceId,
        filePath: input.filePath,
        size: input.size,
        mtimeMs: Math.trunc(input.mtimeMs),
        sha256: input.sha256 ?? null,
        now: this.#now(),
      }),
    );
    return this.get(id)!;
  }

  get(id: string): UploadSession | null {
    const row = this.#get.get(id);
    return row ? toSession(row) : null;
  }

  /** The open session for this very file (same path, size and mtime), if any. */
  findResumable(file: UploadFile): UploadSession | null {
    const row = this.#resumable.get({ ...file, mtimeMs: Math.trunc(file.mtimeMs) });
    return row ? toSession(row) : null;
  }

  listOpen(workspaceId: string): UploadSession[] {
    return this.#open.all(workspaceId).map(toSession);
  }

  /** Keeps the tus upload URL as soon as the service made it, before any body byte goes out. */
  setUploadUrl(id: string, uploadUrl: string): boolean {
    return this.#change(this.#setUrl, { id, url: uploadUrl });
  }

  recordOffset(id: string, offset: number): boolean {
    const session = this.get(id);
    if (session && (!Number.isSafeInteger(offset) || offset < 0 || offset > session.size)) {
      throw new RangeError(`Upload offset ${offset} is outside 0..${session.size}.`);
    }
    return this.#change(this.#setOffset, { id, offset });
  }

  complete(id: string, assetId: string): boolean {
    return this.#change(this.#complete, { id, assetId });
  }

  fail(id: string, error: RecordedError): boolean {
    return this.#change(this.#end, { id, state: 'failed', error: errorToJson(error) });
  }

  cancel(id: string): boolean {
    return this.#change(this.#end, { id, state: 'cancelled', error: null });
  }

  remove(id: string): boolean {
    return transaction(this.#db, () => this.#remove.run(id).changes === 1);
  }

  #change(statement: StatementSync, params: Record<string, string | number | null>): boolean {
    return transaction(this.#db, () => statement.run({ ...params, now: this.#now() }).changes === 1);
  }
}

function toSession(row: Row): UploadSession {
  return {
    id: text(row, 'id'),
    workspaceId: text(row, 'workspace_id'),
    filePath: text(row, 'file_path'),
    size: integer(row, 'size'),
    mtimeMs: integer(row, 'mtime_ms'),
    sha256: textOrNull(row, 'sha256'),
    uploadUrl: textOrNull(row, 'upload_url'),
    offset: integer(row, 'upload_offset'),
    state: text(row, 'state') as UploadState,
    assetId: textOrNull(row, 'asset_id'),
    lastError: errorFromJson(row.last_error_json),
    createdAt: integer(row, 'created_at'),
    updatedAt: integer(row, 'updated_at'),
  };
}
