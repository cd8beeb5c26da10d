// POST /session and DELETE /session at the sandbox's origin (outside /api/v1).
import { z } from 'zod';
import type { SandboxContext } from '../context.ts';
import { route } from '../http/route.ts';
import { SESSION_COOKIE, type SessionStore } from './sessionStore.ts';

const LoginInput = z.strictObject({
  email: z.string().email('must be an email address'),
  password: z.string().min(1, 'must not be empty'),
  impersonate: z
    .string()
    .email('must be an email address')
    .optional()
    .describe('Support only: sign in on behalf of this user. Keys issued in such a session end with it.'),
});

export function sessionRoutes(_ctx: SandboxContext, sessions: SessionStore) {
  return [
    route({
      method: 'POST',
      path: '/session',
      auth: 'none',
      tag: 'Session',
      summary: 'Sign in to the central session (sets an HttpOnly cookie, returns the CSRF token)',
      body: LoginInput,
      responses: {
        200: { description: 'Signed in', schema: z.object({ csrfToken: z.string(), expiresAt: z.string() }) },
      },
      handler({ body }) {
        const { session, cookie, csrfToken } = sessions.signIn(body.email, body.password, body.impersonate);
        const maxAge = Math.floor((session.expires_at - session.created_at) / 1000);
        return {
          data: { csrfToken, expiresAt: new Date(session.expires_at).toISOString() },
          headers: {
            'set-cookie': `${SESSION_COOKIE}=${cookie}; HttpOnly; SameSite=Strict; Path=/; Max-Age=${maxAge}`,
          },
        };
      },
    }),
    route({
      method: 'DELETE',
      path: '/session',
      auth: 'session',
      tag: 'Session',
      summary: 'Sign out',
      responses: { 200: { description: 'Signed out', schema: z.object({ signedOut: z.literal(true) }) } },
      handler({ principal }) {
        sessions.signOut(principal.sessionId!);
        return {
          data: { signedOut: true },
          headers: { 'set-cookie': `${SESSION_COOKIE}=; HttpOnly; SameSite=Strict; Path=/; Max-Age=0` },
        };
      },
    }),
  ];
}
