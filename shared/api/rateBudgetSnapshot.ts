// What the status bar shows of a workspace's rate budget (main/core/rate/rateBudget.ts).
import { z } from 'zod';

export const RateBudgetSnapshotSchema = z.object({
  /** Requests allowed in any window (120 for the Create API). */
  limit: z.number().int().positive(),
  windowMs: z.number().int().positive(),
  /** Requests counted in the last window, including those still in flight. */
  used: z.number().int().nonnegative(),
  inFlight: z.number().int().nonnegative(),
  /** Requests waiting for a slot: user actions, then background polling. */
  waitingUser: z.number().int().nonnegative(),
  waitingBackground: z.number().int().nonnegative(),
  /** Epoch ms until which nothing is sent (a Retry-After), or null. */
  pausedUntil: z.number().nullable(),
});

export type RateBudgetSnapshot = z.infer<typeof RateBudgetSnapshotSchema>;
