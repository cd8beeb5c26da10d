// Which job a verified event says has ended. The event kinds are `<job kind>.<terminal
// state>` (spec "Events"); the job's id is in `data.id` (the sandbox's choice: the spec
// shows only body.id). Anything else is an event about no job we follow: kept, not applied.
// The kind is the app's name for it (the service's "production" events are the app's
// "batch" jobs), the same the jobs service journals, so both name one job row alike.
import { TERMINAL_JOB_STATES, type JobState } from '../../../shared/limits.ts';
import { KIND_ALIASES } from '../jobs/webhookJobEvent.ts';
import type { WebhookEvent } from './verifyWebhook.ts';

export interface JobOutcome {
  readonly kind: string;
  readonly jobId: string;
  readonly state: JobState;
}

const EVENT_TYPE = /^([a-z][a-z0-9_]{0,39})\.([a-z]+)$/;

export function jobOutcomeOf(event: WebhookEvent): JobOutcome | null {
  const match = event.type === null ? null : EVENT_TYPE.exec(event.type);
  if (!match) return null;
  const [, serviceKind, state] = match as unknown as [string, string, string];
  const kind = Object.hasOwn(KIND_ALIASES, serviceKind) ? KIND_ALIASES[serviceKind]! : serviceKind;
  if (!(TERMINAL_JOB_STATES as readonly string[]).includes(state)) return null;
  const data = event.body.data;
  if (typeof data !== 'object' || data === null) return null;
  const id = (data as Record<string, unknown>).id;
  const jobId =
    typeof id === 'number' && Number.isSafeInteger(id) && id > 0
      ? String(id)
      : typeof id === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(id)
        ? id
        : null;
  return jobId === null ? null : { kind, jobId, state: state as JobState };
}
