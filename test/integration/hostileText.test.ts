// Issue 22, item 8: text is refused, never silently changed. A lone surrogate (JSON's `\ud800`
// escape) was stored as U+FFFD; NUL, ESC and BEL were queued in a text message and NUL cut a
// burnt-in caption; a project name was counted in UTF-16 units (61 × 𝕏 refused) while the SMS
// limit counts characters. Now each is a 400 (the Messaging API's invalid-payload code) naming
// the field, nothing is stored, and every limit counts characters (code points).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editorClient, trackOf } from '../support/editorSupport.ts';
import { messagingClient, type MessagingClient } from '../support/messagingClient.ts';
import { apiClient, startSandboxProcess, type ApiCall, type RunningSandbox } from '../support/sandboxProcess.ts';

let sandbox: RunningSandbox;
let call: ApiCall;
let sms: MessagingClient;

beforeAll(async () => {
  sandbox = await startSandboxProcess();
  call = apiClient(sandbox.createBaseUrl, sandbox.apiKey);
  sms = messagingClient(sandbox);
});
afterAll(() => sandbox?.stop({ removeData: true }));

const projectCount = async () => (await call('GET', '/projects?limit=100')).body.data.length as number;

describe('a project name', () => {
  it('with a lone surrogate, as the JSON escape \\ud800, is refused 400 naming the field; nothing is stored', async () => {
    const before = await projectCount();
    const res = await call('POST', '/projects', { body: '{"name":"Trip \\ud800 2026"}' });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.code).toBe('request.invalid');
    expect(res.body.error.message).toMatch(/name .*not valid Unicode/);
    expect(await projectCount()).toBe(before);
  });

  it('with NUL, ESC, BEL or a line break is refused 400 naming the field', async () => {
    for (const bad of ['a\u0000b', 'a\u001b[31mb', 'a\u0007b', 'two\nlines', 'c1\u0085']) {
      const res = await call('POST', '/projects', { body: { name: bad } });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.error.message).toMatch(/name/);
    }
  });

  it('counts characters: 120 × 𝕏 is taken, 121 is refused', async () => {
    const fits = await call('POST', '/projects', { body: { name: '𝕏'.repeat(120) } });
    expect(fits.status, JSON.stringify(fits.body)).toBe(201);
    expect(fits.body.data.name).toBe('𝕏'.repeat(120));
    const over = await call('POST', '/projects', { body: { name: '𝕏'.repeat(121) } });
    expect(over.status).toBe(400);
    expect(over.body.error.message).toMatch(/120 characters/);
  });

  it('body bytes that are not UTF-8 are refused', async () => {
    const res = await fetch(`${sandbox.createBaseUrl}/projects`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sandbox.apiKey}`, 'content-type': 'application/json' },
      body: Buffer.concat([Buffer.from('{"name":"caf'), Buffer.from([0xe9]), Buffer.from('"}')]),
    });
    expect(res.status).toBe(400);
  });
});

describe('a caption', () => {
  it('with NUL is refused 400 naming commands.0.text; the timeline is unchanged', async () => {
    const editor = editorClient(call);
    const projectId = await editor.createProject('Captions');
    const timeline = await editor.timeline(projectId);
    const trackId = trackOf(timeline, 'caption').id;
    const command = {
      type: 'addCaption',
      trackId,
      clipId: randomUUID(),
      startMs: 0,
      endMs: 1000,
      text: 'Hello\u0000 world',
    };
    const res = await editor.commands(projectId, timeline.revision, [command]);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.message).toMatch(/commands\.0\.text .*U\+0000/);
    expect(trackOf(await editor.timeline(projectId), 'caption').clips).toEqual([]);
    const ok = await editor.commands(projectId, timeline.revision, [{ ...command, text: 'Two\nlines' }]);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });
});

describe('a text message', () => {
  const send = (msg: string) => ({
    key: sandbox.messagingApiKey,
    senderid: '+15550100',
    contacts: '+15551239001',
    type: 'text',
    msg,
  });

  it('with a lone surrogate, NUL, ESC or BEL is refused with 16 naming msg; nothing is queued', async () => {
    const before = (await sms.stats()).messages;
    const lone = await sms.raw('POST', '/app/smsapi/sms/post', {
      body: JSON.stringify(send('x')).replace('"msg":"x"', '"msg":"Hi \\ud800"'),
      headers: { 'content-type': 'application/json' },
    });
    expect(lone.body).toMatchObject({ code: '16', status: 'Error' });
    expect(lone.body.message).toMatch(/msg .*not valid Unicode/);
    for (const bad of ['Hi\u0000', 'Hi\u001b[2J', 'Ring\u0007']) {
      const json = await sms.json('/app/smsapi/sms/post', send(bad));
      expect(json.body, JSON.stringify(bad)).toMatchObject({ code: '16' });
      expect(json.body.message).toMatch(/msg .*control character/);
      const form = await sms.form('/app/smsapi/sms/post', send(bad));
      expect(form.body).toMatchObject({ code: '16' });
    }
    expect((await sms.stats()).messages).toBe(before);
  });

  it('with line breaks is sent', async () => {
    const res = await sms.json('/app/smsapi/sms/post', send('Line one\nline two'));
    expect(res.body).toMatchObject({ code: '00' });
  });
});
