// The spec's fixed set of webhook event kinds ("Events"). Generation and export jobs
// have none: they are tracked by polling.
import type { JobState } from '../../shared/limits.ts';

export const WEBHOOK_EVENT_TYPES = [
  'production.completed',
  'production.failed',
  'production.cancelled',
  'review.completed',
  'review.failed',
  'review.cancelled',
  'render.completed',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

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
