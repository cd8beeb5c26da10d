// What the jobs service (main/core/jobs) tells the UI, forwarded over IPC as it is: a job
// changed, the queue of unsent paid work changed, the service became reachable or not,
// an intent moved on. Job states and error codes are plain strings: an unknown one is
// shown as it came (DESIGN "What the spec leaves open").
import { z } from 'zod';
import { AppErrorSchema } from '../appErrorSchema.ts';
import { TranscriptionPartialSchema } from '../production/productionTypes.ts';
import { JobErrorSchema } from './createTypes.ts';

/** The life of an intent (main/core/journal/intents.ts): pending → sent → accepted → done | failed; pending → cancelled. */
export const INTENT_STATES = ['pending', 'sent', 'accepted', 'done', 'failed', 'cancelled'] as const;
export type IntentStateName = (typeof INTENT_STATES)[number];

/** A paid request the user asked for, as the UI shows it (never its body or key). */
export const IntentSummarySchema = z.object({
  id: z.string(),
  /** The order intents are sent in. */
  seq: z.number().int(),
  /** generation, export, render, transcription, review, speech-edit, finish, batch, editor-commands. */
  kind: z.string(),
  state: z.enum(INTENT_STATES),
  /** The job the service started for it, once accepted. */
  jobId: z.string().nullable(),
  /** How many times sending was begun (retries reuse the same idempotency key). */
  attempts: z.number().int().nonnegative(),
  /** The request ID of the answer that accepted it (what support asks for); null until then. */
  requestId: z.string().nullable().default(null),
  /** Why the last attempt failed (kept while it is retried), or why it failed for good. */
  lastError: AppErrorSchema.nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type IntentSummary = z.infer<typeof IntentSummarySchema>;

export const JOB_UPDATE_SOURCES = ['submit', 'poll', 'webhook'] as const;

/** `job.updated`: a job's state as last read (from its creation answer, a poll or a verified webhook). */
export const JobUpdatedEventSchema = z.object({
  workspaceId: z.string(),
  kind: z.string(),
  /** The service's job ID, as text. */
  id: z.string(),
  /** queued, running, completed, failed, cancelled, or a state this client does not know. */
  state: z.string(),
  /** completed, failed or cancelled: nothing more will change, polling has stopped. */
  terminal: z.boolean(),
  /** 0..1 when the service reports it. */
  progress: z.number().min(0).max(1).nullable(),
  /** Asset IDs the job made (a generation's outputs, an export's or render's video, a finish's new asset). */
  outputs: z.array(z.number().int().positive()),
  /** The one asset the job made, for kinds that make exactly one (export, render, finish). */
  assetId: z.number().int().positive().nullable(),
  error: JobErrorSchema.nullable(),
  /** What the job cost, USD, when its answer said (a refunded job costs 0). */
  costUsd: z.number().nullable().default(null),
  /** The project the job belongs to, when its answer said. */
  projectId: z.number().int().positive().nullable().default(null),
  /**
   * What a running job made so far, where its kind reports it: a transcription's words so far
   * and how far it got. Null otherwise, and once the job ended.
   */
  partial: TranscriptionPartialSchema.nullable().default(null),
  /** The intent that started the job, when this app started it. */
  intentId: z.string().nullable(),
  source: z.enum(JOB_UPDATE_SOURCES),
  at: z.number(),
});
export type JobUpdatedEvent = z.infer<typeof JobUpdatedEventSchema>;

/** `queue.changed`: paid work not yet accepted by the service (pending, or sent and awaiting an answer). */
export const QueueChangedEventSchema = z.object({
  workspaceId: z.string(),
  pending: z.number().int().nonnegative(),
  /** The next one to be sent (the queue drains in order). */
  oldest: IntentSummarySchema.nullable(),
});
export type QueueChangedEvent = z.infer<typeof QueueChangedEventSchema>;

export const CONNECTION_STATES = ['online', 'offline'] as const;

/** `connection.changed`: offline is a state, not an error (DESIGN rule 2). */
export const ConnectionChangedEventSchema = z.object({
  workspaceId: z.string(),
  state: z.enum(CONNECTION_STATES),
  /** Epoch ms of the change. */
  since: z.number(),
  /** What made it offline; null when online. */
  error: AppErrorSchema.nullable(),
});
export type ConnectionChangedEvent = z.infer<typeof ConnectionChangedEventSchema>;

/** `intent.updated`: an intent was made, sent, accepted, finished, failed or cancelled. */
export const IntentUpdatedEventSchema = z.object({
  workspaceId: z.string(),
  intent: IntentSummarySchema,
});
export type IntentUpdatedEvent = z.infer<typeof IntentUpdatedEventSchema>;

/** Every event of the jobs service, by name: the IPC contract forwards exactly these. */
export const JOB_EVENT_SCHEMAS = {
  'job.updated': JobUpdatedEventSchema,
  'queue.changed': QueueChangedEventSchema,
  'connection.changed': ConnectionChangedEventSchema,
  'intent.updated': IntentUpdatedEventSchema,
} as const;

export type JobEventMap = { [Name in keyof typeof JOB_EVENT_SCHEMAS]: z.infer<(typeof JOB_EVENT_SCHEMAS)[Name]> };
export type JobEventName = keyof JobEventMap;
