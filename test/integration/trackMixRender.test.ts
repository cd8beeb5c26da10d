// A track's mix and switches in the service's render (real sandbox over HTTP, real ffmpeg),
// and the timeline's revisions. Each source is a tone of its own frequency, so the mix says
// which track sounds and how loud: a track at −12 dB is 12 dB quieter, a track panned hard
// left is heard in the left channel only, a soloed track silences the others, and a hidden
// video track (on top, blue) is not drawn while its sound plays. The revision list pages
// newest first, each revision reads back as the timeline that edit made, and a restore is
// one more revision equal to the old timeline.
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restoreCommands } from '../../shared/timeline/restoreCommands.ts';
import { defaultProperties } from '../../shared/timeline/timelineRules.ts';
import { CatalogSchema } from '../../shared/timeline/timelineTypes.ts';
import { editorClient, trackOf } from '../support/editorSupport.ts';
import { makeFixtureDir } from '../support/mediaFixtures.ts';
import { channelSamplesOf, colourVideo, frameOf, samplesOf, toneLevel, toneWav } from '../support/renderFixtures.ts';
import {
  apiClient,
  startSandboxProcess,
  waitForJob,
  type ApiCall,
  type RunningSandbox,
} from '../support/sandboxProcess.ts';

const AMPLITUDE = 0.1;
const TONES = { red: 500, blue: 1500, quiet: 3000, left: 5000 } as const;
const SIZE = { width: 640, height: 360 };
let sandbox: RunningSandbox;
let call: ApiCall;
const fixtures = makeFixtureDir();

beforeAll(async () => {
  sandbox = await startSandboxProcess({ jobSeconds: 0.2 });
  call = apiClient(sandbox.createBaseUrl, sandbox.apiKey);
}, 60_000);
afterAll(async () => {
  await sandbox?.stop({ removeData: true });
  fixtures.cleanup();
});

/** Renders the project's timeline at 360p and returns the file. */
async function render(projectId: number, name: string): Promise<string> {
  const accepted = await call('POST', `/projects/${projectId}/editor/render`, {
    headers: { 'idempotency-key': randomUUID() },
    body: { output: { resolution: '360p', frameRate: 25, quality: 'high' } },
  });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(202);
  const done = await waitForJob(call, `/projects/${projectId}/editor/renders/${accepted.body.data.id}`, 180_000);
  expect(done.state, JSON.stringify(done.error)).toBe('completed');
  const res = await fetch(`${sandbox.createBaseUrl}/assets/${done.assetId}/content`, {
    headers: { authorization: `Bearer ${sandbox.apiKey}` },
  });
  const file = join(fixtures.dir, `${name}.mp4`);
  await writeFile(file, Buffer.from(await res.arrayBuffer()));
  return file;
}

const db = (level: number) => 20 * Math.log10(level / AMPLITUDE);

describe("a track's gain, pan, solo and hidden in the service's render", () => {
  let projectId: number;
  let revision: string;
  let ids: { top: string; quiet: string; left: string };
  const editor = () => editorClient(call);

  beforeAll(async () => {
    projectId = await editor().createProject('Mix');
    const files = {
      red: await colourVideo(fixtures.dir, {
        colours: [['red', 2]],
        size: '64x36',
        tone: TONES.red,
        amplitude: AMPLITUDE,
      }),
      blue: await colourVideo(fixtures.dir, {
        colours: [['blue', 2]],
        size: '64x36',
        tone: TONES.blue,
        amplitude: AMPLITUDE,
      }),
      quiet: await toneWav(fixtures.dir, { frequency: TONES.quiet, seconds: 2, amplitude: AMPLITUDE }),
      left: await toneWav(fixtures.dir, { frequency: TONES.left, seconds: 2, amplitude: AMPLITUDE }),
    };
    const assets = {
      red: await editor().upload(files.red, projectId),
      blue: await editor().upload(files.blue, projectId),
      quiet: await editor().upload(files.quiet, projectId),
      left: await editor().upload(files.left, projectId),
    };
    const start = await editor().timeline(projectId);
    ids = { top: randomUUID(), quiet: trackOf(start, 'audio').id, left: randomUUID() };
    const bottom = trackOf(start, 'video').id;
    const made = await editor().apply(projectId, start.revision, [
      { type: 'addTrack', kind: 'video', trackId: ids.top, index: 1 },
      { type: 'addTrack', kind: 'audio', trackId: ids.left },
      { type: 'addClip', trackId: bottom, assetId: assets.red.id, startMs: 0, outMs: 2000 },
      { type: 'addClip', trackId: ids.top, assetId: assets.blue.id, startMs: 0, outMs: 2000 },
      { type: 'addClip', trackId: ids.quiet, assetId: assets.quiet.id, startMs: 0 },
      { type: 'addClip', trackId: ids.left, assetId: assets.left.id, startMs: 0 },
      { type: 'updateTrack', trackId: ids.top, hidden: true },
      { type: 'updateTrack', trackId: ids.quiet, gainDb: -12 },
      { type: 'updateTrack', trackId: ids.left, pan: -1 },
    ]);
    revision = made.revision;
    expect(trackOf(made.timeline, 'audio')).toMatchObject({ gainDb: -12, pan: 0, solo: false, syncLocked: true });
  }, 120_000);

  it('plays a track at −12 dB 12 dB quieter, a hard-left track in the left channel only, and does not draw a hidden track', async () => {
    const file = await render(projectId, 'mixed');
    const mono = await samplesOf(file);
    const [left, right] = [await channelSamplesOf(file, 0), await channelSamplesOf(file, 1)];
    const window = [0.5, 1.5] as const;
    // Centred tones at their own level; the −12 dB track 12 dB down (±1 dB).
    expect(Math.abs(db(toneLevel(mono, TONES.red, ...window)))).toBeLessThanOrEqual(1);
    expect(Math.abs(db(toneLevel(mono, TONES.quiet, ...window)) + 12)).toBeLessThanOrEqual(1);
    // Hard left: +3 dB on the left (constant power), nothing on the right.
    expect(Math.abs(db(toneLevel(left, TONES.left, ...window)) - 3)).toBeLessThanOrEqual(1);
    expect(db(toneLevel(right, TONES.left, ...window))).toBeLessThan(-50);
    // The other tracks are centred: the same on both sides.
    expect(Math.abs(db(toneLevel(right, TONES.red, ...window)))).toBeLessThanOrEqual(1);
    // The hidden blue track on top is not drawn, but is heard.
    const [r, g, b] = (await frameOf(file, 25, SIZE)).at(320, 180);
    expect(r).toBeGreaterThan(200);
    expect(b).toBeLessThan(60);
    expect(g).toBeLessThan(60);
    expect(Math.abs(db(toneLevel(mono, TONES.blue, ...window)))).toBeLessThanOrEqual(1);
  }, 240_000);

  it('sounds only the soloed track while one is soloed', async () => {
    const solo = await editor().apply(projectId, revision, [{ type: 'updateTrack', trackId: ids.quiet, solo: true }]);
    revision = solo.revision;
    const mono = await samplesOf(await render(projectId, 'solo'));
    const window = [0.5, 1.5] as const;
    expect(Math.abs(db(toneLevel(mono, TONES.quiet, ...window)) + 12)).toBeLessThanOrEqual(1);
    for (const tone of [TONES.red, TONES.blue, TONES.left])
      expect(db(toneLevel(mono, tone, ...window)), `${tone} Hz while another track is soloed`).toBeLessThan(-50);
  }, 240_000);
});

