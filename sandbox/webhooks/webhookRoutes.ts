// /webhooks: register, list, read, delete, rotate the secret, and read delivery attempts.
import type { SandboxContext } from '../context.ts';
import { transaction } from '../db/database.ts';
import { pageQuery } from '../http/pagination.ts';
import { route, type Route } from '../http/route.ts';
import { checkWebhookUrl } from './webhookUrl.ts';
import {
  DeliverySchema,
  DeliveryStateSchema,
  WebhookEndpointSchema,
  WebhookInput,
  WebhookWithSecretSchema,
} from './webhookSchemas.ts';
import { createWebhookStore } from './webhookStore.ts';

export function webhookRoutes(ctx: SandboxContext): Route[] {
  const { db, clock } = ctx;
  const store = createWebhookStore(db, ctx.secrets);

  return [
    route({
      method: 'GET',
      path: '/webhooks',
      auth: 'any',
      tag: 'Webhooks',
      summary: 'List webhook endpoints, newest first (never their secrets)',
      query: pageQuery,
      responses: { 200: { description: 'A page of endpoints', schema: WebhookEndpointSchema, list: true } },
      handler({ principal, query }) {
        const { items, pagination } = store.listEndpoints(principal.accountId, query);
        const now = clock.now();
        return { data: items.map((row) => store.toEndpoint(row, now)), pagination };
      },
    }),
    route({
      method: 'POST',
      path: '/webhooks',
      auth: 'any',
      tag: 'Webhooks',
      summary: 'Register a public HTTPS webhook endpoint; its signing secret is shown this once',
      body: WebhookInput,
      responses: {
        201: { description: 'The endpoint with its signing secret', schema: WebhookWithSecretSchema },
        400: {
          description:
            'webhook.url_not_https, webhook.url_not_allowed or request.invalid: the message says what to change',
        },
      },
      handler({ principal, body }) {
        const url = checkWebhookUrl(body.url, ctx.options.allowInsecureWebhooks);
        const now = clock.now();
        const { row, secret } = store.createEndpoint(principal.accountId, { ...body, url }, now);
        return { status: 201, data: { ...store.toEndpoint(row, now), secret } };
      },
    }),
    route({
      method: 'GET',
      path: '/webhooks/{id}',
      auth: 'any',
      tag: 'Webhooks',
      summary: 'Read a webhook endpoint (never its secret)',
      responses: { 200: { description: 'The endpoint', schema: WebhookEndpointSchema } },
      handler({ principal, params }) {
        return { data: store.toEndpoint(store.getEndpoint(principal.accountId, params.id as number), clock.now()) };
      },
    }),
    route({
      method: 'DELETE',
      path: '/webhooks/{id}',
      auth: 'any',
      tag: 'Webhooks',
      summary: 'Delete a webhook endpoint; deliveries still pending to it are dropped',
      responses: { 200: { description: 'The deleted endpoint', schema: WebhookEndpointSchema } },
      handler({ principal, params }) {
        const row = transaction(db, () => store.deleteEndpoint(principal.accountId, params.id as number));
        return { data: store.toEndpoint(row, clock.now()) };
      },
    }),
    route({
      method: 'POST',
      path: '/webhooks/{id}/rotate-secret',
      auth: 'any',
      tag: 'Webhooks',
      summary:
        'Issue a new signing secret (shown this once); for 24 hours deliveries are signed with both the new and the old',
      responses: { 200: { description: 'The endpoint with its new secret', schema: WebhookWithSecretSchema } },
      handler({ principal, params }) {
        const now = clock.now();
        const { row, secret } = transaction(db, () =>
          store.rotateSecret(principal.accountId, params.id as number, now),
        );
        return { data: { ...store.toEndpoint(row, now), secret } };
      },
    }),
    route({
      method: 'GET',
      path: '/webhooks/{id}/deliveries',
      auth: 'any',
      tag: 'Webhooks',
      summary: "An endpoint's deliveries, newest first, each with its attempts and their answers",
      query: pageQuery.extend({ state: DeliveryStateSchema.optional().describe('Only deliveries in this state.') }),
      responses: { 200: { description: 'A page of deliveries', schema: DeliverySchema, list: true } },
      handler({ principal, params, query }) {
        const endpoint = store.getEndpoint(principal.accountId, params.id as number);
        return store.listDeliveries(endpoint.id, query, query.state);
      },
    }),
  ];
}
