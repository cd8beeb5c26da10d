// Transparency through a real render (docs/render-semantics.md, "The picture"): a 400×400
// RGBA PNG logo (transparent but for an opaque red square in its middle) and a VP9 WebM with
// alpha of the same shape are laid over a green clip in a 9:16 project, plain, then turned,
// half transparent and fading in. The rendered frames are read back as RGB pixels: where
// the logo is transparent the green shows through (it was a black square), where it is
// opaque it is red, and where it is half transparent the two blend.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editorClient, trackOf } from '../support/editorSupport.ts';
import { makeFixtureDir } from '../support/mediaFixtures.ts';
import { colourVideo, frameOf, type Frame } from '../support/renderFixtures.ts';
import {
  apiClient,
  startSandboxProcess,
  waitForJob,
  type ApiCall,
  type RunningSandbox,
} from '../support/sandboxProcess.ts';

const run = promisify(execFile);
const FPS = 25;
/** 9:16 at 360p. */
const SIZE = { width: 360, height: 640 };
const fixtures = makeFixtureDir();
let sandbox: RunningSandbox;
let call: ApiCall;

/**
 * A transparent square picture of `size` px with an opaque red square of half its side in
 * the middle; the transparent pixels are black, as most logos store them.
 */
function LOGO(size: number, timing = ''): string {
  const inside = `between(X,${size / 4},${(3 * size) / 4 - 1})*between(Y,${size / 4},${(3 * size) / 4 - 1})`;
  return `color=c=black:s=${size}x${size}${timing},format=rgba,geq=r='255*${inside}':g=0:b=0:a='255*${inside}'`;
}

async function transparentPng(dir: string): Promise<string> {
  const path = join(dir, 'logo.png');
  await run('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    LOGO(400),
    '-frames:v',
    '1',
    path,
  ]);
  return path;
}

/** Two seconds of VP9 with alpha in WebM (the alpha travels beside the picture, as WebM's alpha_mode says). */
async function transparentWebm(dir: string): Promise<string> {
  const path = join(dir, 'logo.webm');
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', LOGO(200, `:r=${FPS}:d=2`)],
    ...['-c:v', 'libvpx-vp9', '-pix_fmt', 'yuva420p', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '400k', path],
  ]);
  return path;
}

const near = (actual: [number, number, number], expected: [number, number, number], tolerance = 24) =>
  expect(
    Math.max(...actual.map((v, i) => Math.abs(v - expected[i]!))),
    `${JSON.stringify(actual)} should be near ${JSON.stringify(expected)}`,
  ).toBeLessThanOrEqual(tolerance);

const GREEN: [number, number, number] = [0, 255, 0];
const RED: [number, number, number] = [255, 0, 0];

