// The core uploader against the real sandbox over 127.0.0.1: files checked before anything
// is sent; multipart uploads streamed with progress; resumable (tus) uploads that survive
// the app being killed at a random offset, the sandbox restarting, pause and resume, and
// that cancel on the service too; and memory that does not grow with the file.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { appendFileSync, createReadStream, mkdtempSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppFailure, toAppError } from '../../shared/appError.ts';
import { UPLOAD_EVENTS, type UploadEvent, type UploadProgressEvent } from '../../shared/api/uploads.ts';
import type { Exchange } from '../../main/core/api/httpClient.ts';
import { openJournal, type Journal } from '../../main/core/journal/journal.ts';
import { createRateBudget } from '../../main/core/rate/rateBudget.ts';
import { createUploader, type UploaderOptions } from '../../main/core/uploads/uploader.ts';
import { makeFixtureDir, makeMp4, makePng, sha256OfFile } from '../support/mediaFixtures.ts';
import { apiClient, startSandboxProcess, type ApiCall, type RunningSandbox } from '../support/sandboxProcess.ts';
import type { ChildMemory, UploadChildConfig } from '../support/uploadChild.ts';

const MiB = 1024 * 1024;
const WORKSPACE = 'ws-uploads';
const CHILD = resolve(import.meta.dirname, '../support/uploadChild.ts');

let sandbox: RunningSandbox;
let call: ApiCall;
let projectId: number;
let fixtures: { dir: string; cleanup(): void };
const cleanups: Array<() => void> = [];

beforeAll(async () => {
  sandbox = await startSandboxProcess();
  call = apiClient(sandbox.createBaseUrl, sandbox.apiKey);
  const project = await call('POST', '/projects', { body: { name: 'Uploads' } });
  projectId = project.body.data.id;
  fixtures = makeFixtureDir();
});
afterAll(async () => {
  for (const cleanup of cleanups) cleanup();
  fixtures?.cleanup();
  await sandbox?.stop({ removeData: true });
});

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** An uploader on its own journal (or `journal`), recording every event and every answer. */
function observedUploader(options: Partial<UploaderOptions> & { journal?: Journal } = {}) {
  const journal = options.journal ?? openJournal({ dataDir: tempDir('clipdesk-journal-') });
  const events: UploadEvent[] = [];
  const exchanges: Exchange[] = [];
  const budget = createRateBudget();
  const uploader = createUploader({
    workspaceId: WORKSPACE,
    baseUrl: sandbox.createBaseUrl,
    getApiKey: async () => sandbox.apiKey,
    budget,
    sessions: journal.uploads,
    progressIntervalMs: 0,
    onResponse: (exchange) => exchanges.push(exchange),
    ...options,
  });
  uploader.subscribe((event) => {
    // Every event is what the contract says the renderer gets.
    UPLOAD_EVENTS[event.name].parse(event.payload);
    events.push(event);
  });
  const progressOf = (id: string): UploadProgressEvent[] =>
    events.flatMap((e) => (e.name === 'upload.progress' && e.payload.uploadId === id ? [e.payload] : []));
  return { uploader, journal, budget, events, exchanges, progressOf };
}

/**
 * A real MP4 grown to `totalBytes` by a trailing `free` box (valid ISO BMFF that players skip),
 * filled with random bytes so a misplaced chunk would show, or left sparse (zeros) for size alone.
 */
async function paddedMp4(totalBytes: number, fill: 'random' | 'sparse'): Promise<string> {
  const path = await makeMp4(fixtures.dir, { seconds: 1 });
  const size = statSync(path).size;
  const header = Buffer.alloc(16);
  header.writeUInt32BE(1, 0);
  header.write('free', 4, 'latin1');
  header.writeBigUInt64BE(BigInt(totalBytes - size), 8);
  appendFileSync(path, header);
  if (fill === 'sparse') truncateSync(path, totalBytes);
  else
    for (let left = totalBytes - size - 16; left > 0; left -= MiB)
      appendFileSync(path, randomBytes(Math.min(MiB, left)));
  expect(statSync(path).size).toBe(totalBytes);
  return path;
}

async function sha256Stream(stream: AsyncIterable<Uint8Array>): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk);
  return hash.digest('hex');
}

const sha256OfLargeFile = (path: string) => sha256Stream(createReadStream(path));

