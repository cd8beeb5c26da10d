// Which job a verified webhook event is about, and what it says of it: the app's one
// reading of a webhook (the receiver only verifies and deduplicates). Events carry
// `{id, type, data}`; `data` is the job (`data.kind`, `data.id`, `data.state`, …: the
// sandbox's choice, the spec shows only body.id). The event type `<kind>.<state>` stands in
// for whatever `data` lacks. The service's event kinds name some work differently from
// the app (its batches are "productions"): those are mapped to the app's kinds here.
import { isTerminalJobState } from '../../../shared/limits.ts';
import { jobKindSpec, type JobKindSpec } from './jobKinds.ts';
import { jobIdOf } from './jobSnapshot.ts';

/** A verified event as the webhook receiver hands it on (its `data`, or its whole `body`). */
export interface JobWebhookEvent {
  readonly id: string;
  readonly type: string | null;
  readonly data?: unknown;
  readonly body?: Readonly<Record<string, unknown>>;
}

export interface WebhookJobOutcome {
  readonly spec: JobKindSpec;
  readonly jobId: string;
  readonly state: string;
  readonly terminal: boolean;
  /** The job's fields as the event carried them ({} when it carried none). */
  readonly data: Readonly<Record<string, unknown>>;
}

/** The service's names for work, where they differ from the app's intent kinds. */
export const KIND_ALIASES: Readonly<Record<string, string>> = {
  production: 'batch',
  speech_edit: 'speech-edit',
  speechEdit: 'speech-edit',
  editor_render: 'render',
};

const EVENT_TYPE = /^([A-Za-z][A-Za-z0-9_-]{0,39})\.([a-z_]+)$/;

function kindNamed(name: unknown): JobKindSpec | null {
  if (typeof name !== 'string') return null;
  return jobKindSpec(KIND_ALIASES[name] ?? name);
}

/** The job the event is about, or null when it names none this app knows. */
export function jobOutcomeOfEvent(event: JobWebhookEvent): WebhookJobOutcome | null {
  const raw = event.data !== undefined ? event.data : event.body?.data;
  const data = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const typed = event.type === null ? null : EVENT_TYPE.exec(event.type);
  const spec = kindNamed(data.kind) ?? kindNamed(typed?.[1]);
  if (!spec) return null;
  const jobId = jobIdOf(data.id);
  if (jobId === null) return null;
  const state = typeof data.state === 'string' && data.state.length > 0 ? data.state : (typed?.[2] ?? null);
  if (state === null) return null;
  return { spec, jobId, state, terminal: isTerminalJobState(state), data: { ...data, id: data.id, state } };
}
