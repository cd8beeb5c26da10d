// The Messaging screen's requests (shared/ipc/messaging.ts) through the real core against a
// real sandbox connected as a remote account (so the test can read its admin counts), with
// the real Secret Service: contacts and the 97 of a number added twice, a CSV import stopped
// and resumed (and one whose answers were lost) that never adds anyone twice, an MMS staged
// in chunks and scheduled, a calendar Busy, and a bulk send in submissions of 500.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import keytar from 'keytar';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppError } from '../../shared/appError.ts';
import type { RequestArg, RequestName, RequestResult } from '../../shared/ipc.ts';
import type { ImportSummary } from '../../shared/ipc/messagingViews.ts';
import { createCore, type Core } from '../../main/core/app/createCore.ts';
import { makePng } from '../support/mediaFixtures.ts';
import { startSandboxProcess, type RunningSandbox } from '../support/sandboxProcess.ts';

const SERVICE = `Clipdesk-messaging-panel-${randomUUID()}`;
const dirs: string[] = [];
const cores: Core[] = [];
let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandboxProcess();
});
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.close()));
  await sandbox.admin('POST', '/_sandbox/faults', { dropShare: 0 });
});
afterAll(async () => {
  await sandbox?.stop({ removeData: true });
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  for (const { account } of await keytar.findCredentials(SERVICE)) await keytar.deletePassword(SERVICE, account);
});

function ask<N extends RequestName>(core: Core, name: N, arg: RequestArg<N>): Promise<RequestResult<N>> {
  return core.handlers[name](arg);
}

async function refused(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (err) {
    return err as AppError;
  }
  throw new Error('expected a refusal');
}

async function waitFor<T>(check: () => Promise<T | undefined> | T | undefined, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await check();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error('waited in vain');
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function stats(): Promise<{ contacts: number; events: number; messages: number; submissions: number }> {
  const res = await fetch(`${sandbox.messagingBaseUrl}/_sandbox/messaging/stats`, {
    headers: { 'x-sandbox-admin': sandbox.adminToken },
  });
  return res.json();
}

/** A core connected to the test's sandbox as a remote account, with a sender and US numbers. */
async function connectedCore(): Promise<Core> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'clipdesk-msg-panel-'));
  dirs.push(userDataDir);
  const core = createCore({ userDataDir, env: { CLIPDESK_KEYCHAIN_SERVICE: SERVICE } });
  cores.push(core);
  const workspace = await ask(core, 'workspaces.addRemote', {
    name: 'Messaging test',
    createBaseUrl: sandbox.createBaseUrl,
    apiKey: sandbox.apiKey,
    messagingBaseUrl: sandbox.messagingBaseUrl,
    messagingApiKey: sandbox.messagingApiKey,
  });
  await ask(core, 'settings.updateWorkspace', {
    workspaceId: workspace.id,
    defaultCountry: 'US',
    senderId: '+1 201 555 0100',
  });
  return core;
}

let serial = 0;
/** Numbers no other test of this file uses: a fresh exchange block each call. */
function freshNumbers(count: number): string[] {
  const block = 200 + (serial++ % 700);
  return Array.from({ length: count }, (_, i) => `(646) ${block}-${String(i).padStart(4, '0')}`);
}

async function importRows(core: Core, rows: RequestArg<'messaging.importAppend'>['rows']): Promise<ImportSummary> {
  const begun = await ask(core, 'messaging.importBegin', { fileName: 'leads.csv', totalRows: rows.length });
  for (let at = 0; at < rows.length; at += 200)
    await ask(core, 'messaging.importAppend', {
      importId: begun.importId,
      firstRow: at + 1,
      rows: rows.slice(at, at + 200),
    });
  return ask(core, 'messaging.importStart', { importId: begun.importId });
}

async function importEnded(core: Core, importId: string): Promise<ImportSummary> {
  return waitFor(async () => {
    const [found] = (await ask(core, 'messaging.imports', undefined)).filter((i) => i.importId === importId);
    return found && (found.state === 'finished' || found.state === 'stopped') ? found : undefined;
  });
}

