// Input the Messaging API used to take wrongly, now refused with the bad-input code: text
// that is not valid UTF-8 after URL-decoding (it was queued as replacement characters,
// which is not what the user wrote), in every body format and the GET's query; and a
// scheduled time or event time that a daylight-saving jump skips (it was stored an hour
// later while the answer echoed the time as given). Nothing is stored for either.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const SEND = '/app/smsapi/sms/post';
const fields = { senderid: '+15550100', contacts: '+15551239001', type: 'text' };

/** The last Sunday of March next year: Europe's clocks jump from 02:00 to 03:00 that night. */
function springForwardInEurope(): string {
  const year = new Date().getUTCFullYear() + 1;
  const day = new Date(Date.UTC(year, 2, 31));
  day.setUTCDate(31 - day.getUTCDay());
  return `${year}-03-${String(day.getUTCDate()).padStart(2, '0')}`;
}

describe('text that is not UTF-8', () => {
  it('is refused with 16 (invalid payload) in a query, a form, multipart and JSON; nothing is queued', async () => {
    const before = (await api.stats()).messages;
    const query = `key=${encodeURIComponent(key)}&senderid=%2B15550100&contacts=%2B15551239001&type=text&msg=caf%E9`;
    const get = await api.raw('GET', `/app/smsapi/sms/get?${query}`);
    expect(get.body).toMatchObject({ code: '16', status: 'Error' });
    expect(get.body.message).toMatch(/msg is not valid UTF-8/);

    const form = await api.raw('POST', SEND, {
      body: `key=${encodeURIComponent(key)}&senderid=%2B15550100&contacts=%2B15551239001&type=text&msg=%C3%28`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.body).toMatchObject({ code: '16' });

    const boundary = 'b0undary';
    const part = (name: string, value: Buffer) =>
      Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`),
        value,
        Buffer.from('\r\n'),
      ]);
    const multipart = Buffer.concat([
      ...Object.entries({ key, ...fields }).map(([n, v]) => part(n, Buffer.from(v))),
      part('msg', Buffer.from([0x48, 0x69, 0xff, 0xfe])),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
    const mp = await api.raw('POST', SEND, {
      body: multipart,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(mp.body).toMatchObject({ code: '16' });

    const json = Buffer.concat([
      Buffer.from(JSON.stringify({ key, ...fields, msg: 'X' }).replace('"X"', '"')),
      Buffer.from([0xc0, 0xaf]),
      Buffer.from('"}'),
    ]);
    const raw = await api.raw('POST', SEND, { body: json, headers: { 'content-type': 'application/json' } });
    expect(raw.body).toMatchObject({ code: '16' });

    expect((await api.stats()).messages).toBe(before);
    // Written as UTF-8, the same text goes.
    const good = await api.raw('GET', `/app/smsapi/sms/get?${query.replace('caf%E9', 'caf%C3%A9')}`);
    expect(good.body).toMatchObject({ code: '00' });
  });
});

describe('a time the clocks skip', () => {
  it('a scheduled send at 02:30 on the night Europe springs forward is refused with 11, not moved', async () => {
    const before = (await api.stats()).messages;
    const day = springForwardInEurope();
    const res = await api.json(SEND, { key, ...fields, msg: 'Gap', time: `${day} 2:30`, time_zone: 'Europe/Paris' });
    expect(res.body).toMatchObject({ code: '11', status: 'Error' });
    expect(res.body.message).toMatch(/does not exist in Europe\/Paris/);
    expect((await api.stats()).messages).toBe(before);
    // An hour later exists, and is kept as given.
    const later = await api.json(SEND, { key, ...fields, msg: 'Gap', time: `${day} 3:30`, time_zone: 'Europe/Paris' });
    expect(later.body).toMatchObject({ code: '00', time: `${day} 03:30`, timeZone: 'Europe/Paris' });
    expect(new Date(later.body.scheduledAt).toISOString()).toBe(`${day}T01:30:00.000Z`);
  });

  it('a calendar event starting inside the skipped hour is refused with 400', async () => {
    const day = springForwardInEurope();
    const res = await api.json('/calendar_api', {
      apiKey: key,
      start: { dateTime: `${day}T02:15:00`, timeZone: 'Europe/Paris' },
      end: { dateTime: `${day}T04:00:00`, timeZone: 'Europe/Paris' },
      summary: 'Gap',
    });
    expect(res.body).toMatchObject({ code: '400', status: 'Error' });
    expect(res.body.message).toMatch(/start\.dateTime.*does not exist/);
  });
});
