// The Messaging API's calendar and contacts operations, its keys, its sandbox controls and its
// /openapi.json, against the real sandbox over HTTP: every result code of the spec's tables.
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALENDAR_RESULT_CODES, CONTACTS_RESULT_CODES, SEND_RESULT_CODES } from '../../shared/messagingCodes.ts';
import { messagingClient, type MessagingClient } from '../support/messagingClient.ts';
import { startSandboxProcess, type RunningSandbox } from '../support/sandboxProcess.ts';

let sandbox: RunningSandbox;
let api: MessagingClient;
let key: string;

beforeAll(async () => {
  sandbox = await startSandboxProcess();
  api = messagingClient(sandbox);
  key = sandbox.messagingApiKey;
});
afterAll(() => sandbox?.stop({ removeData: true }));

/** YYYY-MM-DD of a day in the week of Monday 6 January 2031 (0 = Monday … 5 = Saturday). */
function day(weekday: number, weeksLater = 0): string {
  return new Date(Date.UTC(2031, 0, 6 + weekday + 7 * weeksLater)).toISOString().slice(0, 10);
}

function event(date: string, from: string, to: string, timeZone = 'Europe/Paris', extra: Record<string, unknown> = {}) {
  return {
    apiKey: key,
    start: { dateTime: `${date}T${from}`, timeZone },
    end: { dateTime: `${date}T${to}`, timeZone },
    ...extra,
  };
}

function expectCode(res: { http: number; body: any }, code: string, status: string, http = 200): void {
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code, status });
  expect(res.http).toBe(http);
  expect(res.body.message).toEqual(expect.any(String));
  expect(res.body.requestId).toMatch(/^[0-9a-f-]{36}$/);
}