describe('contacts', () => {
  it('adds a lead with its number in E.164, answers 97 with its meaning for the same number, and lists it', async () => {
    const core = await connectedCore();
    const settings = await ask(core, 'messaging.settings', undefined);
    expect(settings).toMatchObject({
      defaultCountry: 'US',
      keyPresent: true,
      messagingBaseUrl: sandbox.messagingBaseUrl,
    });
    expect(settings.senderId).toMatch(/^\+?1 ?201/);
    const [number] = freshNumbers(1);
    const added = await ask(core, 'messaging.addContact', {
      name: 'Ada Lovelace',
      number: number!,
      email: 'ada@example.com',
      groupId: 'vip',
      city: 'London',
      custom: { plan: 'gold' },
    });
    expect(added.result).toMatchObject({ code: '00', meaning: 'New contact added' });
    expect(added.contact).toMatchObject({
      name: 'Ada Lovelace',
      groupId: 'vip',
      city: 'London',
      custom: { plan: 'gold' },
    });
    expect(added.contact.number).toMatch(/^\+1646\d{7}$/);

    const again = await refused(ask(core, 'messaging.addContact', { name: 'Ada Byron', number: added.contact.number }));
    expect(again).toMatchObject({
      code: 'messaging.contacts.97',
      message: 'The number already exists in this account',
    });
    expect(again.requestId).toBeTruthy();

    const oneName = await refused(ask(core, 'messaging.addContact', { name: 'Ada', number: freshNumbers(1)[0]! }));
    expect(oneName.code).toBe('messaging.input.name_incomplete');

    const found = await ask(core, 'messaging.contacts', { query: 'lovelace' });
    expect(found.items.map((c) => c.number)).toEqual([added.contact.number]);
    expect((await ask(core, 'messaging.contacts', { query: number!.slice(0, 9) })).total).toBe(1);
    expect(await ask(core, 'messaging.groups', undefined)).toEqual([{ groupId: 'vip', count: 1 }]);
  });
});

describe('a CSV import', () => {
  it('reports each bad row, and stopped then resumed adds every good row exactly once', async () => {
    const core = await connectedCore();
    const numbers = freshNumbers(120);
    const rows = numbers.map((number, i) => ({ name: `Lead ${i} Person`, number }));
    rows[3] = { name: 'Onlyfirst', number: numbers[3]! };
    rows[50] = { name: 'No Number', number: '' };
    rows[77] = { name: 'Bad Number', number: '12' };
    const before = await stats();

    const started = await importRows(core, rows);
    expect(started.state).toBe('running');
    const stopped = await ask(core, 'messaging.importStop', { importId: started.importId });
    expect(['stopped', 'finished']).toContain(stopped.state);

    await ask(core, 'messaging.importStart', { importId: started.importId });
    const ended = await importEnded(core, started.importId);
    expect(ended).toMatchObject({ state: 'finished', received: 120 });
    expect(ended.counts).toMatchObject({ added: 117, invalid: 3, pending: 0, sending: 0, unknown: 0 });
    expect((await stats()).contacts - before.contacts).toBe(117);

    const bad = await ask(core, 'messaging.importRows', { importId: started.importId, states: ['invalid'] });
    expect(bad.rows.map((r) => r.row)).toEqual([4, 51, 78]);
    expect(bad.rows[0]).toMatchObject({ errorCode: 'messaging.input.name_incomplete' });
    expect(bad.rows[2]!.message).toContain('"12"');

    // The same file again: every good row is a duplicate (97), none is added twice.
    const second = await importRows(core, rows.slice(0, 10));
    const secondEnd = await importEnded(core, second.importId);
    expect(secondEnd.counts).toMatchObject({ duplicate: 9, invalid: 1 });
    const dup = await ask(core, 'messaging.importRows', { importId: second.importId, states: ['duplicate'] });
    expect(dup.rows[0]).toMatchObject({ resultCode: '97', errorCode: 'messaging.contacts.97' });
    expect(dup.rows[0]!.requestId).toBeTruthy();
    expect((await stats()).contacts - before.contacts).toBe(117);
  });

  it('rows whose answer was lost are unknown, and a resume settles them without adding anyone twice', async () => {
    const core = await connectedCore();
    const rows = freshNumbers(40).map((number, i) => ({ name: `Lost ${i} Answer`, number }));
    const before = await stats();
    // The sandbox drops half the connections AFTER the contact was added.
    await sandbox.admin('POST', '/_sandbox/faults', { dropShare: 0.5 });
    const started = await importRows(core, rows);
    const first = await importEnded(core, started.importId);
    expect(first.state).toBe('finished');
    expect(first.counts.unknown).toBeGreaterThan(0);
    expect(first.counts.added + first.counts.unknown).toBe(40);
    const unknown = await ask(core, 'messaging.importRows', { importId: started.importId, states: ['unknown'] });
    expect(unknown.rows[0]).toMatchObject({ errorCode: 'messaging.outcome_unknown', state: 'unknown' });

    await sandbox.admin('POST', '/_sandbox/faults', { dropShare: 0 });
    await ask(core, 'messaging.importStart', { importId: started.importId });
    const settled = await importEnded(core, started.importId);
    expect(settled.counts).toMatchObject({ unknown: 0, added: first.counts.added, duplicate: first.counts.unknown });
    expect((await stats()).contacts - before.contacts).toBe(40);
  });
});