/** The SHA-256 of the asset's bytes as GET /assets/{id}/content serves them. */
async function downloadedSha256(assetId: number): Promise<string> {
  const res = await fetch(`${sandbox.createBaseUrl}/assets/${assetId}/content`, {
    headers: { authorization: `Bearer ${sandbox.apiKey}` },
  });
  expect(res.status).toBe(200);
  return sha256Stream(res.body as unknown as AsyncIterable<Uint8Array>);
}

/** tus HEAD: where the service says the upload stands. */
async function headUpload(url: string): Promise<{ status: number; offset: number | null }> {
  const res = await fetch(url, {
    method: 'HEAD',
    headers: { authorization: `Bearer ${sandbox.apiKey}`, 'tus-resumable': '1.0.0' },
  });
  const offset = res.headers.get('upload-offset');
  return { status: res.status, offset: offset === null ? null : Number(offset) };
}

/** The offset once it holds still: an aborted PATCH may still be landing when the client has given up on it. */
async function settledOffset(url: string): Promise<number> {
  let last = -1;
  await until(async () => {
    const { offset } = await headUpload(url);
    const still = offset === last;
    last = offset ?? -1;
    if (!still) await new Promise((r) => setTimeout(r, 50));
    return still;
  }, `the offset of ${url} holds still`);
  return last;
}

async function assetCount(): Promise<number> {
  const res = await sandbox.admin('GET', '/_sandbox/stats');
  return ((await res.json()) as { data: { assets: number } }).data.assets;
}

async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function failureOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(AppFailure);
    return toAppError(err);
  }
  throw new Error('expected a failure');
}

/** Runs test/support/uploadChild.ts and collects its JSON lines. */
function runChild(
  config: UploadChildConfig,
): Promise<{ lines: any[]; code: number | null; signal: string | null; stderr: string }> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(process.execPath, [CHILD, JSON.stringify(config)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      const lines = out
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line));
      resolveRun({ lines, code, signal, stderr: err });
    });
  });
}

