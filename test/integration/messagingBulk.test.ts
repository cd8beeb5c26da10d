// Bulk sends (main/core/messaging/bulkSend.ts) against the real sandbox, with the real journal
// and real processes killed with SIGKILL: submissions of at most 500 numbers, each journaled
// before anything is sent; nothing is ever sent twice; an unknown outcome waits for the user.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppError, AppFailure } from '../../shared/appError.ts';
import { BulkProgressSchema, type BulkProgress } from '../../shared/api/messagingEvents.ts';
import { BULK_RESULT_CODES } from '../../shared/messagingCodes.ts';
import { openJournal, type Journal } from '../../main/core/journal/journal.ts';
import { createBulkSender, type BulkSender } from '../../main/core/messaging/bulkSend.ts';
import { createMessagingClient, type MessagingClient } from '../../main/core/messaging/messagingClient.ts';
import { bulkMessages, bulkNumber, SENDER } from '../support/bulkFixtures.ts';
import { messagingClient as sandboxMessaging, type MessagingClient as SandboxApi } from '../support/messagingClient.ts';
import { startSandboxProcess, type RunningSandbox } from '../support/sandboxProcess.ts';

const CHILD = resolve(import.meta.dirname, '../support/bulkSendChild.ts');
const WORKSPACE = 'ws-bulk';

let sandbox: RunningSandbox;
let api: SandboxApi;
let client: MessagingClient;
let dataDir: string;
let journal: Journal;
let events: BulkProgress[];

beforeAll(async () => {
  sandbox = await startSandboxProcess({ jobSeconds: 0.5 });
  api = sandboxMessaging(sandbox);
  client = createMessagingClient({
    baseUrl: sandbox.messagingBaseUrl,
    getApiKey: async () => sandbox.messagingApiKey,
    defaultCountry: 'US',
  });
});
afterAll(async () => {
  await client?.close();
  await sandbox?.stop({ removeData: true });
});
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'clipdesk-bulk-'));
  journal = openJournal({ dataDir });
  events = [];
});
afterEach(() => {
  journal.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function sender(onProgress?: (event: BulkProgress) => void): BulkSender {
  return createBulkSender({
    client,
    sendLog: journal.messaging,
    workspaceId: WORKSPACE,
    defaultCountry: 'US',
    onProgress: (event) => {
      events.push(BulkProgressSchema.parse(event));
      onProgress?.(event);
    },
  });
}

/** The AppError a promise rejects with (it must reject). */
function rejection(promise: Promise<unknown>): Promise<AppError> {
  return promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (e: AppFailure) => e.toJSON(),
  );
}

const states = (bulkId: string) => journal.messaging.listBulk(bulkId).map((s) => s.state);

async function setFaults(patch: Record<string, number>): Promise<void> {
  expect((await sandbox.admin('POST', '/_sandbox/faults', patch)).status).toBe(200);
}

/** How many messages each number got whose text carries this test's tag, read back through the client. */
async function receivedByNumber(tag: string): Promise<Map<string, number>> {
  const got = new Map<string, number>();
  let after: string | undefined;
  do {
    const page = await client.listMessages({ limit: 100, after });
    for (const m of page.messages) {
      if (m.text?.startsWith(`${tag} #`)) got.set(m.number, (got.get(m.number) ?? 0) + 1);
    }
    after = page.nextCursor ?? undefined;
  } while (after);
  return got;
}

/** Runs test/support/bulkSendChild.ts; `onReport` sees each progress line and may kill the child. */
function runChild(
  mode: 'self-kill' | 'run',
  count: number,
  tag: string,
  killAt = -1,
  onReport?: (event: any, kill: () => void) => void,
): Promise<{ signal: NodeJS.Signals | null; report: any[]; stderr: string }> {
  const reportPath = join(dataDir, `report-${tag}.jsonl`);
  const args = [
    CHILD,
    mode,
    dataDir,
    reportPath,
    sandbox.messagingBaseUrl,
    sandbox.messagingApiKey,
    String(count),
    tag,
    String(killAt),
  ];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const read = () =>
    existsSync(reportPath)
      ? readFileSync(reportPath, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l))
      : [];
  let seen = 0;
  const watcher = onReport
    ? setInterval(() => {
        const lines = read();
        for (; seen < lines.length; seen++) onReport(lines[seen], () => child.kill('SIGKILL'));
      }, 5)
    : undefined;
  return new Promise((done) => {
    child.once('exit', (_code, signal) => {
      clearInterval(watcher);
      done({ signal, report: read(), stderr });
    });
  });
}

