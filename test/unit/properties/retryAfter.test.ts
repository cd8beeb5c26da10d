// Retry-After as any service (or anything pretending to be one) may send it: seconds, an
// HTTP date, or garbage. The wait read from it pauses the whole rate budget and travels in
// AppError.retryAfterMs, so it must be a finite number of ms >= 0, or null: never NaN,
// never negative, never Infinity, never a throw.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from '../../../main/core/api/retryAfter.ts';
import { bounded, timed } from './propertySupport.ts';

const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);

/** Header text of every shape: numbers of any length and sign, dates near and far, noise. */
const headerText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.stringMatching(/^[+-]?\d{1,12}(\.\d{0,20})?$/),
  // Long runs of digits: a number of seconds far beyond any real wait.
  fc
    .tuple(fc.integer({ min: 1, max: 9 }), fc.nat({ max: 400 }), fc.nat({ max: 9 }))
    .map(([lead, zeros, last]) => `${lead}${'0'.repeat(zeros)}${last}`),
  fc.stringMatching(/^\s*\d+(e[+-]?\d+)?\s*$/),
  fc.date({ min: new Date(-8.64e15), max: new Date(8.64e15), noInvalidDate: true }).map((d) => d.toUTCString()),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  fc.constantFrom('Infinity', 'NaN', '-0', '0x10', '1_000', 'Wed, 21 Oct 2015 07:28:00 GMT', ''),
);

const headerValue = fc.oneof(fc.constant(undefined), headerText, fc.array(headerText, { maxLength: 3 }));

describe('parseRetryAfter, for any header value', () => {
  it('gives null or a finite number of ms >= 0, and never throws', () => {
    fc.assert(
      fc.property(
        headerValue,
        fc.integer({ min: 0, max: 4_102_444_800_000 }),
        timed(1_000, (value, now) => {
          const wait = parseRetryAfter(value, now);
          if (wait === null) return;
          expect(typeof wait).toBe('number');
          expect(Number.isFinite(wait), `Retry-After ${JSON.stringify(value)} gave ${wait}`).toBe(true);
          expect(wait).toBeGreaterThanOrEqual(0);
        }),
      ),
      bounded(3_000, 10_000),
    );
  });

  it('reads whole seconds as that many seconds, and a date as the time until it (0 once it has passed)', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: 10_000_000 }),
        fc.integer({ min: -10 * 365 * 86_400, max: 10 * 365 * 86_400 }),
        timed(1_000, (seconds, offsetS) => {
          expect(parseRetryAfter(String(seconds), NOW)).toBe(seconds * 1000);
          expect(parseRetryAfter(` ${seconds} `, NOW)).toBe(seconds * 1000);
          const at = NOW + offsetS * 1000;
          expect(parseRetryAfter(new Date(at).toUTCString(), NOW)).toBe(Math.max(0, at - NOW));
        }),
      ),
      bounded(1_000, 10_000),
    );
  });

  it('reads only the first of a repeated header', () => {
    fc.assert(
      fc.property(fc.nat({ max: 86_400 }), headerText, (seconds, other) => {
        expect(parseRetryAfter([String(seconds), other], NOW)).toBe(seconds * 1000);
      }),
      bounded(500, 5_000),
    );
  });
});