describe('POST /calendar_api', () => {
  it('00: creates an event from JSON and returns its id, converting the local time with its zone', async () => {
    expect(new Date(`${day(0)}T12:00:00Z`).getUTCDay()).toBe(1); // a Monday
    const res = await api.json(
      '/calendar_api',
      event(day(0), '10:00:00', '11:00:00', 'Europe/Paris', {
        summary: 'Kick-off',
        activity: 'appointment',
        priority: 'high',
        reminders: { method: 'both', minutes: 30 },
      }),
    );
    expectCode(res, '00', 'Success');
    expect(res.body.id).toEqual(expect.any(Number));
    expect(res.body.event).toMatchObject({
      id: res.body.id,
      summary: 'Kick-off',
      startsAt: `${day(0)}T09:00:00.000Z`,
      endsAt: `${day(0)}T10:00:00.000Z`,
      reminders: { method: 'both', minutes: 30 },
    });
  });

  it('00: takes a form with start[dateTime] fields and the key as a Bearer header', async () => {
    const res = await api.form(
      '/calendar_api',
      {
        'start[dateTime]': `${day(1)}T09:00`,
        'start[timeZone]': 'America/New_York',
        'end[dateTime]': `${day(1)}T18:00`,
        'end[timeZone]': 'America/New_York',
        'reminders[method]': 'sms',
        'reminders[minutes]': '15',
      },
      { authorization: `Bearer ${key}` },
    );
    expectCode(res, '00', 'Success');
    expect(res.body.event.startsAt).toBe(`${day(1)}T14:00:00.000Z`);
    expect(res.body.event.reminders).toEqual({ method: 'sms', minutes: 15 });
  });

  it('00: takes multipart fields too', async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({
      apiKey: key,
      'start[dateTime]': `${day(2)}T09:00`,
      'start[timeZone]': 'Asia/Tokyo',
      'end[dateTime]': `${day(2)}T09:30`,
      'end[timeZone]': 'Asia/Tokyo',
    }))
      form.append(k, v);
    expectCode(await api.multipart('/calendar_api', form), '00', 'Success');
  });

  it('01 without a key, naming apiKey when key was sent instead', async () => {
    const { apiKey: _drop, ...noKey } = event(day(3), '10:00:00', '11:00:00');
    expectCode(await api.json('/calendar_api', noKey), '01', 'Error');
    const wrongField = await api.json('/calendar_api', { ...noKey, key });
    expectCode(wrongField, '01', 'Error');
    expect(wrongField.body.message).toContain('apiKey');
  });

  it('02 for a key the service does not recognise (also the Create API key)', async () => {
    expectCode(
      await api.json('/calendar_api', { ...event(day(3), '10:00:00', '11:00:00'), apiKey: 'msk_not-a-key' }),
      '02',
      'Error',
    );
    expectCode(
      await api.json('/calendar_api', { ...event(day(3), '10:00:00', '11:00:00'), apiKey: sandbox.apiKey }),
      '02',
      'Error',
    );
  });

  it('401 when the Authorization header names another key, or is not a Bearer token', async () => {
    const body = event(day(3), '10:00:00', '11:00:00');
    expectCode(
      await api.json('/calendar_api', body, { authorization: 'Bearer msk_someone-else' }),
      '401',
      'Error',
      401,
    );
    expectCode(
      await api.json('/calendar_api', body, { authorization: `Basic ${Buffer.from(`x:${key}`).toString('base64')}` }),
      '401',
      'Error',
      401,
    );
  });

  it('03, 04 and 05 for a missing start, end or time zone', async () => {
    const good = event(day(3), '10:00:00', '11:00:00');
    expectCode(await api.json('/calendar_api', { ...good, start: undefined }), '03', 'Error');
    expectCode(await api.json('/calendar_api', { ...good, start: { timeZone: 'Europe/Paris' } }), '03', 'Error');
    expectCode(await api.json('/calendar_api', { ...good, end: undefined }), '04', 'Error');
    expectCode(
      await api.json('/calendar_api', { ...good, end: { dateTime: '', timeZone: 'Europe/Paris' } }),
      '04',
      'Error',
    );
    expectCode(await api.json('/calendar_api', { ...good, start: { dateTime: `${day(3)}T10:00:00` } }), '05', 'Error');
    expectCode(
      await api.json('/calendar_api', { ...good, end: { dateTime: `${day(3)}T11:00:00`, timeZone: ' ' } }),
      '05',
      'Error',
    );
  });

  it('400 (HTTP 400) for an empty time range', async () => {
    expectCode(await api.json('/calendar_api', event(day(3), '10:00:00', '10:00:00')), '400', 'Error', 400);
    const backwards = await api.json('/calendar_api', event(day(3), '11:00:00', '10:00:00'));
    expectCode(backwards, '400', 'Error', 400);
    expect(backwards.body.message).toContain('end must be after start');
  });

  it('400 for an invalid payload, naming the field', async () => {
    const good = event(day(3), '10:00:00', '11:00:00');
    const cases: [unknown, string][] = [
      [{ ...good, activity: 'party' }, 'activity'],
      [{ ...good, priority: 'urgent' }, 'priority'],
      [{ ...good, start: { dateTime: `${day(3)}T10:00:00`, timeZone: 'Mars/Olympus' } }, 'start.timeZone'],
      [{ ...good, end: { dateTime: '2031-02-30T10:00:00', timeZone: 'Europe/Paris' } }, 'end.dateTime'],
      [{ ...good, end: { dateTime: 'tomorrow', timeZone: 'Europe/Paris' } }, 'end.dateTime'],
      [{ ...good, reminders: { method: 'pigeon', minutes: 5 } }, 'reminders.method'],
      [{ ...good, colour: 'red' }, 'colour'],
      ['{"apiKey": "x", ', 'JSON'],
    ];
    for (const [body, field] of cases) {
      const res = await api.json('/calendar_api', body);
      expectCode(res, '400', 'Error', 400);
      expect(res.body.message).toContain(field);
    }
  });

  it('Busy 200 when the time overlaps an event, saying which', async () => {
    const first = await api.json('/calendar_api', event(day(4), '14:00:00', '15:00:00'));
    expectCode(first, '00', 'Success');
    const clash = await api.json('/calendar_api', event(day(4), '13:30:00', '14:30:00'));
    expectCode(clash, '200', 'Busy');
    expect(clash.body).toMatchObject({ reason: 'slot_taken', conflictingEventId: first.body.id });
    // The same instant written in another zone clashes too; the minute after the end is free.
    expectCode(await api.json('/calendar_api', event(day(4), '13:15:00Z', '13:45:00Z', 'UTC')), '200', 'Busy');
    expectCode(await api.json('/calendar_api', event(day(4), '15:00:00', '15:30:00')), '00', 'Success');
  });

  it("Busy 200 outside business hours (Monday to Friday, 09:00 to 18:00 in the event's zone)", async () => {
    for (const [date, from, to] of [
      [day(5), '10:00:00', '11:00:00'], // Saturday
      [day(6), '10:00:00', '11:00:00'], // Sunday
      [day(0, 1), '08:30:00', '09:30:00'], // starts too early
      [day(0, 1), '17:30:00', '18:30:00'], // ends too late
    ] as const) {
      const res = await api.json('/calendar_api', event(date, from, to, 'Australia/Sydney'));
      expectCode(res, '200', 'Busy');
      expect(res.body).toMatchObject({
        reason: 'outside_business_hours',
        businessHours: { from: '09:00', to: '18:00', timeZone: 'Australia/Sydney' },
      });
    }
    expectCode(
      await api.json('/calendar_api', event(day(0, 1), '17:00:00', '18:00:00', 'Australia/Sydney')),
      '00',
      'Success',
    );
  });

  it('500 (HTTP 500) on a backend error, creating nothing', async () => {
    const before = await api.stats();
    await api.setBackendErrorShare(1);
    try {
      expectCode(await api.json('/calendar_api', event(day(1, 1), '10:00:00', '11:00:00')), '500', 'Error', 500);
      expectCode(
        await api.json('/contacts_api', { key, name: 'Grace Hopper', contact: '+15550009999' }),
        '500',
        'Error',
        500,
      );
    } finally {
      await api.setBackendErrorShare(0);
    }
    expect(await api.stats()).toEqual(before);
    expectCode(await api.json('/calendar_api', event(day(1, 1), '10:00:00', '11:00:00')), '00', 'Success');
  });
});

