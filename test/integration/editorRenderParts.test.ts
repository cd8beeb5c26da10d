// A render of more media clips than one ffmpeg run opens (sandbox/render/renderComposition.ts:
// at most 32 files a run; a larger render is made in parts and joined). A 5 s timeline holds
// 127 media clips — a background clip whose every frame says which it is, 125 one-frame
// stills alternating red and blue over it, and a tone all along — so it is made in several
// parts, cut inside the background clip and the tone. Every frame of the file must be the
// one the timeline puts there (the background's frame n, the n-th still), and the tone must
// run through every cut with no gap, click or jump of phase.
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editorClient, trackOf } from '../support/editorSupport.ts';
import { makeFixtureDir } from '../support/mediaFixtures.ts';
import { meansOf, rampVideo, samplesOf, stillImage, toneWav, videoFacts } from '../support/renderFixtures.ts';
import { apiClient, startSandboxProcess, waitForJob, type RunningSandbox } from '../support/sandboxProcess.ts';

const FPS = 25;
const STILLS = 125;
const TONE_HZ = 1000;
const TONE_AMPLITUDE = 0.5;
const fixtures = makeFixtureDir();
let sandbox: RunningSandbox;
let ramp: string;
let file: string;

beforeAll(async () => {
  sandbox = await startSandboxProcess({ jobSeconds: 0.2 });
  const call = apiClient(sandbox.createBaseUrl, sandbox.apiKey);
  const editor = editorClient(call);
  const projectId = await editor.createProject('Many clips');
  const dir = fixtures.dir;
  ramp = await rampVideo(dir, { seconds: 5, size: '320x180', fps: FPS });
  const [background, red, blue, tone] = await Promise.all([
    editor.upload(ramp, projectId),
    stillImage(dir, { colour: 'red', size: '64x64' }).then((p) => editor.upload(p, projectId)),
    stillImage(dir, { colour: 'blue', size: '64x64' }).then((p) => editor.upload(p, projectId)),
    toneWav(dir, { frequency: TONE_HZ, seconds: 5, amplitude: TONE_AMPLITUDE }).then((p) =>
      editor.upload(p, projectId),
    ),
  ]);
  const start = await editor.timeline(projectId);
  const over = randomUUID();
  const frameMs = 1000 / FPS;
  await editor.apply(projectId, start.revision, [
    { type: 'addTrack', kind: 'video', trackId: over, index: 1 },
    { type: 'addClip', trackId: trackOf(start, 'video').id, assetId: background.id, startMs: 0, inMs: 0, outMs: 5000 },
    // Still i covers frame i exactly; contained, it fills the frame's middle square.
    ...Array.from({ length: STILLS }, (_v, i) => ({
      type: 'addClip',
      trackId: over,
      assetId: (i % 2 === 0 ? red : blue).id,
      startMs: i * frameMs,
      inMs: 0,
      outMs: frameMs,
    })),
    { type: 'addClip', trackId: trackOf(start, 'audio').id, assetId: tone.id, startMs: 0 },
  ]);

  const accepted = await call('POST', `/projects/${projectId}/editor/render`, {
    headers: { 'idempotency-key': randomUUID() },
    body: { output: { resolution: '360p', frameRate: FPS, quality: 'high' } },
  });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(202);
  const done = await waitForJob(call, `/projects/${projectId}/editor/renders/${accepted.body.data.id}`, 180_000);
  expect(done.state, JSON.stringify(done.error)).toBe('completed');
  const res = await fetch(`${sandbox.createBaseUrl}/assets/${done.assetId}/content`, {
    headers: { authorization: `Bearer ${sandbox.apiKey}` },
  });
  expect(res.status).toBe(200);
  file = join(dir, 'many-clips.mp4');
  await writeFile(file, Buffer.from(await res.arrayBuffer()));
}, 300_000);

afterAll(async () => {
  await sandbox?.stop({ removeData: true });
  fixtures.cleanup();
});

