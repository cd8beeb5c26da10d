// The Messaging screen's mapping of answers to what it shows (renderer/screens/messaging/
// answerText.ts), held to EVERY code of every table in shared/messagingCodes.ts, and to every
// client code of shared/messagingFailures.ts.
import { describe, expect, it } from 'vitest';
import { appError } from '../../shared/appError.ts';
import { MESSAGING_RESULT_TABLES, type MessagingOperation } from '../../shared/messagingCodes.ts';
import { MESSAGING_CLIENT_CODES, resultFailureCode } from '../../shared/messagingFailures.ts';
import { describeAnswer, describeFailure, describeResultCode } from '../../renderer/screens/messaging/answerText.ts';

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const operations = Object.keys(MESSAGING_RESULT_TABLES) as MessagingOperation[];
const rows = operations.flatMap((operation) =>
  MESSAGING_RESULT_TABLES[operation].map((row) => ({ operation, ...row })),
);

describe('every result code of every table', () => {
  it('covers the spec tables: calendar and contacts as the spec lists them', () => {
    expect(MESSAGING_RESULT_TABLES.calendar.map((r) => r.code)).toEqual([
      '00',
      '01',
      '02',
      '03',
      '04',
      '05',
      '400',
      '401',
      '500',
      '200',
    ]);
    expect(MESSAGING_RESULT_TABLES.contacts.map((r) => r.code)).toEqual([
      '00',
      '01',
      '02',
      '03',
      '04',
      '05',
      '97',
      '99',
      '401',
      '500',
    ]);
    expect(rows.length).toBeGreaterThan(60);
  });

  it.each(rows.map((r) => [`${r.operation} ${r.code}`, r] as const))(
    '%s is shown with its status word and meaning',
    (_name, row) => {
      const line = describeResultCode(row.operation, row.code, { requestId: 'req-1' });
      expect(line.meaning).toBe(capitalised(row.meaning));
      expect(line.status).toBe(row.status);
      expect(line.title).toBe(`${row.status} ${row.code}`);
      expect(line.tone).toBe(row.status === 'Success' ? 'success' : row.status === 'Busy' ? 'busy' : 'error');
      expect(line.requestId).toBe('req-1');

      // As the client hands it over: a refusal is an AppError messaging.<operation>.<code>.
      if (row.status !== 'Success') {
        const error = appError(resultFailureCode(row.operation, row.code), capitalised(row.meaning), {
          requestId: 'req-2',
          details: { resultStatus: row.status, resultCode: row.code },
        });
        const failure = describeFailure(error);
        expect(failure).toMatchObject({ code: row.code, meaning: capitalised(row.meaning), requestId: 'req-2' });
        expect(failure.title).toBe(`${row.status} ${row.code}`);
        expect(failure.detail).toBeNull();
      } else {
        const answer = describeAnswer(row.operation, {
          status: 'Success',
          code: row.code,
          meaning: capitalised(row.meaning),
          message: '',
          requestId: 'req-3',
        });
        expect(answer).toMatchObject({ tone: 'success', meaning: capitalised(row.meaning), requestId: 'req-3' });
      }
    },
  );

  it("keeps the service's own words when they add to the meaning", () => {
    const error = appError('messaging.contacts.97', 'The number already exists in this account', {
      details: { resultCode: '97', serviceMessage: 'The number +12125550100 already exists (contact 7).' },
    });
    expect(describeFailure(error)).toMatchObject({
      title: 'Error 97',
      meaning: 'The number already exists in this account',
      detail: 'The number +12125550100 already exists (contact 7).',
    });
  });

  it('shows a code no table knows as it came', () => {
    expect(describeResultCode('contacts', '42', { message: 'Quota exceeded', status: 'Error' })).toMatchObject({
      title: 'Error 42',
      meaning: 'Quota exceeded',
    });
    expect(describeResultCode('send', '77').meaning).toBe('Result code 77 (not one Clipdesk knows)');
  });
});

describe("the client's own codes", () => {
  it.each(Object.entries(MESSAGING_CLIENT_CODES))('%s is shown with its meaning', (code, meaning) => {
    const line = describeFailure(appError(code, 'particulars of this case'));
    expect(line.meaning).toBe(meaning);
    expect(line.detail).toBe('particulars of this case');
    expect(line.code).toBe(code);
  });

  it('an unknown outcome is its own tone, and a check before sending says nothing was sent', () => {
    expect(describeFailure(appError('messaging.outcome_unknown'))).toMatchObject({
      tone: 'unknown',
      title: 'Outcome unknown',
    });
    expect(describeFailure(appError('messaging.input.text_too_long', 'text is 741 characters long'))).toMatchObject({
      tone: 'error',
      title: 'Not sent',
      detail: 'text is 741 characters long',
    });
  });
});
