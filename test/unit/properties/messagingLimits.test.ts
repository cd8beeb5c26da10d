// The Messaging API's documented limits, checked before anything is sent
// (main/core/messaging/messagingInput.ts, phoneNumbers.ts), for any text, numbers, times,
// zones and files: a refusal with a messaging.input.* code, or an acceptance that keeps the
// limits — 740 characters counted as code points, 1000 numbers, 2,000,000 bytes.
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import {
  checkEventTimes,
  checkMmsFile,
  checkRecipients,
  checkSchedule,
  checkSender,
  checkText,
  checkTimeZone,
} from '../../../main/core/messaging/messagingInput.ts';
import { toE164 } from '../../../main/core/messaging/phoneNumbers.ts';
import { MESSAGING_LIMITS } from '../../../shared/limits.ts';
import { bounded, outcomeOf, settle, timed } from './propertySupport.ts';

const { messageLength, contactsPerRequest, mmsMaxBytes } = MESSAGING_LIMITS;
const E164 = /^\+[1-9]\d{6,14}$/;
const TEST_MS = 30_000;

/** Any code point, lone surrogates included: characters the user may paste. */
const anyChar = fc.oneof(
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
  fc.integer({ min: 0xd800, max: 0xdfff }).map((u) => String.fromCharCode(u)),
  fc.constantFrom(' ', '\n', '\t', 'é', '😀', '👩‍👩‍👧'),
);
/** Texts of every length, many near the limit. */
const text = fc.oneof(
  fc.string({ unit: anyChar, maxLength: 40 }),
  fc.tuple(fc.integer({ min: messageLength - 3, max: messageLength + 3 }), anyChar).map(([n, c]) => c.repeat(n)),
  fc.string({ unit: anyChar, minLength: messageLength - 20, maxLength: messageLength + 20, size: 'max' }),
);

describe('message text', () => {
  it('is refused when blank or longer than 740 code points, and accepted unchanged otherwise', () => {
    fc.assert(
      fc.property(
        text,
        timed(1_000, (value) => {
          const result = outcomeOf(() => checkText(value));
          const length = [...value].length;
          if (value.trim() === '')
            expect(result).toMatchObject({ ok: false, error: { code: 'messaging.input.text_empty' } });
          else if (length > messageLength)
            expect(result).toMatchObject({
              ok: false,
              error: { code: 'messaging.input.text_too_long', details: { length, max: messageLength } },
            });
          else expect(result).toEqual({ ok: true, value });
        }),
      ),
      bounded(1_500, 10_000),
    );
  });
});

/** A number as people write it: valid ones in several spellings, and noise. */
const number = fc.oneof(
  fc.nat({ max: 9999 }).map((n) => `+1646555${String(n).padStart(4, '0')}`),
  fc.nat({ max: 999 }).map((n) => `020 7946 0${String(n).padStart(3, '0')}`),
  fc.nat({ max: 999 }).map((n) => `+44 (0)20 7946 0${String(n).padStart(3, '0')}`),
  fc.stringMatching(/^[+()\d\s.-]{0,20}$/),
  fc.string({ maxLength: 20 }),
  fc.constantFrom('', '   '),
);
/** Lists of every length, many near 1000. */
const numberList = fc.oneof(
  fc.array(number, { maxLength: 8 }),
  fc
    .tuple(
      fc.integer({ min: contactsPerRequest - 2, max: contactsPerRequest + 2 }),
      fc.nat({ max: 9999 }),
      fc.array(number, { maxLength: 3 }),
    )
    .map(([n, start, tail]) => [
      ...Array.from({ length: n }, (_, i) => `+1646555${String((start + i) % 10_000).padStart(4, '0')}`),
      ...tail,
    ]),
);

describe('recipients', () => {
  it(
    'are 1 to 1000 valid numbers, returned in E.164; otherwise refused naming the problem',
    () => {
      fc.assert(
        fc.property(
          numberList,
          fc.constantFrom('GB' as const, 'US' as const, null),
          timed(3_000, (list, country) => {
            const given = list.filter((n) => n.trim() !== '');
            const result = outcomeOf(() => checkRecipients(list, country));
            if (given.length === 0)
              return void expect(result).toMatchObject({ error: { code: 'messaging.input.no_recipients' } });
            if (given.length > contactsPerRequest)
              return void expect(result).toMatchObject({
                error: {
                  code: 'messaging.input.too_many_numbers',
                  details: { count: given.length, max: contactsPerRequest },
                },
              });
            const invalid = given.filter((n) => toE164(n, country) === null);
            if (invalid.length > 0)
              return void expect(result).toMatchObject({
                error: { code: 'messaging.input.invalid_number', details: { invalidCount: invalid.length } },
              });
            expect(result.ok).toBe(true);
            if (!result.ok) return;
            expect(result.value).toHaveLength(given.length);
            for (const n of result.value) expect(n).toMatch(E164);
          }),
        ),
        bounded(120, 20_000),
      );
    },
    TEST_MS,
  );

  it('any text as a number or a sender ID: E.164 or null, or a typed refusal — never a throw, however long', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          number,
          fc.string({ unit: 'binary', maxLength: 300 }),
          fc.nat({ max: 100_000 }).map((n) => '9'.repeat(n)),
        ),
        fc.constantFrom('GB' as const, 'US' as const, null),
        timed(1_000, (value, country) => {
          const e164 = toE164(value, country);
          if (e164 !== null) expect(e164).toMatch(E164);
          const sender = outcomeOf(() => checkSender(value, country));
          if (sender.ok) expect(sender.value).toMatch(/^\+\d+$/);
          else expect(sender.error.code).toBe('messaging.input.invalid_sender');
        }),
      ),
      bounded(1_000, 10_000),
    );
  });
});

