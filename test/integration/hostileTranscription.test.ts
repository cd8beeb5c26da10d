// Issue 22, item 4: a transcription is billed and bounded by the sound as decoded, not by the
// duration its header claims. A 49.5 s MKV whose header said 1 s was billed 1 s and transcribed
// whole ("durationMs: 1000"); a 4 MB MKV of 1 Hz audio with a 1 s header grew a PCM file in
// /tmp at 260 MB/s. Both files are made here with ffmpeg, their Duration element rewritten.
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newProject } from '../support/jobsSupport.ts';
import { makeFixtureDir, mediaForm } from '../support/mediaFixtures.ts';
import {
  apiClient,
  startSandboxProcess,
  waitForJob,
  type ApiCall,
  type RunningSandbox,
} from '../support/sandboxProcess.ts';
import { walletUsd } from '../support/speechFixtures.ts';

const run = promisify(execFile);
const fixtures = makeFixtureDir();
let sandbox: RunningSandbox;
let call: ApiCall;
let projectId: number;

/** An MKV of `source` (an lavfi audio source) whose Segment Duration says `claimedMs`. */
async function lyingMkv(name: string, source: string, args: string[], claimedMs: number): Promise<string> {
  const path = join(fixtures.dir, name);
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-f', 'lavfi', '-i', source],
    ...args,
    ...['-c:a', 'pcm_s16le', path],
  ]);
  const bytes = readFileSync(path);
  // Duration (EBML id 0x4489) as an 8-byte float, in the timecode scale's unit (1 ms by default).
  const at = bytes.indexOf(Buffer.from([0x44, 0x89, 0x88]));
  if (at < 0) throw new Error('no 8-byte Duration element in the MKV ffmpeg made');
  bytes.writeDoubleBE(claimedMs, at + 3);
  writeFileSync(path, bytes);
  return path;
}

async function upload(path: string): Promise<{ id: number; durationMs: number }> {
  const res = await call('POST', '/assets', { form: mediaForm(path, { projectId }) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

function transcribe(assetId: number) {
  return call('POST', `/assets/${assetId}/transcriptions`, {
    body: {},
    headers: { 'idempotency-key': crypto.randomUUID() },
  });
}

beforeAll(async () => {
  sandbox = await startSandboxProcess();
  call = apiClient(sandbox.createBaseUrl, sandbox.apiKey);
  projectId = (await newProject(call)).id;
});
afterAll(async () => {
  await sandbox?.stop({ removeData: true });
  fixtures.cleanup();
});

describe('a header that understates the sound', () => {
  it('49.5 s of sound under a 1 s header is billed 50 s and its transcript lasts 49.5 s', async () => {
    const path = await lyingMkv('long.mkv', 'sine=f=440:sample_rate=8000:d=49.5', [], 1000);
    const asset = await upload(path);
    expect(asset.durationMs).toBe(1000); // what the header says; the bill must not believe it
    const before = await walletUsd(call);
    const res = await transcribe(asset.id);
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body.data.billedSeconds).toBe(50);
    // 0.6 credits a minute at $0.01 a credit: $0.005 for 50 s.
    expect(before - (await walletUsd(call))).toBeCloseTo(0.005, 4);
    const done = await waitForJob(call, `/transcriptions/${res.body.data.id}`, 60_000);
    expect(done.state).toBe('completed');
    expect(done.transcript.durationMs).toBeGreaterThanOrEqual(49_400);
    expect(done.transcript.durationMs).toBeLessThanOrEqual(49_600);
  });

  it('hours of 1 Hz sound under a 1 s header are refused 413 before anything is charged, and write nothing big', async () => {
    // 11,000 samples at 1 Hz: 22 KB on disk, over 3 hours of sound (the most transcribed).
    const path = await lyingMkv('slow.mkv', 'anoisesrc=r=100:d=11000', ['-ar', '1'], 1000);
    const asset = await upload(path);
    const before = await walletUsd(call);
    const res = await transcribe(asset.id);
    expect(res.status, JSON.stringify(res.body)).toBe(413);
    expect(res.body.error.code).toBe('media.limit_exceeded');
    expect(res.body.error.message).toMatch(/at least 3 hours of sound once decoded/);
    expect(await walletUsd(call)).toBe(before);
    expect(readdirSync(join(sandbox.dataDir, 'tmp'))).toEqual([]);
  });
});
