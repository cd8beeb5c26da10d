// What a service killed mid-work leaves behind, removed at start before any job resumes (so no
// running job can own it): files in the media folder that no asset points to (a render's
// half-written output, an upload being received), and the data folder's tmp/ (jobs' temporary
// folders, render parts, the recogniser's sound). The media folder's sub-folders (MMS files)
// are kept: rows of their own point into them.
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../db/database.ts';
import { tempRoot } from './jobTemp.ts';

export function removeLeftovers(db: Db, dataDir: string, mediaDir: string, log: (line: string) => void): void {
  const owned = new Set(
    (db.prepare('SELECT storage_path FROM assets').all() as { storage_path: string }[]).map((r) => r.storage_path),
  );
  let files = 0;
  for (const name of readdirSync(mediaDir)) {
    const path = join(mediaDir, name);
    try {
      if (!statSync(path).isFile() || owned.has(path)) continue;
      rmSync(path, { force: true });
      files++;
    } catch {
      // gone meanwhile
    }
  }
  const temp = tempRoot(dataDir);
  let folders = 0;
  try {
    folders = readdirSync(temp).length;
  } catch {
    // none yet
  }
  rmSync(temp, { recursive: true, force: true });
  mkdirSync(temp, { recursive: true, mode: 0o700 });
  if (files || folders)
    log(`removed ${files} media file(s) no asset owns and ${folders} temporary item(s) left by an earlier run`);
}
