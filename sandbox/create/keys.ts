import { z } from 'zod';
import { CREATE_LIMITS } from '../../shared/limits.ts';
import type { KeyStore } from '../auth/keyStore.ts';
import type { SessionStore } from '../auth/sessionStore.ts';
import { describeKey } from '../auth/keyStore.ts';
import type { SandboxContext } from '../context.ts';
import { route } from '../http/route.ts';

const { min, max } = CREATE_LIMITS.keyExpiryDays;

const ApiKeySchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  lastFour: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  status: z.enum(['active', 'expired', 'revoked']),
  cappedToSupportSession: z
    .boolean()
    .describe(
      'Issued in a support impersonation session: it expires no later than that session and stops when it ends.',
    ),
});

const IssuedKeySchema = ApiKeySchema.extend({ token: z.string().describe('Shown once: only its hash is kept.') });

const ApiKeyInput = z.strictObject({
  name: z.string().trim().min(1, 'must not be empty').max(80, 'must be at most 80 characters'),
  expiresInDays: z
    .number()
    .int('must be a whole number of days')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`),
});

export function keyRoutes(ctx: SandboxContext, keys: KeyStore, sessions: SessionStore) {
  return [
    route({
      method: 'GET',
      path: '/keys',
      auth: 'session',
      tag: 'Keys',
      summary: "List the signed-in actor's keys in this workspace (never their tokens)",
      responses: { 200: { description: 'The keys', schema: ApiKeySchema, list: true } },
      handler({ principal }) {
        const now = ctx.clock.now();
        return {
          data: keys.list(principal.userId, principal.accountId).map((k) => describeKey(k, now)),
          pagination: { nextCursor: null },
        };
      },
    }),
    route({
      method: 'POST',
      path: '/keys',
      auth: 'session',
      tag: 'Keys',
      summary:
        'Issue a key (same-origin session write; at most 20 active; in a support impersonation session, capped to that session)',
      body: ApiKeyInput,
      responses: { 201: { description: 'The key, with its token shown this once', schema: IssuedKeySchema } },
      handler({ principal, body }) {
        const session = principal.impersonatorUserId !== undefined ? sessions.find(principal.sessionId!) : undefined;
        const supportSession = session ? { id: session.id, expiresAt: session.expires_at } : undefined;
        return {
          status: 201,
          data: keys.issue(principal.userId, principal.accountId, body.name, body.expiresInDays, { supportSession }),
        };
      },
    }),
    route({
      method: 'DELETE',
      path: '/keys/{keyId}',
      auth: 'session',
      tag: 'Keys',
      summary: 'Revoke a key; it stops working at once',
      params: { keyId: 'uuid' },
      responses: { 200: { description: 'The revoked key', schema: ApiKeySchema } },
      handler({ principal, params }) {
        return { data: keys.revoke(principal.userId, principal.accountId, params.keyId as string) };
      },
    }),
  ];
}