describe('a bulk send', () => {
  it('2,300 numbers go out as five submissions (500 × 4 + 300), all journaled first; the service stores exactly 2,300', async () => {
    const before = await api.stats();
    let journaledBeforeFirstRequest: string[] = [];
    const bulk = sender((event) => {
      if (event.state === 'sending' && event.submission === 0) journaledBeforeFirstRequest = states(event.bulkId);
    });
    const planned = bulk.plan({ senderId: SENDER, title: 'Spring launch', messages: bulkMessages(2300, 'five') });
    expect(planned.submissions.map((s) => [s.count, s.state])).toEqual([
      [500, 'pending'],
      [500, 'pending'],
      [500, 'pending'],
      [500, 'pending'],
      [300, 'pending'],
    ]);
    expect(await api.stats(), 'planning sends nothing').toEqual(before);

    const done = await bulk.run(planned.bulkId);
    expect(done).toMatchObject({ total: 2300, sent: 2300 });
    expect(states(planned.bulkId)).toEqual(['sent', 'sent', 'sent', 'sent', 'sent']);
    // When the first request was about to leave, every submission was already in the journal.
    expect(journaledBeforeFirstRequest).toEqual(['sending', 'pending', 'pending', 'pending', 'pending']);
    const after = await api.stats();
    expect(after.messages - before.messages).toBe(2300);
    expect(after.submissions - before.submissions).toBe(5);

    expect(events.map((e) => `${e.submission}:${e.state}:${e.sent}`)).toEqual([
      '0:sending:0',
      '0:sent:500',
      '1:sending:500',
      '1:sent:1000',
      '2:sending:1000',
      '2:sent:1500',
      '3:sending:1500',
      '3:sent:2000',
      '4:sending:2000',
      '4:sent:2300',
    ]);
    expect(events.every((e) => e.total === 2300 && e.submissions === 5 && e.bulkId === planned.bulkId)).toBe(true);

    // Each recipient got its own text, once.
    const got = await receivedByNumber('five');
    expect(got.size).toBe(2300);
    expect([...got.values()].every((n) => n === 1)).toBe(true);
    const last = journal.messaging.get(planned.bulkId, 4)!.result as {
      submissionId: number;
      code: string;
      meaning: string;
    };
    expect(last).toMatchObject({
      code: '00',
      meaning: expect.stringMatching(/^Every message of the submission accepted/),
    });
    const page = await client.listMessages({ submission: last.submissionId, limit: 1 });
    expect(page.messages[0]).toMatchObject({
      number: bulkNumber(2299),
      text: 'five #2299',
      kind: 'bulk',
      title: 'Spring launch',
    });
  });

  it('bad input anywhere in the bulk is refused before anything is journaled or sent', async () => {
    const before = await api.stats();
    const bulk = sender();
    const messages = bulkMessages(600, 'bad');
    messages[550] = { number: '555-0100', text: 'short number' };
    const numbers = await rejection(bulk.send({ senderId: SENDER, messages }));
    expect(numbers).toMatchObject({
      code: 'messaging.input.invalid_number',
      details: { invalidNumbers: ['555-0100'] },
    });

    const texts = bulkMessages(10, 'bad');
    texts[3] = { number: bulkNumber(3), text: 'x'.repeat(741) };
    const long = await rejection(bulk.send({ senderId: SENDER, messages: texts }));
    expect(long).toMatchObject({ code: 'messaging.input.text_too_long' });
    expect(long.message).toMatch(/^messages\[3\]\.text is 741 characters long/);

    expect(journal.messaging.list(WORKSPACE, 'pending')).toEqual([]);
    expect(events).toEqual([]);
    expect(await api.stats()).toEqual(before);
  });

  it('backend error 500: the submission is failed with the code meaning, nothing was written, and the rest waits', async () => {
    const before = await api.stats();
    const bulk = sender();
    await api.setBackendErrorShare(1);
    let stopped;
    try {
      stopped = await bulk.send({ senderId: SENDER, messages: bulkMessages(1200, 'backend') });
    } finally {
      await api.setBackendErrorShare(0);
    }
    expect(states(stopped.bulkId)).toEqual(['failed', 'pending', 'pending']);
    const meaning = BULK_RESULT_CODES.find((r) => r.code === '500')!.meaning;
    expect(stopped.submissions[0]!.result).toMatchObject({
      code: 'messaging.bulk.500',
      message: meaning.charAt(0).toUpperCase() + meaning.slice(1),
      status: 500,
    });
    expect(events.at(-1)).toMatchObject({ submission: 0, state: 'failed', error: { code: 'messaging.bulk.500' } });
    expect(await api.stats()).toEqual(before);

    const resumed = await bulk.run(stopped.bulkId);
    expect(states(stopped.bulkId)).toEqual(['failed', 'sent', 'sent']);
    expect(resumed.sent).toBe(700);
    expect((await api.stats()).messages - before.messages).toBe(700);
  });

  it('a dropped connection makes the submission unknown; it is never resent on its own', async () => {
    const before = await api.stats();
    const bulk = sender();
    await setFaults({ dropShare: 1 });
    let stopped;
    try {
      stopped = await bulk.send({ senderId: SENDER, messages: bulkMessages(1200, 'dropped', '917') });
    } finally {
      await setFaults({ dropShare: 0 });
    }
    expect(states(stopped.bulkId)).toEqual(['unknown', 'pending', 'pending']);
    expect(stopped.submissions[0]!.result).toMatchObject({ code: 'messaging.outcome_unknown' });
    // The service had stored them before the connection dropped: a resend would double them.
    expect((await api.stats()).messages - before.messages).toBe(500);

    await bulk.run(stopped.bulkId);
    await bulk.resumePending();
    expect(states(stopped.bulkId)).toEqual(['unknown', 'sent', 'sent']);
    expect((await api.stats()).messages - before.messages).toBe(1200);

    const unconfirmed = await rejection(bulk.resendUnknown(stopped.bulkId, 0, { confirmed: false }));
    expect(unconfirmed).toMatchObject({ code: 'messaging.resend.confirmation_required' });
    const notUnknown = await rejection(bulk.resendUnknown(stopped.bulkId, 1, { confirmed: true }));
    expect(notUnknown).toMatchObject({ code: 'messaging.resend.not_unknown' });
    const abandoned = bulk.abandonUnknown(stopped.bulkId, 0);
    expect(abandoned.submissions.map((s) => s.state)).toEqual(['failed', 'sent', 'sent']);
    expect((await api.stats()).messages - before.messages).toBe(1200);
    const got = await receivedByNumber('dropped');
    expect(got.size).toBe(1200);
    expect([...got.values()].every((n) => n === 1)).toBe(true);
  });
});

