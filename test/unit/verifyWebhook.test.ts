// Webhook verification (DESIGN.md rule 6): what is believed and what is refused, and,
// by property, that nothing is ever believed without the right HMAC and nothing throws.
import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkSignedHeaders, verifyWebhook, type VerifyInput } from '../../main/core/webhooks/verifyWebhook.ts';

const SECRET = 'whsec_k3Jd9sQ0x1Vb7TnYp2LmR8fWc4Ez6UaH5gKi0oPs';
const OTHER_SECRET = 'whsec_Z9y8X7w6V5u4T3s2R1q0PpOoNnMmLlKkJjIiHhGg';
const NOW_S = 1_760_000_000;
const NOW = NOW_S * 1000;

/** Signed here, independently of the code under test: HMAC-SHA256(secret, timestamp + "." + raw). */
function hmacHex(secret: string, timestamp: string | number, raw: Uint8Array | string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(raw).digest('hex');
}

const v1 = (secret: string, timestamp: string | number, raw: Uint8Array | string) =>
  `v1=${hmacHex(secret, timestamp, raw)}`;

const RAW = Buffer.from(
  '{"id":"evt_0b6f5d1c-2b1e-4a7e-9a51-3c1f2d9e8a70","type":"render.completed","createdAt":"2025-10-09T08:53:20.000Z","data":{"kind":"render","id":42,"state":"completed","projectId":7}}',
);

function delivery(over: Partial<VerifyInput> = {}): VerifyInput {
  return {
    rawBody: RAW,
    timestampHeader: String(NOW_S),
    signatureHeader: v1(SECRET, NOW_S, RAW),
    secrets: [SECRET],
    now: NOW,
    ...over,
  };
}

function reasonOf(input: VerifyInput): string {
  const result = verifyWebhook(input);
  return result.ok ? 'accepted' : result.reason;
}

describe('a delivery signed with the secret', () => {
  it('is believed, with its id, type and every field of the body', () => {
    const result = verifyWebhook(delivery());
    expect(result).toEqual({
      ok: true,
      event: {
        id: 'evt_0b6f5d1c-2b1e-4a7e-9a51-3c1f2d9e8a70',
        type: 'render.completed',
        timestamp: NOW_S,
        body: JSON.parse(RAW.toString('utf8')),
      },
    });
  });

  it('is believed during a rotation when only the second v1 value matches', () => {
    const header = `${v1(OTHER_SECRET, NOW_S, RAW)} ${v1(SECRET, NOW_S, RAW)}`;
    expect(reasonOf(delivery({ signatureHeader: header }))).toBe('accepted');
    // …and when the app holds the old and the new secret and the service signs with one of them.
    expect(reasonOf(delivery({ signatureHeader: v1(OTHER_SECRET, NOW_S, RAW), secrets: [SECRET, OTHER_SECRET] }))).toBe(
      'accepted',
    );
  });

  it('is believed when Node hands over a repeated header as a list, or joined with a comma', () => {
    expect(reasonOf(delivery({ signatureHeader: ['v1=00', v1(SECRET, NOW_S, RAW)] }))).toBe('accepted');
    expect(reasonOf(delivery({ signatureHeader: `v1=00, ${v1(SECRET, NOW_S, RAW)}` }))).toBe('accepted');
  });

  it('is believed up to 299 s (and 300 s) away in either direction', () => {
    for (const offset of [-300, -299, 0, 299, 300]) {
      const ts = NOW_S + offset;
      expect(
        reasonOf(delivery({ timestampHeader: String(ts), signatureHeader: v1(SECRET, ts, RAW) })),
        `offset ${offset}`,
      ).toBe('accepted');
    }
  });
});

