// The journal keeps its promises across crashes and concurrent handles:
// real files, real child processes killed with SIGKILL, no mocks.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { JOURNAL_FILE_NAME, JOURNAL_SCHEMA_VERSION } from '../../main/core/journal/database.ts';
import { openJournal, type Journal } from '../../main/core/journal/journal.ts';
import type { NewIntent } from '../../main/core/journal/intents.ts';

const CHILD = resolve(import.meta.dirname, '../support/journalChild.ts');
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'clipdesk-journal-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function open(dataDir: string): Journal {
  const journal = openJournal({ dataDir });
  cleanups.push(() => journal.close());
  return journal;
}

function exportIntent(body: unknown = { clips: [1, 2] }, workspaceId = 'ws-1'): NewIntent {
  return { kind: 'export', workspaceId, request: { method: 'POST', path: '/projects/1/exports', body } };
}

function readReport(path: string): any[] {
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => JSON.parse(line));
}

/** Runs the child to its end (or its death) and returns how it ended. */
function runChild(args: string[]): {
  done: Promise<{ code: number | null; signal: string | null; stderr: string }>;
  kill(): void;
} {
  const child = spawn(process.execPath, [CHILD, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const done = new Promise<{ code: number | null; signal: string | null; stderr: string }>((resolveDone) =>
    child.on('exit', (code, signal) => resolveDone({ code, signal, stderr })),
  );
  return { done, kill: () => child.kill('SIGKILL') };
}

async function waitFor(what: string, test: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!test()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('intents and their idempotency keys', () => {
  it('runs in WAL mode with synchronous=FULL and a busy timeout', () => {
    const journal = open(tempDir());
    expect(journal.durability()).toEqual({ journalMode: 'wal', synchronous: 'full', busyTimeoutMs: 10_000 });
  });

  it('commits the intent and its key before create returns: another handle sees them at once', () => {
    const dir = tempDir();
    const writer = open(dir);
    const reader = open(dir);
    const first = writer.intents.create(exportIntent({ clips: [1] }));
    const second = writer.intents.create(exportIntent({ clips: [2] }));

    expect(first.idempotencyKey).toMatch(UUID_V4);
    expect(second.idempotencyKey).not.toBe(first.idempotencyKey);
    expect(second.seq).toBeGreaterThan(first.seq);
    expect(reader.intents.get(first.id)).toEqual(first);
    expect(reader.intents.get(first.id)?.state).toBe('pending');
    expect(reader.intents.get(second.id)?.request.body).toEqual({ clips: [2] });
  });

  it('keeps the same key through every retry, and the file refuses a changed key', () => {
    const dir = tempDir();
    const journal = open(dir);
    const intent = journal.intents.create(exportIntent());

    const attempt1 = journal.intents.beginAttempt(intent.id);
    journal.intents.recordRetryableError(intent.id, {
      code: 'service.unavailable',
      message: 'try later',
      status: 503,
      requestId: 'r-1',
      retryAfterMs: 1000,
    });
    const attempt2 = journal.intents.beginAttempt(intent.id);

    expect(attempt1?.idempotencyKey).toBe(intent.idempotencyKey);
    expect(attempt2?.idempotencyKey).toBe(intent.idempotencyKey);
    expect(attempt2?.attempts).toBe(2);
    expect(attempt2?.state).toBe('sent');
    expect(attempt2?.lastError).toEqual({
      code: 'service.unavailable',
      message: 'try later',
      status: 503,
      requestId: 'r-1',
      retryAfterMs: 1000,
    });
    expect(journal.intents.listOpen().map((i) => i.id)).toEqual([intent.id]);

    // Even code that bypasses the API cannot change a key.
    const raw = new DatabaseSync(join(dir, JOURNAL_FILE_NAME));
    cleanups.push(() => raw.close());
    expect(() =>
      raw.prepare('UPDATE intents SET idempotency_key = ? WHERE id = ?').run('another-key', intent.id),
    ).toThrow(/idempotency key of an intent never changes/);
    expect(journal.intents.get(intent.id)?.idempotencyKey).toBe(intent.idempotencyKey);
  });

  it('leaves the open set only on a terminal answer, and drains in creation order', () => {
    const journal = open(tempDir());
    const a = journal.intents.create(exportIntent({ n: 'a' }));
    const b = journal.intents.create({
      kind: 'generation',
      workspaceId: 'ws-1',
      request: { method: 'POST', path: '/generations', body: { n: 'b' } },
    });
    const c = journal.intents.create(exportIntent({ n: 'c' }));
    const other = journal.intents.create(exportIntent({ n: 'elsewhere' }, 'ws-2'));

    journal.intents.beginAttempt(a.id);
    expect(journal.intents.markAccepted(a.id, { jobKind: 'export', jobId: 'exp_1' })).toBe(true);
    journal.intents.beginAttempt(b.id);
    expect(
      journal.intents.markFailed(b.id, {
        code: 'idempotency.key_reused',
        message: 'other inputs',
        status: 409,
        requestId: 'r-2',
        retryAfterMs: null,
      }),
    ).toBe(true);

    // Accepted is still open: its job has not ended.
    expect(journal.intents.listOpen('ws-1').map((i) => i.id)).toEqual([a.id, c.id]);
    expect(journal.intents.get(b.id)?.lastError).toMatchObject({
      code: 'idempotency.key_reused',
      status: 409,
      requestId: 'r-2',
    });
    expect(journal.intents.listOpen().map((i) => i.id)).toEqual([a.id, c.id, other.id]);
    expect(journal.intents.findByJob('ws-1', { jobKind: 'export', jobId: 'exp_1' })?.id).toBe(a.id);

    expect(journal.intents.markDone(a.id)).toBe(true);
    expect(journal.intents.get(a.id)).toMatchObject({ state: 'done', jobKind: 'export', jobId: 'exp_1' });
    expect(journal.intents.listOpen('ws-1').map((i) => i.id)).toEqual([c.id]);

    // A finished intent stays finished: no retry, no second answer.
    expect(journal.intents.beginAttempt(b.id)).toBeNull();
    expect(journal.intents.markDone(b.id)).toBe(false);
    expect(journal.intents.get(b.id)?.state).toBe('failed');
  });

  it('lets the user cancel an intent only while it is unsent', () => {
    const journal = open(tempDir());
    const unsent = journal.intents.create(exportIntent({ n: 1 }));
    const sent = journal.intents.create(exportIntent({ n: 2 }));
    journal.intents.beginAttempt(sent.id);

    expect(journal.intents.cancel(unsent.id)).toBe(true);
    expect(journal.intents.cancel(sent.id)).toBe(false);
    expect(journal.intents.get(unsent.id)?.state).toBe('cancelled');
    expect(journal.intents.get(sent.id)?.state).toBe('sent');
    // A cancelled intent is never sent afterwards.
    expect(journal.intents.beginAttempt(unsent.id)).toBeNull();
    expect(journal.intents.listOpen().map((i) => i.id)).toEqual([sent.id]);
  });

  it('refuses an intent it could not send later', () => {
    const journal = open(tempDir());
    expect(() => journal.intents.create({ ...exportIntent(), kind: 'upload' as never })).toThrow(
      /Unknown intent kind "upload"/,
    );
    expect(() =>
      journal.intents.create({
        kind: 'export',
        workspaceId: 'ws-1',
        request: { method: 'POST', path: 'exports', body: {} },
      }),
    ).toThrow(/must start with "\/"/);
  });
});

describe('crash safety', () => {
  it('keeps every intent, with the same key, when the process is SIGKILLed right after create returns', async () => {
    const dir = tempDir();
    const reportPath = join(dir, 'report.jsonl');
    const { done } = runChild(['kill-self', dir, reportPath, '25']);
    const ended = await done;
    expect(ended.signal, ended.stderr).toBe('SIGKILL');

    const promised = readReport(reportPath);
    expect(promised).toHaveLength(25);
    const journal = open(dir);
    const stored = journal.intents.listOpen('ws-crash');
    expect(stored.map((i) => [i.id, i.idempotencyKey, i.seq])).toEqual(promised.map((p) => [p.id, p.key, p.seq]));
    expect(stored.every((i) => i.state === 'pending')).toBe(true);
  });

  it('keeps every promised intent when killed at an arbitrary moment of a busy loop', async () => {
    const dir = tempDir();
    const reportPath = join(dir, 'report.jsonl');
    const child = runChild(['forever', dir, reportPath]);
    await waitFor('200 intents', () => readReport(reportPath).length >= 200);
    child.kill();
    const ended = await child.done;
    expect(ended.signal, ended.stderr).toBe('SIGKILL');

    const promised = readReport(reportPath);
    const journal = open(dir);
    const stored = journal.intents.listOpen('ws-crash');
    const byId = new Map(stored.map((i) => [i.id, i]));
    for (const p of promised) expect(byId.get(p.id)?.idempotencyKey).toBe(p.key);
    // At most the one intent whose create was cut short may be extra, and then whole.
    expect(stored.length - promised.length).toBeGreaterThanOrEqual(0);
    expect(stored.length - promised.length).toBeLessThanOrEqual(1);
    for (const intent of stored) expect(intent.idempotencyKey).toMatch(UUID_V4);
  });
});

describe('two handles at once', () => {
  it('lets two processes write at the same time without losing or doubling anything', async () => {
    const dir = tempDir();
    open(dir); // create the schema first, as the app does before any helper starts
    const goFile = join(dir, 'go');
    const reports = [join(dir, 'a.jsonl'), join(dir, 'b.jsonl')];
    const children = reports.map((report) => runChild(['race', dir, report, '150', goFile]));
    await waitFor('both children ready', () => reports.every((r) => readReport(r).length >= 1));
    writeFileSync(goFile, 'go');
    const ends = await Promise.all(children.map((c) => c.done));
    for (const end of ends) expect(end.code, end.stderr).toBe(0);

    const [a, b] = reports.map((r) => readReport(r).filter((line) => !line.ready));
    expect(a).toHaveLength(150);
    expect(b).toHaveLength(150);
    const all = [...a!, ...b!];
    expect(new Set(all.map((x) => x.seq)).size).toBe(300);
    expect(new Set(all.map((x) => x.key)).size).toBe(300);
    // Each process saw its own intents in increasing order.
    for (const side of [a!, b!])
      expect(side.map((x) => x.seq)).toEqual([...side.map((x) => x.seq)].sort((p, q) => p - q));
    // Every webhook id was "new" to exactly one of the two handles.
    for (let i = 0; i < 150; i += 1) {
      const fresh = all.filter((x) => x.event === `evt-${i}` && x.newEvent).length;
      expect(fresh, `evt-${i}`).toBe(1);
    }
    const journal = open(dir);
    expect(journal.intents.listOpen('ws-crash')).toHaveLength(300);
  });
});

describe('jobs', () => {
  it('stops polling a job a webhook finished, and a late poll does not revive it', () => {
    const journal = open(tempDir());
    const render = { workspaceId: 'ws-1', kind: 'render', jobId: 'r1' };
    const exp = { workspaceId: 'ws-1', kind: 'export', jobId: 'e1' };
    journal.jobs.recordSeen(render, 'queued');
    journal.jobs.recordSeen(exp, 'running');
    journal.jobs.recordSeen({ workspaceId: 'ws-2', kind: 'export', jobId: 'e9' }, 'running');
    expect(
      journal.jobs
        .listToPoll('ws-1')
        .map((j) => j.jobId)
        .sort(),
    ).toEqual(['e1', 'r1']);

    journal.jobs.recordWebhookFinished(exp, 'completed');
    journal.jobs.recordSeen(exp, 'running'); // a poll answered before the webhook arrived
    expect(journal.jobs.get(exp)).toMatchObject({ state: 'completed', webhookFinished: true });
    expect(journal.jobs.listToPoll('ws-1').map((j) => j.jobId)).toEqual(['r1']);

    journal.jobs.recordSeen(render, 'some-new-state');
    expect(journal.jobs.get(render)?.state).toBe('some-new-state');
    journal.jobs.recordSeen(render, 'failed');
    expect(journal.jobs.listToPoll('ws-1')).toEqual([]);
  });
});

describe('upload sessions', () => {
  it('finds an interrupted upload of the same file after a restart, with its URL and offset', () => {
    const dir = tempDir();
    const file = { workspaceId: 'ws-1', filePath: '/videos/take1.mp4', size: 50_000_000, mtimeMs: 1_700_000_000_123 };
    const first = open(dir);
    const session = first.uploads.create({ ...file, sha256: 'ab'.repeat(32) });
    expect(first.uploads.setUploadUrl(session.id, 'http://127.0.0.1:9/uploads/abc')).toBe(true);
    expect(first.uploads.recordOffset(session.id, 20_971_520)).toBe(true);
    first.close();

    const again = open(dir);
    expect(again.uploads.findResumable(file)).toMatchObject({
      id: session.id,
      uploadUrl: 'http://127.0.0.1:9/uploads/abc',
      offset: 20_971_520,
      state: 'uploading',
      sha256: 'ab'.repeat(32),
    });
    // A changed file is not the same bytes: it must not resume.
    expect(again.uploads.findResumable({ ...file, mtimeMs: file.mtimeMs + 1000 })).toBeNull();
    expect(() => again.uploads.recordOffset(session.id, file.size + 1)).toThrow(RangeError);

    expect(again.uploads.complete(session.id, 'asset_7')).toBe(true);
    expect(again.uploads.get(session.id)).toMatchObject({ state: 'completed', offset: file.size, assetId: 'asset_7' });
    expect(again.uploads.findResumable(file)).toBeNull();
    expect(again.uploads.listOpen('ws-1')).toEqual([]);
  });
});

describe('webhook event ids', () => {
  it('says an event is new only once, across restarts', () => {
    const dir = tempDir();
    const first = open(dir);
    expect(first.webhookEvents.recordIfNew('ws-1', 'evt_1')).toBe(true);
    expect(first.webhookEvents.recordIfNew('ws-1', 'evt_1')).toBe(false);
    expect(first.webhookEvents.recordIfNew('ws-2', 'evt_1')).toBe(true);
    first.close();
    const again = open(dir);
    expect(again.webhookEvents.recordIfNew('ws-1', 'evt_1')).toBe(false);
  });
});

describe('the messaging send log', () => {
  const numbers = (n: number, from = 0) =>
    Array.from({ length: n }, (_, i) => `+1555${String(from + i).padStart(7, '0')}`);

  it('journals every submission before sending and marks one cut off by a crash unknown, never pending', () => {
    const dir = tempDir();
    const first = open(dir);
    const [s0, s1, s2] = first.messaging.planBulk('ws-1', [
      { numbers: numbers(500), payload: { msg: 'Hi', senderid: '+15550000000', type: 'text' } },
      { numbers: numbers(500, 500), payload: { msg: 'Hi', senderid: '+15550000000', type: 'text' } },
      { numbers: numbers(3, 1000), payload: { msg: 'Hi', senderid: '+15550000000', type: 'text' } },
    ]);
    expect([s0?.state, s1?.state, s2?.state]).toEqual(['pending', 'pending', 'pending']);
    expect(first.messaging.markSending(s0!.bulkId, 0)).toBe(true);
    expect(first.messaging.markSent(s0!.bulkId, 0, { code: '00' })).toBe(true);
    expect(first.messaging.markSending(s0!.bulkId, 1)).toBe(true);
    // The app stops here, with submission 1 on the wire.
    first.close();

    const restarted = open(dir);
    expect(restarted.recoverAtStartup()).toEqual({ unknownSubmissions: 1 });
    const after = restarted.messaging.listBulk(s0!.bulkId);
    expect(after.map((s) => s.state)).toEqual(['sent', 'unknown', 'pending']);
    expect(after[1]?.numbers).toEqual(numbers(500, 500));
    expect(after[0]?.result).toEqual({ code: '00' });
    expect(restarted.messaging.list('ws-1', 'unknown').map((s) => s.index)).toEqual([1]);

    // Nothing sends an unknown submission again without the user's word.
    expect(restarted.messaging.markSending(s0!.bulkId, 1)).toBe(false);
    expect(restarted.messaging.requeueUnknownOnUserRequest(s0!.bulkId, 1)).toBe(true);
    expect(restarted.messaging.get(s0!.bulkId, 1)?.state).toBe('pending');
  });

  it('refuses, even below the API, to move a submission from sending back to pending', () => {
    const dir = tempDir();
    const journal = open(dir);
    const [s] = journal.messaging.planBulk('ws-1', [{ numbers: numbers(2), payload: { msg: 'x' } }]);
    journal.messaging.markSending(s!.bulkId, 0);
    const raw = new DatabaseSync(join(dir, JOURNAL_FILE_NAME));
    cleanups.push(() => raw.close());
    expect(() => raw.prepare("UPDATE messaging_sends SET state = 'pending' WHERE bulk_id = ?").run(s!.bulkId)).toThrow(
      /never goes back to pending/,
    );
  });

  it('takes at most 500 numbers per submission', () => {
    const journal = open(tempDir());
    expect(() => journal.messaging.planBulk('ws-1', [{ numbers: numbers(501), payload: {} }])).toThrow(
      /501 numbers; each takes 1 to 500/,
    );
  });
});

describe('schema versions', () => {
  it('records its schema version and refuses a journal from a newer app', () => {
    const dir = tempDir();
    open(dir).close();
    const raw = new DatabaseSync(join(dir, JOURNAL_FILE_NAME));
    expect(raw.prepare('PRAGMA user_version').get()?.user_version).toBe(JOURNAL_SCHEMA_VERSION);
    raw.exec(`PRAGMA user_version = ${JOURNAL_SCHEMA_VERSION + 1}`);
    raw.close();
    expect(() => openJournal({ dataDir: dir })).toThrow(/written by a newer Clipdesk/);
  });
});
