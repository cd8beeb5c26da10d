// Exports against the real sandbox: real media goes up through POST /assets, the sandbox
// renders a real MP4 with ffmpeg, and the test downloads and measures what a viewer would get.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeFixtureDir, makeWav, mediaForm } from '../support/mediaFixtures.ts';
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
let fixtures: ReturnType<typeof makeFixtureDir>;
let projectId: number;
let otherProjectId: number;
/** Uploaded assets of `projectId`: a 2 s red video with a tone, a green image, a 1.5 s tone. */
let red: any;
let green: any;
let tone: any;
let foreign: any;

async function ffmpeg(args: string[]): Promise<Buffer> {
  const { stdout } = await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...args], {
    encoding: 'buffer',
    maxBuffer: 16 * 1024 * 1024,
  });
  return stdout;
}

/** A solid-colour MP4 (H.264 + an AAC tone), so frames of the export show which clip they came from. */
async function solidMp4(colour: string, seconds: number): Promise<string> {
  const path = join(fixtures.dir, `${colour}-${seconds}s.mp4`);
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    `color=c=${colour}:s=160x90:r=25:d=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:sample_rate=44100:duration=${seconds}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    path,
  ]);
  return path;
}

async function solidPng(colour: string): Promise<string> {
  const path = join(fixtures.dir, `${colour}.png`);
  await ffmpeg(['-f', 'lavfi', '-i', `color=c=${colour}:s=64x48`, '-frames:v', '1', path]);
  return path;
}

async function upload(path: string, project: number): Promise<any> {
  const res = await call('POST', '/assets', { form: mediaForm(path, { projectId: project }) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

async function createProject(name: string, aspectRatio: string): Promise<number> {
  const res = await call('POST', '/projects', { body: { name, aspectRatio } });
  expect(res.status).toBe(201);
  return res.body.data.id;
}

function postExport(body: unknown, key: string = randomUUID()) {
  return call('POST', '/exports', { body, headers: { 'idempotency-key': key } });
}

/** Downloads an asset's bytes to a file the way a client would. */
async function download(assetId: number): Promise<string> {
  const res = await fetch(`${sandbox.createBaseUrl}/assets/${assetId}/content`, {
    headers: { authorization: `Bearer ${sandbox.apiKey}` },
  });
  expect(res.status).toBe(200);
  const path = join(fixtures.dir, `download-${assetId}.mp4`);
  writeFileSync(path, Buffer.from(await res.arrayBuffer()));
  return path;
}

async function probeFile(path: string): Promise<{ streams: any[]; format: any }> {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'stream=codec_type,codec_name,width,height,pix_fmt,sample_rate,channels,avg_frame_rate:format=duration',
    '-of',
    'json',
    path,
  ]);
  return JSON.parse(stdout);
}

/** The average colour of the frame shown at `seconds`, as [r, g, b]. */
async function colourAt(path: string, seconds: number): Promise<[number, number, number]> {
  const pixel = await ffmpeg([
    '-ss',
    String(seconds),
    '-i',
    path,
    '-frames:v',
    '1',
    '-vf',
    'scale=1:1:flags=area',
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgb24',
    'pipe:1',
  ]);
  return [pixel[0]!, pixel[1]!, pixel[2]!];
}

/** The peak sound level, in dB, between two times (-91 or lower is silence). */
async function peakDb(path: string, from: number, to: number): Promise<number> {
  const { stderr } = await run('ffmpeg', [
    '-hide_banner',
    '-nostdin',
    '-ss',
    String(from),
    '-t',
    String(to - from),
    '-i',
    path,
    '-af',
    'volumedetect',
    '-vn',
    '-f',
    'null',
    '-',
  ]);
  const match = /max_volume: (-?[\d.]+|-inf) dB/.exec(stderr);
  return match && match[1] !== '-inf' ? Number(match[1]) : -Infinity;
}

async function exportCount(): Promise<number> {
  const res = await sandbox.admin('GET', '/_sandbox/stats');
  return ((await res.json()) as any).data.exports;
}

beforeAll(async () => {
  fixtures = makeFixtureDir();
  sandbox = await startSandboxProcess({ jobSeconds: 0.3 });
  call = apiClient(sandbox.createBaseUrl, sandbox.apiKey);
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

/** Average PSNR (dB) of two videos' pictures, frame by frame; "inf" (identical) is Infinity. */
async function psnr(a: string, b: string): Promise<number> {
  const { stderr } = await run('ffmpeg', [
    '-hide_banner',
    '-nostdin',
    '-i',
    a,
    '-i',
    b,
    '-lavfi',
    'psnr',
    '-f',
    'null',
    '-',
  ]);
  const match = /average:(inf|[\d.]+)/.exec(stderr);
  return match![1] === 'inf' ? Infinity : Number(match![1]);
}

describe("exporting the project's timeline", () => {
  /** Applies commands to a project's timeline; returns its revision. */
  async function edit(project: number, commands: (timeline: any) => unknown[]): Promise<string> {
    const timeline = (await call('GET', `/projects/${project}/editor/timeline`)).body.data;
    const res = await call('POST', `/projects/${project}/editor/commands`, {
      headers: { 'idempotency-key': randomUUID() },
      body: { revision: timeline.revision, commands: commands(timeline) },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.revision;
  }
  const track = (timeline: any, kind: string) => timeline.tracks.find((t: any) => t.kind === kind).id;

  it('renders the whole timeline, every track, at the settings chosen, into Exports', async () => {
    const project = await createProject('Timeline export', '16:9');
    const [clip, sound] = await Promise.all([
      solidMp4('red', 2).then((p) => upload(p, project)),
      makeWav(fixtures.dir, { seconds: 1.5 }).then((p) => upload(p, project)),
    ]);
    const overlay = randomUUID();
    const revision = await edit(project, (t) => [
      { type: 'addClip', trackId: track(t, 'video'), assetId: clip.id, startMs: 0 },
      { type: 'addTrack', kind: 'video', trackId: overlay },
      { type: 'addClip', trackId: overlay, clipId: randomUUID(), assetId: clip.id, startMs: 500, outMs: 1000 },
      { type: 'addClip', trackId: track(t, 'audio'), assetId: sound.id, startMs: 500 },
      { type: 'addCaption', trackId: track(t, 'caption'), startMs: 0, endMs: 2000, text: 'Burnt in' },
    ]);
    const accepted = await postExport({ projectId: project, timeline: {}, output: { resolution: '360p' } });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(202);
    expect(accepted.body.data).toMatchObject({
      source: 'timeline',
      timeline: { revision },
      clips: [],
      durationMs: 2000,
      output: { resolution: '360p', frameRate: 30, quality: 'standard', format: 'mp4' },
    });
    const done = await waitForJob(call, `/exports/${accepted.body.data.id}`);
    expect(done.state, JSON.stringify(done.error)).toBe('completed');
    const list = await call('GET', `/exports?projectId=${project}`);
    expect(list.body.data.map((e: any) => e.id)).toEqual([done.id]);
    const file = await download(done.assetId);
    const { streams, format } = await probeFile(file);
    expect(streams.find((s) => s.codec_type === 'video')).toMatchObject({ width: 640, height: 360 });
    expect(Math.abs(Number(format.duration) * 1000 - 2000)).toBeLessThan(100);
    // The audio track's tone sounds from 0.5 s on, over the clip's own.
    expect(await peakDb(file, 0.1, 0.4)).toBeGreaterThan(-30);
    expect(await peakDb(file, 1.6, 1.9)).toBeGreaterThan(-30);
  });

  it('gives the same picture and sound as the clip-list export of the same clips, for one video track', async () => {
    const project = await createProject('Same picture', '16:9');
    const [clipA, clipB] = await Promise.all([
      solidMp4('red', 2).then((p) => upload(p, project)),
      solidPng('lime').then((p) => upload(p, project)),
    ]);
    const second = randomUUID();
    await edit(project, (t) => [
      { type: 'addClip', trackId: track(t, 'video'), assetId: clipA.id, startMs: 0, inMs: 500, outMs: 1500 },
      { type: 'addClip', trackId: track(t, 'video'), clipId: second, assetId: clipB.id, startMs: 1000, outMs: 1200 },
      // A clip list's dissolve lasts a third of the clip, at most 0.5 s: 400 ms here.
      { type: 'setTransition', clipId: second, transitionId: 'dissolve', durationMs: 400 },
    ]);
    const output = { resolution: '360p' };
    const [fromTimeline, fromClips] = await Promise.all([
      postExport({ projectId: project, timeline: {}, output }),
      postExport({
        projectId: project,
        output,
        clips: [
          { assetId: clipA.id, trimStartMs: 500, trimEndMs: 1500 },
          { assetId: clipB.id, trimEndMs: 1200, transition: 'dissolve' },
        ],
      }),
    ]);
    const [a, b] = await Promise.all(
      [fromTimeline, fromClips].map((res) => waitForJob(call, `/exports/${res.body.data.id}`)),
    );
    expect([a.state, b.state]).toEqual(['completed', 'completed']);
    const [fileA, fileB] = await Promise.all([download(a.assetId), download(b.assetId)]);
    expect(await psnr(fileA, fileB)).toBeGreaterThan(50);
    expect(await peakDb(fileA, 0.1, 0.9)).toBeCloseTo(await peakDb(fileB, 0.1, 0.9), 0);
  });

  it('refuses neither or both of clips and timeline, a stale revision, an empty timeline and unknown settings', async () => {
    const neither = await postExport({ projectId });
    expect(neither.status).toBe(400);
    expect(neither.body.error.message).toContain('either clips');
    const both = await postExport({ projectId, clips: [{ assetId: green.id }], timeline: {} });
    expect(both.status).toBe(400);
    expect(both.body.error.message).toContain('not both');

    const stale = await postExport({ projectId, timeline: { revision: 'r999' } });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('revision.conflict');

    const empty = await createProject('Nothing yet', '16:9');
    const nothing = await postExport({ projectId: empty, timeline: {} });
    expect(nothing.status).toBe(400);
    expect(nothing.body.error.code).toBe('export.timeline_invalid');
    expect(nothing.body.error.message).toContain('empty');

    const resolution = await postExport({ projectId, clips: [{ assetId: green.id }], output: { resolution: '4k' } });
    expect(resolution.status).toBe(400);
    expect(resolution.body.error.message).toContain('output.resolution');
    expect(resolution.body.error.message).toContain('"2160p"');
  });

  it('cancels an export while it renders: no video is made', async () => {
    const project = await createProject('Cancelled', '16:9');
    const long = await solidMp4('red', 2).then((p) => upload(p, project));
    const res = await postExport({
      projectId: project,
      clips: Array.from({ length: 10 }, () => ({ assetId: long.id, look: 'warm' })),
      output: { resolution: '2160p', quality: 'high' },
    });
    expect(res.status).toBe(202);
    const path = `/exports/${res.body.data.id}`;
    while ((await call('GET', path)).body.data.state === 'queued') await new Promise((r) => setTimeout(r, 100));
    const cancelled = await call('POST', `${path}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ state: 'cancelled', assetId: null });
    await new Promise((r) => setTimeout(r, 1000));
    expect((await call('GET', path)).body.data.state).toBe('cancelled');
    const assets = (await call('GET', `/assets?projectId=${project}`)).body.data;
    expect(assets.map((a: any) => a.source)).not.toContain('export');
  });
});