describe('POST /contacts_api', () => {
  it('00: adds a contact from JSON with custom fields and returns its id', async () => {
    const res = await api.json('/contacts_api', {
      key,
      name: 'Ada  King Lovelace',
      contact: '+44 (0)20 7946-0001',
      email: 'ada@example.com',
      city: 'London',
      country: 'UK',
      group_id: 'analysts',
      note: 'Met at the engine demo',
      custom: { plan: 'gold', seats: 3 },
    });
    expectCode(res, '00', 'Success');
    expect(res.body.contact).toMatchObject({
      id: res.body.id,
      firstName: 'Ada',
      lastName: 'King Lovelace',
      contact: '+4402079460001',
      groupId: 'analysts',
      custom: { plan: 'gold', seats: '3' },
    });
  });

  it('00: adds contacts from a form and from multipart, with custom[name] fields', async () => {
    const form = await api.form('/contacts_api', {
      key,
      name: 'Charles Babbage',
      contact: '020 7946 0002',
      'custom[role]': 'engineer',
    });
    expectCode(form, '00', 'Success');
    expect(form.body.contact.custom).toEqual({ role: 'engineer' });
    const multipart = new FormData();
    for (const [k, v] of Object.entries({ key, name: 'Mary Somerville', contact: '02079460003', zip: 'EC1' }))
      multipart.append(k, v);
    const res = await api.multipart('/contacts_api', multipart);
    expectCode(res, '00', 'Success');
    expect(res.body.contact.zip).toBe('EC1');
  });

  it('01, 02 and 401 for a missing, wrong or contradicted key', async () => {
    const body = { name: 'Alan Turing', contact: '+15550000001' };
    expectCode(await api.json('/contacts_api', body), '01', 'Error');
    expectCode(await api.json('/contacts_api', { ...body, key: 'nope' }), '02', 'Error');
    expectCode(
      await api.json('/contacts_api', { ...body, key }, { authorization: 'Bearer nope' }),
      '401',
      'Error',
      401,
    );
  });

  it('03 for a missing first name, 04 for a missing last name, 05 for a missing number', async () => {
    expectCode(await api.json('/contacts_api', { key, contact: '+15550000002' }), '03', 'Error');
    expectCode(await api.json('/contacts_api', { key, name: '   ', contact: '+15550000002' }), '03', 'Error');
    expectCode(await api.json('/contacts_api', { key, name: 'Cher', contact: '+15550000002' }), '04', 'Error');
    expectCode(await api.json('/contacts_api', { key, name: 'Alan Turing' }), '05', 'Error');
    expectCode(await api.form('/contacts_api', { key, name: 'Alan Turing', contact: '' }), '05', 'Error');
  });

  it('97 when the number already exists, however it is written', async () => {
    const first = await api.json('/contacts_api', { key, name: 'Katherine Johnson', contact: '+1 555 000 0003' });
    expectCode(first, '00', 'Success');
    const again = await api.json('/contacts_api', { key, name: 'K. Johnson', contact: '1-555-000-0003' });
    expectCode(again, '97', 'Error');
    expect(again.body.existingId).toBe(first.body.id);
  });

  it('99 for a malformed number, email or custom field, or an unknown field, naming it', async () => {
    const base = { key, name: 'Hedy Lamarr', contact: '+15550000004' };
    const cases: [unknown, string][] = [
      [{ ...base, contact: '12345' }, 'contact'],
      [{ ...base, contact: 'call me' }, 'contact'],
      [{ ...base, email: 'not-an-email' }, 'email'],
      [{ ...base, custom: { 'bad name': 'x' } }, 'custom'],
      [{ ...base, custom: { plan: 'x'.repeat(501) } }, 'custom.plan'],
      [{ ...base, group_id: 'has spaces' }, 'group_id'],
      [{ ...base, nickname: 'H' }, 'nickname'],
    ];
    for (const [body, field] of cases) {
      const res = await api.json('/contacts_api', body);
      expectCode(res, '99', 'Error');
      expect(res.body.message).toContain(field);
    }
    expectCode(
      await api.raw('POST', '/contacts_api', { body: 'key=x', headers: { 'content-type': 'text/plain' } }),
      '99',
      'Error',
    );
  });
});

