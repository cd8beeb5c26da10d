// Every documented limit of the Messaging API (DESIGN.md rule 7) is refused by the app's client
// before a request is sent: the message says what to change, the client sends nothing and the
// real sandbox's counts do not move.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGING_LIMITS } from '../../shared/limits.ts';
import { createMessagingClient, type MessagingClient } from '../../main/core/messaging/messagingClient.ts';
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

beforeAll(async () => {
  sandbox = await startSandboxProcess({ jobSeconds: 0.5 });
  api = sandboxMessaging(sandbox);
  client = createMessagingClient({
    baseUrl: sandbox.messagingBaseUrl,
    getApiKey: async () => sandbox.messagingApiKey,
    defaultCountry: 'US',
    onExchange: (e) => exchanges.push(e),
  });
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

describe('every limit is refused before anything is sent', () => {
  const tooBig = () => {
    const path = join(files, 'too-big.wav');
    writeFileSync(path, wavOfSize(MESSAGING_LIMITS.mmsMaxBytes + 1));
    return path;
  };
  const notMedia = () => {
    const path = join(files, 'notes.txt');
    writeFileSync(path, 'just some words, not a picture');
    return path;
  };
  const cases: [string, () => Promise<unknown>, string, RegExp][] = [
    [
      '1001 numbers',
      () => client.sendMessage(text({ contacts: Array.from({ length: 1001 }, (_, i) => bulkNumber(i, '415')) })),
      'messaging.input.too_many_numbers',
      /1001 numbers.*at most 1000.*remove 1/,
    ],
    [
      '741 characters',
      () => client.sendMessage(text({ text: 'é'.repeat(741) })),
      'messaging.input.text_too_long',
      /741 characters.*shorten it by 1/,
    ],
    ['an empty text', () => client.sendMessage(text({ text: '  ' })), 'messaging.input.text_empty', /text is empty/],
    ['no recipients', () => client.sendMessage(text({ contacts: [] })), 'messaging.input.no_recipients', /group ID/],
    [
      'a type other than text or mms',
      () => client.sendMessage(text({ type: 'flash' })),
      'messaging.input.invalid_type',
      /"flash".*text or mms/,
    ],
    [
      'an MMS over 2,000,000 bytes',
      () => client.sendMessage(text({ type: 'mms', mmsPath: tooBig() })),
      'messaging.input.mms_too_large',
      /2,000,001 bytes.*2,000,000/,
    ],
    [
      'an MMS that is not media',
      () => client.sendMessage(text({ type: 'mms', mmsPath: notMedia() })),
      'messaging.input.mms_not_media',
      /image, video or audio/,
    ],
    [
      'an MMS without its file',
      () => client.sendMessage(text({ type: 'mms' })),
      'messaging.input.mms_missing',
      /needs its file/,
    ],
    [
      'a text with a file',
      () => client.sendMessage(text({ mmsPath: notMedia() })),
      'messaging.input.mms_not_allowed',
      /takes no file/,
    ],
    [
      'a time not in YYYY-MM-DD H:I',
      () => client.sendMessage(text({ schedule: { time: `${NEXT_YEAR}-12-01T09:00`, timeZone: 'Europe/London' } })),
      'messaging.input.invalid_time',
      /YYYY-MM-DD H:I/,
    ],
    [
      'a date that does not exist',
      () => client.sendMessage(text({ schedule: { time: `${NEXT_YEAR}-02-30 9:00`, timeZone: 'Europe/London' } })),
      'messaging.input.invalid_time',
      /not a real date/,
    ],
    [
      'a time zone that does not exist',
      () => client.sendMessage(text({ schedule: { time: `${NEXT_YEAR}-12-01 9:00`, timeZone: 'Europe/Atlantis' } })),
      'messaging.input.unknown_time_zone',
      /Country\/City/,
    ],
    [
      'a time zone not in Country/City form',
      () => client.sendMessage(text({ schedule: { time: `${NEXT_YEAR}-12-01 9:00`, timeZone: 'UTC' } })),
      'messaging.input.unknown_time_zone',
      /Country\/City/,
    ],
    [
      'a number not valid for the default country',
      () => client.sendMessage(text({ contacts: ['020 7946 0000'] })),
      'messaging.input.invalid_number',
      /for US \(the default country\): "020 7946 0000"/,
    ],
    [
      'a contact with a first name only',
      () => client.createContact({ name: 'Cher', number: '+1 212 555 0190' }),
      'messaging.input.name_incomplete',
      /"Cher" has no last name/,
    ],
    [
      'a contact number not valid for the default country',
      () => client.createContact({ name: 'Ann Lee', number: '12345' }),
      'messaging.input.invalid_number',
      /"12345"/,
    ],
    [
      'a sender that is not a phone number',
      () => client.sendMessage(text({ senderId: 'CLIPDESK' })),
      'messaging.input.invalid_sender',
      /senderId/,
    ],
  ];

  it.each(cases)('%s', async (_name, attempt, code, message) => {
    const before = await api.stats();
    const error = await failureOf(attempt());
    expect(error.code).toBe(code);
    expect(error.message).toMatch(message);
    expect(exchanges, 'no request may be sent').toHaveLength(0);
    expect(await api.stats()).toEqual(before);
  });

  it('a number with its country code is valid whatever the default country', async () => {
    const result = await client.sendMessage(text({ contacts: ['+44 20 7946 0000'] }));
    expect(result.messages?.[0]?.number).toBe('+442079460000');
  });
});
