// AppError (appError.ts) as a zod schema, for the schemas that carry one (views, events, the
// wire). The same shape as readAppError checks: test/unit/appError.test.ts holds them together.
import { z } from 'zod';
import type { AppError } from './appError.ts';

export const AppErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  status: z.number().int().nullable(),
  requestId: z.string().nullable(),
  retryAfterMs: z.number().nonnegative().nullable(),
  details: z.record(z.string(), z.unknown()).optional(),
}) satisfies z.ZodType<AppError>;
