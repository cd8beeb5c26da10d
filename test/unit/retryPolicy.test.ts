// Which failures are sent again and when: paid work is never resent without its key.
import { describe, expect, it } from 'vitest';
import { appError, type AppError } from '../../shared/appError.ts';
import { MAX_RETRY_AFTER_MS, parseRetryAfter } from '../../main/core/api/retryAfter.ts';
import { backoffMs, decideRetry, DEFAULT_RETRY, type FailedAttempt } from '../../main/core/api/retryPolicy.ts';

const httpError = (status: number, code: string, retryAfterMs: number | null = null): AppError =>
  appError(code, 'from the service', { status, requestId: '7c0e1b56-6f6a-4c36-9a1b-9f0d2d1f4a11', retryAfterMs });

const failed = (over: Partial<FailedAttempt> & { error: AppError }): FailedAttempt => ({
  method: 'GET',
  hasIdempotencyKey: false,
  attempt: 1,
  elapsedMs: 0,
  ...over,
});

const half = () => 0.5;

describe('what is retried', () => {
  it('429 and 503 wait exactly their Retry-After', () => {
    for (const status of [429, 503]) {
      const code = status === 429 ? 'rate.limited' : 'service.unavailable';
      expect(decideRetry(failed({ error: httpError(status, code, 1_000) }), DEFAULT_RETRY, half)).toMatchObject({
        retry: true,
        delayMs: 1_000,
      });
    }
  });

  it('429 or 503 without Retry-After, network failures and other 5xx back off', () => {
    const errors = [
      httpError(503, 'service.unavailable'),
      httpError(500, 'server.internal'),
      httpError(502, 'gateway.bad'),
      httpError(504, 'gateway.timeout'),
      appError('response.invalid', 'HTML from a proxy', { status: 502 }),
      appError('network.unreachable'),
      appError('network.timeout'),
      appError('network.connection_lost'),
    ];
    for (const error of errors) {
      const decision = decideRetry(failed({ error }), DEFAULT_RETRY, half);
      expect(decision, error.code).toMatchObject({ retry: true, delayMs: backoffMs(1, DEFAULT_RETRY, half) });
    }
  });

  it('a POST with an Idempotency-Key is retried like a GET (the service replays the job)', () => {
    const decision = decideRetry(
      failed({ method: 'POST', hasIdempotencyKey: true, error: appError('network.connection_lost') }),
    );
    expect(decision.retry).toBe(true);
    expect(
      decideRetry(
        failed({ method: 'POST', hasIdempotencyKey: true, error: httpError(503, 'service.unavailable', 2_000) }),
      ),
    ).toMatchObject({
      retry: true,
      delayMs: 2_000,
    });
  });

  it('a POST or PATCH without an Idempotency-Key is never resent, whatever failed', () => {
    const errors = [
      httpError(503, 'service.unavailable', 1_000),
      httpError(429, 'rate.limited', 1_000),
      httpError(500, 'server.internal'),
      appError('network.timeout'),
      appError('network.connection_lost'),
      appError('network.unreachable'),
    ];
    for (const method of ['POST', 'PATCH', 'DELETE']) {
      for (const error of errors) {
        const decision = decideRetry(failed({ method, error }));
        expect(decision.retry, `${method} ${error.code}`).toBe(false);
        expect(decision.reason).toContain('never resent');
      }
    }
  });

  it('4xx other than 429 are final, and so is a reused idempotency key', () => {
    const finals = [
      httpError(400, 'request.invalid'),
      httpError(401, 'auth.invalid_key'),
      httpError(403, 'wallet.insufficient_balance'),
      httpError(404, 'resource.not_found'),
      httpError(409, 'revision.conflict'),
      httpError(413, 'upload.too_large'),
      httpError(415, 'media.unsupported_type'),
    ];
    for (const error of finals) expect(decideRetry(failed({ error })).retry, error.code).toBe(false);
    const reused = decideRetry(
      failed({ method: 'POST', hasIdempotencyKey: true, error: httpError(409, 'idempotency.key_reused') }),
    );
    expect(reused).toMatchObject({ retry: false });
    expect(reused.reason).toContain('other inputs');
  });

  it('a valid answer with bad data, a cancellation or a closed client are final', () => {
    for (const error of [
      appError('response.invalid', 'not JSON', { status: 200 }),
      appError('request.cancelled'),
      appError('client.closed'),
      appError('client.internal'),
    ]) {
      expect(decideRetry(failed({ error })).retry, error.code).toBe(false);
    }
  });
});

describe('how long and how often', () => {
  it('backoff doubles per try with jitter, within half to all of each step, up to the cap', () => {
    const options = { ...DEFAULT_RETRY, baseDelayMs: 100, maxDelayMs: 1_000 };
    const steps = [100, 200, 400, 800, 1_000, 1_000];
    steps.forEach((step, i) => {
      expect(backoffMs(i + 1, options, () => 0)).toBe(step / 2);
      expect(backoffMs(i + 1, options, () => 1)).toBe(step);
    });
  });

  it('stops after maxAttempts tries', () => {
    const error = appError('network.unreachable');
    expect(decideRetry(failed({ error, attempt: 3 }), { ...DEFAULT_RETRY, maxAttempts: 4 }).retry).toBe(true);
    const last = decideRetry(failed({ error, attempt: 4 }), { ...DEFAULT_RETRY, maxAttempts: 4 });
    expect(last).toMatchObject({ retry: false });
    expect(last.reason).toContain('4 tries');
  });

  it('never waits past the total retry time: a Retry-After beyond it is handed back to the caller', () => {
    const options = { ...DEFAULT_RETRY, maxTotalMs: 10_000 };
    expect(decideRetry(failed({ error: httpError(503, 'service.unavailable', 60_000) }), options).retry).toBe(false);
    expect(
      decideRetry(failed({ error: httpError(503, 'service.unavailable', 4_000), elapsedMs: 6_000 }), options).retry,
    ).toBe(true);
    expect(
      decideRetry(failed({ error: httpError(503, 'service.unavailable', 4_000), elapsedMs: 6_001 }), options).retry,
    ).toBe(false);
  });
});

describe('Retry-After', () => {
  const now = Date.UTC(2026, 10, 22, 12, 0, 0);

  it('reads seconds', () => {
    expect(parseRetryAfter('0', now)).toBe(0);
    expect(parseRetryAfter('2', now)).toBe(2_000);
    expect(parseRetryAfter(' 120 ', now)).toBe(120_000);
    expect(parseRetryAfter('1.5', now)).toBe(1_500);
    expect(parseRetryAfter(['3', '9'], now)).toBe(3_000);
  });

  it('reads an HTTP date as the time left until it; a past date means now', () => {
    expect(parseRetryAfter(new Date(now + 3_000).toUTCString(), now)).toBe(3_000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 12:01:00 GMT', now)).toBe(60_000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 11:00:00 GMT', now)).toBe(0);
  });

  it('caps a wait past any real one, so it stays a finite number an AppError can carry', () => {
    // 1 and 306 zeros: Number() reads it as Infinity.
    expect(parseRetryAfter(`1${'0'.repeat(306)}`, now)).toBe(MAX_RETRY_AFTER_MS);
    expect(parseRetryAfter(String(10 * 365 * 86_400), now)).toBe(10 * 365 * 86_400_000);
  });

  it('ignores what is neither', () => {
    for (const value of [undefined, '', '-1', '1e3', 'soon', 'Mon, 99 Foo 2026'])
      expect(parseRetryAfter(value, now), String(value)).toBeNull();
  });
});
