// What the Jobs screen shows of the workspace's paid work: one row per piece of work, from
// the request waiting in the journal to the job's end. Built in main from the journal (open
// and recently finished intents, followed and recently ended jobs) and the last job.updated
// seen; plain data, never a body or an idempotency key. Kept apart from the contract module
// (shared/ipc/jobs.ts) so screens and core import it without importing the contract.
import { z } from 'zod';

/**
 * Where a piece of work stands, as the user thinks of it:
 * waiting: journaled, not sent (offline, or behind another) · sending: being sent (or retried)
 * running: the service accepted it; its job is under way · finished: it ended, well or not.
 */
export const JOB_PHASES = ['waiting', 'sending', 'running', 'finished'] as const;
export type JobPhase = (typeof JOB_PHASES)[number];

export const JobRowErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  requestId: z.string().nullable(),
});
export type JobRowError = z.infer<typeof JobRowErrorSchema>;

export const JobRowSchema = z.object({
  /** Stable across refreshes: the intent's ID, or `kind:jobId` for a job this app did not start. */
  key: z.string(),
  /** generation, export, render, transcription, review, speech-edit, finish, batch, editor-commands. */
  kind: z.string(),
  phase: z.enum(JOB_PHASES),
  /** The state as the journal or the service said it (pending, sent, queued, running, completed, failed, cancelled, or one this client does not know). */
  state: z.string(),
  intentId: z.string().nullable(),
  /** The service's job ID, once it accepted the work. */
  jobId: z.string().nullable(),
  /** 0..1 when the service reported it. */
  progress: z.number().min(0).max(1).nullable(),
  /** What the service charged, USD, when known. */
  costUsd: z.number().nullable(),
  /** The request ID to quote to support: the accepting answer's, else the failure's. */
  requestId: z.string().nullable(),
  error: JobRowErrorSchema.nullable(),
  /** How many times sending was begun (every retry reuses the same idempotency key). */
  attempts: z.number().int().nonnegative(),
  /**
   * How it can be cancelled: unsent (never sent: it leaves the journal, nothing is charged),
   * service (running: the service stops it and refunds it), or null (it runs to its end).
   */
  cancel: z.enum(['unsent', 'service']).nullable(),
  /** The project it belongs to, when known (its request or its answer says). */
  projectId: z.number().int().positive().nullable(),
  /** Timeline edits sent one after another are one row: how many it stands for (1 otherwise). */
  count: z.number().int().positive(),
  /** Assets the job made (a generation's outputs, an export's video). */
  outputs: z.array(z.number().int().positive()),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type JobRow = z.infer<typeof JobRowSchema>;

export const JobsOverviewSchema = z.object({
  workspaceId: z.string(),
  /** Waiting and sending first (in the order they go out), then running, then finished (newest first). */
  rows: z.array(JobRowSchema),
});
export type JobsOverview = z.infer<typeof JobsOverviewSchema>;

/** How many finished rows the Jobs screen asks for by default. */
export const JOBS_FINISHED_DEFAULT = 50;
export const JOBS_FINISHED_MAX = 200;
