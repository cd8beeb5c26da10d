// The central session: the sandbox's stand-in for the account's web sign-in. The cookie and
// the CSRF token are shown once, at sign-in; the database keeps their SHA-256 only (a
// session's id is the hash of its cookie).
import { randomBytes } from 'node:crypto';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { ApiError } from '../http/apiError.ts';
import { passwordMatches, sha256Hex } from './secrets.ts';

export const SESSION_COOKIE = 'cd_session';
const SESSION_TTL_MS = 12 * 3_600_000;

export interface SessionRow {
  /** SHA-256 (hex) of the session cookie. */
  id: string;
  user_id: number;
  /** SHA-256 (hex) of the CSRF token. */
  csrf_hash: string;
  created_at: number;
  expires_at: number;
  /** Set when a support person signed in on behalf of user_id. */
  impersonator_user_id: number | null;
}

export function createSessionStore(db: Db, clock: Clock) {
  function find(id: string): SessionRow | undefined {
    const row = db.prepare('SELECT * FROM sessions WHERE id = ?').get(id) as SessionRow | undefined;
    return row && row.expires_at > clock.now() ? row : undefined;
  }
  return {
    /** `impersonate`: a support person signs in on behalf of the user with that email. */
    signIn(email: string, password: string, impersonate?: string) {
      const user = db
        .prepare('SELECT id, password_hash, password_salt, is_support FROM users WHERE email = ?')
        .get(email.toLowerCase()) as
        { id: number; password_hash: string; password_salt: string; is_support: number } | undefined;
      if (!user || !passwordMatches(password, user.password_hash, user.password_salt)) {
        throw new ApiError('auth.invalid_login');
      }
      let actingAs = user.id;
      if (impersonate !== undefined) {
        if (!user.is_support) throw new ApiError('auth.impersonation_forbidden');
        const target = db.prepare('SELECT id FROM users WHERE email = ?').get(impersonate.toLowerCase()) as
          { id: number } | undefined;
        if (!target) throw new ApiError('resource.not_found', `No user ${impersonate} to sign in on behalf of.`);
        actingAs = target.id;
      }
      const now = clock.now();
      const cookie = randomBytes(32).toString('base64url');
      const csrfToken = randomBytes(24).toString('base64url');
      const row: SessionRow = {
        id: sha256Hex(cookie),
        user_id: actingAs,
        csrf_hash: sha256Hex(csrfToken),
        created_at: now,
        expires_at: now + SESSION_TTL_MS,
        impersonator_user_id: impersonate === undefined ? null : user.id,
      };
      db.prepare(
        'INSERT INTO sessions (id, user_id, csrf_hash, created_at, expires_at, impersonator_user_id) VALUES (?, ?, ?, ?, ?, ?)',
      ).run(row.id, row.user_id, row.csrf_hash, row.created_at, row.expires_at, row.impersonator_user_id);
      return { session: row, cookie, csrfToken };
    },
    /** The live session with this id (the hash of its cookie). */
    find,
    /** The live session a request's cookie names. */
    findByCookie(cookie: string): SessionRow | undefined {
      return find(sha256Hex(cookie));
    },
    signOut(id: string) {
      db.prepare('DELETE FROM sessions WHERE id = ?').run(id);
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;

export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return v.join('=');
  }
  return undefined;
}
