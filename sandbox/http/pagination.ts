// Cursor pagination shared by every list: descending IDs, `after` = the previous nextCursor.
import { z } from 'zod';
import { CREATE_LIMITS } from '../../shared/limits.ts';
import type { Pagination } from './envelope.ts';

const { min, max, default: defaultLimit } = CREATE_LIMITS.pageSize;

/** A whole number written in a query string, range-checked. */
export function intQuery(lo: number, hi: number) {
  return z
    .string()
    .regex(/^\d{1,10}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(lo, `must be at least ${lo}`).max(hi, `must be at most ${hi}`));
}

export const pageQuery = z.object({
  limit: intQuery(min, max).optional().describe(`Page size, ${min} to ${max}; default ${defaultLimit}.`),
  after: intQuery(1, CREATE_LIMITS.idMax).optional().describe("The previous page's pagination.nextCursor."),
});

/**
 * A list of jobs also takes `updatedSince`: only the jobs changed at or after that time, so
 * a client following many jobs reads what changed, not every job again. Each change is
 * stored before the next one is made, so a client that passes the latest `updatedAt` it
 * has read misses none.
 */
export const jobListQuery = pageQuery.extend({
  updatedSince: z.iso
    .datetime({ offset: true, message: 'must be a date-time such as 2026-01-31T12:00:00.000Z' })
    .optional()
    .describe(
      'Only jobs whose updatedAt is at or after this time (pass the latest updatedAt you have read). Pages as usual, newest first.',
    ),
});

export interface PageRequest {
  limit?: number;
  after?: number;
  /** Jobs only (every job table has updated_at): changed at or after this date-time. */
  updatedSince?: string;
}

/**
 * Runs `SELECT … WHERE <where> AND id < ? ORDER BY id DESC LIMIT ?` and builds the page.
 * `where` must be a trusted SQL fragment; its values go in `args`.
 */
export function pageOf<Row extends { id: number }>(
  rows: (where: string, args: (string | number | null)[], limit: number) => Row[],
  page: PageRequest,
): { items: Row[]; pagination: Pagination } {
  const limit = page.limit ?? defaultLimit;
  const after = page.after ?? CREATE_LIMITS.idMax + 1;
  // Stored times are toISOString() text, so the same form compares in time order.
  const fetched =
    page.updatedSince === undefined
      ? rows('id < ?', [after], limit + 1)
      : rows('id < ? AND updated_at >= ?', [after, new Date(page.updatedSince).toISOString()], limit + 1);
  const items = fetched.slice(0, limit);
  const more = fetched.length > limit;
  return { items, pagination: { nextCursor: more ? String(items[items.length - 1]!.id) : null } };
}
