/** Who is calling: an API key or a central session, always of one actor in one account (workspace). */
export interface Principal {
  kind: 'key' | 'session';
  accountId: number;
  userId: number;
  keyId?: string;
  /** The session's id: the SHA-256 of its cookie. */
  sessionId?: string;
  /** SHA-256 (hex) of the session's CSRF token. */
  csrfHash?: string;
  /** A support person acting on behalf of userId (a support impersonation session). */
  impersonatorUserId?: number;
}
