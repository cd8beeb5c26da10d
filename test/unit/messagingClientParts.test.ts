// The pure parts of the Messaging API client: the limit checks, phone numbers, how an answer
// is read (every result code of every table gets its meaning), and the failure codes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppFailure, DETAILS_OMITTED, type AppError } from '../../shared/appError.ts';
import { MESSAGING_RESULT_TABLES, type MessagingOperation } from '../../shared/messagingCodes.ts';
import {
  explainMessagingCode,
  MESSAGING_CLIENT_CODES,
  parseResultFailureCode,
  resultFailureCode,
} from '../../shared/messagingFailures.ts';
import {
  characterCount,
  checkEventTimes,
  checkRecipients,
  checkSchedule,
  checkText,
  checkTimeZone,
} from '../../main/core/messaging/messagingInput.ts';
import { deliveryOf } from '../../main/core/messaging/messagingHttp.ts';
import { failureOf, readAnswer } from '../../main/core/messaging/messagingResult.ts';
import { senderToE164, toE164 } from '../../main/core/messaging/phoneNumbers.ts';

function thrown(fn: () => unknown): AppError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(AppFailure);
    return (err as AppFailure).toJSON();
  }
  throw new Error('expected a failure');
}

describe('limits', () => {
  it('counts characters, not bytes or UTF-16 units', () => {
    expect(characterCount('é😀a')).toBe(3);
    expect(checkText('😀'.repeat(740))).toHaveLength(1480);
    expect(thrown(() => checkText('😀'.repeat(741)))).toMatchObject({ code: 'messaging.input.text_too_long' });
  });

  it('1000 numbers pass, 1001 do not', () => {
    const numbers = (n: number) => Array.from({ length: n }, (_, i) => `+1212555${String(i).padStart(4, '0')}`);
    expect(checkRecipients(numbers(1000), 'US')).toHaveLength(1000);
    expect(thrown(() => checkRecipients(numbers(1001), 'US'))).toMatchObject({
      code: 'messaging.input.too_many_numbers',
      details: { count: 1001, max: 1000 },
    });
  });

  it('time is YYYY-MM-DD H:I on a real date, in a Country/City zone Intl knows', () => {
    expect(checkSchedule({ time: '2030-12-01 9:05', timeZone: 'europe/paris' })).toEqual({
      time: '2030-12-01 9:05',
      timeZone: 'Europe/Paris',
    });
    for (const time of [
      '2030-12-01 24:00',
      '2030-02-29 9:00',
      '2030-12-01 9:5',
      '01/12/2030 9:05',
      '2030-12-01T09:05',
    ]) {
      expect(thrown(() => checkSchedule({ time, timeZone: 'Europe/Paris' })).code, time).toBe(
        'messaging.input.invalid_time',
      );
    }
    for (const zone of ['UTC', 'Europe/Atlantis', '+02:00', '']) {
      expect(thrown(() => checkSchedule({ time: '2030-12-01 9:05', timeZone: zone })).code, zone).toBe(
        'messaging.input.unknown_time_zone',
      );
    }
    expect(checkTimeZone('UTC', 'start.timeZone')).toBe('UTC');
  });

  it('an event ends after it starts, compared only where the zone rules are not needed', () => {
    const at = (dateTime: string, timeZone = 'Europe/London') => ({ dateTime, timeZone });
    expect(checkEventTimes(at('2030-12-02T10:00'), at('2030-12-02T10:00:01')).end.dateTime).toBe('2030-12-02T10:00:01');
    expect(thrown(() => checkEventTimes(at('2030-12-02T10:00'), at('2030-12-02T10:00:00'))).code).toBe(
      'messaging.input.invalid_time_range',
    );
    expect(thrown(() => checkEventTimes(at('2030-12-02T10:00Z'), at('2030-12-02T10:30+01:00'))).code).toBe(
      'messaging.input.invalid_time_range',
    );
    // An offset past ±14:00 is no offset: refused with the field, not thrown as a RangeError.
    for (const offset of ['+24:00', '+00:60', '-14:01', '+99:99']) {
      expect(thrown(() => checkEventTimes(at(`1970-01-01T00:00${offset}`), at('2030-12-02T10:00Z')))).toMatchObject({
        code: 'messaging.input.invalid_time',
        details: { field: 'start.dateTime' },
      });
    }
    expect(checkEventTimes(at('2030-12-02T10:00+14:00'), at('2030-12-01T20:01-12:00')).start.dateTime).toBe(
      '2030-12-02T10:00+14:00',
    );
    // Different zones: the service decides (it knows the zone rules as well as we do).
    expect(() => checkEventTimes(at('2030-12-02T10:00'), at('2030-12-02T09:30', 'Europe/Paris'))).not.toThrow();
  });
});

