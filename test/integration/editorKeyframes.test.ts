// Change over time in the service's render (docs/render-semantics.md, "Change over time"),
// measured as a viewer would: a timeline with keyframed opacity, position and scale, a fade
// out, a reversed clip and an audio crossfade between two keyframed and faded tones is
// a keyframed effect parameter, rendered by the real sandbox with ffmpeg; the picture at a dozen moments is checked
// against valueAt (pixel colours, and where a keyframed square is and how wide), and the
// sound's level in 50 ms windows against the gains the semantics give, within 1 dB.
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { valueAt, type Keyframe } from '../../shared/timeline/keyframes.ts';
import { editorClient, trackOf } from '../support/editorSupport.ts';
import { makeFixtureDir } from '../support/mediaFixtures.ts';
import { colourVideo, frameOf, samplesOf, stillImage, toneLevel, toneWav } from '../support/renderFixtures.ts';
import { apiClient, startSandboxProcess, waitForJob, type RunningSandbox } from '../support/sandboxProcess.ts';

let sandbox: RunningSandbox;
const fixtures = makeFixtureDir();
const FPS = 25;
const SIZE = { width: 640, height: 360 };
const TONE = { first: 440, second: 660, amplitude: 0.25 };

const OPACITY: Keyframe[] = [
  { atMs: 0, value: 1 },
  { atMs: 2000, value: 0 },
];
const POSITION_X: Keyframe[] = [
  { atMs: 0, value: -0.3 },
  { atMs: 4000, value: 0.3 },
];
const SCALE: Keyframe[] = [
  { atMs: 0, value: 0.2, easing: 'easeInOut' },
  { atMs: 4000, value: 0.4 },
];
const VOLUME: Keyframe[] = [
  { atMs: 0, value: 1 },
  { atMs: 1000, value: 1, easing: 'easeOut' },
  { atMs: 2000, value: 0.25 },
];
const RED_SCALE: Keyframe[] = [
  { atMs: 0, value: 1 },
  { atMs: 2000, value: 0.5 },
];
const BRIGHTNESS: Keyframe[] = [
  { atMs: 0, value: -1 },
  { atMs: 4000, value: 1 },
];
const CROSSFADE_MS = 400;
const FADE_OUT_MS = 1000;

let file: string;

