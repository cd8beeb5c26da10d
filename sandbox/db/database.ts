// The sandbox's store: node:sqlite under the data folder, so a restart keeps everything.
import { DatabaseSync } from 'node:sqlite';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { forgetClearSecrets } from './forgetClearSecrets.ts';
import { CORE_SCHEMA } from './schema.ts';

export type Db = DatabaseSync;

export function openDatabase(dataDir: string, log: (line: string) => void = () => {}): Db {
  mkdirSync(dataDir, { recursive: true });
  const db = new DatabaseSync(join(dataDir, 'sandbox.sqlite'));
  db.exec(
    'PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;',
  );
  db.exec(CORE_SCHEMA);
  // A folder from before only hashes were kept: its sessions table is made anew.
  if (forgetClearSecrets(db, log).includes('sessions')) db.exec(CORE_SCHEMA);
  // Columns added after the first release of a table (a data folder may predate them).
  addColumnIfMissing(db, 'users', 'is_support', 'INTEGER NOT NULL DEFAULT 0');
  addColumnIfMissing(db, 'sessions', 'impersonator_user_id', 'INTEGER REFERENCES users(id)');
  addColumnIfMissing(db, 'api_keys', 'session_id', 'TEXT');
  return db;
}

/** For a table that gained a column after its first release (a data folder may predate it). */
export function addColumnIfMissing(db: Db, table: string, column: string, declaration: string): void {
  const columns = db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[];
  if (!columns.some((c) => c.name === column)) db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${declaration}`);
}

/** Runs fn in one transaction (node:sqlite has no helper for it). */
export function transaction<T>(db: Db, fn: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = fn();
    db.exec('COMMIT');
    return result;
  } catch (err) {
    db.exec('ROLLBACK');
    throw err;
  }
}
