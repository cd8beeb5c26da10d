// The spec's fixed set of webhook event kinds ("Events"): the service sends them and the app
// subscribes its endpoints to them. Generation and export jobs have none: they are polled.
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
