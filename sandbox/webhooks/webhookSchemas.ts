// Request and response shapes of /webhooks (they also describe it in /openapi.json).
import { z } from 'zod';
import { CREATE_LIMITS } from '../../shared/limits.ts';
import { WEBHOOK_EVENT_TYPES } from '../../shared/api/webhookEventTypes.ts';

export const EventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES, {
  error: `must be one of ${WEBHOOK_EVENT_TYPES.join(', ')} (generation and export jobs have no webhook: poll them)`,
});

export const WebhookInput = z
  .strictObject({
    url: z
      .string()
      .max(2048, 'must be at most 2048 characters')
      .describe('A public https:// URL (not an IP address, localhost or a private network).'),
    events: z
      .array(EventTypeSchema)
      .min(1, 'must list at least one event kind')
      .transform((events) => [...new Set(events)])
      .describe('The event kinds to receive.'),
    description: z
      .string()
      .trim()
      .max(200, 'must be at most 200 characters')
      .optional()
      .describe('A note for people, e.g. where it points.'),
  })
  .describe(
    'Registration is not paid work, so it takes no Idempotency-Key: if the answer is lost, list the endpoints, delete the stray one and register again (the secret is shown only once). ' +
      'Each delivery is a POST with a JSON body {id: "evt_<uuid>", type, createdAt, data: {kind, id, state, projectId, …}} and the headers X-Service-Timestamp (Unix seconds) and ' +
      'X-Service-Signature: v1=<hex HMAC-SHA256(secret, timestamp + "." + raw body)>, one v1 value per secret in force, space-separated. ' +
      `Receivers answer 2xx within 5 s; otherwise the delivery is retried with exponential backoff (1 s, 2 s, 4 s, … up to 5 min, 10 attempts). Delivery is at least once: deduplicate on body.id. Timestamps older or newer than ${CREATE_LIMITS.webhookToleranceSeconds / 60} minutes must be refused.`,
  );

export const WebhookEndpointSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(EventTypeSchema),
  description: z.string().nullable(),
  createdAt: z.string(),
  secretRotatedAt: z.string().nullable().describe('When the secret was last rotated, if ever.'),
  previousSecretExpiresAt: z
    .string()
    .nullable()
    .describe('Until then, deliveries also carry a v1 signature made with the secret that was replaced.'),
});

export const WebhookWithSecretSchema = WebhookEndpointSchema.extend({
  secret: z.string().describe('whsec_…, shown only this once: keep it. The HMAC key is this string as UTF-8.'),
});

export const DeliveryStateSchema = z.enum(['pending', 'delivered', 'failed']);

export const DeliverySchema = z.object({
  id: z.number().int(),
  eventId: z.string().describe('The body.id the receiver sees.'),
  type: EventTypeSchema,
  state: DeliveryStateSchema.describe('failed: no attempts left.'),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  nextAttemptAt: z
    .string()
    .nullable()
    .describe('When the next attempt is due (pending only; null while one is in flight).'),
  attempts: z.array(
    z.object({
      number: z.number().int(),
      at: z.string(),
      statusCode: z.number().int().nullable().describe("The receiver's HTTP status; null when it did not answer."),
      error: z.string().nullable().describe('Why there was no answer (refused, timed out, …).'),
      durationMs: z.number().int(),
    }),
  ),
});
