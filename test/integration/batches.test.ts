// Editor batches on the real sandbox: prepared projects made from a template with real
// media are rendered to real MP4 assets by one production job; its end is announced to a
// local webhook receiver (production.completed, .cancelled, .failed), and an idempotent
// replay starts nothing twice.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editorClient } from '../support/editorSupport.ts';
import { makeFixtureDir } from '../support/mediaFixtures.ts';
import { apiClient, startSandboxProcess, type ApiCall, type RunningSandbox } from '../support/sandboxProcess.ts';
import { makeTemplateSource, postIdempotent, templateBody, type TemplateSource } from '../support/templateSupport.ts';

const run = promisify(execFile);

let sandbox: RunningSandbox;
let call: ApiCall;
let receiver: Server;
const received: any[] = [];
const fixtures = makeFixtureDir();
let source: TemplateSource;
/** The prepared projects: "Short" binds the 1 s video, "Long" the 2 s one. */
let shortProject: number;
let longProject: number;

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
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  const hook = await call('POST', '/webhooks', {
    body: { url, events: ['production.completed', 'production.failed', 'production.cancelled'] },
  });
  expect(hook.status).toBe(201);

  source = await makeTemplateSource(call, fixtures.dir);
  const template = await postIdempotent(call, '/templates', templateBody(source));
  expect(template.status).toBe(201);
  const variants = await postIdempotent(call, `/templates/${template.body.data.templateId}/variants`, {
    variants: [
      { name: 'Short', values: { caption: 'One', clip: source.media.shortVideo } },
      { name: 'Long', values: { caption: 'Two', clip: source.media.longVideo } },
    ],
  });
  expect(variants.status, JSON.stringify(variants.body)).toBe(201);
  [shortProject, longProject] = variants.body.data.variants.map((v: any) => v.projectId);
});
afterAll(async () => {
  await sandbox?.stop({ removeData: true });
  await new Promise((resolve) => receiver?.close(resolve));
  fixtures.cleanup();
});

const startBatch = (projectId: number, body: unknown, key?: string) =>
  postIdempotent(call, `/projects/${projectId}/editor/batches`, body, key);

