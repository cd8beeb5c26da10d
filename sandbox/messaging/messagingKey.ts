// The Messaging API key: one per data folder, derived from the master secret and its
// generation (serviceSecrets.ts), so a restart with the same master hands out the same key and
// the database keeps only its generation and hash. A rotated-out key is remembered (as a hash)
// so it answers 401 "invalid credentials" rather than 02 "wrong key".
import { createHash, timingSafeEqual } from 'node:crypto';
import { iso, type Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { transaction } from '../db/database.ts';
import { sha256Hex } from '../auth/secrets.ts';
import type { ServiceSecrets } from '../auth/serviceSecrets.ts';
import { sandboxMeta } from '../db/meta.ts';
import { ResultError } from './resultReply.ts';

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

export function createMessagingKeys(db: Db, clock: Clock, secrets: ServiceSecrets): MessagingKeys {
  const meta = sandboxMeta(db);
  const isRevoked = db.prepare('SELECT 1 AS hit FROM messaging_revoked_keys WHERE key_hash = ?');
  const revoke = db.prepare('INSERT OR IGNORE INTO messaging_revoked_keys (key_hash, revoked_at) VALUES (?, ?)');

  let generation = Number(meta.get('messaging_key_generation') ?? '1');
  let key = secrets.messagingKey(generation);
  let expected = digest(key);

  /** The next generation's key becomes the current one; the key whose hash was stored is revoked. */
  function rotate(): string {
    const nextGeneration = generation + 1;
    const nextKey = secrets.messagingKey(nextGeneration);
    transaction(db, () => {
      const stored = meta.get('messaging_key_hash');
      if (stored) revoke.run(stored, iso(clock.now()));
      meta.set('messaging_key_generation', String(nextGeneration));
      meta.set('messaging_key_hash', sha256Hex(nextKey));
    });
    generation = nextGeneration;
    key = nextKey;
    expected = digest(key);
    return key;
  }

  const stored = meta.get('messaging_key_hash');
  if (stored === undefined) {
    meta.set('messaging_key_generation', String(generation));
    meta.set('messaging_key_hash', sha256Hex(key));
  } else if (stored !== sha256Hex(key)) {
    // Started with another master secret: the stored key can no longer be shown, so it is replaced.
    rotate();
  }

  return {
    current: () => key,
    rotate,
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
