// The default account, made once per data folder: a workspace with a wallet, a person
// who signs in to the central session, an "app" actor whose key the sandbox hands
// out ready-made (so it does not count against the person's 20 keys), and a brand.
// Nothing here is kept in clear: the people's passwords are new at each start (only their
// scrypt hashes are stored) and the ready key's token is derived from the master secret.
import { randomBytes } from 'node:crypto';
import type { Clock } from '../clock.ts';
import { iso } from '../clock.ts';
import type { KeyStore } from '../auth/keyStore.ts';
import { hashPassword } from '../auth/secrets.ts';
import type { ServiceSecrets } from '../auth/serviceSecrets.ts';
import type { Db } from './database.ts';
import { transaction } from './database.ts';
import { sandboxMeta } from './meta.ts';

export const DEMO_EMAIL = 'demo@clipdesk.local';
const APP_EMAIL = 'app@clipdesk.local';
export const SUPPORT_EMAIL = 'support@clipdesk.local';
const READY_KEY_NAME = 'Sandbox ready key';
const DAY_MS = 86_400_000;

export interface Seeded {
  accountId: number;
  /** Valid until the next start. */
  login: { email: string; password: string };
  /** A support person who may sign in on behalf of another (spec: support impersonation sessions). Valid until the next start. */
  supportLogin: { email: string; password: string };
  apiKey: string;
}

function newPassword(): string {
  return randomBytes(12).toString('base64url');
}

export function seed(db: Db, clock: Clock, keys: KeyStore, secrets: ServiceSecrets, walletUsd: number): Seeded {
  const meta = sandboxMeta(db);
  const addUser = db.prepare(
    'INSERT INTO users (account_id, email, password_hash, password_salt, name, is_support) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const userId = (email: string) =>
    (db.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: number } | undefined)?.id;
  if (!meta.get('account_id')) {
    transaction(db, () => {
      const { lastInsertRowid } = db
        .prepare('INSERT INTO accounts (name, wallet_micros, pricing_multiplier) VALUES (?, ?, 1)')
        .run('Demo workspace', Math.round(walletUsd * 1e6));
      const accountId = Number(lastInsertRowid);
      // The passwords are set below, at every start; the app actor's is never known to anyone.
      for (const [email, name] of [
        [DEMO_EMAIL, 'Demo Person'],
        [APP_EMAIL, 'Clipdesk app'],
      ] as const) {
        const { hash, salt } = hashPassword(randomBytes(24).toString('base64url'));
        addUser.run(accountId, email, hash, salt, name, 0);
      }
      db.prepare('INSERT INTO brands (account_id, name, created_at) VALUES (?, ?, ?)').run(
        accountId,
        'Demo brand',
        iso(clock.now()),
      );
      meta.set('account_id', String(accountId));
    });
  }
  const accountId = Number(meta.get('account_id'));
  if (userId(SUPPORT_EMAIL) === undefined) {
    const { hash, salt } = hashPassword(randomBytes(24).toString('base64url'));
    addUser.run(accountId, SUPPORT_EMAIL, hash, salt, 'Clipdesk Support', 1);
  }

  // A login valid until the next start: shown on the READY line, stored as a salted scrypt hash.
  const setPassword = db.prepare('UPDATE users SET password_hash = ?, password_salt = ? WHERE email = ?');
  const login = { email: DEMO_EMAIL, password: newPassword() };
  const supportLogin = { email: SUPPORT_EMAIL, password: newPassword() };
  for (const { email, password } of [login, supportLogin]) {
    const { hash, salt } = hashPassword(password);
    setPassword.run(hash, salt, email);
  }

  return { accountId, login, supportLogin, apiKey: readyKey(db, clock, keys, secrets, accountId) };
}

/**
 * The app actor's ready key: kept while it works and its token, derived from this start's master
 * secret, matches the stored hash; otherwise (another master, revoked, within a day of expiry)
 * a new one. Any other key of the app actor is revoked: no one can be shown its token again.
 */
function readyKey(db: Db, clock: Clock, keys: KeyStore, secrets: ServiceSecrets, accountId: number): string {
  const meta = sandboxMeta(db);
  const app = db.prepare('SELECT id FROM users WHERE email = ?').get(APP_EMAIL) as { id: number };
  const keyId = meta.get('app_key_id');
  const found = keyId ? keys.findByToken(secrets.appKey(keyId)) : undefined;
  const usable =
    found && found.id === keyId && found.revoked_at === null && found.expires_at > clock.now() + DAY_MS
      ? found
      : undefined;
  for (const row of keys.list(app.id, accountId))
    if (row.id !== usable?.id && row.revoked_at === null) keys.revoke(app.id, accountId, row.id);
  if (usable) return secrets.appKey(usable.id);
  const issued = keys.issue(app.id, accountId, READY_KEY_NAME, 90, { tokenFor: secrets.appKey });
  meta.set('app_key_id', issued.id);
  return issued.token;
}
