// Auto reframe on the real sandbox over HTTP, on a real photograph of a face (a face cropped from
// face-api's demo sample2.jpg) panned across a 16:9 frame: the 9:16 reframed copy's reframe job
// writes positionX keyframes that keep the face wholly inside the frame at every sampled moment
// (computed through the keyframes from where the face is known to be), the service's render of
// it shows the face, found again by the same detector, inside every sampled output frame, and
// the original project keeps its revision.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSubjectFinder } from '../../sandbox/reframe/subjectFinder.ts';
import { exportHarness } from '../support/exportSupport.ts';
import { makeFixtureDir } from '../support/mediaFixtures.ts';
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
let harness: ReturnType<typeof exportHarness>;

const SECONDS = 4;
/** The 360 × 360 square holding the face moves right by this many source pixels a second, from x = 20. */
const PAN_PER_SECOND = 220;
/** The face inside that square, in its pixels (generously: the detector's box and the photo's both fit). */
const FACE = { left: 75, right: 305 };

beforeAll(async () => {
  fixtures = makeFixtureDir();
  sandbox = await startSandboxProcess({ jobSeconds: 0.3 });
  call = apiClient(sandbox.createBaseUrl, sandbox.apiKey);
  harness = exportHarness(sandbox, call, fixtures.dir);
});

afterAll(async () => {
  await sandbox?.stop({ removeData: true });
  fixtures?.cleanup();
});

/** A 1280 × 720 video in which a real face pans from left to right over a plain background. */
async function panningFace(): Promise<string> {
  const path = join(fixtures.dir, 'panning-face.mp4');
  const photo = join(process.cwd(), 'node_modules/@vladmandic/face-api/demo/sample2.jpg');
  await run('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', `color=c=0x406080:s=1280x720:d=${SECONDS}:r=25`],
    ...['-loop', '1', '-i', photo],
    '-filter_complex',
    `[1]crop=500:500:1291:55,scale=360:360[f];[0][f]overlay=x='20+${PAN_PER_SECOND}*t':y=180:shortest=1,format=yuv420p`,
    ...['-t', String(SECONDS), '-c:v', 'libx264', '-preset', 'ultrafast', path],
  ]);
  return path;
}

/** A property's value at `atMs` from its keyframes (linear between them), or its static value. */
function valueAt(keys: { atMs: number; value: number }[] | undefined, atMs: number, still = 0): number {
  if (!keys?.length) return still;
  const after = keys.findIndex((k) => k.atMs >= atMs);
  if (after === 0) return keys[0]!.value;
  if (after < 0) return keys.at(-1)!.value;
  const a = keys[after - 1]!;
  const b = keys[after]!;
  return a.value + ((b.value - a.value) * (atMs - a.atMs)) / (b.atMs - a.atMs);
}

const post = (path: string, body?: unknown) =>
  call('POST', path, { headers: { 'idempotency-key': randomUUID() }, ...(body !== undefined && { body }) });

