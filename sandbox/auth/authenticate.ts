// Who is calling, checked live on every request: a revoked or expired key stops at once.
import type { IncomingMessage } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { ApiError } from '../http/apiError.ts';
import type { AuthRequirement } from '../http/route.ts';
import type { KeyStore } from './keyStore.ts';
import { sha256Hex } from './secrets.ts';
import type { Principal } from './principal.ts';
import { readCookie, SESSION_COOKIE, type SessionStore } from './sessionStore.ts';

export interface Authenticator {
  authenticate(req: IncomingMessage, requirement: Exclude<AuthRequirement, 'none'>): Principal;
  checkSessionWrite(req: IncomingMessage, principal: Principal): void;
}

export function createAuthenticator(deps: {
  db: Db;
  clock: Clock;
  keys: KeyStore;
  sessions: SessionStore;
  origin: () => string;
}): Authenticator {
  const accountOf = deps.db.prepare('SELECT account_id FROM users WHERE id = ?');

  function fromKey(header: string): Principal {
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw new ApiError('auth.invalid_key', 'Send the key as "Authorization: Bearer <API_KEY>".');
    const row = deps.keys.findByToken(match[1]!);
    if (!row) throw new ApiError('auth.invalid_key');
    if (row.revoked_at !== null) throw new ApiError('auth.key_revoked');
    if (row.expires_at <= deps.clock.now()) throw new ApiError('auth.key_expired');
    // A key issued in a support impersonation session works only while that session lasts.
    if (row.session_id !== null && !deps.sessions.find(row.session_id)) throw new ApiError('auth.session_ended');
    return { kind: 'key', accountId: row.account_id, userId: row.user_id, keyId: row.id };
  }

  function fromSession(cookie: string): Principal | undefined {
    const session = deps.sessions.findByCookie(cookie);
    if (!session) return undefined;
    const user = accountOf.get(session.user_id) as { account_id: number };
    return {
      kind: 'session',
      accountId: user.account_id,
      userId: session.user_id,
      sessionId: session.id,
      csrfHash: session.csrf_hash,
      ...(session.impersonator_user_id === null ? {} : { impersonatorUserId: session.impersonator_user_id }),
    };
  }

  return {
    authenticate(req, requirement) {
      const authorization = req.headers.authorization;
      const cookie = readCookie(req.headers.cookie, SESSION_COOKIE);
      if (requirement === 'session') {
        const principal = cookie ? fromSession(cookie) : undefined;
        if (principal) return principal;
        throw new ApiError('auth.session_required');
      }
      if (authorization) return fromKey(authorization);
      if (requirement === 'any' && cookie) {
        const principal = fromSession(cookie);
        if (principal) return principal;
      }
      throw new ApiError('auth.missing');
    },
    checkSessionWrite(req, principal) {
      // Writes from a session need the same origin and the CSRF token (spec, Authentication rule 9).
      const origin = req.headers.origin;
      if (origin !== deps.origin())
        throw new ApiError('auth.cross_origin', `Session writes must come from ${deps.origin()}.`);
      const sent = Buffer.from(sha256Hex(String(req.headers['x-csrf-token'] ?? '')));
      const expected = Buffer.from(principal.csrfHash ?? '');
      if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) throw new ApiError('auth.csrf_failed');
    },
  };
}
