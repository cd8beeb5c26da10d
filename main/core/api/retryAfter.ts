// Retry-After is either a number of seconds or an HTTP date (RFC 9110 §10.2.3).

/** The wait a Retry-After asks for, in ms from `nowMs`; null when absent or unreadable. */
export function parseRetryAfter(value: string | string[] | undefined, nowMs: number): number | null {
  const raw = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!raw) return null;
  if (/^\d+(\.\d+)?$/.test(raw)) return Math.round(Number(raw) * 1000);
  if (!/[a-z]/i.test(raw)) return null; // "-5", "1e3": neither seconds nor a date
  const at = Date.parse(raw);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - nowMs);
}
