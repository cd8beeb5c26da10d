// Crop in the service (docs/render-semantics.md, "The picture", step 2): what the commands
// refuse (a side of 1, opposite sides that meet, a keyframed curve that makes them meet
// between its keyframes), each with a 400 naming the field; and a render by the real sandbox
// with ffmpeg where a video with a static crop and a scaled, placed still with a keyframed
// crop are measured where their edges fall, frame by frame against cropAt.
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { valueAt, type Keyframe } from '../../shared/timeline/keyframes.ts';
import { editorClient, trackOf } from '../support/editorSupport.ts';
import { makeFixtureDir } from '../support/mediaFixtures.ts';
import { colourVideo, frameOf, stillImage, type Frame } from '../support/renderFixtures.ts';
import { apiClient, startSandboxProcess, waitForJob, type RunningSandbox } from '../support/sandboxProcess.ts';

let sandbox: RunningSandbox;
let call: ReturnType<typeof apiClient>;
let editor: ReturnType<typeof editorClient>;
const fixtures = makeFixtureDir();
const FPS = 25;
const SIZE = { width: 640, height: 360 };
const STATIC = { cropLeft: 0.25, cropRight: 0.1, cropTop: 0.2, cropBottom: 0 };
// The still's left edge moves in, its top stays cut by a quarter.
const LEFT: Keyframe[] = [
  { atMs: 0, value: 0 },
  { atMs: 2000, value: 0.5 },
];

let projectId: number;
let stillClip: string;
let file: string;

beforeAll(async () => {
  sandbox = await startSandboxProcess({ jobSeconds: 0.2 });
  call = apiClient(sandbox.createBaseUrl, sandbox.apiKey);
  editor = editorClient(call);
  projectId = await editor.createProject('Crop');
  const [red, cyan] = await Promise.all(
    [
      colourVideo(fixtures.dir, { colours: [['red', 2]], size: '320x180', tone: 1000 }),
      stillImage(fixtures.dir, { colour: 'cyan', size: '320x180' }),
    ].map(async (p) => editor.upload(await p, projectId)),
  );
  const start = await editor.timeline(projectId);
  const v1 = trackOf(start, 'video').id;
  const video = randomUUID();
  stillClip = randomUUID();
  await editor.apply(projectId, start.revision, [
    { type: 'addClip', trackId: v1, clipId: video, assetId: red!.id, startMs: 0, inMs: 0, outMs: 2000 },
    { type: 'setClipProperties', clipId: video, properties: { volume: 0, ...STATIC } },
    { type: 'addClip', trackId: v1, clipId: stillClip, assetId: cyan!.id, startMs: 2000, inMs: 0, outMs: 2000 },
    // Its box is 320 × 180 centred at (448, 180): the crop is of the source, before scale and position.
    { type: 'setClipProperties', clipId: stillClip, properties: { scale: 0.5, positionX: 0.2, cropTop: 0.25 } },
    { type: 'setKeyframes', clipId: stillClip, property: 'cropLeft', keyframes: LEFT },
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
  file = join(fixtures.dir, 'crop.mp4');
  await writeFile(file, Buffer.from(await res.arrayBuffer()));
}, 240_000);
afterAll(async () => {
  await sandbox?.stop({ removeData: true });
  fixtures.cleanup();
});

/** The first and one past the last pixel of a row (or column) that passes `test`. */
function run(frame: Frame, test: (rgb: [number, number, number]) => boolean, along: 'row' | 'column', at: number) {
  const length = along === 'row' ? frame.width : frame.height;
  const hits = Array.from({ length }, (_, i) => test(along === 'row' ? frame.at(i, at) : frame.at(at, i)));
  return [hits.indexOf(true), hits.lastIndexOf(true) + 1];
}

function near(actual: number[], expected: number[], tolerance: number, what: string) {
  const off = Math.max(...actual.map((v, i) => Math.abs(v - expected[i]!)));
  expect(off, `${what}: ${JSON.stringify(actual)} should be near ${JSON.stringify(expected)}`).toBeLessThanOrEqual(
    tolerance,
  );
}

const reddish = ([r, g, b]: number[]) => r! > 150 && g! < 80 && b! < 80;
const cyanish = ([r, g, b]: number[]) => r! < 90 && g! > 170 && b! > 170;

describe('a render with crop', () => {
  it('cuts a static crop from the source where it was, black beneath', async () => {
    for (const seconds of [0.2, 1.0, 1.8]) {
      const frame = await frameOf(file, Math.round(seconds * FPS), SIZE);
      // The red fills the frame (contain of 16:9): left 0.25 and right 0.1 of 640, top 0.2 of 360.
      near(run(frame, reddish, 'row', 200), [160, 576], 2, `red row at ${seconds} s`);
      near(run(frame, reddish, 'column', 300), [72, 360], 2, `red column at ${seconds} s`);
      expect(frame.at(80, 200).every((c) => c < 20)).toBe(true);
    }
  });

  it('moves a keyframed crop frame by frame, of the source before scale and position', async () => {
    for (const seconds of [2.0, 2.4, 3.0, 3.6, 3.96]) {
      const frame = await frameOf(file, Math.round(seconds * FPS), SIZE);
      const left = valueAt(LEFT, 0, seconds * 1000 - 2000);
      // The box spans x 288–608 and y 90–270; its source's left fraction and top quarter are cut.
      near(run(frame, cyanish, 'row', 200), [288 + 320 * left, 608], 2, `cyan row at ${seconds} s`);
      near(run(frame, cyanish, 'column', 600), [90 + 45, 270], 2, `cyan column at ${seconds} s`);
    }
  });
});

describe('crop commands', () => {
  const refused = async (commands: unknown[]) => {
    const timeline = await editor.timeline(projectId);
    const res = await editor.commands(projectId, timeline.revision, commands);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    return res.body.error;
  };

  it('refuse a side of 1, opposite sides that meet, and a curve that makes them meet between keyframes', async () => {
    const one = await refused([{ type: 'setClipProperties', clipId: stillClip, properties: { cropRight: 1 } }]);
    expect(JSON.stringify(one)).toMatch(/cropRight/);
    const meet = await refused([{ type: 'setClipProperties', clipId: stillClip, properties: { cropRight: 0.5 } }]);
    expect(JSON.stringify(meet)).toMatch(/properties\.cropRight/);
    expect(meet.message).toMatch(/cropLeft \+ cropRight must stay below 1/);
    // Each curve alone keeps top + bottom at 0.6 at both keyframes; eased in opposite ways they reach 1.05 between.
    const curve = await refused([
      {
        type: 'setKeyframes',
        clipId: stillClip,
        property: 'cropTop',
        keyframes: [
          { atMs: 0, value: 0, easing: 'easeOut' },
          { atMs: 1000, value: 0.6 },
        ],
      },
      {
        type: 'setKeyframes',
        clipId: stillClip,
        property: 'cropBottom',
        keyframes: [
          { atMs: 0, value: 0.6, easing: 'easeIn' },
          { atMs: 1000, value: 0 },
        ],
      },
    ]);
    expect(JSON.stringify(curve)).toMatch(/keyframes/);
    expect(curve.message).toMatch(/cropTop \+ cropBottom/);
  });

  it('keep a crop that leaves some picture, keyframed or not', async () => {
    const timeline = await editor.timeline(projectId);
    const res = await editor.commands(projectId, timeline.revision, [
      { type: 'setClipProperties', clipId: stillClip, properties: { cropRight: 0.49, cropBottom: 0.74 } },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
});