describe("the timeline's revisions", () => {
  it('lists revisions newest first in pages; each reads back as its edit left the timeline; a restore is a new revision', async () => {
    const editor = editorClient(call);
    const projectId = await editor.createProject('History');
    const asset = await editor.upload(await toneWav(fixtures.dir, { frequency: 440, seconds: 4 }), projectId);
    const start = await editor.timeline(projectId);
    const audio = trackOf(start, 'audio').id;
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    const lists: unknown[][] = [
      [{ type: 'addClip', trackId: audio, clipId: a, assetId: asset.id, startMs: 0, outMs: 3000 }],
      [
        { type: 'splitClip', clipId: a, atMs: 1000, newClipId: b },
        { type: 'splitClip', clipId: b, atMs: 2000, newClipId: c },
        { type: 'trimClip', clipId: a, outMs: 900 },
        { type: 'trimClip', clipId: b, inMs: 1100 },
        { type: 'trimClip', clipId: c, outMs: 2900 },
      ],
      [{ type: 'updateTrack', trackId: audio, gainDb: -6, pan: 0.5 }],
      [{ type: 'linkClips', clipIds: [a, c] }],
    ];
    const after: any[] = [start];
    for (const commands of lists) after.push((await editor.apply(projectId, after.at(-1).revision, commands)).timeline);

    const pages: any[][] = [];
    let cursor: string | null = null;
    do {
      const res = await call(
        'GET',
        `/projects/${projectId}/editor/revisions?limit=2${cursor ? `&after=${cursor}` : ''}`,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      pages.push(res.body.data);
      cursor = res.body.pagination.nextCursor;
    } while (cursor);
    expect(pages.map((p) => p.map((r: any) => r.revision))).toEqual([['r4', 'r3'], ['r2', 'r1'], ['r0']]);
    const listed = pages.flat();
    expect(listed.map((r: any) => r.summary)).toEqual([
      'Link clips',
      'Change track',
      'Split 2 clips · Trim 3 clips',
      'Add clip',
      'New timeline',
    ]);
    for (const entry of listed) expect(Date.parse(entry.createdAt)).not.toBeNaN();
    // Who sent each edit: the key, by its name and last four; r0 the service made itself.
    for (const entry of listed.slice(0, 4))
      expect(entry.author).toEqual({ kind: 'key', name: expect.any(String), lastFour: sandbox.apiKey.slice(-4) });
    expect(listed.at(-1).author).toBeNull();

    for (const [n, timeline] of after.entries()) {
      const res = await call('GET', `/projects/${projectId}/editor/revisions/r${n}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data, `revision r${n}`).toEqual(timeline);
    }
    const missing = await call('GET', `/projects/${projectId}/editor/revisions/r9`);
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toMatch(/goes from r0 to r4/);
    expect((await call('GET', `/projects/${projectId}/editor/revisions/latest`)).status).toBe(400);

    // Back to r1 (one clip, the track at its defaults) as one ordinary edit.
    const catalog = CatalogSchema.parse((await call('GET', '/editor/catalog')).body.data);
    const commands = restoreCommands(after[4], after[1], defaultProperties(catalog));
    const restored = await editor.apply(projectId, 'r4', commands);
    expect(restored.revision).toBe('r5');
    expect(restored.timeline.tracks).toEqual(after[1].tracks);
    const newest = await call('GET', `/projects/${projectId}/editor/revisions?limit=1`);
    expect(newest.body.data[0].revision).toBe('r5');
    expect((await call('GET', `/projects/${projectId}/editor/revisions/r1`)).body.data).toEqual(after[1]);
  }, 120_000);
});