/** Polls a batch gently (the key allows 120 requests a minute) until it ends. */
async function waitForBatch(id: number, timeoutMs = 30_000): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const batch = (await call('GET', `/batches/${id}`)).body.data;
    if (['completed', 'failed', 'cancelled'].includes(batch.state)) return batch;
    if (Date.now() > deadline) throw new Error(`batch ${id} still ${batch.state} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function eventFor(type: string, batchId: number): Promise<any> {
  const deadline = Date.now() + 10_000;
  const find = () => received.find((e) => e.type === type && e.data?.id === batchId);
  while (!find() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  return find();
}

async function probeAsset(assetId: number): Promise<{ durationMs: number; streams: string[] }> {
  const res = await fetch(`${sandbox.createBaseUrl}/assets/${assetId}/content`, {
    headers: { authorization: `Bearer ${sandbox.apiKey}` },
  });
  expect(res.status).toBe(200);
  const path = join(fixtures.dir, `batch-${assetId}.mp4`);
  await writeFile(path, Buffer.from(await res.arrayBuffer()));
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'stream=codec_type:format=duration,format_name',
    '-of',
    'json',
    path,
  ]);
  const info = JSON.parse(stdout) as {
    streams: { codec_type: string }[];
    format: { duration: string; format_name: string };
  };
  expect(info.format.format_name).toContain('mp4');
  return { durationMs: Number(info.format.duration) * 1000, streams: info.streams.map((s) => s.codec_type).sort() };
}

describe('editor batches', () => {
  it('renders every prepared project to a real MP4 and announces production.completed, once per key', async () => {
    const key = randomUUID();
    const body = { projectIds: [shortProject, longProject], output: { kind: 'render' } };
    const accepted = await startBatch(shortProject, body, key);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(202);
    expect(accepted.body.data).toMatchObject({
      projectId: shortProject,
      state: 'queued',
      costUsd: 0,
      items: [
        { projectId: shortProject, state: 'queued', assetId: null, error: null },
        { projectId: longProject, state: 'queued', assetId: null, error: null },
      ],
    });
    const replay = await startBatch(shortProject, body, key);
    expect(replay.status).toBe(200);
    expect(replay.body.data.id).toBe(accepted.body.data.id);

    const done = await waitForBatch(accepted.body.data.id);
    expect(done.state, JSON.stringify(done.items)).toBe('completed');
    expect(done.items.map((i: any) => i.state)).toEqual(['completed', 'completed']);

    // Each asset belongs to its prepared project and lasts as long as that project's timeline.
    const lengths: number[] = [];
    for (const item of done.items) {
      const asset = (await call('GET', `/assets/${item.assetId}`)).body.data;
      expect(asset).toMatchObject({
        kind: 'video',
        contentType: 'video/mp4',
        projectId: item.projectId,
        source: 'production',
      });
      const { durationMs, streams } = await probeAsset(item.assetId);
      expect(streams).toContain('video');
      lengths.push(durationMs);
    }
    expect(Math.abs(lengths[0]! - 1000)).toBeLessThan(150);
    expect(Math.abs(lengths[1]! - 2000)).toBeLessThan(150);

    const event = await eventFor('production.completed', done.id);
    expect(event).toMatchObject({
      type: 'production.completed',
      data: { kind: 'production', id: done.id, state: 'completed' },
    });
    expect(event.data.items.map((i: any) => i.assetId)).toEqual(done.items.map((i: any) => i.assetId));

    // The replay started nothing: the project lists one batch.
    const listed = (await call('GET', `/projects/${shortProject}/editor/batches`)).body.data;
    expect(listed.map((b: any) => b.id)).toEqual([done.id]);
  });

  it('cancels a batch: its items end cancelled and production.cancelled is announced', async () => {
    // Slow jobs down so the batch is surely still unfinished when the cancel arrives.
    expect((await sandbox.admin('POST', '/_sandbox/faults', { jobSlowFactor: 20 })).status).toBe(200);
    try {
      const accepted = await startBatch(longProject, { output: { kind: 'render' } });
      expect(accepted.status).toBe(202);
      expect(accepted.body.data.items.map((i: any) => i.projectId)).toEqual([longProject]);
      const id = accepted.body.data.id;
      const cancelled = await call('POST', `/batches/${id}/cancel`);
      expect(cancelled.status).toBe(200);
      expect(cancelled.body.data).toMatchObject({
        state: 'cancelled',
        items: [{ state: 'cancelled', assetId: null, error: { code: 'job.cancelled' } }],
      });
      const again = await call('POST', `/batches/${id}/cancel`);
      expect(again.status).toBe(409);
      expect(again.body.error).toMatchObject({ code: 'job.not_cancellable', state: 'cancelled' });
      expect(await eventFor('production.cancelled', id)).toMatchObject({
        data: { kind: 'production', id, state: 'cancelled' },
      });
      expect((await call('GET', `/batches/${id}`)).body.data.state).toBe('cancelled');
    } finally {
      await sandbox.admin('POST', '/_sandbox/faults', { jobSlowFactor: 1 });
    }
  });

  it('announces production.failed when the batch fails', async () => {
    expect((await sandbox.admin('POST', '/_sandbox/faults', { jobFailShare: 1 })).status).toBe(200);
    try {
      const accepted = await startBatch(shortProject, { output: { kind: 'render' } });
      expect(accepted.status).toBe(202);
      const done = await waitForBatch(accepted.body.data.id);
      expect(done).toMatchObject({
        state: 'failed',
        error: { code: 'job.failed' },
        items: [{ state: 'failed', assetId: null }],
      });
      expect(await eventFor('production.failed', done.id)).toMatchObject({
        data: { kind: 'production', id: done.id, state: 'failed' },
      });
    } finally {
      await sandbox.admin('POST', '/_sandbox/faults', { jobFailShare: 0 });
    }
  });

  it('refuses a batch it could not render before starting anything', async () => {
    const empty = await editorClient(call).createProject('Nothing yet');
    const before = (await call('GET', `/projects/${shortProject}/editor/batches`)).body.data.length;

    const withEmpty = await startBatch(shortProject, { projectIds: [shortProject, empty], output: { kind: 'render' } });
    expect(withEmpty.status).toBe(400);
    expect(withEmpty.body.error.code).toBe('production.batch_invalid');
    expect(withEmpty.body.error.message).toContain('projectIds[1]');
    const unknown = await startBatch(shortProject, { projectIds: [999999], output: { kind: 'render' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toContain('projectIds[0]');
    const twice = await startBatch(shortProject, {
      projectIds: [shortProject, shortProject],
      output: { kind: 'render' },
    });
    expect(twice.status).toBe(400);
    expect(twice.body.error.message).toContain('twice');
    const gif = await startBatch(shortProject, { output: { kind: 'gif' } });
    expect(gif.status).toBe(400);
    expect(gif.body.error.message).toContain('output.kind');

    expect((await call('GET', `/projects/${shortProject}/editor/batches`)).body.data).toHaveLength(before);
    expect((await call('GET', '/batches/999999')).status).toBe(404);
  });
});
