// The journal's SQLite file: opened with the durability the money rules need
// (DESIGN.md rule 1: WAL with synchronous=FULL, so a commit that returned
// survives a crash and a power loss), and brought to the current schema.
import { DatabaseSync } from 'node:sqlite';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATIONS } from './migrations.ts';

export type JournalDb = DatabaseSync;

export const JOURNAL_FILE_NAME = 'journal.sqlite';

/** How long a handle waits for another handle's write lock before failing. */
const BUSY_TIMEOUT_MS = 10_000;

export function openJournalDatabase(dataDir: string): JournalDb {
  mkdirSync(dataDir, { recursive: true });
  const db = new DatabaseSync(join(dataDir, JOURNAL_FILE_NAME), { timeout: BUSY_TIMEOUT_MS });
  try {
    // busy_timeout first: switching to WAL may itself need the lock another handle holds.
    db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
    db.exec('PRAGMA journal_mode = WAL');
    db.exec('PRAGMA synchronous = FULL');
    db.exec('PRAGMA foreign_keys = ON');
    migrate(db);
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}

/**
 * Runs fn inside one IMMEDIATE transaction (the write lock is taken at BEGIN,
 * so two handles never deadlock upgrading a read lock). Inside a transaction
 * already, fn simply joins it.
 */
export function transaction<T>(db: JournalDb, fn: () => T): T {
  if (db.isTransaction) return fn();
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = fn();
    db.exec('COMMIT');
    return result;
  } catch (err) {
    if (db.isTransaction) db.exec('ROLLBACK');
    throw err;
  }
}

/** The schema version this code writes (PRAGMA user_version). */
export const JOURNAL_SCHEMA_VERSION = MIGRATIONS.length;

function migrate(db: JournalDb): void {
  // Read inside the transaction: another handle may have migrated while we waited for the lock.
  transaction(db, () => {
    const current = userVersion(db);
    if (current > JOURNAL_SCHEMA_VERSION) {
      throw new Error(
        `The journal was written by a newer Clipdesk (schema ${current}; this one knows ${JOURNAL_SCHEMA_VERSION}). Update Clipdesk to open it.`,
      );
    }
    for (let version = current + 1; version <= JOURNAL_SCHEMA_VERSION; version += 1) {
      db.exec(MIGRATIONS[version - 1]!);
      db.exec(`PRAGMA user_version = ${version}`);
    }
  });
}

function userVersion(db: JournalDb): number {
  const row = db.prepare('PRAGMA user_version').get();
  return Number(row?.user_version ?? 0);
}
