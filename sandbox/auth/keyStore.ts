// API keys: only a SHA-256 of each token is kept; the token itself is returned once, at issue.
import { randomUUID } from 'node:crypto';
import { CREATE_LIMITS } from '../../shared/limits.ts';
import type { Clock } from '../clock.ts';
import { iso } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { transaction } from '../db/database.ts';
import { ApiError } from '../http/apiError.ts';
import { randomToken, sha256Hex } from './secrets.ts';

export interface KeyRow {
  id: string;
  user_id: number;
  account_id: number;
  name: string;
  token_hash: string;
  last_four: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
  /** The support impersonation session the key was issued in; it works only while that lasts. */
  session_id: string | null;
}

const DAY_MS = 86_400_000;

export function describeKey(row: KeyRow, now: number) {
  return {
    id: row.id,
    name: row.name,
    lastFour: row.last_four,
    createdAt: iso(row.created_at),
    expiresAt: iso(row.expires_at),
    revokedAt: row.revoked_at === null ? null : iso(row.revoked_at),
    status: row.revoked_at !== null ? 'revoked' : row.expires_at <= now ? 'expired' : 'active',
    cappedToSupportSession: row.session_id !== null,
  };
}

export function createKeyStore(db: Db, clock: Clock) {
  const byHash = db.prepare('SELECT * FROM api_keys WHERE token_hash = ?');
  const activeCount = db.prepare(
    'SELECT COUNT(*) AS n FROM api_keys WHERE user_id = ? AND account_id = ? AND revoked_at IS NULL AND expires_at > ?',
  );

  return {
    /**
     * `supportSession`: issued in a support impersonation session, so capped to it and ended with it.
     * `tokenFor`: the token is derived from the key's id (the app's ready key, serviceSecrets.ts) instead of random.
     */
    issue(
      userId: number,
      accountId: number,
      name: string,
      expiresInDays: number,
      options: { supportSession?: { id: string; expiresAt: number }; tokenFor?: (keyId: string) => string } = {},
    ) {
      const { supportSession, tokenFor } = options;
      const now = clock.now();
      return transaction(db, () => {
        const { n } = activeCount.get(userId, accountId, now) as { n: number };
        if (n >= CREATE_LIMITS.activeKeysPerActor) {
          throw new ApiError(
            'key.limit_reached',
            `You already have ${n} active keys (the most is ${CREATE_LIMITS.activeKeysPerActor}): revoke one first.`,
          );
        }
        const id = randomUUID();
        const token = tokenFor ? tokenFor(id) : randomToken('cd_');
        const row: KeyRow = {
          id,
          user_id: userId,
          account_id: accountId,
          name,
          token_hash: sha256Hex(token),
          last_four: token.slice(-4),
          created_at: now,
          expires_at: Math.min(now + expiresInDays * DAY_MS, supportSession?.expiresAt ?? Infinity),
          revoked_at: null,
          session_id: supportSession?.id ?? null,
        };
        db.prepare(
          'INSERT INTO api_keys (id, user_id, account_id, name, token_hash, last_four, created_at, expires_at, revoked_at, session_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL, ?)',
        ).run(
          row.id,
          userId,
          accountId,
          name,
          row.token_hash,
          row.last_four,
          row.created_at,
          row.expires_at,
          row.session_id,
        );
        return { ...describeKey(row, now), token };
      });
    },
    list(userId: number, accountId: number): KeyRow[] {
      return db
        .prepare('SELECT * FROM api_keys WHERE user_id = ? AND account_id = ? ORDER BY created_at DESC, id')
        .all(userId, accountId) as unknown as KeyRow[];
    },
    revoke(userId: number, accountId: number, keyId: string) {
      const row = db
        .prepare('SELECT * FROM api_keys WHERE id = ? AND user_id = ? AND account_id = ?')
        .get(keyId, userId, accountId) as KeyRow | undefined;
      if (!row) throw new ApiError('resource.not_found', 'No key with that ID belongs to you in this workspace.');
      if (row.revoked_at === null) {
        row.revoked_at = clock.now();
        db.prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ?').run(row.revoked_at, keyId);
      }
      return describeKey(row, clock.now());
    },
    findByToken(token: string): KeyRow | undefined {
      return byHash.get(sha256Hex(token)) as KeyRow | undefined;
    },
  };
}

export type KeyStore = ReturnType<typeof createKeyStore>;