describe('a render of more media clips than one ffmpeg run opens', () => {
  it('lasts the timeline, frame for frame', async () => {
    const facts = await videoFacts(file);
    expect(facts).toMatchObject({ width: 640, height: 360, fps: '25/1', frames: 125 });
    expect(Math.abs(facts.seconds - 5)).toBeLessThan(0.05);
  });

  it('shows on every frame the background frame and the still the timeline puts there, across every cut', async () => {
    // The background beside the stills (its 320×180 fills the 640×360 frame), against the source's own frames.
    const left = { x: 20, y: 130, width: 100, height: 100 };
    const rendered = (await meansOf(file, left, 'gray')).map(([v]) => v!);
    const source = (await meansOf(ramp, { x: 10, y: 65, width: 50, height: 50 }, 'gray')).map(([v]) => v!);
    expect(rendered).toHaveLength(125);
    // A frame repeated or skipped is 3 levels off (the ramp's step); 1 is the encoder's.
    const off = rendered.map((v, n) => Math.abs(v - source[n]!));
    expect(Math.max(...off), `levels off the source, frame by frame: ${JSON.stringify(off)}`).toBeLessThanOrEqual(1);

    const middle = { x: 270, y: 130, width: 100, height: 100 };
    const colours = await meansOf(file, middle, 'rgb24');
    const wrong = colours
      .map(([r, g, b], n) => ({ n, r: r!, g: g!, b: b! }))
      .filter(({ n, r, b }) => (n % 2 === 0 ? !(r > 200 && b < 40) : !(b > 200 && r < 40)));
    expect(wrong, 'frames whose still is not the n-th (red on even frames, blue on odd)').toEqual([]);
  });

  it('plays the tone through every cut: no gap, no click, no jump of phase', async () => {
    const samples = await samplesOf(file);
    // Each 10 ms window (hop 5 ms) is fitted with the tone (least squares on sin and cos at
    // its frequency); the fit's amplitude says the tone is all there, and the largest sample
    // left over says nothing else is: the encoder's own noise leaves up to about 0.015 of
    // full scale, where one sample dropped or doubled leaves 0.03–0.06, as does a click of
    // 0.03, and a gap of a millisecond more than 0.1 (measured by editing this file's samples).
    const rate = 48_000;
    const window = 480;
    const worst = { leftOver: 0, at: 0 };
    const amplitudes: number[] = [];
    for (let start = Math.round(0.05 * rate); start + window <= Math.round(4.95 * rate); start += window / 2) {
      const phase = (i: number) => (2 * Math.PI * TONE_HZ * (start + i)) / rate;
      let [ss, cc, sc, ys, yc] = [0, 0, 0, 0, 0];
      for (let i = 0; i < window; i++) {
        const [s, c, y] = [Math.sin(phase(i)), Math.cos(phase(i)), samples[start + i]!];
        [ss, cc, sc, ys, yc] = [ss + s * s, cc + c * c, sc + s * c, ys + y * s, yc + y * c];
      }
      const det = ss * cc - sc * sc;
      const a = (ys * cc - yc * sc) / det;
      const b = (yc * ss - ys * sc) / det;
      amplitudes.push(Math.hypot(a, b));
      for (let i = 0; i < window; i++) {
        const leftOver = Math.abs(samples[start + i]! - a * Math.sin(phase(i)) - b * Math.cos(phase(i)));
        if (leftOver > worst.leftOver) Object.assign(worst, { leftOver, at: (start + i) / rate });
      }
    }
    expect(Math.min(...amplitudes)).toBeGreaterThan(TONE_AMPLITUDE * 0.97);
    expect(Math.max(...amplitudes)).toBeLessThan(TONE_AMPLITUDE * 1.03);
    expect(worst.leftOver, `the worst sample: ${JSON.stringify(worst)}`).toBeLessThan(0.025);
  });
});