describe('a delivery that is refused', () => {
  it('timestamp.missing: no X-Service-Timestamp, or an empty one', () => {
    expect(reasonOf(delivery({ timestampHeader: undefined }))).toBe('timestamp.missing');
    expect(reasonOf(delivery({ timestampHeader: '  ' }))).toBe('timestamp.missing');
  });

  it('timestamp.invalid: not whole Unix seconds', () => {
    for (const ts of ['abc', '-1760000000', '1760000000.5', '1.76e9', '0x68e7']) {
      expect(reasonOf(delivery({ timestampHeader: ts, signatureHeader: v1(SECRET, ts, RAW) })), ts).toBe(
        'timestamp.invalid',
      );
    }
  });

  it('timestamp.too_old and timestamp.in_future: 301 s away, though correctly signed', () => {
    const old = NOW_S - 301;
    const future = NOW_S + 301;
    expect(reasonOf(delivery({ timestampHeader: String(old), signatureHeader: v1(SECRET, old, RAW) }))).toBe(
      'timestamp.too_old',
    );
    expect(reasonOf(delivery({ timestampHeader: String(future), signatureHeader: v1(SECRET, future, RAW) }))).toBe(
      'timestamp.in_future',
    );
  });

  it('signature.missing: no header, an empty one, or no v1 value in it', () => {
    expect(reasonOf(delivery({ signatureHeader: undefined }))).toBe('signature.missing');
    expect(reasonOf(delivery({ signatureHeader: '' }))).toBe('signature.missing');
    expect(reasonOf(delivery({ signatureHeader: `v0=${hmacHex(SECRET, NOW_S, RAW)}` }))).toBe('signature.missing');
    expect(reasonOf(delivery({ signatureHeader: hmacHex(SECRET, NOW_S, RAW) }))).toBe('signature.missing');
  });

  it('signature.mismatch: another secret, or values that are no HMAC at all (without throwing)', () => {
    const good = hmacHex(SECRET, NOW_S, RAW);
    for (const header of [
      v1(OTHER_SECRET, NOW_S, RAW),
      'v1=',
      'v1=abc',
      `v1=${good.slice(0, 63)}`,
      `v1=${good}00`,
      `v1=${good.slice(0, 62)}zz`,
      `v1=${'é'.repeat(32)}`,
      `v1=${Buffer.from(good, 'hex').toString('base64')}`,
      `v1==${good}`,
    ]) {
      expect(reasonOf(delivery({ signatureHeader: header })), header).toBe('signature.mismatch');
    }
  });

  it('signature.mismatch: the signature of another timestamp', () => {
    expect(reasonOf(delivery({ timestampHeader: String(NOW_S + 1) }))).toBe('signature.mismatch');
  });

  it('signature.mismatch: a body re-serialised from the parsed JSON, although it means the same', () => {
    const raw = Buffer.from('{ "id": "evt_1",  "type": "review.completed", "data": { "id": 3 } }\n');
    const signed = delivery({ rawBody: raw, signatureHeader: v1(SECRET, NOW_S, raw) });
    expect(reasonOf(signed)).toBe('accepted');
    const reserialised = Buffer.from(JSON.stringify(JSON.parse(raw.toString('utf8'))));
    expect(reserialised.equals(raw)).toBe(false);
    expect(reasonOf({ ...signed, rawBody: reserialised })).toBe('signature.mismatch');
  });

  it('secret.missing: the app holds no secret to check with', () => {
    expect(reasonOf(delivery({ secrets: [] }))).toBe('secret.missing');
    expect(reasonOf(delivery({ secrets: [''] }))).toBe('secret.missing');
  });

  it('body.invalid_json, body.not_object, body.missing_id: signed, but not an event (parsed only after the signature matched)', () => {
    const cases: [string | Buffer, string][] = [
      ['not json', 'body.invalid_json'],
      ['', 'body.invalid_json'],
      [Buffer.from([0x7b, 0x22, 0x69, 0x64, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]), 'body.invalid_json'],
      ['[{"id":"evt_1"}]', 'body.not_object'],
      ['null', 'body.not_object'],
      ['"evt_1"', 'body.not_object'],
      ['{"type":"render.completed"}', 'body.missing_id'],
      ['{"id":42}', 'body.missing_id'],
      ['{"id":""}', 'body.missing_id'],
      [`{"id":"${'x'.repeat(300)}"}`, 'body.missing_id'],
    ];
    for (const [body, reason] of cases) {
      const raw = typeof body === 'string' ? Buffer.from(body) : body;
      expect(reasonOf(delivery({ rawBody: raw, signatureHeader: v1(SECRET, NOW_S, raw) })), String(body)).toBe(reason);
      // Unsigned, the same bodies are a signature failure: nothing is read before the HMAC.
      expect(reasonOf(delivery({ rawBody: raw }))).toBe('signature.mismatch');
    }
  });

  it('refuses a stale or unsigned delivery before any secret is needed', () => {
    expect(checkSignedHeaders(String(NOW_S - 400), 'v1=00', NOW)).toEqual({ ok: false, reason: 'timestamp.too_old' });
    expect(checkSignedHeaders(String(NOW_S), undefined, NOW)).toEqual({ ok: false, reason: 'signature.missing' });
    expect(checkSignedHeaders(String(NOW_S), 'v1=ab v2=cd v1=ef', NOW)).toEqual({
      ok: true,
      headers: { timestampText: String(NOW_S), timestamp: NOW_S, signatures: ['ab', 'ef'] },
    });
  });
});