describe('a transparent picture keeps its alpha in a render', () => {
  let frames: Record<'plain' | 'turned' | 'fading' | 'video', Frame>;

  beforeAll(async () => {
    sandbox = await startSandboxProcess({ jobSeconds: 0.2 });
    call = apiClient(sandbox.createBaseUrl, sandbox.apiKey);
    const editor = editorClient(call);
    const created = await call('POST', '/projects', { body: { name: 'Logo', aspectRatio: '9:16' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const projectId = created.body.data.id as number;
    const [green, png, webm] = await Promise.all([
      colourVideo(fixtures.dir, { colours: [['lime', 6]], size: '320x240', tone: 440 }),
      transparentPng(fixtures.dir),
      transparentWebm(fixtures.dir),
    ]);
    const [greenAsset, pngAsset, webmAsset] = await Promise.all(
      [green, png, webm].map((path) => editor.upload(path, projectId)),
    );
    expect(webmAsset!.kind).toBe('video');
    const start = await editor.timeline(projectId);
    const [top, bottom, plain, turned] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await editor.apply(projectId, start.revision, [
      { type: 'addTrack', kind: 'video', trackId: top, index: 1 },
      { type: 'addClip', trackId: trackOf(start, 'video').id, clipId: bottom, assetId: greenAsset!.id, startMs: 0 },
      { type: 'setClipFit', clipId: bottom, fit: 'fill' },
      // 0–2 s: the logo at half its fitted size, in the middle (a 180 px box, its red square 90 px).
      { type: 'addClip', trackId: top, clipId: plain, assetId: pngAsset!.id, startMs: 0, inMs: 0, outMs: 2000 },
      { type: 'setClipProperties', clipId: plain, properties: { scale: 0.5 } },
      // 2–4 s: turned 45°, half transparent, fading in over the first half second.
      { type: 'addClip', trackId: top, clipId: turned, assetId: pngAsset!.id, startMs: 2000, inMs: 0, outMs: 2000 },
      { type: 'setClipProperties', clipId: turned, properties: { scale: 0.5, rotation: 45, opacity: 0.5 } },
      { type: 'setTransition', clipId: turned, transitionId: 'fade', durationMs: 500 },
      // 4–6 s: the WebM with alpha, fitted to the frame's width (a 360 px box, its red square 180 px).
      { type: 'addClip', trackId: top, assetId: webmAsset!.id, startMs: 4000 },
    ]);

    const accepted = await call('POST', `/projects/${projectId}/editor/render`, {
      headers: { 'idempotency-key': randomUUID() },
      body: { output: { resolution: '360p', frameRate: FPS, quality: 'high' } },
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(202);
    const done = await waitForJob(call, `/projects/${projectId}/editor/renders/${accepted.body.data.id}`, 120_000);
    expect(done.state, JSON.stringify(done.error)).toBe('completed');
    const res = await fetch(`${sandbox.createBaseUrl}/assets/${done.assetId}/content`, {
      headers: { authorization: `Bearer ${sandbox.apiKey}` },
    });
    const file = join(fixtures.dir, 'render.mp4');
    await writeFile(file, Buffer.from(await res.arrayBuffer()));
    const at = (seconds: number) => frameOf(file, Math.round(seconds * FPS), SIZE);
    frames = { plain: await at(1), turned: await at(3), fading: await at(2.24), video: await at(5) };
  }, 180_000);
  afterAll(async () => {
    await sandbox?.stop({ removeData: true });
    fixtures.cleanup();
  });

  it('shows what is beneath where the logo is transparent, and the logo where it is opaque', () => {
    const { plain } = frames;
    // The box is 180 px square about the centre (180, 320): x 90–270, y 230–410.
    for (const [x, y] of [
      [100, 240],
      [260, 400],
      [110, 320],
      [180, 250],
    ] as const)
      near(plain.at(x, y), GREEN);
    near(plain.at(180, 320), RED);
    near(plain.at(150, 290), RED);
    // No black square anywhere: every pixel of the box is green or red.
    const box = { x: 92, y: 232, width: 176, height: 176 };
    const black = plain.count(box, ([r, g, b]) => r < 60 && g < 60 && b < 60);
    expect(black).toBe(0);
  });

  it('keeps the alpha through rotation, opacity and a fade', () => {
    const { turned, fading } = frames;
    // Turned 45°: the box's corners are outside the turned square, and its transparent rim shows green.
    near(turned.at(100, 240), GREEN);
    near(turned.at(180, 250), GREEN);
    // The opaque middle at opacity 0.5 over green: half of each.
    near(turned.at(180, 320), [128, 128, 0], 30);
    // Half way through the fade (colours × 0.5) at opacity 0.5: a darker red over green, never a black square.
    const fadingMiddle = fading.at(180, 320);
    near(fadingMiddle, [64, 128, 0], 30);
    near(fading.at(180, 250), GREEN);
  });

  it('keeps the alpha of a VP9 video with alpha', () => {
    const { video } = frames;
    // The 360 px box: y 140–500, its red square x 90–270, y 230–410.
    near(video.at(180, 320), RED);
    near(video.at(40, 320), GREEN);
    near(video.at(180, 160), GREEN);
    near(video.at(300, 480), GREEN);
  });
});
