// Editor renders on the real sandbox, checked with ffmpeg as a viewer would see and hear
// them (docs/render-semantics.md): a timeline holding every catalog effect, transition,
// caption style and clip property on two video tracks, three audio tracks (one muted) and a
// caption track is rendered at chosen output settings, and the file is measured — colours
// where the layers and properties put them, a greyed clip under saturation 0, a blend across
// a dissolve, text where captions are, each sounding track's tone in the mix and none of the
// muted one, its size, frame rate and length. Then the API around it: preview ranges,
// replays, output settings refused with what to change, cancelling, render.completed.
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editorClient, trackOf } from '../support/editorSupport.ts';
import { makeFixtureDir } from '../support/mediaFixtures.ts';
import {
  colourVideo,
  frameOf,
  peakOf,
  samplesOf,
  stillImage,
  toneLevel,
  toneWav,
  videoFacts,
  type Frame,
} from '../support/renderFixtures.ts';
import {
  apiClient,
  startSandboxProcess,
  waitForJob,
  type ApiCall,
  type RunningSandbox,
} from '../support/sandboxProcess.ts';

let sandbox: RunningSandbox;
let call: ApiCall;
let editor: ReturnType<typeof editorClient>;
let receiver: Server;
const received: any[] = [];
const fixtures = makeFixtureDir();
let projectId: number;
let timeline: any;

