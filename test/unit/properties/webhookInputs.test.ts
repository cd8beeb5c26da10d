// Webhook verification (main/core/webhooks/verifyWebhook.ts) fed what test/unit/verifyWebhook.test.ts
// does not: headers with thousands of v1 values, oversized headers, and bodies that are not
// UTF-8. Whatever arrives, the answer is a verified event or a refusal reason — never a
// throw, never a slow run — and nothing is believed without the right HMAC.
import { createHash, createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { verifyWebhook, type RefusalReason, type VerifyResult } from '../../../main/core/webhooks/verifyWebhook.ts';
import { bounded, timed } from './propertySupport.ts';

const SECRET = 'whsec_k3Jd9sQ0x1Vb7TnYp2LmR8fWc4Ez6UaH5gKi0oPs';
const OTHER = 'whsec_Z9y8X7w6V5u4T3s2R1q0PpOoNnMmLlKkJjIiHhGg';
const NOW_S = 1_760_000_000;
const NOW = NOW_S * 1000;
const REASONS: readonly RefusalReason[] = [
  'timestamp.missing',
  'timestamp.invalid',
  'timestamp.too_old',
  'timestamp.in_future',
  'signature.missing',
  'signature.mismatch',
  'secret.missing',
  'body.invalid_json',
  'body.not_object',
  'body.missing_id',
];

/** Signed here, independently of the code under test. */
const hmacHex = (secret: string, timestamp: string, raw: Uint8Array) =>
  createHmac('sha256', secret).update(`${timestamp}.`).update(raw).digest('hex');

function expectAnswer(result: VerifyResult): void {
  if (!result.ok) expect(REASONS).toContain(result.reason);
}

/** 1 to 3000 well-formed v1 values that are no HMAC of anything sent here. */
const manyWrongValues = fc
  .tuple(fc.integer({ min: 1, max: 3_000 }), fc.nat())
  .map(([count, seed]) =>
    Array.from({ length: count }, (_, i) => createHash('sha256').update(`${seed}/${i}`).digest('hex')),
  );
const event = fc.record({ id: fc.string({ minLength: 1, maxLength: 40 }), type: fc.string({ maxLength: 20 }) });

describe('webhook deliveries nobody sends honestly', () => {
  it('thousands of v1 values: believed exactly when one of them is the right HMAC', () => {
    fc.assert(
      fc.property(
        event,
        manyWrongValues,
        fc.option(fc.nat(), { nil: null }),
        fc.constantFrom(' ', ', ', ',', '\t'),
        fc.boolean(),
        timed(1_000, (ev, wrong, rightAt, separator, asList) => {
          const raw = Buffer.from(JSON.stringify(ev));
          const ts = String(NOW_S);
          const values = wrong.map((v) => `v1=${v}`);
          if (rightAt !== null) values.splice(rightAt % (values.length + 1), 0, `v1=${hmacHex(SECRET, ts, raw)}`);
          const signatureHeader = asList ? values : values.join(separator);
          const result = verifyWebhook({
            rawBody: raw,
            timestampHeader: ts,
            signatureHeader,
            secrets: [SECRET],
            now: NOW,
          });
          const signed = values.includes(`v1=${hmacHex(SECRET, ts, raw)}`);
          expect(result.ok).toBe(signed);
          if (result.ok) expect(result.event.id).toBe(ev.id);
          else expect(result.reason).toBe('signature.mismatch');
        }),
      ),
      bounded(60, 15_000),
    );
  });

  it('oversized headers (up to megabytes) are refused quickly, without throwing', () => {
    const junk = fc
      .tuple(fc.string({ unit: 'binary', minLength: 1, maxLength: 16 }), fc.integer({ min: 1, max: 200_000 }))
      .map(([piece, times]) => piece.repeat(times));
    fc.assert(
      fc.property(
        fc.oneof(
          junk,
          fc.constant(String(NOW_S)),
          fc.nat({ max: 1_000_000 }).map((n) => `${NOW_S}${'0'.repeat(n)}`),
        ),
        fc.oneof(
          junk,
          junk.map((j) => `v1=${j}`),
          fc.array(junk, { maxLength: 3 }),
        ),
        fc.uint8Array({ maxLength: 200, size: 'max' }),
        timed(2_000, (timestampHeader, signatureHeader, rawBody) => {
          const result = verifyWebhook({
            rawBody,
            timestampHeader,
            signatureHeader,
            secrets: [SECRET, OTHER],
            now: NOW,
          });
          expect(result.ok).toBe(false);
          expectAnswer(result);
        }),
      ),
      bounded(40, 20_000),
    );
  }, 30_000);

  it('a correctly signed body that is not UTF-8 is refused as body.invalid_json, never parsed as something else', () => {
    /** Byte sequences no UTF-8 decoder may accept: stray continuation, overlong, surrogate, past U+10FFFF, cut short. */
    const badUtf8 = fc.constantFrom(
      [0x80],
      [0xbf],
      [0xc0, 0xaf],
      [0xc1, 0xbf],
      [0xe0, 0x80, 0xaf],
      [0xed, 0xa0, 0x80],
      [0xf4, 0x90, 0x80, 0x80],
      [0xf5],
      [0xff],
      [0xfe],
      [0xc3],
      [0xe2, 0x82],
    );
    fc.assert(
      fc.property(
        event,
        badUtf8,
        fc.nat(),
        fc.constantFrom(SECRET, OTHER),
        timed(1_000, (ev, bad, at, secret) => {
          const text = Buffer.from(JSON.stringify(ev));
          // Inside the JSON text, where a lenient decoder would turn the bytes into U+FFFD and parse on.
          const cut = 1 + (at % (text.length - 1));
          const raw = Buffer.concat([text.subarray(0, cut), Buffer.from(bad), text.subarray(cut)]);
          const ts = String(NOW_S);
          const result = verifyWebhook({
            rawBody: raw,
            timestampHeader: ts,
            signatureHeader: `v1=${hmacHex(secret, ts, raw)}`,
            secrets: [secret],
            now: NOW,
          });
          expect(result).toEqual({ ok: false, reason: 'body.invalid_json' });
        }),
      ),
      bounded(500, 10_000),
    );
  });

  it('any bytes signed with one secret: believed only by a holder of that secret, and only as a JSON object with an id', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.uint8Array({ maxLength: 400, size: 'max' }),
          fc.jsonValue().map((v) => Buffer.from(JSON.stringify(v))),
          event.map((ev) => Buffer.from(JSON.stringify(ev))),
        ),
        fc.array(fc.constantFrom(SECRET, OTHER, ''), { maxLength: 3 }),
        timed(1_000, (raw, held) => {
          const ts = String(NOW_S);
          const result = verifyWebhook({
            rawBody: raw,
            timestampHeader: ts,
            signatureHeader: `v1=${hmacHex(SECRET, ts, raw)}`,
            secrets: held,
            now: NOW,
          });
          expectAnswer(result);
          if (!result.ok) return;
          expect(held).toContain(SECRET);
          const body = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(raw));
          expect(typeof body === 'object' && body !== null && !Array.isArray(body)).toBe(true);
          expect(result.event.id).toBe(body.id);
        }),
      ),
      bounded(1_000, 10_000),
    );
  });
});
