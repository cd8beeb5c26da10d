// Retry-After is either a number of seconds or an HTTP date (RFC 9110 §10.2.3).

/**
 * The longest wait read from a Retry-After: 100 years. The wait is read as the service asked
 * (each user of it bounds it: the rate budget pauses at most 10 min, a retry gives up past its
 * own limit), but it travels in AppError.retryAfterMs, which must stay a finite number: a
 * header of 309 digits would otherwise read as Infinity, which the schema, IPC and the
 * journal's JSON cannot carry.
 */
export const MAX_RETRY_AFTER_MS = 100 * 365 * 86_400_000;

/** The wait a Retry-After asks for, in ms from `nowMs` (at most MAX_RETRY_AFTER_MS); null when absent or unreadable. */
export function parseRetryAfter(value: string | string[] | undefined, nowMs: number): number | null {
  const raw = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!raw) return null;
  if (/^\d+(\.\d+)?$/.test(raw)) return Math.min(MAX_RETRY_AFTER_MS, Math.round(Number(raw) * 1000));
  if (!/[a-z]/i.test(raw)) return null; // "-5", "1e3": neither seconds nor a date
  const at = Date.parse(raw);
  if (Number.isNaN(at)) return null;
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, at - nowMs));
}