const FPS = 25;
const SIZE = { width: 640, height: 360 };
/** The tones that say which clip a sound came from, Hz. */
const TONE = { audio1: 310, red: 530, green: 770, white: 950, muted: 1190, fast: 1430 };

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
  sandbox = await startSandboxProcess({ args: ['--allow-insecure-webhooks'], jobSeconds: 0.2 });
  call = apiClient(sandbox.createBaseUrl, sandbox.apiKey);
  editor = editorClient(call);
  const hook = await call('POST', '/webhooks', {
    body: { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`, events: ['render.completed'] },
  });
  expect(hook.status).toBe(201);

  projectId = await editor.createProject('Render');
  const dir = fixtures.dir;
  const files = await Promise.all([
    // 4:3, red for 2 s then yellow for 2 s: at speed 2 it turns yellow a second into the clip.
    colourVideo(dir, {
      colours: [
        ['red', 2],
        ['yellow', 2],
      ],
      size: '320x240',
      tone: TONE.red,
    }),
    colourVideo(dir, { colours: [['lime', 4]], size: '320x240', tone: TONE.green }),
    colourVideo(dir, { colours: [['white', 4]], size: '320x180', tone: TONE.white }),
    stillImage(dir, { colour: 'blue', size: '160x90' }),
    stillImage(dir, { colour: 'cyan', size: '100x100' }),
    stillImage(dir, { edge: true, size: '200x200' }),
    // Loud enough (with volume 2) that the plain sum would clip: the limiter must hold it.
    toneWav(dir, { frequency: TONE.audio1, seconds: 6, amplitude: 0.5 }),
    toneWav(dir, { frequency: TONE.muted, seconds: 6 }),
    toneWav(dir, { frequency: TONE.fast, seconds: 2 }),
  ]);
  const up = (i: number) => editor.upload(files[i]!, projectId);
  const [red, green, white, blue, cyan, edge, audio1, muted, fast] = await Promise.all([
    up(0),
    up(1),
    up(2),
    up(3),
    up(4),
    up(5),
    up(6),
    up(7),
    up(8),
  ]);

  const start = await editor.timeline(projectId);
  const ids = {
    v2: randomUUID(),
    a2: randomUUID(),
    a3: randomUUID(),
    c1: randomUUID(),
    c2: randomUUID(),
    c3: randomUUID(),
    o1: randomUUID(),
    o2: randomUUID(),
    o3: randomUUID(),
    a1clip: randomUUID(),
    fast: randomUUID(),
  };
  const v1 = trackOf(start, 'video').id;
  const a1 = trackOf(start, 'audio').id;
  const captions = trackOf(start, 'caption').id;
  ({ timeline } = await editor.apply(projectId, start.revision, [
    { type: 'addTrack', kind: 'video', trackId: ids.v2, index: 1 },
    { type: 'addTrack', kind: 'audio', trackId: ids.a2 },
    { type: 'addTrack', kind: 'audio', trackId: ids.a3 },
    // Video 1: the red/yellow clip at speed 2 (0–2 s), lime greyed by saturation 0 dissolving
    // in over it (2–4 s, stretched to fill), then the blue still brightened, wiping in (4–6 s).
    { type: 'addClip', trackId: v1, clipId: ids.c1, assetId: red.id, startMs: 0, inMs: 0, outMs: 4000 },
    { type: 'applyEffect', clipId: ids.c1, effectId: 'speed', params: { rate: 2 } },
    { type: 'addClip', trackId: v1, clipId: ids.c2, assetId: green.id, startMs: 2000, inMs: 0, outMs: 2000 },
    { type: 'setClipFit', clipId: ids.c2, fit: 'fill' },
    { type: 'applyEffect', clipId: ids.c2, effectId: 'saturation', params: { amount: 0 } },
    { type: 'setTransition', clipId: ids.c2, transitionId: 'dissolve', durationMs: 1000 },
    { type: 'addClip', trackId: v1, clipId: ids.c3, assetId: blue.id, startMs: 4000, inMs: 0, outMs: 2000 },
    { type: 'setClipFit', clipId: ids.c3, fit: 'cover' },
    { type: 'applyEffect', clipId: ids.c3, effectId: 'brightness', params: { amount: 0.5 } },
    { type: 'setTransition', clipId: ids.c3, transitionId: 'wipe', durationMs: 1000 },
    // Video 2, on top: white at quarter size, top right, half opaque, contrast 0.5, sliding in
    // (0.5–2 s); a cyan square turned 45° (2–3.5 s); the black|white edge blurred (4–5.5 s).
    { type: 'addClip', trackId: ids.v2, clipId: ids.o1, assetId: white.id, startMs: 500, inMs: 0, outMs: 1500 },
    {
      type: 'setClipProperties',
      clipId: ids.o1,
      properties: { scale: 0.25, positionX: 0.3, positionY: -0.25, opacity: 0.5 },
    },
    { type: 'applyEffect', clipId: ids.o1, effectId: 'contrast', params: { amount: 0.5 } },
    { type: 'setTransition', clipId: ids.o1, transitionId: 'slide', durationMs: 500 },
    { type: 'addClip', trackId: ids.v2, clipId: ids.o2, assetId: cyan.id, startMs: 2000, inMs: 0, outMs: 1500 },
    {
      type: 'setClipProperties',
      clipId: ids.o2,
      properties: { scale: 0.3, positionX: -0.3, positionY: 0.2, rotation: 45 },
    },
    { type: 'addClip', trackId: ids.v2, clipId: ids.o3, assetId: edge.id, startMs: 4000, inMs: 0, outMs: 1500 },
    { type: 'setClipProperties', clipId: ids.o3, properties: { scale: 0.5, positionX: 0.3, positionY: 0.25 } },
    { type: 'applyEffect', clipId: ids.o3, effectId: 'blur', params: { radius: 20 } },
    // Audio: a loud tone all along (volume 2), a muted track's tone, a tone at speed 2 (3–4 s).
    { type: 'addClip', trackId: a1, clipId: ids.a1clip, assetId: audio1.id, startMs: 0 },
    { type: 'setClipProperties', clipId: ids.a1clip, properties: { volume: 2 } },
    { type: 'addClip', trackId: ids.a2, assetId: muted.id, startMs: 0 },
    { type: 'updateTrack', trackId: ids.a2, muted: true },
    { type: 'addClip', trackId: ids.a3, clipId: ids.fast, assetId: fast.id, startMs: 3000 },
    { type: 'applyEffect', clipId: ids.fast, effectId: 'speed', params: { rate: 2 } },
    { type: 'setClipProperties', clipId: ids.fast, properties: { volume: 0.8 } },
    // Every caption style, each in another font.
    { type: 'addCaption', trackId: captions, startMs: 0, endMs: 1000, text: 'Subtitle words', font: 'dejavu-sans' },
    {
      type: 'addCaption',
      trackId: captions,
      startMs: 2000,
      endMs: 3000,
      text: 'Lower third',
      style: 'lower-third',
      font: 'roboto',
    },
    { type: 'addCaption', trackId: captions, startMs: 3500, endMs: 4000, text: 'TITLE', style: 'title' },
    {
      type: 'addCaption',
      trackId: captions,
      startMs: 5000,
      endMs: 6000,
      text: 'one two three',
      style: 'karaoke',
      font: 'source-code-pro',
      words: [
        { text: 'one', startMs: 5000, endMs: 5300 },
        { text: 'two', startMs: 5300, endMs: 5600 },
        { text: 'three', startMs: 5700, endMs: 5900 },
      ],
    },
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

/** Within `tolerance` of each channel of `expected`. */
function near(actual: [number, number, number], expected: [number, number, number], tolerance = 22) {
  const off = actual.map((v, i) => Math.abs(v - expected[i]!));
  expect(Math.max(...off), `${JSON.stringify(actual)} should be near ${JSON.stringify(expected)}`).toBeLessThanOrEqual(
    tolerance,
  );
}

const frameAt = (file: string, seconds: number) => frameOf(file, Math.round(seconds * FPS), SIZE);
const white = ([r, g, b]: [number, number, number]) => r > 215 && g > 215 && b > 215;
const yellow = ([r, g, b]: [number, number, number]) => r > 200 && g > 160 && b < 90;

describe('a render draws and mixes the whole timeline', () => {
  let file: string;
  let frames: Record<string, Frame>;

  beforeAll(async () => {
    const accepted = await render({ output: { resolution: '360p', frameRate: FPS, quality: 'high' } });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(202);
    expect(accepted.body.data.output).toEqual({ resolution: '360p', frameRate: 25, quality: 'high', format: 'mp4' });
    const done = await waitForJob(call, `/projects/${projectId}/editor/renders/${accepted.body.data.id}`, 120_000);
    expect(done.state, JSON.stringify(done.error)).toBe('completed');
    file = await download(done.assetId);
    const times = {
      speed1: 0.2,
      slide: 0.92,
      speed2: 1.52,
      dissolve: 2.52,
      grey: 3.2,
      title: 3.8,
      wipe: 4.52,
      blur: 5.2,
      karaoke1: 5.04,
      karaoke2: 5.6,
    };
    frames = Object.fromEntries(
      await Promise.all(Object.entries(times).map(async ([name, t]) => [name, await frameAt(file, t)] as const)),
    );
  }, 180_000);

  it('has the chosen size and frame rate, and lasts the timeline', async () => {
    const facts = await videoFacts(file);
    expect(facts).toMatchObject({ width: 640, height: 360, fps: '25/1', frames: 150, colorSpace: 'smpte170m' });
    expect(Math.abs(facts.seconds - 6)).toBeLessThan(0.05);
  });

  it('fits, speeds up and lays the tracks in order: contain bars, a faster clip, the top track over the bottom', () => {
    const { speed1, speed2, slide } = frames;
    // Red 4:3 contained in 16:9: black bars left and right.
    near(speed1!.at(40, 180), [0, 0, 0]);
    near(speed1!.at(320, 180), [255, 0, 0]);
    // At speed 2, timeline 1.52 s is source 3.04 s: already yellow.
    near(speed2!.at(320, 200), [255, 255, 0]);
    // The white clip at a quarter size, top right, contrast 0.5 (white → 191), half opaque:
    // over yellow in the picture, over black on the bar.
    near(speed2!.at(512, 90), [223, 223, 96]);
    near(speed2!.at(575, 90), [96, 96, 96]);
    // Sliding in from the right: at 0.92 s it is 16 % of the frame short of its place, so it
    // covers the bar at x = 600 but not yet the red at x = 500.
    near(slide!.at(600, 90), [96, 96, 96]);
    near(slide!.at(500, 90), [255, 0, 0]);
  });

  it('greys the clip under saturation 0 and blends it over the held clip across the dissolve', () => {
    const { dissolve, grey } = frames;
    // Lime under saturation 0 is its BT.709 luma: 0.7152 × 255 = 182.
    near(grey!.at(320, 100), [182, 182, 182]);
    near(grey!.at(30, 100), [182, 182, 182]); // stretched to fill: no bars
    // 0.52 of the way: 52 % grey over the red/yellow clip frozen on its last (yellow) picture.
    near(dissolve!.at(320, 100), [217, 217, 95]);
    near(dissolve!.at(30, 100), [95, 95, 95]);
  });

  it('turns a clip about its centre', () => {
    const { dissolve } = frames;
    // The cyan square, turned 45°, centred at (128, 252): its centre is cyan, the corner of
    // its unturned box is not.
    near(dissolve!.at(128, 252), [0, 255, 255]);
    near(dissolve!.at(178, 202), [217, 217, 95]);
  });

  it('wipes left to right over the held clip, brightens and blurs', () => {
    const { wipe, blur } = frames;
    // Blue brightened by 0.5: (128, 128, 255), left of the wipe's edge at 0.52 × 640 = 333.
    near(wipe!.at(200, 100), [128, 128, 255]);
    near(wipe!.at(450, 100), [182, 182, 182]);
    // The black|white edge at x = 512, blurred (σ = 20 × 360 / 1080 px): grey beside it,
    // and the picture's own borders stay black and white (edge pixels repeat).
    const [beside] = blur!.at(516, 270);
    expect(beside).toBeGreaterThan(60);
    expect(beside).toBeLessThan(235);
    near(blur!.at(432, 270), [0, 0, 0]);
    near(blur!.at(594, 270), [255, 255, 255]);
  });

  it('draws every caption style where its text goes, and highlights karaoke words as they begin', () => {
    const { speed1, speed2, dissolve, title, karaoke1, karaoke2 } = frames;
    const bottom = { x: 64, y: 300, width: 512, height: 40 };
    expect(speed1!.count(bottom, white)).toBeGreaterThan(40); // subtitle
    // Its box, black at alpha 0.6 over the red: 40 % of the red, no grey or other hue.
    const boxOverRed = ([r, g, b]: [number, number, number]) => Math.abs(r - 102) < 22 && g < 22 && b < 22;
    expect(speed1!.count(bottom, boxOverRed)).toBeGreaterThan(500);
    expect(speed2!.count(bottom, white)).toBe(0); // no caption
    expect(dissolve!.count({ x: 30, y: 280, width: 120, height: 30 }, white)).toBeGreaterThan(30); // lower third
    expect(title!.count({ x: 200, y: 150, width: 240, height: 60 }, white)).toBeGreaterThan(40);
    // Karaoke: "one" is lit at 5.04 s; "one" and "two" at 5.6 s; "three" stays white.
    const lit1 = karaoke1!.count(bottom, yellow);
    const lit2 = karaoke2!.count(bottom, yellow);
    expect(lit1).toBeGreaterThan(5);
    expect(lit2).toBeGreaterThan(lit1 * 1.5);
    expect(karaoke2!.count(bottom, white)).toBeGreaterThan(15);
  });

  it("mixes every unmuted track's sound and each video clip's own, leaves the muted track out, and never clips", async () => {
    const samples = await samplesOf(file);
    const present = (tone: number, from: number, to: number) =>
      expect(toneLevel(samples, tone, from, to)).toBeGreaterThan(0.02);
    const absent = (tone: number, from: number, to: number) =>
      expect(toneLevel(samples, tone, from, to)).toBeLessThan(0.004);
    present(TONE.audio1, 0.1, 0.4);
    present(TONE.red, 0.1, 0.4);
    absent(TONE.white, 0.1, 0.4);
    present(TONE.white, 1.0, 1.4);
    present(TONE.green, 3.2, 3.6);
    present(TONE.fast, 3.2, 3.6);
    absent(TONE.fast, 4.3, 4.8); // at speed 2 its 2 s lasted 1 s
    for (const [from, to] of [
      [0.1, 0.4],
      [1.0, 1.4],
      [3.2, 3.6],
      [4.3, 4.8],
    ] as const)
      absent(TONE.muted, from, to);
    // Volume 2 on a half-scale tone plus the others would pass full scale: the limiter holds −1 dBFS.
    const peak = peakOf(samples);
    expect(peak).toBeGreaterThan(0.6);
    expect(peak).toBeLessThan(0.97);
  });
});

describe('editor renders', () => {
  it('render a preview range at 360p by default, only the range, and announce render.completed', async () => {
    const accepted = await render({ range: { startMs: 2500, endMs: 4500 }, revision: timeline.revision });
    expect(accepted.status).toBe(202);
    expect(accepted.body.data).toMatchObject({
      projectId,
      revision: timeline.revision,
      range: { startMs: 2500, endMs: 4500 },
      output: { resolution: '360p', frameRate: 30, quality: 'standard', format: 'mp4' },
      state: 'queued',
      assetId: null,
      costUsd: 0,
    });
    const done = await waitForJob(call, `/projects/${projectId}/editor/renders/${accepted.body.data.id}`, 60_000);
    expect(done.state, JSON.stringify(done.error)).toBe('completed');
    const asset = (await call('GET', `/assets/${done.assetId}`)).body.data;
    expect(asset).toMatchObject({ kind: 'video', source: 'render', projectId, contentType: 'video/mp4' });
    const file = await download(done.assetId);
    const facts = await videoFacts(file);
    expect(facts).toMatchObject({ width: 640, height: 360, fps: '30/1', frames: 60 });
    // Frame 0 is timeline 2.5 s, mid-dissolve (p = 0.5), held clip and all.
    near((await frameOf(file, 0, SIZE)).at(30, 100), [91, 91, 91]);

    const deadline = Date.now() + 10_000;
    while (!received.some((e) => e.data?.id === done.id) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    expect(received.find((e) => e.data?.id === done.id)).toMatchObject({
      type: 'render.completed',
      data: { kind: 'render', id: done.id, state: 'completed', assetId: done.assetId, projectId },
    });
  });

  it('answer an identical retry with the same render; the list pages renders newest first', async () => {
    const key = randomUUID();
    const body = { range: { startMs: 0, endMs: 500 } };
    const accepted = await render(body, key);
    expect(accepted.status).toBe(202);
    const replay = await render(body, key);
    expect(replay.status).toBe(200);
    expect(replay.body.data.id).toBe(accepted.body.data.id);
    const reused = await render({ ...body, output: { resolution: '720p' } }, key);
    expect(reused.status).toBe(409);
    expect(reused.body.error.code).toBe('idempotency.key_reused');
    await waitForJob(call, `/projects/${projectId}/editor/renders/${accepted.body.data.id}`);

    const list = await call('GET', `/projects/${projectId}/editor/renders?limit=1`);
    expect(list.status).toBe(200);
    expect(list.body.data.map((r: any) => r.id)).toEqual([accepted.body.data.id]);
    expect(list.body.pagination.nextCursor).toBe(String(accepted.body.data.id));
  });

  it('cancel a running render: ffmpeg stops and no asset is made', async () => {
    const assetsBefore = (await call('GET', `/assets?projectId=${projectId}&limit=100`)).body.data.length;
    const accepted = await render({ output: { resolution: '2160p', quality: 'high' } });
    expect(accepted.status).toBe(202);
    const path = `/projects/${projectId}/editor/renders/${accepted.body.data.id}`;
    while ((await call('GET', path)).body.data.state === 'queued') await new Promise((r) => setTimeout(r, 100));
    const cancelled = await call('POST', `${path}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ state: 'cancelled', assetId: null, error: null });
    const again = await call('POST', `${path}/cancel`);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('job.not_cancellable');
    await new Promise((r) => setTimeout(r, 1500));
    expect((await call('GET', path)).body.data.state).toBe('cancelled');
    expect((await call('GET', `/assets?projectId=${projectId}&limit=100`)).body.data.length).toBe(assetsBefore);
  });

  it('refuse output settings outside their values, saying which values there are', async () => {
    const resolution = await render({ output: { resolution: '480p' } });
    expect(resolution.status).toBe(400);
    expect(resolution.body.error.code).toBe('request.invalid');
    expect(resolution.body.error.message).toContain('output.resolution');
    expect(resolution.body.error.message).toContain('"360p", "720p", "1080p", "2160p"');
    const rate = await render({ output: { frameRate: 29.97 } });
    expect(rate.body.error.message).toContain('24, 25, 30, 60');
    const quality = await render({ output: { quality: 'best' } });
    expect(quality.body.error.message).toContain('"draft", "standard", "high"');
    const format = await render({ output: { format: 'webm' } });
    expect(format.body.error.message).toContain('"mp4"');
    const unknown = await render({ output: { bitrate: 5 } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toContain('bitrate');
  });

  it('refuse a stale revision, an empty timeline and a range outside the timeline', async () => {
    const stale = await render({ revision: 'r0' });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({ code: 'revision.conflict', currentRevision: timeline.revision });

    const outside = await render({ range: { startMs: 4000, endMs: 9000 } });
    expect(outside.status).toBe(400);
    expect(outside.body.error.code).toBe('editor.render_invalid');
    expect(outside.body.error.message).toContain('6000 ms');

    const empty = await editor.createProject('Empty');
    const res = await call('POST', `/projects/${empty}/editor/render`, {
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('editor.render_invalid');
  });
});
