// The Messaging API key: one per data folder, made on first start and kept in sandbox_meta
// (like the Create API's ready key), so a restart hands out the same key. A rotated-out key
// is remembered (as a hash) so it answers 401 "invalid credentials" rather than 02 "wrong key".
import { createHash, timingSafeEqual } from 'node:crypto';
import { iso, type Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { transaction } from '../db/database.ts';
import { randomToken, sha256Hex } from '../auth/secrets.ts';
import { ResultError } from './resultReply.ts';

const META_KEY = 'messaging_api_key';

export interface MessagingKeys {
  current(): string;
  /** Issues a new key; the old one is revoked at once. */
  rotate(): string;
  /**
   * Checks the credentials of a request: the key field (`apiKey` or `key`) and/or an
   * Authorization: Bearer header. Throws 01 (none), 02 (not recognised) or 401 (revoked,
   * malformed header, or header and field naming different keys).
   */
  check(fieldKey: unknown, authorization: string | undefined, fieldName: string): void;
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

export function createMessagingKeys(db: Db, clock: Clock): MessagingKeys {
  const getMeta = db.prepare('SELECT v FROM sandbox_meta WHERE k = ?');
  const setMeta = db.prepare(
    'INSERT INTO sandbox_meta (k, v) VALUES (?, ?) ON CONFLICT(k) DO UPDATE SET v = excluded.v',
  );
  const isRevoked = db.prepare('SELECT 1 AS hit FROM messaging_revoked_keys WHERE key_hash = ?');
  const revoke = db.prepare('INSERT OR IGNORE INTO messaging_revoked_keys (key_hash, revoked_at) VALUES (?, ?)');

  let key = (getMeta.get(META_KEY) as { v: string } | undefined)?.v;
  if (!key) {
    key = randomToken('msk_');
    setMeta.run(META_KEY, key);
  }
  let expected = digest(key);

  return {
    current: () => key!,
    rotate() {
      const next = randomToken('msk_');
      transaction(db, () => {
        revoke.run(sha256Hex(key!), iso(clock.now()));
        setMeta.run(META_KEY, next);
      });
      key = next;
      expected = digest(next);
      return next;
    },
    check(fieldKey, authorization, fieldName) {
      let headerKey: string | undefined;
      if (authorization !== undefined && authorization.trim() !== '') {
        const match = /^Bearer +(\S+) *$/i.exec(authorization.trim());
        if (!match)
          throw new ResultError('401', 'Invalid credentials: the Authorization header must be "Bearer <key>".');
        headerKey = match[1];
      }
      const given = fieldKey === undefined || fieldKey === '' ? undefined : fieldKey;
      if (given === undefined && headerKey === undefined) {
        throw new ResultError(
          '01',
          `No API key provided: send the ${fieldName} field, or an Authorization: Bearer header.`,
        );
      }
      if (given !== undefined && typeof given !== 'string')
        throw new ResultError('02', `Wrong API key: ${fieldName} must be the key, as text.`);
      if (given !== undefined && headerKey !== undefined && given !== headerKey) {
        throw new ResultError(
          '401',
          `Invalid credentials: the Authorization header names another key than the ${fieldName} field; send one key.`,
        );
      }
      const token = (given ?? headerKey)!;
      if (timingSafeEqual(digest(token), expected)) return;
      if (isRevoked.get(sha256Hex(token)))
        throw new ResultError('401', 'Invalid credentials: this key was revoked; use the current Messaging API key.');
      throw new ResultError('02', 'Wrong API key: the service does not recognise it; check the Messaging API key.');
    },
  };
}