describe('phone numbers', () => {
  it('reads numbers for the default country and writes them as E.164', () => {
    expect(toE164('(212) 555-0142', 'US')).toBe('+12125550142');
    expect(toE164('020 7946 0000', 'GB')).toBe('+442079460000');
    expect(toE164('020 7946 0000', 'US')).toBeNull();
    expect(toE164('2125550142', null)).toBeNull();
    expect(toE164('+1 212 555 0142', null)).toBe('+12125550142');
  });

  it('any valid E.164 number reads back as itself, whatever the default country', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9999 }), fc.constantFrom('US', 'GB', 'FR', null), (n, country) => {
        const number = `+1646555${String(n).padStart(4, '0')}`;
        expect(toE164(number, country as 'US' | null)).toBe(number);
      }),
    );
  });

  it('a sender ID needs a possible length only (approved numbers may be unlisted)', () => {
    expect(senderToE164('+1 555 010 0200', 'US')).toBe('+15550100200');
    expect(senderToE164('CLIPDESK', 'US')).toBeNull();
  });
});

describe('reading answers', () => {
  const answer = (body: unknown, status = 200) => ({ status, body, requestId: 'req-header' });

  it('every code of every table gets its status word and meaning, and failures are named messaging.<operation>.<code>', () => {
    for (const [operation, rows] of Object.entries(MESSAGING_RESULT_TABLES) as [
      MessagingOperation,
      readonly { status: string; code: string; meaning: string }[],
    ][]) {
      for (const row of rows) {
        const read = readAnswer(
          operation,
          answer({ status: 'whatever', code: row.code, message: 'm', requestId: 'r' }),
        );
        expect(read.fields.status).toBe(row.status);
        expect(read.fields.meaning.toLowerCase()).toBe(row.meaning.toLowerCase());
        const code = resultFailureCode(operation, row.code);
        expect(parseResultFailureCode(code)).toEqual({ operation, resultCode: row.code });
        expect(explainMessagingCode(code)).toBe(row.meaning);
        if (row.status !== 'Success')
          expect(failureOf(read)).toMatchObject({ code, message: read.fields.meaning, requestId: 'r' });
      }
    }
  });

  it('an unknown code is shown as it came, with the status word it came with', () => {
    const read = readAnswer('contacts', answer({ status: 'Error', code: '98', message: 'Quota exceeded for today.' }));
    expect(read.outcome).toBe('error');
    expect(failureOf(read)).toMatchObject({
      code: 'messaging.contacts.98',
      message: 'Quota exceeded for today.',
      requestId: 'req-header',
    });
    expect(explainMessagingCode('messaging.contacts.98')).toBeNull();
    expect(readAnswer('send', answer({ code: 42 })).fields).toMatchObject({ code: '42', status: 'Error' });
  });

  it('extra fields are kept; a body without a code is not an answer', () => {
    const read = readAnswer(
      'contacts',
      answer({ status: 'Error', code: '97', message: 'dup', existingId: 7, extra: true }),
    );
    expect(failureOf(read).details).toMatchObject({ existingId: 7, extra: true, serviceMessage: 'dup' });
    // Extra fields nested thousands deep are cut short, so the error can still cross IPC and go into the journal.
    const deep = readAnswer(
      'calendar',
      answer(JSON.parse(`{"status":"Error","code":"99","nested":${'['.repeat(3230)}${']'.repeat(3230)}}`)),
    );
    const error = failureOf(deep);
    expect(error.details).toMatchObject({ resultCode: '99', nested: [[[[[[[DETAILS_OMITTED]]]]]]] });
    expect(structuredClone(error)).toEqual(error);
    expect(thrown(() => readAnswer('send', answer('<html>bad gateway</html>', 502)))).toMatchObject({
      code: 'response.invalid',
      status: 502,
    });
  });

  it('every client code has a meaning that says what to do', () => {
    for (const [code, meaning] of Object.entries(MESSAGING_CLIENT_CODES)) {
      expect(explainMessagingCode(code)).toBe(meaning);
      expect(parseResultFailureCode(code)).toBeNull();
    }
  });
});

describe('whether a request without an answer can have reached the service', () => {
  const err = (...codes: string[]) =>
    codes.reduceRight<unknown>((cause, code) => Object.assign(new Error(code), { code, cause }), undefined);

  it('only a connection never made is `not_sent`', () => {
    expect(deliveryOf(err('ECONNREFUSED'))).toBe('not_sent');
    expect(deliveryOf(err('UND_ERR_CONNECT_TIMEOUT'))).toBe('not_sent');
    expect(deliveryOf(err('UND_ERR_SOCKET', 'ECONNRESET'))).toBe('unknown');
    expect(deliveryOf(err('UND_ERR_HEADERS_TIMEOUT'))).toBe('unknown');
    expect(deliveryOf(new Error('something else'))).toBe('unknown');
  });
});