describe('messages', () => {
  it('stages an MMS in chunks and schedules it; the list shows it scheduled per recipient', async () => {
    const core = await connectedCore();
    const dir = mkdtempSync(join(tmpdir(), 'clipdesk-mms-'));
    dirs.push(dir);
    const bytes = readFileSync(await makePng(dir, { name: 'photo.png' }));
    const { mmsId } = await ask(core, 'messaging.mmsBegin', { filename: 'photo.png', sizeBytes: bytes.length });
    const half = Math.ceil(bytes.length / 2);
    await ask(core, 'messaging.mmsChunk', { mmsId, offset: 0, data: bytes.subarray(0, half).toString('base64') });
    const out = await refused(ask(core, 'messaging.mmsChunk', { mmsId, offset: 0, data: 'AAAA' }));
    expect(out.code).toBe('messaging.mms.incomplete');
    await ask(core, 'messaging.mmsChunk', { mmsId, offset: half, data: bytes.subarray(half).toString('base64') });

    const year = new Date().getUTCFullYear() + 1;
    const sent = await ask(core, 'messaging.send', {
      contacts: freshNumbers(2),
      text: 'Our new studio, see you there',
      type: 'mms',
      mmsId,
      schedule: { time: `${year}-03-02 10:30`, timeZone: 'Europe/Paris' },
    });
    expect(sent).toMatchObject({ code: '00', type: 'mms', count: 2, timeZone: 'Europe/Paris' });
    const page = await ask(core, 'messaging.messages', { submission: sent.submissionId! });
    expect(page.messages).toHaveLength(2);
    expect(page.messages.every((m) => m.status === 'scheduled' && m.type === 'mms')).toBe(true);
    // Sent: the staged file is gone.
    expect(
      (await refused(ask(core, 'messaging.send', { contacts: freshNumbers(1), text: 'x', type: 'mms', mmsId }))).code,
    ).toBe('messaging.mms.not_found');
  });

  it('needs a sender ID from the settings before anything is sent', async () => {
    const core = await connectedCore();
    const { workspaceId } = await ask(core, 'messaging.settings', undefined);
    await ask(core, 'settings.updateWorkspace', { workspaceId, senderId: null });
    const error = await refused(ask(core, 'messaging.send', { contacts: freshNumbers(1), text: 'Hi', type: 'text' }));
    expect(error.code).toBe('messaging.sender_missing');
  });
});

