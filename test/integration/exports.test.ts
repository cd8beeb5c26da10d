// Exports against the real sandbox: real media goes up through POST /assets, the sandbox
// renders a real MP4 with ffmpeg, and the test downloads and measures what a viewer would get.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { colourAt, exportHarness, peakDb, probeFile } from '../support/exportSupport.ts';
import { makeFixtureDir, makeWav } from '../support/mediaFixtures.ts';
import {
  apiClient,
  startSandboxProcess,
  waitForJob,
  type ApiCall,
  type RunningSandbox,
} from '../support/sandboxProcess.ts';

let sandbox: RunningSandbox;
let call: ApiCall;
let fixtures: ReturnType<typeof makeFixtureDir>;
let projectId: number;
let otherProjectId: number;
/** Uploaded assets of `projectId`: a 2 s red video with a tone, a green image, a 1.5 s tone. */
let red: any;
let green: any;
let tone: any;
let foreign: any;

async function exportCount(): Promise<number> {
  const res = await sandbox.admin('GET', '/_sandbox/stats');
  return ((await res.json()) as any).data.exports;
}

let solidMp4: Harness['solidMp4'];
let solidPng: Harness['solidPng'];
let upload: Harness['upload'];
let createProject: Harness['createProject'];
let postExport: Harness['postExport'];
let download: Harness['download'];
type Harness = ReturnType<typeof exportHarness>;

beforeAll(async () => {
  fixtures = makeFixtureDir();
  sandbox = await startSandboxProcess({ jobSeconds: 0.3 });
  call = apiClient(sandbox.createBaseUrl, sandbox.apiKey);
  ({ solidMp4, solidPng, upload, createProject, postExport, download } = exportHarness(sandbox, call, fixtures.dir));
  projectId = await createProject('Export test', '16:9');
  otherProjectId = await createProject('Someone else’s cut', '16:9');
  [red, green, tone, foreign] = await Promise.all([
    solidMp4('red', 2).then((p) => upload(p, projectId)),
    solidPng('lime').then((p) => upload(p, projectId)),
    makeWav(fixtures.dir, { seconds: 1.5 }).then((p) => upload(p, projectId)),
    solidPng('blue').then((p) => upload(p, otherProjectId)),
  ]);
});

afterAll(async () => {
  await sandbox?.stop({ removeData: true });
  fixtures?.cleanup();
});

