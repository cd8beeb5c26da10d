// Editor renders on the real sandbox: a preview range of a timeline made from uploaded
// media becomes a real MP4 of the range's length, with black in the gaps and the audio
// track mixed in; completion is announced with render.completed.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editorClient, trackOf } from '../support/editorSupport.ts';
import { makeFixtureDir, makeMp4, makeWav } from '../support/mediaFixtures.ts';
import {
  apiClient,
  startSandboxProcess,
  waitForJob,
  type ApiCall,
  type RunningSandbox,
} from '../support/sandboxProcess.ts';

const run = promisify(execFile);

let sandbox: RunningSandbox;
let call: ApiCall;
let editor: ReturnType<typeof editorClient>;
let receiver: Server;
const received: any[] = [];
const fixtures = makeFixtureDir();
let projectId: number;
let timeline: any;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push(JSON.parse(body));
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  sandbox = await startSandboxProcess({ args: ['--allow-insecure-webhooks'] });
  call = apiClient(sandbox.createBaseUrl, sandbox.apiKey);
  editor = editorClient(call);
  const hook = await call('POST', '/webhooks', {
    body: { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`, events: ['render.completed'] },
  });
  expect(hook.status).toBe(201);

  // Video: A 0–2000, a gap, B 3000–5000 (fading in). Audio: a tone 500–2500.
  projectId = await editor.createProject('Render');
  const [a, b, tone] = await Promise.all([
    makeMp4(fixtures.dir, { seconds: 2 }),
    makeMp4(fixtures.dir, { seconds: 2 }),
    makeWav(fixtures.dir, { seconds: 2 }),
  ]);
  const [clipA, clipB, sound] = [
    await editor.upload(a, projectId),
    await editor.upload(b, projectId),
    await editor.upload(tone, projectId),
  ];
  const start = await editor.timeline(projectId);
  const bId = randomUUID();
  ({ timeline } = await editor.apply(projectId, start.revision, [
    { type: 'addClip', trackId: trackOf(start, 'video').id, assetId: clipA.id, startMs: 0 },
    { type: 'addClip', trackId: trackOf(start, 'video').id, clipId: bId, assetId: clipB.id, startMs: 3000 },
    { type: 'setTransition', clipId: bId, transitionId: 'fade', durationMs: 300 },
    { type: 'addClip', trackId: trackOf(start, 'audio').id, assetId: sound.id, startMs: 500 },
  ]));
});
afterAll(async () => {
  await sandbox?.stop({ removeData: true });
  await new Promise((resolve) => receiver?.close(resolve));
  fixtures.cleanup();
});

const render = (body: unknown, key = randomUUID()) =>
  call('POST', `/projects/${projectId}/editor/render`, { headers: { 'idempotency-key': key }, body });

/** Downloads an asset's bytes to a file, as a client would. */
async function download(assetId: number): Promise<string> {
  const res = await fetch(`${sandbox.createBaseUrl}/assets/${assetId}/content`, {
    headers: { authorization: `Bearer ${sandbox.apiKey}` },
  });
  expect(res.status).toBe(200);
  const path = join(fixtures.dir, `render-${assetId}.mp4`);
  await writeFile(path, Buffer.from(await res.arrayBuffer()));
  return path;
}

async function probeFile(path: string): Promise<{ durationMs: number; streams: string[] }> {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'stream=codec_type:format=duration',
    '-of',
    'json',
    path,
  ]);
  const info = JSON.parse(stdout) as { streams: { codec_type: string }[]; format: { duration: string } };
  return { durationMs: Number(info.format.duration) * 1000, streams: info.streams.map((s) => s.codec_type).sort() };
}

/** Mean brightness (0–255) of the frame at `seconds`. */
async function brightnessAt(path: string, seconds: number): Promise<number> {
  const { stderr } = await run('ffmpeg', [
    '-hide_banner',
    '-ss',
    String(seconds),
    '-i',
    path,
    '-frames:v',
    '1',
    '-vf',
    'signalstats,metadata=print:key=lavfi.signalstats.YAVG',
    '-f',
    'null',
    '-',
  ]);
  return Number(/YAVG=([\d.]+)/.exec(stderr)![1]);
}

/** Mean loudness (dB) of the sound between `from` and `from + seconds`. */
async function loudness(path: string, from: number, seconds: number): Promise<number> {
  const { stderr } = await run('ffmpeg', [
    '-hide_banner',
    '-ss',
    String(from),
    '-t',
    String(seconds),
    '-i',
    path,
    '-vn',
    '-af',
    'volumedetect',
    '-f',
    'null',
    '-',
  ]);
  return Number(/mean_volume: (-?[\d.]+) dB/.exec(stderr)![1]);
}

describe('editor renders', () => {
  it('render a preview range to an MP4 that lasts the range, black in the gap, with the audio track mixed in', async () => {
    const accepted = await render({ range: { startMs: 1000, endMs: 4500 }, revision: timeline.revision });
    expect(accepted.status).toBe(202);
    expect(accepted.body.data).toMatchObject({
      projectId,
      revision: timeline.revision,
      range: { startMs: 1000, endMs: 4500 },
      state: 'queued',
      assetId: null,
      costUsd: 0,
    });

    const done = await waitForJob(call, `/projects/${projectId}/editor/renders/${accepted.body.data.id}`);
    expect(done.state, JSON.stringify(done.error)).toBe('completed');
    const asset = (await call('GET', `/assets/${done.assetId}`)).body.data;
    expect(asset).toMatchObject({ kind: 'video', source: 'render', projectId, contentType: 'video/mp4' });

    const file = await download(done.assetId);
    const { durationMs, streams } = await probeFile(file);
    expect(Math.abs(durationMs - 3500)).toBeLessThan(150);
    expect(streams).toEqual(['audio', 'video']);
    // Output 0.5 s is timeline 1.5 s (clip A), 1.5 s is the gap, 3.0 s is clip B.
    expect(await brightnessAt(file, 0.5)).toBeGreaterThan(40);
    expect(await brightnessAt(file, 1.5)).toBeLessThan(20);
    expect(await brightnessAt(file, 3.0)).toBeGreaterThan(40);
    // In the gap only the audio track sounds: audible until timeline 2.5 s, silent after.
    expect(await loudness(file, 1.1, 0.3)).toBeGreaterThan(-40);
    expect(await loudness(file, 1.6, 0.3)).toBeLessThan(-60);

    // render.completed reaches the registered endpoint with the render.
    const deadline = Date.now() + 10_000;
    while (!received.some((e) => e.data?.id === done.id) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    const event = received.find((e) => e.data?.id === done.id);
    expect(event).toMatchObject({
      type: 'render.completed',
      data: { kind: 'render', id: done.id, state: 'completed', assetId: done.assetId, projectId },
    });
  });

  it('render the whole timeline by default; an identical retry gives the same render; the list pages renders newest first', async () => {
    const key = randomUUID();
    const accepted = await render(undefined, key);
    expect(accepted.status).toBe(202);
    expect(accepted.body.data.range).toEqual({ startMs: 0, endMs: timeline.durationMs });
    const replay = await render(undefined, key);
    expect(replay.status).toBe(200);
    expect(replay.body.data.id).toBe(accepted.body.data.id);
    const reused = await render({ range: { startMs: 0, endMs: 1000 } }, key);
    expect(reused.status).toBe(409);
    expect(reused.body.error.code).toBe('idempotency.key_reused');

    const done = await waitForJob(call, `/projects/${projectId}/editor/renders/${accepted.body.data.id}`);
    expect(done.state).toBe('completed');
    const { durationMs } = await probeFile(await download(done.assetId));
    expect(Math.abs(durationMs - timeline.durationMs)).toBeLessThan(150);

    const list = await call('GET', `/projects/${projectId}/editor/renders?limit=1`);
    expect(list.status).toBe(200);
    expect(list.body.data.map((r: any) => r.id)).toEqual([accepted.body.data.id]);
    expect(list.body.pagination.nextCursor).toBe(String(accepted.body.data.id));
  });

  it('refuses a stale revision, an empty timeline and a range outside the timeline', async () => {
    const stale = await render({ revision: 'r0' });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({ code: 'revision.conflict', currentRevision: timeline.revision });

    const outside = await render({ range: { startMs: 4000, endMs: 9000 } });
    expect(outside.status).toBe(400);
    expect(outside.body.error.code).toBe('editor.render_invalid');
    expect(outside.body.error.message).toContain('5000 ms');

    const empty = await editor.createProject('Empty');
    const res = await call('POST', `/projects/${empty}/editor/render`, {
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('editor.render_invalid');
  });
});