describe('keys, routes and sandbox controls', () => {
  it('answers unknown paths with 404 and wrong methods with 405 and Allow', async () => {
    expectCode(await api.raw('GET', '/nowhere'), '404', 'Error', 404);
    const res = await api.raw('DELETE', '/contacts_api');
    expectCode(res, '405', 'Error', 405);
    expect(res.headers.get('allow')).toBe('POST');
  });

  it('refuses the admin controls without the admin token', async () => {
    expectCode(await api.admin('GET', '/_sandbox/messaging/stats', undefined, 'wrong'), '401', 'Error', 401);
    expectCode(await api.admin('POST', '/_sandbox/messaging/faults', { backendErrorShare: 2 }), '16', 'Error');
  });

  it('counts what was created, once per accepted operation', async () => {
    const before = await api.stats();
    expectCode(
      await api.json('/contacts_api', { key, name: 'Joan Clarke', contact: '+15550000005', group_id: 'codebreakers' }),
      '00',
      'Success',
    );
    expectCode(await api.json('/contacts_api', { key, name: 'Joan Clarke', contact: '+15550000005' }), '97', 'Error');
    expectCode(await api.json('/calendar_api', event(day(2, 1), '10:00:00', '11:00:00')), '00', 'Success');
    const sent = await api.json('/app/smsapi/sms/post', {
      key,
      senderid: '+15550100',
      groupid: 'codebreakers',
      msg: 'Hi',
      type: 'text',
    });
    expectCode(sent, '00', 'Success');
    expect(await api.stats()).toEqual({
      ...before,
      contacts: before.contacts + 1,
      events: before.events + 1,
      messages: before.messages + 1,
      submissions: before.submissions + 1,
    });
  });

  it('serves a valid OpenAPI 3.1 document listing every operation and its result codes', async () => {
    const res = await fetch(`${api.base}/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as any;
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers[0].url).toBe(api.base);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/calendar_api',
        '/contacts_api',
        '/app/smsapi/sms/post',
        '/app/smsapi/sms/get',
        '/app/smsapi/sms/bulk',
        '/app/smsapi/sms/list',
      ]),
    );
    const codesOf = (op: any) =>
      Object.values(op.responses).flatMap((r: any) => r.content['application/json'].schema.properties.code.enum);
    expect(codesOf(doc.paths['/calendar_api'].post)).toEqual(
      expect.arrayContaining(CALENDAR_RESULT_CODES.map((r) => r.code)),
    );
    expect(codesOf(doc.paths['/contacts_api'].post)).toEqual(
      expect.arrayContaining(CONTACTS_RESULT_CODES.map((r) => r.code)),
    );
    expect(codesOf(doc.paths['/app/smsapi/sms/get'].get)).toEqual(
      expect.arrayContaining(SEND_RESULT_CODES.map((r) => r.code)),
    );
    expect(Object.keys(doc.paths['/app/smsapi/sms/post'].post.requestBody.content)).toEqual([
      'application/json',
      'application/x-www-form-urlencoded',
      'multipart/form-data',
    ]);
  });
});
