// The default account, made once per data folder: a workspace with a wallet, a person
// who signs in to the central session, an "app" actor whose key the sandbox hands
// out ready-made (so it does not count against the person's 20 keys), and a brand.
import { randomBytes } from 'node:crypto';
import type { Clock } from '../clock.ts';
import { iso } from '../clock.ts';
import type { KeyStore } from '../auth/keyStore.ts';
import { hashPassword } from '../auth/secrets.ts';
import type { Db } from './database.ts';
import { transaction } from './database.ts';

export const DEMO_EMAIL = 'demo@clipdesk.local';
const APP_EMAIL = 'app@clipdesk.local';
export const SUPPORT_EMAIL = 'support@clipdesk.local';

function meta(db: Db) {
  db.exec('CREATE TABLE IF NOT EXISTS sandbox_meta (k TEXT PRIMARY KEY, v TEXT NOT NULL)');
  return {
    get: (k: string) => (db.prepare('SELECT v FROM sandbox_meta WHERE k = ?').get(k) as { v: string } | undefined)?.v,
    set: (k: string, v: string) =>
      db.prepare('INSERT INTO sandbox_meta (k, v) VALUES (?, ?) ON CONFLICT(k) DO UPDATE SET v = excluded.v').run(k, v),
  };
}

export interface Seeded {
  accountId: number;
  login: { email: string; password: string };
  /** A support person who may sign in on behalf of another (spec: support impersonation sessions). */
  supportLogin: { email: string; password: string };
  apiKey: string;
}

export function seed(db: Db, clock: Clock, keys: KeyStore, walletUsd: number): Seeded {
  const m = meta(db);
  if (!m.get('password')) {
    const password = randomBytes(12).toString('base64url');
    transaction(db, () => {
      const { lastInsertRowid } = db
        .prepare('INSERT INTO accounts (name, wallet_micros, pricing_multiplier) VALUES (?, ?, 1)')
        .run('Demo workspace', Math.round(walletUsd * 1e6));
      const accountId = Number(lastInsertRowid);
      for (const [email, name, secret] of [
        [DEMO_EMAIL, 'Demo Person', password],
        [APP_EMAIL, 'Clipdesk app', randomBytes(24).toString('base64url')],
      ] as const) {
        const { hash, salt } = hashPassword(secret);
        db.prepare(
          'INSERT INTO users (account_id, email, password_hash, password_salt, name) VALUES (?, ?, ?, ?, ?)',
        ).run(accountId, email, hash, salt, name);
      }
      db.prepare('INSERT INTO brands (account_id, name, created_at) VALUES (?, ?, ?)').run(
        accountId,
        'Demo brand',
        iso(clock.now()),
      );
      m.set('password', password);
      m.set('account_id', String(accountId));
    });
  }
  const accountId = Number(m.get('account_id'));
  if (!m.get('support_password')) {
    const supportPassword = randomBytes(12).toString('base64url');
    const { hash, salt } = hashPassword(supportPassword);
    db.prepare(
      'INSERT INTO users (account_id, email, password_hash, password_salt, name, is_support) VALUES (?, ?, ?, ?, ?, 1)',
    ).run(accountId, SUPPORT_EMAIL, hash, salt, 'Clipdesk Support');
    m.set('support_password', supportPassword);
  }
  const app = db.prepare('SELECT id FROM users WHERE email = ?').get(APP_EMAIL) as { id: number };
  // Reuse the ready key while it works; otherwise issue a fresh one (the sandbox alone keeps this token).
  let apiKey = m.get('app_key');
  const row = apiKey ? keys.findByToken(apiKey) : undefined;
  if (!row || row.revoked_at !== null || row.expires_at <= clock.now() + 86_400_000) {
    apiKey = keys.issue(app.id, accountId, 'Sandbox ready key', 90).token;
    m.set('app_key', apiKey);
  }
  return {
    accountId,
    login: { email: DEMO_EMAIL, password: m.get('password')! },
    supportLogin: { email: SUPPORT_EMAIL, password: m.get('support_password')! },
    apiKey: apiKey!,
  };
}
