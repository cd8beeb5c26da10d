/** Who is calling: an API key or a central session, always of one actor in one account (workspace). */
export interface Principal {
  kind: 'key' | 'session';
  accountId: number;
  userId: number;
  keyId?: string;
  sessionId?: string;
  csrfToken?: string;
  /** A support person acting on behalf of userId (a support impersonation session). */
  impersonatorUserId?: number;
}
