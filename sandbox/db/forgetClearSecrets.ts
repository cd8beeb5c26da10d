// Data folders from before the service kept only hashes held secrets in clear: the demo
// passwords, the app's ready key and the Messaging key (sandbox_meta), each webhook endpoint's
// signing secret, and session cookies and CSRF tokens (also as the session a support key was
// capped to). They are forgotten at the first start that can: the keys they were are revoked
// (the ready key by seed.ts, as any it cannot show again), sessions end (people sign in again;
// a key capped to one ends with it), and an endpoint signs from now on with a secret derived
// from the master (serviceSecrets.ts), which rotate-secret shows. Then the file is rewritten
// (VACUUM), so no freed page keeps the old text.
import { sha256Hex } from '../auth/secrets.ts';
import type { Db } from './database.ts';

function columnsOf(db: Db, table: string): string[] {
  return (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((c) => c.name);
}

/** Returns what it forgot, for the log; an empty list when the folder had nothing in clear. */
export function forgetClearSecrets(db: Db, log: (line: string) => void): string[] {
  const forgotten: string[] = [];
  const meta = db.prepare('SELECT k, v FROM sandbox_meta WHERE k IN (?, ?, ?, ?)');
  const rows = meta.all('password', 'support_password', 'app_key', 'messaging_api_key') as { k: string; v: string }[];
  for (const { k, v } of rows) {
    // The old Messaging key answers "revoked" (401) rather than "wrong key", as after a rotation.
    if (k === 'messaging_api_key' && columnsOf(db, 'messaging_revoked_keys').length > 0)
      db.prepare('INSERT OR IGNORE INTO messaging_revoked_keys (key_hash, revoked_at) VALUES (?, ?)').run(
        sha256Hex(v),
        new Date().toISOString(),
      );
    db.prepare('DELETE FROM sandbox_meta WHERE k = ?').run(k);
    forgotten.push(k);
  }
  const endpointColumns = columnsOf(db, 'webhook_endpoints');
  if (endpointColumns.includes('secret')) {
    db.exec('ALTER TABLE webhook_endpoints DROP COLUMN secret');
    if (endpointColumns.includes('previous_secret'))
      db.exec('ALTER TABLE webhook_endpoints DROP COLUMN previous_secret');
    db.exec('UPDATE webhook_endpoints SET previous_secret_expires_at = NULL');
    forgotten.push('webhook signing secrets');
  }
  if (columnsOf(db, 'sessions').includes('csrf_token')) {
    // Those keys named their session by its cookie: they end with it, and the cookie goes.
    if (columnsOf(db, 'api_keys').includes('session_id'))
      db.exec("UPDATE api_keys SET session_id = 'ended-at-upgrade' WHERE session_id IS NOT NULL");
    db.exec('DROP TABLE sessions');
    forgotten.push('sessions');
  }
  if (forgotten.length > 0) {
    db.exec('VACUUM');
    db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    log(`forgot what this data folder kept in clear (${forgotten.join(', ')}); only hashes are kept now`);
  }
  return forgotten;
}