describe('the check before sending', () => {
  it('refuses a text file before any request, saying what is accepted', async () => {
    const { uploader, budget, exchanges } = observedUploader();
    const path = join(fixtures.dir, 'notes.txt');
    writeFileSync(path, 'Shot list: intro, interview, b-roll.\n'.repeat(200));
    const before = await assetCount();
    try {
      const error = await failureOf(uploader.upload({ path, projectId }));
      expect(error.code).toBe('media.unsupported_type');
      expect(error.status).toBeNull();
      expect(error.message).toMatch(/^"notes\.txt" is not a media file Clipdesk can upload — use images \(PNG, JPEG/);
      expect(exchanges).toEqual([]);
      expect(budget.snapshot().used).toBe(0);
      expect(await assetCount()).toBe(before);
    } finally {
      await uploader.close();
    }
  });

  it('refuses an image over 10 MiB before sending, with its size and what to change', async () => {
    const { uploader, exchanges } = observedUploader();
    const path = await makePng(fixtures.dir, { name: 'poster.png' });
    truncateSync(path, Math.round(12.4 * MiB));
    try {
      const error = await failureOf(uploader.upload({ path, projectId }));
      expect(error).toMatchObject({ code: 'upload.too_large', status: null });
      expect(error.message).toBe('"poster.png" is 12.4 MiB; images can be at most 10 MiB — use a smaller file.');
      expect(exchanges).toEqual([]);
    } finally {
      await uploader.close();
    }
  });

  it('refuses a missing file and a request without an owner before any request', async () => {
    const { uploader, exchanges } = observedUploader();
    try {
      const missing = await failureOf(uploader.upload({ path: join(fixtures.dir, 'gone.mp4'), projectId }));
      expect(missing.code).toBe('file.unreadable');
      expect(missing.message).toContain('does not exist');
      const png = await makePng(fixtures.dir);
      const ownerless = await failureOf(uploader.upload({ path: png } as never));
      expect(ownerless.code).toBe('request.invalid');
      expect(ownerless.message).toContain('projectId');
      expect(exchanges).toEqual([]);
    } finally {
      await uploader.close();
    }
  });
});

describe('multipart uploads', () => {
  it('streams a PNG and an MP4 to POST /assets with progress ending at 100%', async () => {
    const { uploader, budget, exchanges, events, progressOf } = observedUploader();
    try {
      for (const [path, kind] of [
        [await makePng(fixtures.dir, { width: 320, height: 240 }), 'image'],
        [await makeMp4(fixtures.dir, { seconds: 2 }), 'video'],
      ] as const) {
        const handle = await uploader.upload({ path, projectId });
        expect(handle.method).toBe('multipart');
        const asset = await handle.done;
        expect(asset).toMatchObject({ projectId, kind, sha256: sha256OfFile(path), sizeBytes: statSync(path).size });

        const progress = progressOf(handle.id);
        const sent = progress.map((p) => p.bytesSent);
        expect(sent).toEqual([...sent].sort((a, b) => a - b));
        expect(progress.at(-1)).toMatchObject({
          state: 'completed',
          bytesSent: statSync(path).size,
          totalBytes: statSync(path).size,
        });
        expect(events.filter((e) => e.name === 'upload.finished' && e.payload.uploadId === handle.id)).toHaveLength(1);
      }
      expect(exchanges.map((e) => `${e.method} ${e.path} ${e.status}`)).toEqual([
        'POST /assets 201',
        'POST /assets 201',
      ]);
      // Each took its slot of the key's rate budget.
      expect(budget.snapshot().used).toBe(2);
    } finally {
      await uploader.close();
    }
  });
});

describe('multipart uploads, cancelled', () => {
  it('cancel stops sending, and nothing is stored', async () => {
    const path = await paddedMp4(60 * MiB, 'sparse');
    const { uploader, progressOf } = observedUploader();
    let cancelled: Promise<void> | null = null;
    uploader.subscribe((event) => {
      if (!cancelled && event.name === 'upload.progress' && event.payload.bytesSent >= 10 * MiB) {
        cancelled = uploader.get(event.payload.uploadId)!.cancel();
      }
    });
    const before = await assetCount();
    try {
      const handle = await uploader.upload({ path, projectId });
      expect(handle.method).toBe('multipart');
      const error = await failureOf(handle.done);
      expect(error.code).toBe('request.cancelled');
      await cancelled;
      const last = progressOf(handle.id).at(-1)!;
      expect(last.state).toBe('cancelled');
      expect(last.bytesSent).toBeLessThan(60 * MiB);
      expect(await assetCount()).toBe(before);
    } finally {
      await uploader.close();
    }
  });
});

describe('resumable uploads', () => {
  it('resumes from the journal after the app is killed at a random offset, into a byte-identical asset', async () => {
    const size = 24 * MiB;
    const path = await paddedMp4(size, 'random');
    const journalDir = tempDir('clipdesk-journal-');
    const killAtBytes = Math.floor(size * (0.1 + 0.8 * Math.random()));
    const before = await assetCount();

    const killed = await runChild({
      journalDir,
      workspaceId: WORKSPACE,
      baseUrl: sandbox.createBaseUrl,
      apiKey: sandbox.apiKey,
      path,
      projectId,
      resumable: true,
      chunkSizeBytes: MiB,
      killAtBytes,
    });
    expect(killed.signal, `killed at ${killAtBytes} bytes\n${killed.stderr}`).toBe('SIGKILL');

    // The "app restart": a new journal handle and a new uploader on the same data folder.
    const journal = openJournal({ dataDir: journalDir });
    const [session] = journal.uploads.listOpen(WORKSPACE);
    expect(session).toMatchObject({ filePath: path, size, state: 'uploading' });
    const there = await settledOffset(session!.uploadUrl!);
    expect(there).toBeGreaterThan(0);
    expect(there).toBeLessThan(size);
    expect(session!.offset).toBeLessThanOrEqual(there);

    const { uploader, exchanges, progressOf } = observedUploader({ journal, chunkSizeBytes: 4 * MiB });
    try {
      const [handle] = await uploader.resumeAll();
      expect(handle?.id).toBe(session!.id);
      const asset = await handle!.done;
      expect(await downloadedSha256(asset.id)).toBe(await sha256OfLargeFile(path));
      expect(await assetCount()).toBe(before + 1);
      // Went on from where the service stood: one HEAD, no new upload, and only the missing bytes sent.
      const methods = exchanges.map((e) => e.method);
      expect(methods.filter((m) => m === 'HEAD')).toHaveLength(1);
      expect(methods).not.toContain('POST');
      expect(methods.filter((m) => m === 'PATCH')).toHaveLength(Math.ceil((size - there) / (4 * MiB)));
      expect(progressOf(handle!.id).at(-1)).toMatchObject({ state: 'completed', bytesSent: size });
      expect(journal.uploads.get(session!.id)).toMatchObject({
        state: 'completed',
        assetId: String(asset.id),
        offset: size,
      });
    } finally {
      await uploader.close();
      journal.close();
    }
  });

  it('pauses without sending and resumes the same upload to the end', async () => {
    const size = 16 * MiB;
    const path = await paddedMp4(size, 'random');
    const { uploader, journal, events, exchanges } = observedUploader({ chunkSizeBytes: MiB });
    let pausedAt = -1;
    uploader.subscribe((event) => {
      if (pausedAt < 0 && event.name === 'upload.progress' && event.payload.bytesSent >= size / 4) {
        pausedAt = events.length;
        uploader.get(event.payload.uploadId)!.pause();
      }
    });
    try {
      const handle = await uploader.upload({ path, projectId, resumable: true });
      await until(() => handle.progress().state === 'paused', 'the upload is paused');
      const url = journal.uploads.get(handle.id)!.uploadUrl!;
      const last = await settledOffset(url);
      expect(last).toBeLessThan(size);
      const requestsWhilePaused = exchanges.length;
      const eventsWhilePaused = events.length;
      await new Promise((r) => setTimeout(r, 300));
      expect((await headUpload(url)).offset).toBe(last);
      expect(exchanges.length).toBe(requestsWhilePaused);
      expect(events.length).toBe(eventsWhilePaused);
      expect(journal.uploads.get(handle.id)?.state).toBe('uploading');

      await handle.resume();
      const asset = await handle.done;
      expect(await downloadedSha256(asset.id)).toBe(await sha256OfLargeFile(path));
      expect(handle.progress()).toMatchObject({ state: 'completed', bytesSent: size });
    } finally {
      await uploader.close();
    }
  });

  it('cancel stops the upload and terminates it on the service', async () => {
    const size = 16 * MiB;
    const path = await paddedMp4(size, 'sparse');
    const { uploader, journal, progressOf } = observedUploader({ chunkSizeBytes: MiB });
    let cancelled: Promise<void> | null = null;
    uploader.subscribe((event) => {
      if (!cancelled && event.name === 'upload.progress' && event.payload.bytesSent >= size / 4) {
        cancelled = uploader.get(event.payload.uploadId)!.cancel();
      }
    });
    const before = await assetCount();
    try {
      const handle = await uploader.upload({ path, projectId, resumable: true });
      const error = await failureOf(handle.done);
      expect(error.code).toBe('request.cancelled');
      await cancelled;
      const session = journal.uploads.get(handle.id)!;
      expect(session.state).toBe('cancelled');
      expect((await headUpload(session.uploadUrl!)).status).toBe(404);
      expect(progressOf(handle.id).at(-1)?.state).toBe('cancelled');
      expect(await assetCount()).toBe(before);
      // A cancelled session is never picked up again.
      expect(await uploader.resumeAll()).toEqual([]);
    } finally {
      await uploader.close();
    }
  });

  it('after a restart, fails (and does not resume) an upload whose file changed since', async () => {
    const path = await paddedMp4(8 * MiB, 'random');
    const journal = openJournal({ dataDir: tempDir('clipdesk-journal-') });
    const first = observedUploader({ journal, chunkSizeBytes: MiB });
    first.uploader.subscribe((event) => {
      if (event.name === 'upload.progress' && event.payload.bytesSent > 2 * MiB)
        first.uploader.get(event.payload.uploadId)?.pause();
    });
    const handle = await first.uploader.upload({ path, projectId, resumable: true });
    await until(() => handle.progress().state === 'paused', 'the upload is paused');
    await first.uploader.close();

    appendFileSync(path, randomBytes(1000));
    const second = observedUploader({ journal });
    try {
      expect(await second.uploader.resumeAll()).toEqual([]);
      const failed = second.events.find((e) => e.name === 'upload.failed');
      expect(failed?.payload).toMatchObject({
        uploadId: handle.id,
        resumable: false,
        error: { code: 'upload.file_changed' },
      });
      expect(journal.uploads.get(handle.id)).toMatchObject({
        state: 'failed',
        lastError: { code: 'upload.file_changed' },
      });
      expect(journal.uploads.get(handle.id)?.lastError?.message).toMatch(
        /changed after its upload began .* upload it again\.$/,
      );
      expect(second.exchanges).toEqual([]);
    } finally {
      await second.uploader.close();
      journal.close();
    }
  });

  it('fails with what to do when the service no longer has the upload', async () => {
    const path = await paddedMp4(8 * MiB, 'sparse');
    const { uploader, journal, events } = observedUploader({ chunkSizeBytes: MiB });
    let paused = false;
    uploader.subscribe((event) => {
      if (!paused && event.name === 'upload.progress' && event.payload.bytesSent >= 2 * MiB) {
        paused = true;
        uploader.get(event.payload.uploadId)!.pause();
      }
    });
    try {
      const handle = await uploader.upload({ path, projectId, resumable: true });
      await until(() => handle.progress().state === 'paused', 'the upload is paused');
      const url = journal.uploads.get(handle.id)!.uploadUrl!;
      const deleted = await fetch(url, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${sandbox.apiKey}`, 'tus-resumable': '1.0.0' },
      });
      expect(deleted.status).toBe(204);

      await handle.resume();
      const error = await failureOf(handle.done);
      expect(error).toMatchObject({ code: 'resource.not_found', status: 404 });
      expect(error.message).toContain('upload the file again');
      expect(events.find((e) => e.name === 'upload.failed')?.payload).toMatchObject({
        uploadId: handle.id,
        resumable: false,
      });
      expect(journal.uploads.get(handle.id)?.state).toBe('failed');
    } finally {
      await uploader.close();
    }
  });

  it('sends a 300 MiB video resumably on its own, with memory that does not grow with the file', async () => {
    const size = 300 * MiB;
    const path = await paddedMp4(size, 'sparse');
    // A fresh process: the first upload's memory counts too (read buffers made once and reused,
    // not a new one per read for the collector to catch up with: 60-80 MiB before).
    const run = await runChild({
      journalDir: tempDir('clipdesk-journal-'),
      workspaceId: WORKSPACE,
      baseUrl: sandbox.createBaseUrl,
      apiKey: sandbox.apiKey,
      path,
      projectId,
    });
    expect(run.code, run.stderr).toBe(0);
    const [started, result] = run.lines;
    expect(started.method).toBe('resumable');
    expect(result.error).toBeUndefined();
    expect(result.asset).toMatchObject({ kind: 'video', sizeBytes: size, sha256: await sha256OfLargeFile(path) });
    const memory = result.memory as ChildMemory;
    expect(memory.sampledGrowthBytes).toBeLessThan(40 * MiB);
    expect(memory.maxRssGrowthBytes).toBeLessThan(40 * MiB);
  });

  // The last two restart the sandbox.
  it('waits while the service is down, keeping the upload, and finishes it when resumed', async () => {
    const size = 16 * MiB;
    const path = await paddedMp4(size, 'random');
    const { uploader, journal, events } = observedUploader({ chunkSizeBytes: MiB, retryDelaysMs: [50, 100] });
    let stopped: Promise<void> | null = null;
    uploader.subscribe((event) => {
      if (!stopped && event.name === 'upload.progress' && event.payload.bytesSent >= size / 4) stopped = sandbox.stop();
    });
    try {
      const handle = await uploader.upload({ path, projectId, resumable: true });
      await until(() => handle.progress().state === 'paused', 'the upload waits for the service');
      const failed = events.find((e) => e.name === 'upload.failed');
      expect(failed?.payload).toMatchObject({
        uploadId: handle.id,
        resumable: true,
        error: { code: 'network.unreachable' },
      });
      expect(journal.uploads.get(handle.id)?.state).toBe('uploading');

      await stopped;
      sandbox = await sandbox.restart();
      await handle.resume();
      const asset = await handle.done;
      expect(await downloadedSha256(asset.id)).toBe(await sha256OfLargeFile(path));
      expect(journal.uploads.get(handle.id)).toMatchObject({ state: 'completed', assetId: String(asset.id) });
    } finally {
      await uploader.close();
    }
  });

  it('goes on by itself when the sandbox restarts mid-upload', async () => {
    const size = 24 * MiB;
    const path = await paddedMp4(size, 'random');
    const { uploader, events, exchanges } = observedUploader({
      chunkSizeBytes: MiB,
      retryDelaysMs: [100, 250, 500, 1_000, 1_000, 2_000, 2_000, 4_000, 4_000],
    });
    let killed = false;
    uploader.subscribe((event) => {
      if (!killed && event.name === 'upload.progress' && event.payload.bytesSent >= size / 3) {
        killed = true;
        sandbox.process.kill('SIGKILL');
      }
    });
    try {
      const handle = await uploader.upload({ path, projectId, resumable: true });
      await until(() => killed, 'the sandbox was killed');
      sandbox = await sandbox.restart();
      const asset = await handle.done;
      expect(await downloadedSha256(asset.id)).toBe(await sha256OfLargeFile(path));
      expect(events.some((e) => e.name === 'upload.failed')).toBe(false);
      // Only a try after a lost connection asks where the upload stands.
      expect(exchanges.filter((e) => e.method === 'HEAD').length).toBeGreaterThan(0);
    } finally {
      await uploader.close();
    }
  });
});