describe('rendering an export', () => {
  it('renders trimmed video, a held image and an audio clip, in order, into an H.264 + AAC MP4', async () => {
    const clips = [
      { assetId: red.id, trimStartMs: 500, trimEndMs: 1500 },
      { assetId: green.id, trimEndMs: 1200 },
      { assetId: tone.id, trimStartMs: 200, trimEndMs: 1200, transition: 'fade' },
    ];
    const accepted = await postExport({ projectId, clips, output: { resolution: '360p', frameRate: 25 } });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(202);
    const queued = accepted.body.data;
    expect(queued).toMatchObject({
      projectId,
      source: 'clips',
      timeline: null,
      output: { resolution: '360p', frameRate: 25, quality: 'standard', format: 'mp4' },
      state: 'queued',
      assetId: null,
      costUsd: 0,
      error: null,
      durationMs: 3200,
    });
    expect(queued.clips.map((c: any) => [c.kind, c.trimStartMs, c.trimEndMs, c.transition, c.fit])).toEqual([
      ['video', 500, 1500, 'none', 'contain'],
      ['image', 0, 1200, 'none', 'contain'],
      ['audio', 200, 1200, 'fade', 'contain'],
    ]);

    const done = await waitForJob(call, `/exports/${queued.id}`);
    expect(done.error).toBeNull();
    expect(done.state).toBe('completed');
    expect(done.startedAt).not.toBeNull();
    expect(done.completedAt).not.toBeNull();

    const asset = (await call('GET', `/assets/${done.assetId}`)).body.data;
    expect(asset).toMatchObject({ kind: 'video', source: 'export', projectId, filename: `export-${queued.id}.mp4` });

    const file = await download(done.assetId);
    const { streams, format } = await probeFile(file);
    const video = streams.find((s) => s.codec_type === 'video');
    const audio = streams.find((s) => s.codec_type === 'audio');
    expect(video).toMatchObject({
      codec_name: 'h264',
      width: 640,
      height: 360,
      pix_fmt: 'yuv420p',
      avg_frame_rate: '25/1',
    });
    expect(audio).toMatchObject({ codec_name: 'aac', sample_rate: '48000', channels: 2 });
    expect(Math.abs(Number(format.duration) * 1000 - 3200)).toBeLessThan(150);

    // Red video, then the lime image, then black under the audio clip.
    const [r1, g1, b1] = await colourAt(file, 0.5);
    expect(r1).toBeGreaterThan(180);
    expect(g1 + b1).toBeLessThan(100);
    const [r2, g2, b2] = await colourAt(file, 1.6);
    expect(g2).toBeGreaterThan(180);
    expect(r2 + b2).toBeLessThan(100);
    expect(Math.max(...(await colourAt(file, 2.8)))).toBeLessThan(30);

    // The video's tone, silence under the image, the audio clip's tone.
    expect(await peakDb(file, 0.1, 0.9)).toBeGreaterThan(-30);
    expect(await peakDb(file, 1.1, 2.1)).toBeLessThan(-80);
    expect(await peakDb(file, 2.7, 3.1)).toBeGreaterThan(-30);
  });

  it("applies fit, look, motion, dissolve, volume and titles at a vertical project's shape", async () => {
    const vertical = await createProject('Vertical', '9:16');
    const [clipA, clipB] = await Promise.all([
      solidMp4('red', 1).then((p) => upload(p, vertical)),
      solidPng('lime').then((p) => upload(p, vertical)),
    ]);
    const res = await postExport({
      projectId: vertical,
      output: { resolution: '360p' },
      clips: [
        {
          assetId: clipA.id,
          fit: 'cover',
          look: 'mono',
          motion: 'zoom-in',
          volume: 0,
          title: 'Opening: 100% "quoted" [text]',
        },
        {
          assetId: clipB.id,
          trimStartMs: 0,
          trimEndMs: 600,
          fit: 'fill',
          transition: 'dissolve',
          motion: 'pan-left',
          look: 'vivid',
        },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const done = await waitForJob(call, `/exports/${res.body.data.id}`);
    expect(done.state).toBe('completed');
    expect(done.titlesDrawn).toBe(true);

    const file = await download(done.assetId);
    const { streams, format } = await probeFile(file);
    expect(streams.find((s) => s.codec_type === 'video')).toMatchObject({ width: 360, height: 640 });
    expect(Math.abs(Number(format.duration) * 1000 - 1600)).toBeLessThan(150);
    // Mono turns the red video grey; cover fills the tall frame with no black bars.
    const [r, g, b] = await colourAt(file, 0.3);
    expect(Math.max(r, g, b) - Math.min(r, g, b)).toBeLessThan(25);
    expect(r).toBeGreaterThan(40);
    expect(await peakDb(file, 0.05, 0.95)).toBeLessThan(-80);
    const [r2, g2] = await colourAt(file, 1.5);
    expect(g2).toBeGreaterThan(180);
    expect(r2).toBeLessThan(100);
  });

  it('leaves the source media as it was', async () => {
    const before = await Promise.all(
      [red, green, tone].map(async (a) => (await call('GET', `/assets/${a.id}`)).body.data),
    );
    const res = await postExport({
      projectId,
      clips: [{ assetId: red.id, trimEndMs: 400 }],
      output: { resolution: '360p' },
    });
    await waitForJob(call, `/exports/${res.body.data.id}`);
    const after = await Promise.all(
      [red, green, tone].map(async (a) => (await call('GET', `/assets/${a.id}`)).body.data),
    );
    expect(after).toEqual(before);
  });
});

describe('retrying an export', () => {
  it('replays the same export for the same key and inputs, and refuses the key with other inputs', async () => {
    const key = randomUUID();
    const body = { projectId, clips: [{ assetId: green.id, trimEndMs: 500 }], output: { resolution: '360p' } };
    const first = await postExport(body, key);
    expect(first.status).toBe(202);
    const count = await exportCount();

    const again = await postExport(body, key);
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(await exportCount()).toBe(count);

    const other = await postExport({ ...body, output: { resolution: '720p' } }, key);
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe('idempotency.key_reused');
    expect(await exportCount()).toBe(count);
  });

  it('needs an Idempotency-Key', async () => {
    const res = await call('POST', '/exports', { body: { projectId, clips: [{ assetId: green.id }] } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('idempotency.key_missing');
  });
});

describe('refusing an export before it costs anything', () => {
  it('takes at most 80 clips', async () => {
    const before = await exportCount();
    const res = await postExport({
      projectId,
      clips: Array.from({ length: 81 }, () => ({ assetId: green.id, trimEndMs: 100 })),
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('export.too_many_clips');
    expect(res.body.error.message).toContain('81');
    expect(await exportCount()).toBe(before);
  });

  it('needs at least one clip', async () => {
    const res = await postExport({ projectId, clips: [] });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('request.invalid');
    expect(res.body.error.message).toContain('clips');
  });

  it('lasts at most 30 minutes, and says how long the clips last', async () => {
    const res = await postExport({
      projectId,
      clips: Array.from({ length: 11 }, () => ({ assetId: green.id, trimEndMs: 180_000 })),
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('export.too_long');
    expect(res.body.error.message).toContain('33:00.000');
  });

  it('takes only media of the project, naming the clip that is not', async () => {
    const res = await postExport({ projectId, clips: [{ assetId: green.id }, { assetId: foreign.id }] });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('export.media_not_in_project');
    expect(res.body.error.message).toContain('clips[1]');
    expect(res.body.error.message).toContain(`asset ${foreign.id}`);

    const missing = await postExport({ projectId, clips: [{ assetId: 2_000_000_000 }] });
    expect(missing.body.error.code).toBe('export.media_not_in_project');
  });

  it.each([
    ['past the end of the media', { trimStartMs: 0, trimEndMs: 2500 }, 'past the end of the media'],
    ['ending before it starts', { trimStartMs: 1500, trimEndMs: 1000 }, 'greater than trimStartMs'],
    ['starting after the end', { trimStartMs: 5000 }, 'before the end'],
    ['shorter than 100 ms', { trimStartMs: 1000, trimEndMs: 1050 }, 'at least 100 ms'],
  ])('refuses trims %s, naming the clip', async (_label, trims, words) => {
    const res = await postExport({ projectId, clips: [{ assetId: green.id }, { assetId: red.id, ...trims }] });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('export.invalid_trim');
    expect(res.body.error.message).toContain('clips[1]');
    expect(res.body.error.message).toContain(words);
  });

  it('names an unknown option or a value out of range', async () => {
    const unknown = await postExport({ projectId, clips: [{ assetId: green.id, speed: 2 }] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toContain('speed');
    const loud = await postExport({ projectId, clips: [{ assetId: green.id, volume: 3 }] });
    expect(loud.body.error.message).toContain('clips.0.volume');
    const wipe = await postExport({ projectId, clips: [{ assetId: green.id, transition: 'wipe' }] });
    expect(wipe.body.error.message).toContain('clips.0.transition');
  });
});

describe('reading exports', () => {
  it("lists a project's exports newest first and reads one by ID", async () => {
    const res = await postExport({
      projectId: otherProjectId,
      clips: [{ assetId: foreign.id, trimEndMs: 300 }],
      output: { resolution: '360p' },
    });
    const list = await call('GET', `/exports?projectId=${otherProjectId}`);
    expect(list.status).toBe(200);
    expect(list.body.data.map((e: any) => e.id)).toEqual([res.body.data.id]);
    const mine = await call('GET', `/exports?projectId=${projectId}&limit=2`);
    expect(mine.body.data).toHaveLength(2);
    expect(mine.body.data[0].id).toBeGreaterThan(mine.body.data[1].id);
    expect(mine.body.pagination.nextCursor).toBe(String(mine.body.data[1].id));

    expect((await call('GET', `/exports/${res.body.data.id}`)).body.data.projectId).toBe(otherProjectId);
    const absent = await call('GET', '/exports/2000000000');
    expect(absent.status).toBe(404);
    expect(absent.body.error.code).toBe('resource.not_found');
  });
});
