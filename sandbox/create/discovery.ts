import { z } from 'zod';
import { API_VERSION, OPENAPI_VERSION } from '../../shared/limits.ts';
import type { SandboxContext } from '../context.ts';
import { route, type Route } from '../http/route.ts';
import { buildOpenApi } from '../openapi/buildOpenApi.ts';

const DiscoverySchema = z.object({
  name: z.string(),
  apiVersion: z.literal(API_VERSION),
  openapiVersion: z.string(),
  links: z.object({ openapi: z.string(), me: z.string(), session: z.string() }),
});

const MeSchema = z.object({
  authenticatedWith: z.enum(['key', 'session']),
  user: z.object({ id: z.number().int(), email: z.string(), name: z.string() }),
  account: z.object({ id: z.number().int(), name: z.string(), walletUsd: z.number(), pricingMultiplier: z.number() }),
  key: z.object({ id: z.string(), name: z.string(), lastFour: z.string(), expiresAt: z.string() }).nullable(),
  permissions: z.array(z.string()),
});

const PERMISSIONS = [
  'projects:edit',
  'media:upload',
  'generations:create',
  'exports:create',
  'editor:edit',
  'webhooks:manage',
];

/** GET /, GET /openapi.json and GET /me. `allRoutes` is read lazily so the document lists every route. */
export function discoveryRoutes(
  ctx: SandboxContext,
  allRoutes: () => Route[],
  extraPaths: () => Record<string, unknown> = () => ({}),
) {
  const base = () => `${ctx.origin()}/api/v1`;
  return [
    route({
      method: 'GET',
      path: '/',
      auth: 'none',
      tag: 'Discovery',
      summary: 'API discovery',
      responses: {
        200: { description: 'What this service is and where its description lives', schema: DiscoverySchema },
      },
      handler: () => ({
        data: {
          name: 'Create API (Clipdesk sandbox)',
          apiVersion: API_VERSION,
          openapiVersion: OPENAPI_VERSION,
          links: { openapi: `${base()}/openapi.json`, me: `${base()}/me`, session: `${ctx.origin()}/session` },
        },
      }),
    }),
    route({
      method: 'GET',
      path: '/openapi.json',
      auth: 'none',
      tag: 'Discovery',
      summary: 'The machine-readable description (OpenAPI 3.1) in the envelope',
      responses: { 200: { description: 'The OpenAPI document', schema: z.object({ openapi: z.string() }).loose() } },
      handler: () => ({ data: buildOpenApi({ routes: allRoutes(), serverUrl: base(), extraPaths: extraPaths() }) }),
    }),
    route({
      method: 'GET',
      path: '/me',
      auth: 'any',
      tag: 'Discovery',
      summary: 'The current identity, account and permissions',
      responses: { 200: { description: 'Who you are', schema: MeSchema } },
      handler({ principal }) {
        const user = ctx.db.prepare('SELECT id, email, name FROM users WHERE id = ?').get(principal.userId) as {
          id: number;
          email: string;
          name: string;
        };
        const account = ctx.db
          .prepare('SELECT id, name, wallet_micros, pricing_multiplier FROM accounts WHERE id = ?')
          .get(principal.accountId) as {
          id: number;
          name: string;
          wallet_micros: number;
          pricing_multiplier: number;
        };
        const key = principal.keyId
          ? (ctx.db
              .prepare('SELECT id, name, last_four, expires_at FROM api_keys WHERE id = ?')
              .get(principal.keyId) as {
              id: string;
              name: string;
              last_four: string;
              expires_at: number;
            })
          : undefined;
        return {
          data: {
            authenticatedWith: principal.kind,
            user,
            account: {
              id: account.id,
              name: account.name,
              walletUsd: account.wallet_micros / 1e6,
              pricingMultiplier: account.pricing_multiplier,
            },
            key: key
              ? {
                  id: key.id,
                  name: key.name,
                  lastFour: key.last_four,
                  expiresAt: new Date(key.expires_at).toISOString(),
                }
              : null,
            permissions: PERMISSIONS,
          },
        };
      },
    }),
  ];
}
