// One app per profile (data folder), whichever shell runs it: a second one would recover the
// first one's journal at start (turning its SMS submissions under way into `unknown`, which
// invites a duplicate send) and both would drain the same outbox. The lock is an SQLite
// database held in exclusive locking mode, so the operating system releases it the moment the
// holder dies, even by SIGKILL; the holder's pid is written beside it for the message.
// (sandbox/dataFolderLock.ts is the local service's twin for its data folder.)
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { appFailure } from '../errors/appErrors.ts';

export interface ProfileLock {
  release(): void;
}

/** Takes the profile's lock, or throws profile.in_use saying which process holds it. */
export function lockProfile(userDataDir: string): ProfileLock {
  mkdirSync(userDataDir, { recursive: true, mode: 0o700 });
  const path = join(userDataDir, 'clipdesk.lock');
  const db = new DatabaseSync(path);
  try {
    db.exec('PRAGMA busy_timeout = 0');
    db.exec('PRAGMA locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
    db.exec('CREATE TABLE IF NOT EXISTS held (at TEXT)');
    db.exec('COMMIT');
  } catch {
    db.close();
    let holder = 'another process';
    try {
      holder = `process ${readFileSync(`${path}.pid`, 'utf8').trim()}`;
    } catch {
      // written a moment after the lock is taken
    }
    throw appFailure(
      'profile.in_use',
      `Clipdesk is already running with the data folder ${userDataDir} (${holder}): use that window, or start this one with --user-data <another folder>.`,
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
