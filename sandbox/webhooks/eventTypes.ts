// Which job transitions emit one of the spec's webhook events (shared/api/webhookEventTypes.ts).
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../shared/api/webhookEventTypes.ts';
import type { JobState } from '../../shared/limits.ts';

export function isWebhookEventType(value: string): value is WebhookEventType {
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);
}

/**
 * The event a job's transition emits, if any: `${kind}.${state}` when that is one of the
 * seven (so render.failed, generation.* and export.* emit nothing). For the job handlers
 * of production, review and render to call from their `transition`.
 */
export function jobEventType(kind: string, state: JobState): WebhookEventType | undefined {
  const type = `${kind}.${state}`;
  return isWebhookEventType(type) ? type : undefined;
}
