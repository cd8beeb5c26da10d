// The app's Messaging API client (main/core/messaging/messagingClient.ts) against the real
// sandbox over 127.0.0.1: every operation, result codes shown with their meaning, and writes
// that are never sent twice. The limits are in messagingLimits.test.ts.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppError } from '../../shared/appError.ts';
import { CONTACTS_RESULT_CODES, SEND_RESULT_CODES } from '../../shared/messagingCodes.ts';
import { MESSAGING_LIMITS } from '../../shared/limits.ts';
import {
  createMessagingClient,
  isOutcomeUnknown,
  type MessagingClient,
  type MessagingClientOptions,
} from '../../main/core/messaging/messagingClient.ts';
import type { MessagingExchange } from '../../main/core/messaging/messagingHttp.ts';
import { bulkNumber } from '../support/bulkFixtures.ts';
import { failureOf, NEXT_YEAR, textMessage as text } from '../support/messagingHarness.ts';
import {
  messagingClient as sandboxMessaging,
  wavOfSize,
  type MessagingClient as SandboxApi,
} from '../support/messagingClient.ts';
import { startSandboxProcess, type RunningSandbox } from '../support/sandboxProcess.ts';

let sandbox: RunningSandbox;
let api: SandboxApi;
let client: MessagingClient;
let exchanges: MessagingExchange[];
let files: string;
/** The Messaging API key the app holds (the keychain's role): read for every request. */
let currentKey: string;

function makeClient(over: Partial<MessagingClientOptions> = {}): MessagingClient {
  return createMessagingClient({
    baseUrl: sandbox.messagingBaseUrl,
    getApiKey: async () => currentKey,
    defaultCountry: 'US',
    onExchange: (e) => exchanges.push(e),
    ...over,
  });
}

beforeAll(async () => {
  sandbox = await startSandboxProcess({ jobSeconds: 0.5 });
  api = sandboxMessaging(sandbox);
  currentKey = sandbox.messagingApiKey;
  client = makeClient();
  files = mkdtempSync(join(tmpdir(), 'clipdesk-mms-'));
});
afterAll(async () => {
  await client?.close();
  await sandbox?.stop({ removeData: true });
  if (files) rmSync(files, { recursive: true, force: true });
});
beforeEach(() => {
  exchanges = [];
});

async function setFaults(patch: Record<string, number>): Promise<void> {
  const res = await sandbox.admin('POST', '/_sandbox/faults', patch);
  expect(res.status).toBe(200);
}

/** A Monday of next year (UTC date parts), `weeks` weeks after the first one. */
function mondayNextYear(weeks: number): string {
  const d = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 0, 1));
  while (d.getUTCDay() !== 1) d.setUTCDate(d.getUTCDate() + 1);
  d.setUTCDate(d.getUTCDate() + 7 * weeks);
  return d.toISOString().slice(0, 10);
}

describe('contacts', () => {
  it('creates a contact from a number typed for the default country, sent as E.164', async () => {
    const result = await client.createContact({
      name: 'Ada Lovelace',
      number: '(212) 555-0142',
      email: 'ada@example.com',
    });
    expect(result).toMatchObject({ status: 'Success', code: '00', meaning: 'New contact added' });
    expect(result.requestId).toMatch(/[0-9a-f-]{36}/);
    expect(result.contact).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', contact: '+12125550142' });
  });

  it('a duplicate number is result 97, shown with its meaning and the request ID', async () => {
    await client.createContact({ name: 'Grace Hopper', number: '+1 917 555 0100' });
    const before = await api.stats();
    // The same number, spelt for the default country.
    const error = await failureOf(client.createContact({ name: 'Grace B. Hopper', number: '917-555-0100' }));
    const row = CONTACTS_RESULT_CODES.find((r) => r.code === '97')!;
    expect(error).toMatchObject({ code: 'messaging.contacts.97', status: 200 });
    expect(error.message.toLowerCase()).toBe(row.meaning.toLowerCase());
    expect(error.requestId).toMatch(/[0-9a-f-]{36}/);
    expect(error.details).toMatchObject({ resultStatus: 'Error', resultCode: '97' });
    expect(String(error.details?.serviceMessage)).toContain('+19175550100');
    expect((await api.stats()).contacts).toBe(before.contacts);
  });

  it('a wrong key is 02 and a replaced key is 401, each with its meaning; the new key works at once', async () => {
    const wrong = makeClient({ getApiKey: async () => 'msk_not-a-key' });
    try {
      const error = await failureOf(wrong.createContact({ name: 'Alan Turing', number: '+1 415 555 0101' }));
      expect(error.code).toBe('messaging.contacts.02');
      expect(error.message).toMatch(/^Wrong API key/);
    } finally {
      await wrong.close();
    }
    const rotated = await api.admin('POST', '/_sandbox/messaging/rotate-key');
    expect(rotated.body.code).toBe('00');
    const replaced = await failureOf(client.createContact({ name: 'Alan Turing', number: '+1 415 555 0101' }));
    expect(replaced).toMatchObject({ code: 'messaging.contacts.401', status: 401 });
    expect(replaced.message).toMatch(/^Invalid credentials: the key was revoked/);
    currentKey = rotated.body.apiKey;
    const created = await client.createContact({ name: 'Alan Turing', number: '+1 415 555 0101' });
    expect(created.code).toBe('00');
  });
});

