// Sending text and MMS messages through the sandbox's Messaging API over HTTP: every result
// code we defined for it (shared/messagingCodes.ts), the limits at their edges, bulk
// submissions, the sent-message list, and that messages and keys survive a restart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_RESULT_CODES, SEND_RESULT_CODES } from '../../shared/messagingCodes.ts';
import { messagingClient, wavOfSize, type MessagingClient } from '../support/messagingClient.ts';
import { startSandboxProcess, type RunningSandbox } from '../support/sandboxProcess.ts';

let sandbox: RunningSandbox;
let api: MessagingClient;
let key: string;

beforeAll(async () => {
  sandbox = await startSandboxProcess({ jobSeconds: 0.5 });
  api = messagingClient(sandbox);
  key = sandbox.messagingApiKey;
});
afterAll(() => sandbox?.stop({ removeData: true }));

const SEND = '/app/smsapi/sms/post';
const NEXT_YEAR = new Date().getUTCFullYear() + 1;

/** `count` distinct valid numbers, +1555 followed by 7 digits from `from`. */
function numbers(count: number, from = 0): string[] {
  return Array.from({ length: count }, (_, i) => `+1555${String(from + i).padStart(7, '0')}`);
}

function text(fields: Record<string, unknown> = {}) {
  return { key, senderid: '+15550100', contacts: '+15551230001', msg: 'Hello', type: 'text', ...fields };
}

function expectCode(res: { http: number; body: any }, code: string, http = 200): void {
  expect(res.body, JSON.stringify(res.body).slice(0, 600)).toMatchObject({
    code,
    status: code === '00' ? 'Success' : 'Error',
  });
  expect(res.http).toBe(http);
}

function mmsForm(file: Blob | null, name = 'clip.wav', fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries({
    key,
    senderid: '+15550100',
    contacts: '+15551230002',
    msg: 'Listen',
    type: 'mms',
    ...fields,
  }))
    form.append(k, v);
  if (file) form.append('mms', file, name);
  return form;
}

async function listAll(params: Record<string, string> = {}): Promise<any[]> {
  const res = await api.get('/app/smsapi/sms/list', { key, limit: '100', ...params });
  expectCode(res, '00');
  return res.body.messages;
}