beforeAll(async () => {
  sandbox = await startSandboxProcess({ jobSeconds: 0.2 });
  const call = apiClient(sandbox.createBaseUrl, sandbox.apiKey);
  const editor = editorClient(call);
  const projectId = await editor.createProject('Keyframes');
  const dir = fixtures.dir;
  const paths = await Promise.all([
    colourVideo(dir, { colours: [['red', 2]], size: '320x180', tone: 1000 }),
    // Played backwards from 2 s: blue first, then lime.
    colourVideo(dir, {
      colours: [
        ['lime', 1],
        ['blue', 1],
      ],
      size: '320x180',
      tone: 1000,
    }),
    stillImage(dir, { colour: 'cyan', size: '100x100' }),
    stillImage(dir, { colour: 'gray', size: '100x100' }),
    toneWav(dir, { frequency: TONE.first, seconds: 4, amplitude: TONE.amplitude }),
    toneWav(dir, { frequency: TONE.second, seconds: 4, amplitude: TONE.amplitude }),
  ]);
  const [red, limeBlue, cyan, grey, first, second] = await Promise.all(paths.map((p) => editor.upload(p, projectId)));
  const start = await editor.timeline(projectId);
  const v1 = trackOf(start, 'video').id;
  const a1 = trackOf(start, 'audio').id;
  const v2 = randomUUID();
  const v3 = randomUUID();
  const id = {
    red: randomUUID(),
    back: randomUUID(),
    square: randomUUID(),
    grey: randomUUID(),
    x: randomUUID(),
    y: randomUUID(),
  };
  await editor.apply(projectId, start.revision, [
    { type: 'addTrack', kind: 'video', trackId: v2, index: 1 },
    { type: 'addTrack', kind: 'video', trackId: v3, index: 2 },
    { type: 'addClip', trackId: v1, clipId: id.red, assetId: red!.id, startMs: 0, inMs: 0, outMs: 2000 },
    { type: 'setClipProperties', clipId: id.red, properties: { volume: 0 } },
    { type: 'setKeyframes', clipId: id.red, property: 'opacity', keyframes: OPACITY },
    { type: 'setKeyframes', clipId: id.red, property: 'scale', keyframes: RED_SCALE },
    { type: 'addClip', trackId: v1, clipId: id.back, assetId: limeBlue!.id, startMs: 2000, inMs: 0, outMs: 2000 },
    { type: 'setClipProperties', clipId: id.back, properties: { volume: 0, reverse: 1, fadeOutMs: FADE_OUT_MS } },
    { type: 'addClip', trackId: v2, clipId: id.square, assetId: cyan!.id, startMs: 0, inMs: 0, outMs: 4000 },
    { type: 'setKeyframes', clipId: id.square, property: 'positionX', keyframes: POSITION_X },
    { type: 'setKeyframes', clipId: id.square, property: 'scale', keyframes: SCALE },
    // A grey square in the bottom right corner whose brightness runs from black to white.
    { type: 'addClip', trackId: v3, clipId: id.grey, assetId: grey!.id, startMs: 0, inMs: 0, outMs: 4000 },
    { type: 'setClipProperties', clipId: id.grey, properties: { scale: 0.2, positionX: 0.4, positionY: 0.4 } },
    { type: 'applyEffect', clipId: id.grey, effectId: 'brightness', params: { amount: 0 } },
    { type: 'setKeyframes', clipId: id.grey, property: 'effect:brightness.amount', keyframes: BRIGHTNESS },
    // The first tone (keyframed) meets the second at 2 s; both have media beyond the cut.
    { type: 'addClip', trackId: a1, clipId: id.x, assetId: first!.id, startMs: 0, inMs: 0, outMs: 2000 },
    { type: 'setKeyframes', clipId: id.x, property: 'volume', keyframes: VOLUME },
    { type: 'addClip', trackId: a1, clipId: id.y, assetId: second!.id, startMs: 2000, inMs: 500, outMs: 2500 },
    { type: 'setTransition', clipId: id.y, transitionId: 'crossfade', durationMs: CROSSFADE_MS },
    { type: 'setClipProperties', clipId: id.y, properties: { audioFadeOutMs: FADE_OUT_MS } },
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
  file = join(fixtures.dir, 'keyframes.mp4');
  await writeFile(file, Buffer.from(await res.arrayBuffer()));
}, 240_000);
afterAll(async () => {
  await sandbox?.stop({ removeData: true });
  fixtures.cleanup();
});

function near(actual: number[], expected: number[], tolerance: number, what: string) {
  const off = Math.max(...actual.map((v, i) => Math.abs(v - expected[i]!)));
  expect(
    off,
    `${what}: ${JSON.stringify(actual)} should be near ${JSON.stringify(expected.map(Math.round))}`,
  ).toBeLessThanOrEqual(tolerance);
}

const cyanish = ([r, g, b]: number[]) => r! < 90 && g! > 190 && b! > 190;

describe('a render with keyframes, fades, a reversed clip and a crossfade', () => {
  const moments = [0.2, 0.6, 1.0, 1.4, 1.8, 2.2, 2.6, 3.0, 3.2, 3.4, 3.6, 3.8];

  it('draws each moment as valueAt says: opacity, fade out, reversal, and the square where its curves put it', async () => {
    for (const seconds of moments) {
      const tMs = seconds * 1000;
      const frame = await frameOf(file, Math.round(seconds * FPS), SIZE);
      // The background, away from the square: red fading by its opacity curve, then the reversed clip fading out.
      const background = frame.at(40, 40);
      if (tMs < 2000) {
        // The red clip shrinks about the centre by its scale curve: its run along row 60 (120 px above the
        // centre) while it reaches it, black there once it no longer does.
        const scale = valueAt(RED_SCALE, 1, tMs);
        const alpha = valueAt(OPACITY, 1, tMs);
        const row = Array.from({ length: SIZE.width }, (_, x) => frame.at(x, 60)[0] > 127 * alpha);
        if (scale * 180 >= 124) {
          near(
            [row.indexOf(true), row.lastIndexOf(true) + 1],
            [320 - 320 * scale, 320 + 320 * scale],
            4,
            `red at ${seconds} s`,
          );
          near(frame.at(320, 60), [255 * alpha, 0, 0], 22, `red at ${seconds} s`);
        } else if (scale * 180 <= 116)
          near(frame.at(320, 60), [0, 0, 0], 12, `black above the shrunk red at ${seconds} s`);
      } else {
        const alpha = Math.min(1, (4000 - tMs) / FADE_OUT_MS);
        const colour = tMs < 3000 ? [0, 0, 255] : [0, 255, 0];
        near(
          background,
          colour.map((c) => c * alpha),
          24,
          `reversed clip at ${seconds} s`,
        );
      }
      // The square: its run of cyan along the middle row.
      const row = Array.from({ length: SIZE.width }, (_, x) => cyanish(frame.at(x, 180)));
      const left = row.indexOf(true);
      const right = row.lastIndexOf(true);
      const width = 360 * valueAt(SCALE, 1, tMs);
      const centre = 320 + valueAt(POSITION_X, 0, tMs) * 640;
      near([left, right + 1], [centre - width / 2, centre + width / 2], 4, `square at ${seconds} s`);
      // The grey square's brightness by its keyframed amount (grey is 128).
      const amount = valueAt(BRIGHTNESS, 0, tMs);
      const grey = amount <= 0 ? 128 * (1 + amount) : 128 + 127 * amount;
      near(frame.at(576, 324), [grey, grey, grey], 12, `brightness at ${seconds} s`);
    }
  });

  it('mixes the keyframed volume, the crossfade and the fade out within 1 dB in 50 ms windows', async () => {
    const samples = await samplesOf(file);
    const half = CROSSFADE_MS / 2;
    const firstGain = (t: number) => {
      if (t >= 2000 + half) return 0;
      const cross = t < 2000 - half ? 1 : Math.cos((Math.PI / 2) * ((t - (2000 - half)) / CROSSFADE_MS));
      return valueAt(VOLUME, 1, t) * cross;
    };
    const secondGain = (t: number) => {
      if (t < 2000 - half) return 0;
      const cross = t >= 2000 + half ? 1 : Math.sin((Math.PI / 2) * ((t - (2000 - half)) / CROSSFADE_MS));
      const fade = Math.sin((Math.PI / 2) * Math.min(1, (4000 - t) / FADE_OUT_MS));
      return cross * fade;
    };
    let checked = 0;
    const heardMs = (samples.length / 48_000) * 1000;
    expect(heardMs).toBeGreaterThan(3900);
    for (let from = 0; from + 50 <= Math.min(3950, heardMs); from += 50) {
      for (const [frequency, gain] of [
        [TONE.first, firstGain],
        [TONE.second, secondGain],
      ] as const) {
        // The window's mean gain, sampled every ms.
        let sum = 0;
        for (let t = from; t < from + 50; t++) sum += gain(t + 0.5);
        const expected = sum / 50;
        if (expected <= 0.01) continue; // below −40 dB
        const level = toneLevel(samples, frequency, from / 1000, (from + 50) / 1000) / TONE.amplitude;
        const db = 20 * Math.log10(level / expected);
        expect(
          Math.abs(db),
          `${frequency} Hz at ${from}–${from + 50} ms: ${level.toFixed(4)} vs ${expected.toFixed(4)}`,
        ).toBeLessThanOrEqual(1);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(80);
  });
});