describe('calendar events', () => {
  const slot = (day: string, from: string, to: string, zone = 'Europe/London') => ({
    start: { dateTime: `${day}T${from}`, timeZone: zone },
    end: { dateTime: `${day}T${to}`, timeZone: zone },
  });

  it('creates an event with the calendar key field (apiKey)', async () => {
    const result = await client.createCalendarEvent({
      ...slot(mondayNextYear(0), '10:00', '11:00'),
      summary: 'Review the cut',
      activity: 'appointment',
      priority: 'high',
      reminders: { method: 'both', minutes: 30 },
    });
    expect(result).toMatchObject({ outcome: 'created', status: 'Success', code: '00' });
    expect(result.outcome === 'created' && result.event?.summary).toBe('Review the cut');
  });

  it('Busy is a distinct result, not a crash: an overlapping slot and a time outside business hours', async () => {
    const before = await api.stats();
    const taken = await client.createCalendarEvent(slot(mondayNextYear(0), '10:30', '11:30'));
    expect(taken).toMatchObject({ outcome: 'busy', status: 'Busy', code: '200', reason: 'slot_taken' });
    expect(taken.meaning).toMatch(/^No free slots/);
    expect(taken.outcome === 'busy' && taken.error).toMatchObject({
      code: 'messaging.calendar.200',
      message: taken.meaning,
    });

    const sunday = new Date(`${mondayNextYear(1)}T00:00:00Z`);
    sunday.setUTCDate(sunday.getUTCDate() - 1);
    const closed = await client.createCalendarEvent(slot(sunday.toISOString().slice(0, 10), '10:00', '11:00'));
    expect(closed).toMatchObject({ outcome: 'busy', code: '200', reason: 'outside_business_hours' });
    expect((await api.stats()).events).toBe(before.events);
  });

  it('the end must be after the start, in a time zone that exists: refused before sending', async () => {
    const before = await api.stats();
    const backwards = await failureOf(client.createCalendarEvent(slot(mondayNextYear(2), '11:00', '10:00')));
    expect(backwards.code).toBe('messaging.input.invalid_time_range');
    const zone = await failureOf(client.createCalendarEvent(slot(mondayNextYear(2), '10:00', '11:00', 'Mars/Olympus')));
    expect(zone).toMatchObject({ code: 'messaging.input.unknown_time_zone' });
    expect(zone.message).toContain('start.timeZone');
    expect(exchanges).toHaveLength(0);
    expect(await api.stats()).toEqual(before);
  });
});

describe('sending messages', () => {
  it('sends a text now, to numbers typed in any common form', async () => {
    const result = await client.sendMessage(
      text({ contacts: ['(646) 555-0002', '+1 646 555 0003', '6465550004'], title: 'Launch' }),
    );
    expect(result).toMatchObject({ status: 'Success', code: '00', type: 'text', count: 3, time: null });
    expect(result.meaning.toLowerCase()).toBe(SEND_RESULT_CODES[0].meaning);
    expect(result.messages?.map((m) => m.number)).toEqual(['+16465550002', '+16465550003', '+16465550004']);
  });

  it('schedules a text with time YYYY-MM-DD H:I and a Country/City zone', async () => {
    const result = await client.sendMessage(
      text({ schedule: { time: `${NEXT_YEAR}-03-02 9:05`, timeZone: 'Europe/Paris' } }),
    );
    expect(result).toMatchObject({ code: '00', time: `${NEXT_YEAR}-03-02 09:05`, timeZone: 'Europe/Paris' });
    expect(result.messages?.[0]?.status).toBe('scheduled');
  });

  it('sends an MMS with its file streamed from disk as multipart; the list shows it', async () => {
    const path = join(files, 'voice note.wav');
    writeFileSync(path, wavOfSize(MESSAGING_LIMITS.mmsMaxBytes)); // exactly at the limit
    const result = await client.sendMessage(text({ type: 'mms', mmsPath: path, text: 'Listen' }));
    expect(result).toMatchObject({ code: '00', type: 'mms', count: 1 });
    const page = await client.listMessages({ submission: result.submissionId!, limit: 10 });
    expect(page.messages).toHaveLength(1);
    expect(page.messages[0]).toMatchObject({
      type: 'mms',
      mms: { contentType: 'audio/wav', bytes: MESSAGING_LIMITS.mmsMaxBytes },
    });
  });

  it('740 characters are counted as characters, not bytes: 740 emoji go out', async () => {
    const result = await client.sendMessage(text({ text: '😀'.repeat(MESSAGING_LIMITS.messageLength) }));
    expect(result.code).toBe('00');
  });

  it('a group overrides contacts: only the group gets the message', async () => {
    await client.createContact({ name: 'Team One', number: bulkNumber(11, '312'), groupId: 'crew-a' });
    await client.createContact({ name: 'Team Two', number: bulkNumber(12, '312'), groupId: 'crew-a' });
    const result = await client.sendMessage(text({ groupId: 'crew-a', contacts: ['not a number'] }));
    expect(result.messages?.map((m) => m.number).sort()).toEqual([bulkNumber(11, '312'), bulkNumber(12, '312')]);
  });

  it('lists sent messages page by page, newest first', async () => {
    const first = await client.listMessages({ limit: 2 });
    expect(first).toMatchObject({ status: 'Success', code: '00' });
    expect(first.messages).toHaveLength(2);
    expect(first.messages[0]!.id).toBeGreaterThan(first.messages[1]!.id);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await client.listMessages({ limit: 2, after: first.nextCursor! });
    expect(second.messages[0]!.id).toBeLessThan(first.messages[1]!.id);
  });
});