const zone = fc.oneof(
  fc.constantFrom(
    'Europe/London',
    'europe/paris',
    'America/New_York',
    'Asia/Kolkata',
    'UTC',
    'Etc/GMT+5',
    'Europe/Atlantis',
    '',
  ),
  fc.string({ maxLength: 30 }),
  fc.stringMatching(/^[A-Za-z][A-Za-z0-9_+-]{0,12}(\/[A-Za-z0-9_+-]{1,12}){0,2}$/),
);
const d2 = (max: number) => fc.integer({ min: 0, max }).map((n) => String(n).padStart(2, '0'));

describe('send times and zones', () => {
  it('a schedule is a real YYYY-MM-DD H:I in a Country/City zone Intl knows, or refused', () => {
    const time = fc.oneof(
      fc
        .tuple(fc.integer({ min: 1960, max: 2100 }), d2(13), d2(32), fc.integer({ min: 0, max: 25 }), d2(61))
        .map(([y, mo, d, h, mi]) => `${y}-${mo}-${d} ${h}:${mi}`),
      fc.string({ maxLength: 20 }),
    );
    fc.assert(
      fc.property(
        time,
        zone,
        timed(1_000, (t, z) => {
          const result = outcomeOf(() => checkSchedule({ time: t, timeZone: z }));
          if (!result.ok) {
            expect(['messaging.input.invalid_time', 'messaging.input.unknown_time_zone']).toContain(result.error.code);
            return;
          }
          const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{1,2}):(\d{2})$/.exec(result.value.time)!;
          expect(m, result.value.time).not.toBeNull();
          const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
          const date = new Date(Date.UTC(y, mo - 1, d, h, mi));
          expect([
            date.getUTCFullYear(),
            date.getUTCMonth() + 1,
            date.getUTCDate(),
            date.getUTCHours(),
            date.getUTCMinutes(),
          ]).toEqual([y, mo, d, h, mi]);
          expect(result.value.timeZone).toContain('/');
          expect(checkTimeZone(result.value.timeZone, 'zone')).toBe(result.value.timeZone);
        }),
      ),
      bounded(1_500, 10_000),
    );
  });

  it('calendar times, with any offset and zone: accepted in order, or refused with a messaging.input code', () => {
    const offset = fc.oneof(
      fc.constant(''),
      fc.constant('Z'),
      fc.tuple(fc.constantFrom('+', '-'), d2(99), d2(99)).map(([s, h, m]) => `${s}${h}:${m}`),
    );
    const dateTime = fc.oneof(
      fc
        .tuple(
          fc.integer({ min: 1960, max: 2100 }),
          d2(13),
          d2(31),
          d2(24),
          d2(60),
          fc.option(d2(60), { nil: undefined }),
          offset,
        )
        .map(([y, mo, d, h, mi, s, o]) => `${y}-${mo}-${d}T${h}:${mi}${s === undefined ? '' : `:${s}`}${o}`),
      fc.string({ maxLength: 25 }),
    );
    const time = fc.record({ dateTime, timeZone: zone });
    fc.assert(
      fc.property(
        time,
        time,
        timed(1_000, (start, end) => {
          const result = outcomeOf(() => checkEventTimes(start, end));
          if (result.ok) {
            // Both with an offset: the order is known without zone rules, and the end is later.
            const offsetOf = (t: string) => /(Z|[+-]\d{2}:\d{2})$/.test(t);
            const { start: s, end: e } = result.value;
            if (offsetOf(s.dateTime) && offsetOf(e.dateTime))
              expect(Date.parse(e.dateTime)).toBeGreaterThan(Date.parse(s.dateTime));
            return;
          }
          expect([
            'messaging.input.invalid_time',
            'messaging.input.unknown_time_zone',
            'messaging.input.invalid_time_range',
          ]).toContain(result.error.code);
        }),
      ),
      bounded(2_000, 10_000),
    );
  });
});

describe('MMS files', () => {
  const dir = mkdtempSync(join(tmpdir(), 'clipdesk-mms-property-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  /** A PNG's signature and header chunk: file-type reads it as image/png. */
  const PNG_HEAD = Buffer.from('89504e470d0a1a0a0000000d494844520000000100000001080200000090775' + '3de', 'hex');
  let count = 0;

  it(
    'take at most 2,000,000 bytes of image, video or audio; anything else is refused with its reason',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            fc.integer({ min: mmsMaxBytes - 2, max: mmsMaxBytes + 2 }),
            fc.integer({ min: 0, max: 3 * mmsMaxBytes }),
          ),
          fc.oneof(
            fc.constant(PNG_HEAD),
            fc.uint8Array({ maxLength: 64, size: 'max' }).map((b) => Buffer.from(b)),
          ),
          async (size, head) => {
            count += 1;
            const path = join(dir, `file-${count}.bin`);
            writeFileSync(path, head.subarray(0, size));
            truncateSync(path, size); // sparse: the size is real, the disk barely used
            const result = await settle(checkMmsFile(path));
            if (size > mmsMaxBytes)
              return void expect(result).toMatchObject({
                error: { code: 'messaging.input.mms_too_large', details: { bytes: size, max: mmsMaxBytes } },
              });
            if (result.ok) {
              expect(result.value.bytes).toBe(size);
              expect(result.value.contentType).toMatch(/^(image|video|audio)\//);
            } else {
              expect(result.error.code).toBe('messaging.input.mms_not_media');
              expect(head === PNG_HEAD && size >= PNG_HEAD.length).toBe(false);
            }
            rmSync(path);
          },
        ),
        bounded(60, 15_000, { timeout: 5_000 }),
      );
    },
    TEST_MS,
  );
});
