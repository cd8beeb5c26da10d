// Sandbox-only: publish an event on demand, so tests and the app can exercise their
// receiver before any job that emits one exists.
import { z } from 'zod';
import { CREATE_LIMITS } from '../../shared/limits.ts';
import type { SandboxContext } from '../context.ts';
import { ApiError } from '../http/apiError.ts';
import { route, type Route } from '../http/route.ts';
import { EventTypeSchema } from './webhookSchemas.ts';

const EmitInput = z.strictObject({
  type: EventTypeSchema,
  data: z
    .record(z.string(), z.unknown())
    .default({})
    .describe("The event body's data, e.g. {kind, id, state, projectId}."),
  accountId: z
    .number()
    .int()
    .min(1)
    .max(CREATE_LIMITS.idMax)
    .optional()
    .describe("Default: the sandbox's own account."),
});

export function webhookAdminRoutes(ctx: SandboxContext, defaultAccountId: number): Route[] {
  return [
    route({
      method: 'POST',
      path: '/_sandbox/webhooks/emit',
      auth: 'none',
      tag: 'Sandbox admin',
      summary: "Publish an event to the account's endpoints subscribed to its type",
      body: EmitInput,
      responses: {
        200: {
          description: 'The event id and how many deliveries were queued',
          schema: z.object({ id: z.string(), deliveries: z.number().int() }),
        },
      },
      handler({ body }) {
        const accountId = body.accountId ?? defaultAccountId;
        if (!ctx.db.prepare('SELECT 1 FROM accounts WHERE id = ?').get(accountId))
          throw new ApiError('resource.not_found', `No account ${accountId}.`);
        return { data: ctx.webhooks.publish(accountId, body.type, body.data) };
      },
    }),
  ];
}