describe('writes are sent once, whatever happens', () => {
  it('backend error 500: the meaning, the request ID, one request (no retry), nothing written', async () => {
    const before = await api.stats();
    await api.setBackendErrorShare(1);
    try {
      const error = await failureOf(client.sendMessage(text()));
      expect(error).toMatchObject({
        code: 'messaging.send.500',
        status: 500,
        message: 'Backend error: nothing was sent; try again later',
      });
      expect(error.requestId).toMatch(/[0-9a-f-]{36}/);
      expect(isOutcomeUnknown(error)).toBe(false);
    } finally {
      await api.setBackendErrorShare(0);
    }
    expect(exchanges).toHaveLength(1);
    expect(await api.stats()).toEqual(before);
  });

  it('a dropped connection is an unknown outcome, not a resend: the service did store the message', async () => {
    const before = await api.stats();
    await setFaults({ dropShare: 1 });
    let error: AppError;
    try {
      error = await failureOf(client.sendMessage(text({ contacts: [bulkNumber(20, '646')] })));
    } finally {
      await setFaults({ dropShare: 0 });
    }
    expect(error.code).toBe('messaging.outcome_unknown');
    expect(error.details).toMatchObject({ cause: 'network.connection_lost' });
    expect(exchanges).toHaveLength(1);
    expect(exchanges[0]).toMatchObject({ status: null, delivery: 'unknown' });
    const after = await api.stats();
    expect(after.messages).toBe(before.messages + 1); // it went out: a resend would have sent it twice
  });

  it('a timeout is an unknown outcome, reported and never resent', async () => {
    const impatient = makeClient({ timeouts: { headersMs: 300 } });
    await setFaults({ latencyMs: 1_000 });
    let error: AppError;
    try {
      error = await failureOf(impatient.sendMessage(text({ contacts: [bulkNumber(21, '646')] })));
    } finally {
      await setFaults({ latencyMs: 0 });
      await impatient.close();
    }
    expect(error).toMatchObject({ code: 'messaging.outcome_unknown', details: { cause: 'network.timeout' } });
    expect(error.message).toMatch(/did not answer within 300 ms.*sends it again only if you say so/);
    expect(exchanges).toHaveLength(1);
  });

  it('a service that cannot be reached: nothing was sent, so the failure is definite', async () => {
    const nowhere = makeClient({ baseUrl: 'http://127.0.0.1:9' });
    try {
      const error = await failureOf(nowhere.sendMessage(text()));
      expect(error.code).toBe('network.unreachable');
      expect(error.details).toMatchObject({ delivery: 'not_sent' });
    } finally {
      await nowhere.close();
    }
  });

  it('reads are retried: a list that meets a backend error succeeds once the service recovers', async () => {
    await api.setBackendErrorShare(1);
    const retried: string[] = [];
    const patient = makeClient({
      retry: { baseDelayMs: 400, maxAttempts: 3 },
      random: () => 1,
      onRetry: (info) => {
        retried.push(info.code);
        void api.setBackendErrorShare(0);
      },
    });
    try {
      const page = await patient.listMessages({ limit: 1 });
      expect(page.code).toBe('00');
    } finally {
      await api.setBackendErrorShare(0);
      await patient.close();
    }
    expect(retried).toEqual(['messaging.list.500']);
    expect(exchanges.map((e) => e.status)).toEqual([500, 200]);
  });
});
