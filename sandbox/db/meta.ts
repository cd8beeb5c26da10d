// sandbox_meta: small named values of one data folder (the account made at first start,
// which key is the app's ready key, the Messaging key's generation). Never a secret in clear.
import type { Db } from './database.ts';

export interface SandboxMeta {
  get(k: string): string | undefined;
  set(k: string, v: string): void;
  delete(k: string): void;
}

export function sandboxMeta(db: Db): SandboxMeta {
  const get = db.prepare('SELECT v FROM sandbox_meta WHERE k = ?');
  const set = db.prepare('INSERT INTO sandbox_meta (k, v) VALUES (?, ?) ON CONFLICT(k) DO UPDATE SET v = excluded.v');
  const remove = db.prepare('DELETE FROM sandbox_meta WHERE k = ?');
  return {
    get: (k) => (get.get(k) as { v: string } | undefined)?.v,
    set: (k, v) => void set.run(k, v),
    delete: (k) => void remove.run(k),
  };
}