describe('properties', () => {
  const headerValue = fc.oneof(
    fc.constant(undefined),
    fc.string(),
    fc.array(fc.string(), { maxLength: 3 }),
    fc.string({ unit: 'binary' }),
    fc
      .array(fc.stringMatching(/^[0-9a-fA-F]{0,70}$/), { maxLength: 4 })
      .map((values) => values.map((v) => `v1=${v}`).join(' ')),
  );
  const timestampValue = fc.oneof(
    headerValue,
    fc.integer({ min: NOW_S - 600, max: NOW_S + 600 }).map(String),
    fc.integer({ min: -1, max: 2 ** 53 }).map(String),
  );
  const body = fc.oneof(
    fc.uint8Array({ maxLength: 300 }),
    fc.json().map((text) => Buffer.from(text)),
    fc.jsonValue().map((v) => Buffer.from(JSON.stringify(v) ?? '')),
  );
  const secrets = fc.array(fc.oneof(fc.constant(SECRET), fc.string({ maxLength: 40 })), { maxLength: 3 });

  it('never throws, and never believes a delivery that carries no right HMAC', () => {
    fc.assert(
      fc.property(
        timestampValue,
        headerValue,
        body,
        secrets,
        (timestampHeader, signatureHeader, rawBody, secretList) => {
          const result = verifyWebhook({ rawBody, timestampHeader, signatureHeader, secrets: secretList, now: NOW });
          if (!result.ok) return;
          const ts = (Array.isArray(timestampHeader) ? timestampHeader.join(' ') : (timestampHeader ?? '')).trim();
          const sent = (
            Array.isArray(signatureHeader) ? signatureHeader.join(' ') : String(signatureHeader)
          ).toLowerCase();
          const signedByOne = secretList
            .filter((s) => s.length > 0)
            .some((s) => sent.includes(`v1=${hmacHex(s, ts, rawBody)}`));
          expect(signedByOne).toBe(true);
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('never believes a signed delivery once one byte of its body, its timestamp or its signature changed', () => {
    const event = fc.record({
      id: fc.string({ minLength: 1, maxLength: 60 }),
      type: fc.string(),
      data: fc.dictionary(fc.string(), fc.jsonValue()),
    });
    fc.assert(
      fc.property(
        event,
        fc.integer({ min: -299, max: 299 }),
        fc.nat(),
        fc.integer({ min: 1, max: 255 }),
        (ev, offset, at, flip) => {
          const raw = Buffer.from(JSON.stringify(ev));
          const ts = NOW_S + offset;
          const input = {
            rawBody: raw,
            timestampHeader: String(ts),
            signatureHeader: v1(SECRET, ts, raw),
            secrets: [SECRET],
            now: NOW,
          };
          const believed = verifyWebhook(input);
          expect(believed.ok && believed.event.id === ev.id && believed.event.type === ev.type).toBe(true);

          const changed = Buffer.from(raw);
          const i = at % raw.length;
          changed[i] = changed[i]! ^ flip;
          expect(verifyWebhook({ ...input, rawBody: changed }).ok).toBe(false);
          expect(verifyWebhook({ ...input, timestampHeader: String(ts + 1) }).ok).toBe(false);
          const sig = hmacHex(SECRET, ts, raw);
          const d = at % 64;
          const otherDigit = ((parseInt(sig[d]!, 16) + 1 + (flip % 15)) % 16).toString(16);
          expect(
            verifyWebhook({ ...input, signatureHeader: `v1=${sig.slice(0, d)}${otherDigit}${sig.slice(d + 1)}` }).ok,
          ).toBe(false);
        },
      ),
      { numRuns: 500 },
    );
  });
});
