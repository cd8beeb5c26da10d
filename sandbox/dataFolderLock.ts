// One service per data folder: two on the same database and media would each believe it owns
// the jobs and the wallet. The lock is an SQLite database held in exclusive locking mode, so
// the operating system releases it the moment the holder dies, even by SIGKILL (a pid file
// would go stale). The holder's pid is written beside it, for the refusal's message.
// (main/core/app/profileLock.ts is the app's twin for its profile folder.)
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

export class DataFolderInUse extends Error {}

export interface FolderLock {
  release(): void;
}

export function lockDataFolder(dir: string): FolderLock {
  const path = join(dir, 'sandbox.lock');
  const db = new DatabaseSync(path);
  try {
    db.exec('PRAGMA busy_timeout = 0');
    db.exec('PRAGMA locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
    db.exec('CREATE TABLE IF NOT EXISTS held (at TEXT)');
    db.exec('COMMIT');
  } catch {
    db.close();
    let holder = 'unknown';
    try {
      holder = readFileSync(`${path}.pid`, 'utf8').trim() || holder;
    } catch {
      // written a moment after the lock is taken
    }
    throw new DataFolderInUse(
      `The data folder ${dir} is in use by another sandbox (process ${holder}): stop it, or give another --data folder.`,
    );
  }
  writeFileSync(`${path}.pid`, String(process.pid), { mode: 0o600 });
  return {
    release() {
      rmSync(`${path}.pid`, { force: true });
      db.close();
    },
  };
}