describe('the calendar', () => {
  it('creates an event in business hours and answers Busy with its meaning for the same slot', async () => {
    const core = await connectedCore();
    // A Wednesday far enough ahead, 10:00 to 10:30 in New York.
    const day = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 5, 1));
    while (day.getUTCDay() !== 3) day.setUTCDate(day.getUTCDate() + 1);
    const date = day.toISOString().slice(0, 10);
    const event = {
      start: { dateTime: `${date}T10:00`, timeZone: 'America/New_York' },
      end: { dateTime: `${date}T10:30`, timeZone: 'America/New_York' },
      summary: 'Kick-off',
      activity: 'appointment' as const,
      priority: 'high' as const,
      reminders: { method: 'both' as const, minutes: 15 },
    };
    const created = await ask(core, 'messaging.createEvent', event);
    expect(created).toMatchObject({ outcome: 'created', code: '00' });
    const busy = await ask(core, 'messaging.createEvent', event);
    expect(busy).toMatchObject({ outcome: 'busy', code: '200', status: 'Busy' });
    expect(busy.meaning).toMatch(/^No free slots/);
  });
});

describe('a bulk send', () => {
  it('goes out in submissions of at most 500, each journaled, with progress events', async () => {
    const core = await connectedCore();
    const progress: { submission: number; state: string }[] = [];
    core.events.subscribe((name, payload) => {
      if (name === 'bulk.progress') progress.push(payload as { submission: number; state: string });
    });
    const before = await stats();
    const messages = Array.from({ length: 1200 }, (_, i) => ({
      number: `+1415555${String(i).padStart(4, '0')}`,
      text: `Hello friend ${i}, your code is ${1000 + i}`,
    }));
    const { draftId } = await ask(core, 'messaging.bulkBegin', { title: 'Spring', totalMessages: 1200 });
    const early = await refused(ask(core, 'messaging.bulkStart', { draftId }));
    expect(early.code).toBe('messaging.draft.incomplete');
    for (let at = 0; at < messages.length; at += 200)
      await ask(core, 'messaging.bulkAppend', { draftId, messages: messages.slice(at, at + 200) });
    const started = await ask(core, 'messaging.bulkStart', { draftId });
    expect(started.submissions.map((s) => s.count)).toEqual([500, 500, 200]);

    const done = await waitFor(async () => {
      const item = (await ask(core, 'messaging.bulks', undefined)).find((b) => b.bulkId === started.bulkId);
      return item && !item.running && item.sent === 1200 ? item : undefined;
    });
    expect(done.submissions.map((s) => s.state)).toEqual(['sent', 'sent', 'sent']);
    const after = await stats();
    expect(after.messages - before.messages).toBe(1200);
    expect(after.submissions - before.submissions).toBe(3);
    expect(progress.filter((p) => p.state === 'sent').map((p) => p.submission)).toEqual([0, 1, 2]);
  });

  it('an unknown submission waits for the user, who may resend it', async () => {
    const core = await connectedCore();
    const before = await stats();
    await sandbox.admin('POST', '/_sandbox/faults', { dropShare: 1 });
    const { draftId } = await ask(core, 'messaging.bulkBegin', { totalMessages: 3 });
    await ask(core, 'messaging.bulkAppend', {
      draftId,
      messages: ['+14155550001', '+14155550002', '+14155550003'].map((number) => ({ number, text: 'Hi' })),
    });
    const started = await ask(core, 'messaging.bulkStart', { draftId });
    const unknown = await waitFor(async () => {
      const item = (await ask(core, 'messaging.bulks', undefined)).find((b) => b.bulkId === started.bulkId);
      return item && !item.running && item.submissions[0]!.state === 'unknown' ? item : undefined;
    });
    expect(unknown.sent).toBe(0);
    await sandbox.admin('POST', '/_sandbox/faults', { dropShare: 0 });
    // It went out once already (the drop came after it was stored); only the user's word sends it again.
    expect((await stats()).messages - before.messages).toBe(3);
    const refusedResend = await refused(
      ask(core, 'messaging.bulkResend', { bulkId: started.bulkId, index: 0, confirmed: false as unknown as true }),
    );
    expect(refusedResend.code).toBe('request.invalid');
    await ask(core, 'messaging.bulkResend', { bulkId: started.bulkId, index: 0, confirmed: true });
    await waitFor(async () => {
      const item = (await ask(core, 'messaging.bulks', undefined)).find((b) => b.bulkId === started.bulkId);
      return item && !item.running && item.submissions[0]!.state === 'sent' ? item : undefined;
    });
    expect((await stats()).messages - before.messages).toBe(6);
  });
});