describe('auto reframe', () => {
  it('keeps a panning face wholly inside the 9:16 frame of the reframed copy; the original keeps its revision', async () => {
    const original = await harness.createProject('Landscape', '16:9');
    const asset = await harness.upload(await panningFace(), original);
    const t = await (await call('GET', `/projects/${original}/editor/timeline`)).body.data;
    const video = t.tracks.find((tr: any) => tr.kind === 'video').id;
    const added = await call('POST', `/projects/${original}/editor/commands`, {
      headers: { 'idempotency-key': randomUUID() },
      body: { revision: t.revision, commands: [{ type: 'addClip', trackId: video, assetId: asset.id, startMs: 0 }] },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const originalRevision = added.body.data.revision;

    const copy = await call('POST', '/projects', {
      body: { name: 'Vertical', aspectRatio: '9:16', fromProjectId: original },
    });
    expect(copy.status, JSON.stringify(copy.body)).toBe(201);
    const vertical = copy.body.data.id;

    const started = await post(`/projects/${vertical}/editor/reframe`, {});
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect(started.body.data).toMatchObject({ state: 'queued', costUsd: 0, revision: null });
    const job = await waitForJob(call, `/projects/${vertical}/editor/reframes/${started.body.data.id}`, 240_000);
    expect(job.state, JSON.stringify(job.error)).toBe('completed');
    expect(job.progress).toBe(1);
    expect(job.revision).toBe('r1');
    expect(job.clips).toHaveLength(1);
    expect(job.clips[0]).toMatchObject({ subject: 'face', samples: SECONDS * 3 });

    const after = await (await call('GET', `/projects/${vertical}/editor/timeline`)).body.data;
    expect(after.revision).toBe('r1');
    const clip = after.tracks.find((tr: any) => tr.kind === 'video').clips[0];
    expect(clip.fit).toBe('cover');
    const keys = clip.keyframes?.positionX;
    expect(keys?.length, JSON.stringify(clip.keyframes)).toBeGreaterThan(1);
    // A steady camera: a handful of keyframes, not one per sample.
    expect(keys.length).toBeLessThanOrEqual(8);
    // The frame's width is 1; the picture covers it at 720 → 16 units tall, so it is 1280/720·16/9 frames wide.
    const boxWidth = ((1280 / 720) * 16) / 9;
    const inside: string[] = [];
    for (let ms = 0; ms <= SECONDS * 1000 - 40; ms += 100) {
      const square = 20 + (PAN_PER_SECOND * ms) / 1000;
      const px = valueAt(keys, ms);
      const edge = (x: number) => 0.5 + px + (x / 1280 - 0.5) * boxWidth;
      const [left, right] = [edge(square + FACE.left), edge(square + FACE.right)];
      if (left < 0 || right > 1) inside.push(`${ms} ms: face from ${left.toFixed(3)} to ${right.toFixed(3)}`);
    }
    expect(inside, JSON.stringify(keys)).toEqual([]);

    // The service's render shows it: the same detector finds the face inside every sampled output frame.
    const render = await post(`/projects/${vertical}/editor/render`, { output: { resolution: '360p' } });
    expect(render.status, JSON.stringify(render.body)).toBe(202);
    const rendered = await waitForJob(call, `/projects/${vertical}/editor/renders/${render.body.data.id}`, 120_000);
    expect(rendered.state, JSON.stringify(rendered.error)).toBe('completed');
    const file = await harness.download(rendered.assetId);
    const folder = join(fixtures.dir, 'detect');
    mkdirSync(folder, { recursive: true });
    const finder = createSubjectFinder(new AbortController().signal);
    try {
      const found = await finder.find({ path: file, width: 360, height: 640 }, 0, SECONDS * 1000, folder, () => {});
      expect(found.length).toBeGreaterThanOrEqual(SECONDS * 3 - 1);
      const faces = found.map((f) => f.face);
      expect(
        faces.every((f) => f !== null),
        JSON.stringify(faces),
      ).toBe(true);
      for (const face of faces) {
        expect(face!.x).toBeGreaterThanOrEqual(0);
        expect(face!.x + face!.width).toBeLessThanOrEqual(1);
      }
    } finally {
      await finder.close();
    }

    // The original is untouched: the same revision, no keyframes.
    const originalAfter = await (await call('GET', `/projects/${original}/editor/timeline`)).body.data;
    expect(originalAfter.revision).toBe(originalRevision);
    expect(originalAfter.tracks.find((tr: any) => tr.kind === 'video').clips[0].keyframes).toBeUndefined();
  }, 400_000);

  it('cancelled, stops its work and writes nothing: the timeline keeps its revision', async () => {
    const project = await harness.createProject('Cancelled', '9:16');
    const asset = await harness.upload(await panningFace(), project);
    const t = await (await call('GET', `/projects/${project}/editor/timeline`)).body.data;
    const added = await call('POST', `/projects/${project}/editor/commands`, {
      headers: { 'idempotency-key': randomUUID() },
      body: {
        revision: t.revision,
        commands: [
          {
            type: 'addClip',
            trackId: t.tracks.find((tr: any) => tr.kind === 'video').id,
            assetId: asset.id,
            startMs: 0,
          },
        ],
      },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const started = await post(`/projects/${project}/editor/reframe`);
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const cancelled = await post(`/projects/${project}/editor/reframes/${started.body.data.id}/cancel`);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.data.state).toBe('cancelled');
    await new Promise((r) => setTimeout(r, 3000));
    const job = (await call('GET', `/projects/${project}/editor/reframes/${started.body.data.id}`)).body.data;
    expect(job).toMatchObject({ state: 'cancelled', revision: null });
    const again = await call('POST', `/projects/${project}/editor/reframes/${started.body.data.id}/cancel`);
    expect(again.status).toBe(409);
    expect((await call('GET', `/projects/${project}/editor/timeline`)).body.data.revision).toBe(
      added.body.data.revision,
    );
  }, 60_000);

  it('refuses a clip ID that is not a video clip of the timeline, saying what to send', async () => {
    const project = await harness.createProject('Empty', '9:16');
    const res = await post(`/projects/${project}/editor/reframe`, { clipIds: [randomUUID()] });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('editor.reframe_invalid');
    expect(res.body.error.message).toMatch(/^clipIds: /);
    const none = await post(`/projects/${project}/editor/reframe`, {});
    expect(none.status).toBe(400);
    expect(none.body.error.message).toMatch(/no media clips on video tracks/);
  });
});
