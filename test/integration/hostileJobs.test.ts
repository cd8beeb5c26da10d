// Issue 22, items 3 and 6: jobs end, and so does their work. A 2 MB WAV at 100 Hz (10,000 s
// of sound) under two free reviews held both job slots while paid work waited; a cancelled
// review's ffmpeg ran on, outlived SIGTERM and kill -9; what a killed service left (files no
// asset points to, temporary folders) stayed. Now free jobs have their own slot, every job has
// a time budget after which it fails (refunded), its child processes get its abort signal and
// die with the service, and a start removes what no job owns.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generationInput, newProject, until } from '../support/jobsSupport.ts';
import { editorClient, trackOf } from '../support/editorSupport.ts';
import { makeFixtureDir, makeMp4, mediaForm } from '../support/mediaFixtures.ts';
import { commandOf, descendants } from '../support/processTree.ts';
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
let longWav: string;

beforeAll(async () => {
  // 10,000 s of noise at 100 Hz: 2 MB on disk, hours of work for the analysis filters.
  longWav = join(fixtures.dir, 'long.wav');
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-y'],
    ...['-f', 'lavfi', '-i', 'anoisesrc=r=100:d=10000:a=0.5', '-c:a', 'pcm_s16le', longWav],
  ]);
});
afterAll(() => fixtures.cleanup());

/** The ffmpeg processes among the sandbox's descendants. */
function ffmpegsOf(sandbox: RunningSandbox): number[] {
  return descendants(sandbox.pid).filter((pid) => commandOf(pid).name === 'ffmpeg');
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return commandOf(pid).name === 'ffmpeg';
  } catch {
    return false;
  }
}

