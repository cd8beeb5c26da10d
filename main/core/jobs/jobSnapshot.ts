// Reads a job as the service sent it (a creation answer, a poll, a list item or a webhook
// event's data) into what the app follows: its ID, its state exactly as it came, progress,
// results and error. Tolerant by design: an unknown state is kept, a missing field is
// "not known yet", and only a job without an ID cannot be followed.
import { JobErrorSchema } from '../../../shared/api/createTypes.ts';
import type { TranscriptionPartial } from '../../../shared/production/productionTypes.ts';
import { isTerminalJobState } from '../../../shared/limits.ts';
import { contextFromData, type JobContext, type JobKindSpec } from './jobKinds.ts';

export type JobError = { readonly code: string; readonly message: string };

export interface JobSnapshot {
  readonly id: string;
  /** As the service sent it; `unknown` when the answer carried none. */
  readonly state: string;
  readonly terminal: boolean;
  readonly progress: number | null;
  readonly outputs: number[];
  readonly assetId: number | null;
  readonly error: JobError | null;
  /** What the job cost, USD, as its answer says (`costUsd`, or a receipt's); null when it does not say. */
  readonly costUsd: number | null;
  readonly context: JobContext;
  /** What it made so far while it runs, where its kind reports it (JobKindSpec.partial). */
  readonly partial: TranscriptionPartial | null;
}

/** The state shown for a job whose answer carried none. */
export const UNKNOWN_STATE = 'unknown';

const JOB_ID = /^[A-Za-z0-9_.:-]{1,64}$/;

export function jobIdOf(value: unknown): string | null {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return String(value);
  if (typeof value === 'string' && JOB_ID.test(value)) return value;
  return null;
}

/** 0..1; a percentage (1..100) is read as one. Anything else is "not reported". */
function progressOf(value: unknown): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return null;
  if (value <= 1) return value;
  if (value <= 100) return value / 100;
  return null;
}

function costOf(fields: Record<string, unknown>): number | null {
  const receipt = fields.receipt as Record<string, unknown> | null | undefined;
  const value = fields.costUsd ?? (typeof receipt === 'object' && receipt !== null ? receipt.costUsd : undefined);
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;
}

function errorOf(value: unknown): JobError | null {
  const parsed = JobErrorSchema.safeParse(value);
  return parsed.success ? { code: parsed.data.code, message: parsed.data.message } : null;
}

/** The job in `data`, or null when it carries no usable ID. */
export function readJob(spec: JobKindSpec, data: unknown): JobSnapshot | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const fields = data as Record<string, unknown>;
  const id = jobIdOf(fields.id);
  if (id === null) return null;
  const state = typeof fields.state === 'string' && fields.state.length > 0 ? fields.state : UNKNOWN_STATE;
  const { outputs, assetId } = spec.results(fields);
  return {
    id,
    state,
    terminal: isTerminalJobState(state),
    progress: progressOf(fields.progress),
    outputs,
    assetId,
    error: errorOf(fields.error),
    costUsd: costOf(fields),
    context: contextFromData(spec, fields),
    partial: isTerminalJobState(state) ? null : (spec.partial?.(fields) ?? null),
  };
}

/** What a job is known to be when only its state is (e.g. read back from the journal). */
export function stateOnlySnapshot(id: string, state: string, context: JobContext = {}): JobSnapshot {
  return {
    id,
    state,
    terminal: isTerminalJobState(state),
    progress: null,
    outputs: [],
    assetId: null,
    error: null,
    costUsd: null,
    context,
    partial: null,
  };
}

/** Whether anything the UI shows changed between two reads of a job. */
export function sameSnapshot(a: JobSnapshot | null, b: JobSnapshot): boolean {
  return (
    a !== null &&
    a.state === b.state &&
    a.progress === b.progress &&
    a.assetId === b.assetId &&
    a.outputs.join(',') === b.outputs.join(',') &&
    a.error?.code === b.error?.code &&
    a.costUsd === b.costUsd &&
    sameProgress(a.partial, b.partial)
  );
}

/** Whether two reads of a running job show it equally far (more words come only with more done). */
function sameProgress(a: TranscriptionPartial | null, b: TranscriptionPartial | null): boolean {
  if (a === null || b === null) return a === b;
  return a.doneMs === b.doneMs && a.chunks.done === b.chunks.done && a.words.length === b.words.length;
}