describe('sending one text', () => {
  it('00: JSON, sent now: one message ID per recipient, duplicates sent once; it becomes delivered', async () => {
    const res = await api.json(SEND, text({ contacts: '+1 555 123 0010, 15551230011,+15551230010', title: 'Launch' }));
    expectCode(res, '00');
    expect(res.body).toMatchObject({ type: 'text', count: 2, duplicatesIgnored: 1, time: null, timeZone: null });
    expect(Date.parse(res.body.scheduledAt)).toBeLessThanOrEqual(Date.now() + 1000);
    expect(res.body.messages.map((m: any) => m.number)).toEqual(['+15551230010', '15551230011']);
    expect(res.body.messages.every((m: any) => Number.isInteger(m.id) && m.status === 'queued')).toBe(true);

    const deadline = Date.now() + 10_000;
    for (;;) {
      const mine = (await listAll({ submission: String(res.body.submissionId) })).map((m) => m.status);
      if (mine.every((s) => s === 'delivered')) break;
      if (Date.now() > deadline) throw new Error(`still ${mine.join(', ')}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  });

  it('00: a form and a GET with query parameters carry URL-encoded text, decoded once', async () => {
    const msg = 'Caffè + crème 😀 100%';
    const form = await api.form(SEND, { key, senderid: '15550100', contacts: '+15551230012', msg, type: 'text' });
    expectCode(form, '00');
    const get = await api.get('/app/smsapi/sms/get', {
      key,
      senderid: '15550100',
      contacts: '+15551230013',
      msg,
      type: 'TEXT',
    });
    expectCode(get, '00');
    const sent = await listAll({ submission: String(get.body.submissionId) });
    expect(sent[0]).toMatchObject({ text: msg, number: '+15551230013', senderId: '15550100' });
    expect(new URL(`${api.base}/x?msg=${encodeURIComponent(msg)}`).search).toContain('%F0%9F%98%80'); // the GET carried it encoded
  });

  it('00: the key may come as a Bearer header, and in the query of the GET', async () => {
    const { key: _drop, ...noKey } = text();
    expectCode(await api.json(SEND, noKey, { authorization: `Bearer ${key}` }), '00');
    expectCode(await api.get('/app/smsapi/sms/get', { ...(noKey as Record<string, string>), key }), '00');
  });

  it('00: a scheduled time in a time zone is returned, with the UTC instant', async () => {
    const res = await api.json(SEND, text({ time: `${NEXT_YEAR}-12-01 9:05`, time_zone: 'Europe/Paris' }));
    expectCode(res, '00');
    expect(res.body).toMatchObject({
      time: `${NEXT_YEAR}-12-01 09:05`,
      timeZone: 'Europe/Paris',
      scheduledAt: `${NEXT_YEAR}-12-01T08:05:00.000Z`,
    });
    expect(res.body.messages[0].status).toBe('scheduled');
    const ny = await api.get('/app/smsapi/sms/get', {
      key,
      senderid: '15550100',
      contacts: '+15551230014',
      msg: 'Hi',
      type: 'text',
      time: `${NEXT_YEAR}-07-01 21:30`,
      time_zone: 'America/New_York',
    });
    expect(ny.body.scheduledAt).toBe(`${NEXT_YEAR}-07-02T01:30:00.000Z`);
  });

  it("00: groupid sends to the group's contacts and overrides contacts", async () => {
    for (const [name, contact] of [
      ['Ann Able', '+15551240001'],
      ['Ben Baker', '+15551240002'],
    ]) {
      expectCode(await api.json('/contacts_api', { key, name, contact, group_id: 'choir' }), '00');
    }
    expectCode(
      await api.json('/contacts_api', { key, name: 'Cy Cole', contact: '+15551240003', group_id: 'band' }),
      '00',
    );
    const res = await api.json(SEND, text({ groupid: 'choir', contacts: 'not-a-number, +15551249999' }));
    expectCode(res, '00');
    expect(res.body.messages.map((m: any) => m.number).sort()).toEqual(['+15551240001', '+15551240002']);
    expect((await listAll({ submission: String(res.body.submissionId) }))[0].groupId).toBe('choir');
  });

  it('00 for 1000 numbers, 06 for 1001', async () => {
    const ok = await api.json(SEND, text({ contacts: numbers(1000).join(',') }));
    expectCode(ok, '00');
    expect(ok.body.messages).toHaveLength(1000);
    const tooMany = await api.form(SEND, { ...(text() as Record<string, string>), contacts: numbers(1001).join(',') });
    expectCode(tooMany, '06');
    expect(tooMany.body.count).toBe(1001);
  });

  it('00 for 740 characters, 07 for 741, counting characters and not bytes', async () => {
    for (const unit of ['a', 'é', '€', '😀']) {
      expectCode(await api.json(SEND, text({ msg: unit.repeat(740) })), '00');
      const long = await api.json(SEND, text({ msg: unit.repeat(741) }));
      expectCode(long, '07');
      expect(long.body.message).toContain('741 characters');
    }
    const form = new FormData();
    for (const [k, v] of Object.entries(text({ msg: '😀'.repeat(740) }))) form.append(k, String(v));
    expectCode(await api.multipart(SEND, form), '00');
  });

  it('01, 02 and 401 for a missing, wrong or contradicted key', async () => {
    const { key: _drop, ...noKey } = text();
    expectCode(await api.json(SEND, noKey), '01');
    expectCode(await api.json(SEND, text({ key: 'msk_wrong' })), '02');
    expectCode(await api.json(SEND, text(), { authorization: 'Bearer msk_wrong' }), '401', 401);
    expectCode(await api.get('/app/smsapi/sms/get', { senderid: '1', msg: 'x', type: 'text' }), '01');
  });

  it('03 for a missing or non-phone sender ID; 08 for a missing or unknown type; 04 for an empty text', async () => {
    expectCode(await api.json(SEND, text({ senderid: undefined })), '03');
    expectCode(await api.json(SEND, text({ senderid: 'ACME' })), '03');
    expectCode(await api.json(SEND, text({ type: undefined })), '08');
    expectCode(await api.json(SEND, text({ type: 'flash' })), '08');
    expectCode(await api.json(SEND, text({ msg: undefined })), '04');
    expectCode(await api.form(SEND, { ...(text() as Record<string, string>), msg: '  ' }), '04');
  });

  it('05 without recipients, 13 for invalid numbers (listed), 14 for an unknown group', async () => {
    expectCode(await api.json(SEND, text({ contacts: undefined })), '05');
    expectCode(await api.json(SEND, text({ contacts: ' , ,' })), '05');
    const bad = await api.json(SEND, text({ contacts: '+15551230020, 12345, call-me, +15551230021' }));
    expectCode(bad, '13');
    expect(bad.body.invalidNumbers).toEqual(['12345', 'call-me']);
    expectCode(await api.json(SEND, text({ groupid: 'nobody-here' })), '14');
  });

  it('11 for a malformed time, 12 for a missing or unknown zone, 15 for a time that has passed', async () => {
    for (const time of [
      `${NEXT_YEAR}-12-01 25:00`,
      `01-12-${NEXT_YEAR} 9:05`,
      `${NEXT_YEAR}-02-30 9:05`,
      `${NEXT_YEAR}-12-01T09:05`,
      `${NEXT_YEAR}-12-01 9:5`,
    ]) {
      expectCode(await api.json(SEND, text({ time, time_zone: 'Europe/Paris' })), '11');
    }
    expectCode(await api.json(SEND, text({ time: `${NEXT_YEAR}-12-01 9:05` })), '12');
    for (const zone of ['Mars/Olympus', 'UTC', '+02:00']) {
      expectCode(await api.json(SEND, text({ time: `${NEXT_YEAR}-12-01 9:05`, time_zone: zone })), '12');
    }
    expectCode(await api.json(SEND, text({ time: '2020-01-01 09:00', time_zone: 'Europe/Paris' })), '15');
  });

  it('16 for an unknown field, a field given twice, a wrong type or an unreadable body', async () => {
    expectCode(await api.json(SEND, text({ colour: 'red' })), '16');
    expectCode(await api.json(SEND, text({ msg: 42 })), '16');
    expectCode(await api.json(SEND, '[1, 2]'), '16');
    expectCode(await api.raw('POST', SEND, { body: 'msg=hi', headers: { 'content-type': 'text/plain' } }), '16');
    expectCode(
      await api.raw('POST', SEND, {
        body: `key=${key}&msg=a&msg=b`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
      '16',
    );
  });

  it('500 on a backend error, sending nothing', async () => {
    const before = await api.stats();
    await api.setBackendErrorShare(1);
    try {
      expectCode(await api.json(SEND, text()), '500', 500);
      expectCode(await api.get('/app/smsapi/sms/get', text() as Record<string, string>), '500', 500);
    } finally {
      await api.setBackendErrorShare(0);
    }
    expect(await api.stats()).toEqual(before);
  });
});

describe('sending an MMS', () => {
  it('00 for a 2,000,000-byte audio file, 10 for 2,000,001 bytes', async () => {
    const ok = await api.multipart(SEND, mmsForm(new Blob([wavOfSize(2_000_000)], { type: 'audio/wav' })));
    expectCode(ok, '00');
    expect(ok.body.type).toBe('mms');
    const [listed] = await listAll({ submission: String(ok.body.submissionId) });
    expect(listed.mms).toEqual({ contentType: 'audio/wav', bytes: 2_000_000 });
    const big = await api.multipart(SEND, mmsForm(new Blob([wavOfSize(2_000_001)], { type: 'audio/wav' })));
    expectCode(big, '10');
  });

  it('09 for a missing file, a file that is not media, a file on a text message, and an MMS by GET', async () => {
    expectCode(await api.multipart(SEND, mmsForm(null)), '09');
    expectCode(await api.json(SEND, text({ type: 'mms' })), '09');
    const pdf = await api.multipart(
      SEND,
      mmsForm(new Blob(['%PDF-1.4\n% not media\n'], { type: 'image/png' }), 'fake.png'),
    );
    expectCode(pdf, '09');
    expect(pdf.body.message).toContain('application/pdf');
    expectCode(await api.multipart(SEND, mmsForm(new Blob([wavOfSize(1000)]), 'a.wav', { type: 'text' })), '09');
    expectCode(await api.get('/app/smsapi/sms/get', { ...(text() as Record<string, string>), type: 'mms' }), '09');
  });
});

describe('bulk submissions', () => {
  const BULK = '/app/smsapi/sms/bulk';

  it('00 for 500 numbers in different messages, each entry with its message IDs', async () => {
    const all = numbers(500, 2000);
    const messages = Array.from({ length: 250 }, (_, i) => ({
      contacts: all.slice(2 * i, 2 * i + 2).join(','),
      msg: `Hello number ${i}`,
    }));
    messages[0] = {
      contacts: all.slice(0, 2).join(','),
      msg: 'Later',
      time: `${NEXT_YEAR}-03-01 8:00`,
      time_zone: 'Asia/Tokyo',
    } as any;
    const before = await api.stats();
    const res = await api.json(BULK, { key, senderid: '+15550100', type: 'text', messages });
    expectCode(res, '00');
    expect(res.body.count).toBe(500);
    expect(res.body.notice).toBeUndefined();
    expect(res.body.entries).toHaveLength(250);
    expect(res.body.entries[0]).toMatchObject({
      index: 0,
      time: `${NEXT_YEAR}-03-01 08:00`,
      timeZone: 'Asia/Tokyo',
      scheduledAt: new Date(Date.UTC(NEXT_YEAR, 2, 1, 8 - 9)).toISOString(),
    });
    expect(res.body.entries[0].messages.every((m: any) => m.status === 'scheduled')).toBe(true);
    expect(res.body.entries[7].messages.map((m: any) => m.number)).toEqual(all.slice(14, 16));
    const ids = res.body.entries.flatMap((e: any) => e.messages.map((m: any) => m.id));
    expect(new Set(ids).size).toBe(500);
    expect(await api.stats()).toEqual({
      ...before,
      messages: before.messages + 500,
      submissions: before.submissions + 1,
    });
  });

  it('06 for 1,200 one-number messages: refused whole, with nothing sent; up to 1000 accepted with a notice', async () => {
    const before = await api.stats();
    const messages = numbers(1200, 5000).map((contact, i) => ({ contact, msg: `Message ${i}` }));
    const res = await api.json(BULK, { key, senderid: '+15550100', type: 'text', messages });
    expectCode(res, '06');
    expect(res.body.index).toBe(1000);
    expect(await api.stats()).toEqual(before);
    const ok = await api.json(BULK, { key, senderid: '+15550100', type: 'text', messages: messages.slice(0, 1000) });
    expectCode(ok, '00');
    expect(ok.body.notice).toContain('500');
  });

  it('refuses a bad entry whole, naming it: 04, 07, 13, 05, 16; and 08 for mms, 16 for a form body', async () => {
    const good = { contacts: '+15551250001', msg: 'Fine' };
    const cases: [unknown, string][] = [
      [{ contacts: '+15551250002' }, '04'],
      [{ contacts: '+15551250002', msg: 'x'.repeat(741) }, '07'],
      [{ contacts: 'nope', msg: 'x' }, '13'],
      [{ msg: 'x' }, '05'],
      [{ contact: '+15551250002', contacts: '+15551250003', msg: 'x' }, '16'],
      [{ contacts: '+15551250002', msg: 'x', colour: 'red' }, '16'],
      [{ contacts: '+15551250002', msg: 'x', time: `${NEXT_YEAR}-01-01 9:00` }, '12'],
    ];
    const before = await api.stats();
    for (const [entry, code] of cases) {
      const res = await api.json(BULK, { key, senderid: '+15550100', type: 'text', messages: [good, entry] });
      expectCode(res, code);
      expect(res.body.index).toBe(1);
      expect(res.body.message).toContain('messages[1]');
    }
    expectCode(await api.json(BULK, { key, senderid: '+15550100', type: 'mms', messages: [good] }), '08');
    expectCode(await api.json(BULK, { key, senderid: '+15550100', type: 'text', messages: [] }), '16');
    expectCode(await api.form(BULK, { key, senderid: '+15550100', type: 'text' }), '16');
    expectCode(await api.json(BULK, { senderid: '+15550100', type: 'text', messages: [good] }), '01');
    expect(await api.stats()).toEqual(before);
  });

  it('every code it answers is in the bulk table, as every send code is in the send table', () => {
    expect(BULK_RESULT_CODES.map((r) => r.code)).toEqual(
      expect.arrayContaining([
        '00',
        '01',
        '02',
        '03',
        '04',
        '05',
        '06',
        '07',
        '08',
        '11',
        '12',
        '13',
        '14',
        '15',
        '16',
        '401',
        '500',
      ]),
    );
    expect(SEND_RESULT_CODES.map((r) => r.code)).toEqual(expect.arrayContaining(['09', '10']));
  });
});

describe('the sent-message list and restarts', () => {
  it('pages through messages newest first with nextCursor; 16 for a bad page size', async () => {
    const res = await api.json(SEND, text({ contacts: numbers(5, 9000).join(',') }));
    const sub = String(res.body.submissionId);
    const seen: number[] = [];
    let after: string | undefined;
    do {
      const page = await api.get('/app/smsapi/sms/list', {
        key,
        submission: sub,
        limit: '2',
        ...(after ? { after } : {}),
      });
      expectCode(page, '00');
      seen.push(...page.body.messages.map((m: any) => m.id));
      after = page.body.pagination.nextCursor ?? undefined;
    } while (after);
    expect(seen).toEqual(res.body.messages.map((m: any) => m.id).reverse());
    expectCode(await api.get('/app/smsapi/sms/list', { key, limit: '0' }), '16');
    expectCode(await api.get('/app/smsapi/sms/list', { key: 'wrong' }), '02');
  });

  it('keeps messages and the key across a restart; a rotated-out key then answers 401', async () => {
    const sent = await api.json(
      SEND,
      text({ contacts: '+15551260001', msg: 'Survives', time: `${NEXT_YEAR}-05-05 10:00`, time_zone: 'Europe/Lisbon' }),
    );
    expectCode(sent, '00');
    const before = await api.stats();
    sandbox = await sandbox.restart();
    api = messagingClient(sandbox);
    expect(sandbox.messagingApiKey).toBe(key);
    expect(await api.stats()).toEqual(before);
    const [kept] = await listAll({ submission: String(sent.body.submissionId) });
    expect(kept).toMatchObject({
      id: sent.body.messages[0].id,
      text: 'Survives',
      status: 'scheduled',
      time: `${NEXT_YEAR}-05-05 10:00`,
      timeZone: 'Europe/Lisbon',
    });

    const rotated = await api.admin('POST', '/_sandbox/messaging/rotate-key');
    expectCode(rotated, '00');
    const newKey: string = rotated.body.apiKey;
    expect(newKey).not.toBe(key);
    expectCode(await api.json(SEND, text()), '401', 401);
    expectCode(await api.json(SEND, text({ key: newKey })), '00');
    sandbox = await sandbox.restart();
    api = messagingClient(sandbox);
    expect(sandbox.messagingApiKey).toBe(newKey);
    expectCode(await api.json('/calendar_api', { apiKey: key }), '401', 401);
  });
});

describe('the messaging base URL', () => {
  it('stays the same across a restart, so a workspace pointed at it keeps working', async () => {
    const first = await startSandboxProcess();
    const again = await first.restart();
    try {
      expect(again.messagingBaseUrl).toBe(first.messagingBaseUrl);
      expect(again.messagingApiKey).toBe(first.messagingApiKey);
      expect(again.createBaseUrl).toBe(first.createBaseUrl);
    } finally {
      await again.stop({ removeData: true });
    }
  });
});