async function uploadLong(call: ApiCall, projectId: number): Promise<number> {
  const res = await call('POST', '/assets', { form: mediaForm(longWav, { projectId }) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.body.data.durationMs).toBe(10_000_000);
  return res.body.data.id;
}

function startReview(call: ApiCall, assetId: number) {
  return call('POST', `/assets/${assetId}/reviews`, { body: {}, headers: { 'idempotency-key': crypto.randomUUID() } });
}

describe('with the default budgets', () => {
  let sandbox: RunningSandbox;
  let call: ApiCall;
  let assetId: number;
  beforeAll(async () => {
    sandbox = await startSandboxProcess();
    call = apiClient(sandbox.createBaseUrl, sandbox.apiKey);
    assetId = await uploadLong(call, (await newProject(call)).id);
  });
  afterAll(() => sandbox?.stop({ removeData: true }));

  it('two free reviews of 10,000 s of sound do not hold up a paid image generation', async () => {
    const reviews = [await startReview(call, assetId), await startReview(call, assetId)];
    for (const r of reviews) expect(r.status).toBe(202);
    await until(() => ffmpegsOf(sandbox).length > 0, 'a review is at work');
    const project = await newProject(call);
    const started = Date.now();
    const generation = await call('POST', '/generations', {
      body: generationInput(project, 'a lighthouse'),
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect(generation.status).toBe(202);
    const done = await waitForJob(call, `/generations/${generation.body.data.id}`, 20_000);
    expect(done.state).toBe('completed');
    expect(Date.now() - started).toBeLessThan(15_000);
    for (const r of reviews) await call('POST', `/reviews/${r.body.data.id}/cancel`);
  });

  it('cancelling a review stops its ffmpeg', async () => {
    await until(() => ffmpegsOf(sandbox).length === 0, 'earlier work is gone', 10_000);
    const review = await startReview(call, assetId);
    await until(() => ffmpegsOf(sandbox).length > 0, 'the review is at work');
    const working = ffmpegsOf(sandbox);
    const cancelled = await call('POST', `/reviews/${review.body.data.id}/cancel`);
    expect(cancelled.body.data.state).toBe('cancelled');
    await until(() => working.every((pid) => !alive(pid)), "the review's ffmpeg has ended", 3_000);
  });

  it("SIGTERM ends the service and a running review's ffmpeg with it", async () => {
    await startReview(call, assetId);
    await until(() => ffmpegsOf(sandbox).length > 0, 'the review is at work');
    const working = ffmpegsOf(sandbox);
    await sandbox.stop();
    await until(() => working.every((pid) => !alive(pid)), "the review's ffmpeg has ended", 3_000);
  });
});

describe('kill -9, and what it leaves', () => {
  it("a killed service's render ffmpeg dies with it; the next start removes its half-made files, and only assets' files remain", async () => {
    const sandbox = await startSandboxProcess();
    const call = apiClient(sandbox.createBaseUrl, sandbox.apiKey);
    const editor = editorClient(call);
    const projectId = await editor.createProject('Killed render');
    const clip = await editor.upload(await makeMp4(fixtures.dir, { seconds: 20 }), projectId);
    const timeline = await editor.timeline(projectId);
    await editor.apply(projectId, timeline.revision, [
      { type: 'addClip', trackId: trackOf(timeline, 'video').id, assetId: clip.id, startMs: 0 },
    ]);
    const render = await call('POST', `/projects/${projectId}/editor/render`, {
      headers: { 'idempotency-key': crypto.randomUUID() },
      body: { output: { resolution: '2160p', quality: 'high' } },
    });
    expect(render.status, JSON.stringify(render.body)).toBe(202);
    await until(() => ffmpegsOf(sandbox).length > 0, 'the render is at work');
    await new Promise((r) => setTimeout(r, 1_000));
    const working = ffmpegsOf(sandbox);
    const exited = new Promise((r) => sandbox.process.once('exit', r));
    sandbox.process.kill('SIGKILL');
    await exited;
    await until(() => working.every((pid) => !alive(pid)), "the killed service's ffmpeg has ended", 3_000);
    const mediaDir = join(sandbox.dataDir, 'media');
    const left = readdirSync(mediaDir).length + readdirSync(join(sandbox.dataDir, 'tmp')).length;

    const again = await sandbox.restart();
    try {
      const removed = /removed (\d+) media file\(s\) no asset owns and (\d+) temporary item/.exec(again.stderr());
      expect(removed, again.stderr().slice(-2000)).not.toBeNull();
      expect(Number(removed![1]) + Number(removed![2])).toBeGreaterThan(0);
      expect(left).toBeGreaterThan(1);
      // The render resumes; stopped here, it leaves no file behind either.
      const path = `/projects/${projectId}/editor/renders/${render.body.data.id}`;
      const call2 = apiClient(again.createBaseUrl, again.apiKey);
      await call2('POST', `${path}/cancel`);
      await until(() => ffmpegsOf(again).length === 0, 'the resumed render has stopped', 5_000);
      await new Promise((r) => setTimeout(r, 500));
      const assets = (await call2('GET', `/assets?projectId=${projectId}&limit=100`)).body.data;
      const files = readdirSync(mediaDir).filter((name) => statSync(join(mediaDir, name)).isFile());
      expect(files.length, files.join(', ')).toBe(assets.length);
      expect((await call2('GET', `/assets/${clip.id}/content`)).status).toBe(200);
    } finally {
      await again.stop({ removeData: true });
    }
  });

  it('files no asset owns and old temporary folders are removed at start; assets keep theirs', async () => {
    const sandbox = await startSandboxProcess();
    const call = apiClient(sandbox.createBaseUrl, sandbox.apiKey);
    const assetId = await uploadLong(call, (await newProject(call)).id);
    await sandbox.stop();
    const mediaDir = join(sandbox.dataDir, 'media');
    const stray = join(mediaDir, 'half-written-render.mp4');
    writeFileSync(stray, Buffer.alloc(1024));
    mkdirSync(join(sandbox.dataDir, 'tmp', 'transcription-7'), { recursive: true });
    writeFileSync(join(sandbox.dataDir, 'tmp', 'transcription-7', 'sound.wav'), Buffer.alloc(1024));
    const again = await sandbox.restart();
    try {
      expect(existsSync(stray)).toBe(false);
      expect(readdirSync(join(sandbox.dataDir, 'tmp'))).toEqual([]);
      expect((await apiClient(again.createBaseUrl, again.apiKey)('GET', `/assets/${assetId}/content`)).status).toBe(
        200,
      );
      expect(again.stderr()).toMatch(/removed 1 media file\(s\) no asset owns and 1 temporary item/);
    } finally {
      await again.stop({ removeData: true });
    }
  });
});

describe('a time budget', () => {
  let sandbox: RunningSandbox;
  let call: ApiCall;
  let assetId: number;
  beforeAll(async () => {
    sandbox = await startSandboxProcess({
      args: ['--job-budget-base-ms', '1500', '--job-budget-per-media-second-ms', '0'],
    });
    call = apiClient(sandbox.createBaseUrl, sandbox.apiKey);
    assetId = await uploadLong(call, (await newProject(call)).id);
  });
  afterAll(() => sandbox?.stop({ removeData: true }));

  it('a review past its budget fails with job.timed_out saying the budget, and its ffmpeg is stopped', async () => {
    const review = await startReview(call, assetId);
    const done = await waitForJob(call, `/reviews/${review.body.data.id}`, 15_000);
    expect(done.state).toBe('failed');
    expect(done.error.code).toBe('job.timed_out');
    expect(done.error.message).toMatch(/time budget \(1\.5 s: 1\.5 s plus 0 s for each of its media's 10000 s\)/);
    await until(() => ffmpegsOf(sandbox).length === 0, 'no ffmpeg is left', 3_000);
  });

  it('a paid job past its budget fails and is refunded', async () => {
    const before = await walletUsd(call);
    const res = await call('POST', `/assets/${assetId}/transcriptions`, {
      body: {},
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body.data.billedSeconds).toBe(10_000);
    expect(await walletUsd(call)).toBeLessThan(before);
    const done = await waitForJob(call, `/transcriptions/${res.body.data.id}`, 20_000);
    expect(done.state).toBe('failed');
    expect(done.error.code).toBe('job.timed_out');
    expect(done.error.message).toMatch(/refunded/);
    expect(await walletUsd(call)).toBeCloseTo(before, 6);
  });
});