describe('a crash mid-send', () => {
  it('killed as the 3rd submission is committed `sending`: recovery makes it unknown, resume sends only the pending ones, and it goes out once the user confirms', async () => {
    const before = await api.stats();
    journal.close(); // the child has the journal to itself, as the one running app
    const ended = await runChild('self-kill', 2300, 'crash', 2);
    expect(ended.signal, ended.stderr).toBe('SIGKILL');
    const bulkId = ended.report.find((line) => line.planned)!.planned as string;
    expect(ended.report.filter((line) => line.state === 'sent').map((line) => line.submission)).toEqual([0, 1]);

    // A new app process on the same journal.
    journal = openJournal({ dataDir });
    expect(states(bulkId)).toEqual(['sent', 'sent', 'sending', 'pending', 'pending']);
    expect(journal.recoverAtStartup()).toEqual({ unknownSubmissions: 1 });
    expect(states(bulkId)).toEqual(['sent', 'sent', 'unknown', 'pending', 'pending']);
    expect((await api.stats()).messages - before.messages).toBe(1000);

    const bulk = sender();
    const [resumed] = await bulk.resumePending();
    expect(resumed).toMatchObject({ bulkId, sent: 1800, total: 2300 });
    expect(states(bulkId)).toEqual(['sent', 'sent', 'unknown', 'sent', 'sent']);
    expect((await api.stats()).messages - before.messages).toBe(1800);
    expect(await bulk.resumePending(), 'an unknown submission is not resumed').toEqual([]);

    const refused = await rejection(bulk.resendUnknown(bulkId, 2, { confirmed: false }));
    expect(refused).toMatchObject({ code: 'messaging.resend.confirmation_required' });
    expect((await api.stats()).messages - before.messages).toBe(1800);

    const confirmed = await bulk.resendUnknown(bulkId, 2, { confirmed: true });
    expect(confirmed).toMatchObject({ sent: 2300, total: 2300 });
    expect(events.filter((e) => e.submission === 2).map((e) => e.state)).toEqual(['pending', 'sending', 'sent']);
    expect((await api.stats()).messages - before.messages).toBe(2300);
    const got = await receivedByNumber('crash');
    expect(got.size).toBe(2300);
    expect([...got.values()].every((n) => n === 1)).toBe(true);
  });

  it('killed while the 3rd request is in flight: it is unknown, and no number ever gets a message twice', async () => {
    const before = await api.stats();
    journal.close();
    let killedAt = -1;
    await setFaults({ latencyMs: 800 }); // every request now takes a while: the kill lands mid-request
    let ended;
    try {
      ended = await runChild('run', 2300, 'inflight', -1, (line, kill) => {
        if (line.state === 'sending' && line.submission === 2) {
          killedAt = 2;
          kill();
        }
      });
    } finally {
      await setFaults({ latencyMs: 0 });
    }
    expect(ended.signal, ended.stderr).toBe('SIGKILL');
    expect(killedAt).toBe(2);
    const bulkId = ended.report.find((line) => line.planned)!.planned as string;

    journal = openJournal({ dataDir });
    expect(journal.recoverAtStartup()).toEqual({ unknownSubmissions: 1 });
    const bulk = sender();
    await bulk.resumePending();
    expect(states(bulkId)).toEqual(['sent', 'sent', 'unknown', 'sent', 'sent']);

    // Whether the cut-off request landed is the service's secret; either way it landed whole or not at all, once.
    const got = await receivedByNumber('inflight');
    expect([...got.values()].every((n) => n === 1)).toBe(true);
    const interrupted = journal.messaging.get(bulkId, 2)!.numbers;
    const landed = interrupted.filter((n) => got.has(n)).length;
    expect([0, 500]).toContain(landed);
    expect(got.size).toBe(1800 + landed);
    expect((await api.stats()).messages - before.messages).toBe(1800 + landed);
  });
});

