// 120 requests per key in any 60-second window: a sliding log of accepted requests,
// so no window, aligned or not, ever holds a 121st.
import { CREATE_LIMITS } from '../../shared/limits.ts';
import type { Clock } from '../clock.ts';
import { ApiError } from '../http/apiError.ts';

export function createRateLimiter(
  clock: Clock,
  limit: number = CREATE_LIMITS.requestsPerMinute,
  windowMs: number = CREATE_LIMITS.rateWindowMs,
) {
  const logs = new Map<string, number[]>();
  return {
    charge(keyId: string): void {
      const now = clock.now();
      const log = logs.get(keyId) ?? [];
      while (log.length > 0 && log[0]! <= now - windowMs) log.shift();
      if (log.length >= limit) {
        const retryAfterS = Math.max(1, Math.ceil((log[0]! + windowMs - now) / 1000));
        throw new ApiError(
          'rate.limited',
          `This key made ${limit} requests in the last minute: retry in ${retryAfterS} s.`,
          {
            headers: { 'retry-after': String(retryAfterS) },
          },
        );
      }
      log.push(now);
      logs.set(keyId, log);
    },
  };
}
