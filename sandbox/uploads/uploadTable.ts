// What the sandbox remembers about each resumable upload beside the tus file store's own
// files: whose it is, what it is for, where it stands, and the asset it became. The bytes
// and tus's metadata live under <dataDir>/uploads; this row outlives them (so a client can
// still learn its asset, or why it was refused, after the bytes are gone).
import type { Db } from '../db/database.ts';

const UPLOAD_SCHEMA = `
CREATE TABLE IF NOT EXISTS uploads (
  id TEXT PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts(id),
  project_id INTEGER REFERENCES projects(id),
  brand_id INTEGER REFERENCES brands(id),
  filename TEXT NOT NULL,
  filetype TEXT NOT NULL,
  size_bytes INTEGER NOT NULL,
  state TEXT NOT NULL,
  asset_id INTEGER REFERENCES assets(id),
  error_code TEXT,
  error_message TEXT,
  files_kept INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  finished_at INTEGER
);
CREATE INDEX IF NOT EXISTS uploads_state ON uploads (state, expires_at);
`;

/**
 * receiving: bytes may still come · finished: it became asset_id · refused: its content was
 * not accepted (error_code says why) · expired: discarded unfinished · terminated: DELETEd.
 */
export type UploadState = 'receiving' | 'finished' | 'refused' | 'expired' | 'terminated';

export interface UploadRow {
  id: string;
  account_id: number;
  project_id: number | null;
  brand_id: number | null;
  filename: string;
  filetype: string;
  size_bytes: number;
  state: UploadState;
  asset_id: number | null;
  error_code: string | null;
  error_message: string | null;
  /** 0 once the tus files were removed (a finished upload's, a day after it finished). */
  files_kept: number;
  created_at: string;
  /** Epoch ms on the sandbox clock; slides forward with every chunk received. */
  expires_at: number;
  finished_at: number | null;
}

export function createUploadTable(db: Db) {
  db.exec(UPLOAD_SCHEMA);
  return {
    get(id: string): UploadRow | undefined {
      return db.prepare('SELECT * FROM uploads WHERE id = ?').get(id) as UploadRow | undefined;
    },
    insert(
      row: Omit<UploadRow, 'state' | 'asset_id' | 'error_code' | 'error_message' | 'files_kept' | 'finished_at'>,
    ): void {
      db.prepare(
        `INSERT INTO uploads (id, account_id, project_id, brand_id, filename, filetype, size_bytes, state, created_at, expires_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, 'receiving', ?, ?)`,
      ).run(
        row.id,
        row.account_id,
        row.project_id,
        row.brand_id,
        row.filename,
        row.filetype,
        row.size_bytes,
        row.created_at,
        row.expires_at,
      );
    },
    extend(id: string, expiresAt: number): void {
      db.prepare("UPDATE uploads SET expires_at = ? WHERE id = ? AND state = 'receiving'").run(expiresAt, id);
    },
    finished(id: string, assetId: number, at: number): void {
      db.prepare("UPDATE uploads SET state = 'finished', asset_id = ?, finished_at = ? WHERE id = ?").run(
        assetId,
        at,
        id,
      );
    },
    refused(id: string, code: string, message: string, at: number): void {
      db.prepare(
        "UPDATE uploads SET state = 'refused', error_code = ?, error_message = ?, files_kept = 0, finished_at = ? WHERE id = ?",
      ).run(code, message, at, id);
    },
    ended(id: string, state: 'expired' | 'terminated'): void {
      db.prepare('UPDATE uploads SET state = ?, files_kept = 0 WHERE id = ?').run(state, id);
    },
    filesRemoved(id: string): void {
      db.prepare('UPDATE uploads SET files_kept = 0 WHERE id = ?').run(id);
    },
    /** Unfinished uploads past their expiry, and finished ones whose files have been kept a day. */
    due(now: number, keepFinishedMs: number): { expired: string[]; finished: string[] } {
      const ids = (sql: string, ...args: number[]) =>
        (db.prepare(sql).all(...args) as { id: string }[]).map((r) => r.id);
      return {
        expired: ids("SELECT id FROM uploads WHERE state = 'receiving' AND expires_at < ?", now),
        finished: ids(
          "SELECT id FROM uploads WHERE state = 'finished' AND files_kept = 1 AND finished_at < ?",
          now - keepFinishedMs,
        ),
      };
    },
  };
}

export type UploadTable = ReturnType<typeof createUploadTable>;