describe('offline', () => {
  it('a bulk started while the service is down waits as pending and goes out once, when it answers again', async () => {
    const own = await startSandboxProcess({ jobSeconds: 0.5 });
    const ownClient = createMessagingClient({
      baseUrl: own.messagingBaseUrl,
      getApiKey: async () => own.messagingApiKey,
      defaultCountry: 'US',
    });
    try {
      await own.stop();
      const seen: BulkProgress[] = [];
      const bulk = createBulkSender({
        client: ownClient,
        sendLog: journal.messaging,
        workspaceId: WORKSPACE,
        defaultCountry: 'US',
        offlineRetry: { baseMs: 50, maxMs: 200 },
        onProgress: (event) => seen.push(event),
      });
      const running = bulk.send({ senderId: SENDER, messages: bulkMessages(700, 'offline') });
      await expect
        .poll(() => seen.filter((e) => e.state === 'pending').length, { timeout: 10_000 })
        .toBeGreaterThanOrEqual(2);
      // Nothing is failed or unknown while offline: every submission still waits.
      expect(journal.messaging.list(WORKSPACE, 'failed')).toHaveLength(0);
      expect(journal.messaging.list(WORKSPACE, 'unknown')).toHaveLength(0);
      expect(seen.at(-1)!.error?.code).toBe('network.unreachable');

      const back = await own.restart();
      try {
        const done = await running;
        expect(done.submissions.map((s) => s.state)).toEqual(['sent', 'sent']);
        const stats = await sandboxMessaging(back).stats();
        expect(stats.messages).toBe(700);
      } finally {
        await back.stop({ removeData: true });
      }
    } finally {
      await ownClient.close();
    }
  });
});
