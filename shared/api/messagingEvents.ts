// What main tells the renderer while a bulk send runs: one `bulk.progress` event each time
// a submission changes state (DESIGN.md rule 5: each submission is journaled, then sent).
import { z } from 'zod';
import { AppErrorSchema } from '../appErrorSchema.ts';

export const SUBMISSION_STATES = ['pending', 'sending', 'sent', 'failed', 'unknown'] as const;
export const SubmissionStateSchema = z.enum(SUBMISSION_STATES);
export type SubmissionStateName = z.infer<typeof SubmissionStateSchema>;

export const BULK_PROGRESS_EVENT = 'bulk.progress';

export const BulkProgressSchema = z.object({
  bulkId: z.string(),
  /** The submission's index in the bulk, from 0. */
  submission: z.number().int().nonnegative(),
  state: SubmissionStateSchema,
  /** Numbers in the bulk's submissions that are `sent`, after this change. */
  sent: z.number().int().nonnegative(),
  /** Numbers in the whole bulk. */
  total: z.number().int().nonnegative(),
  /** How many submissions the bulk has. */
  submissions: z.number().int().positive(),
  /** Why a submission is `failed` or `unknown`; null otherwise. */
  error: AppErrorSchema.nullable(),
});
export type BulkProgress = z.infer<typeof BulkProgressSchema>;

/** Where a bulk send stands, for the Messaging screen (and the answer to every bulk call). */
export const BulkSummarySchema = z.object({
  bulkId: z.string(),
  total: z.number().int().nonnegative(),
  sent: z.number().int().nonnegative(),
  submissions: z.array(
    z.object({
      index: z.number().int().nonnegative(),
      state: SubmissionStateSchema,
      count: z.number().int().positive(),
      /** The service's answer (sent), or the AppError (failed, unknown); null before. */
      result: z.unknown(),
    }),
  ),
});
export type BulkSummary = z.infer<typeof BulkSummarySchema>;
