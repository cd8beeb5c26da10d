// Exporting the project's timeline (POST /exports with timeline instead of clips) on the
// real sandbox: the whole timeline rendered exactly as a render draws it, into Exports;
// the same picture and sound as the clip-list export of a one-track timeline's clips;
// refusals that say what to change; and a cancel that stops the rendering.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportHarness, peakDb, probeFile, psnr } from '../support/exportSupport.ts';
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
let harness: ReturnType<typeof exportHarness>;
const solidMp4 = (colour: string, seconds: number) => harness.solidMp4(colour, seconds);
const solidPng = (colour: string) => harness.solidPng(colour);
const upload = (path: string, project: number) => harness.upload(path, project);
const createProject = (name: string, aspectRatio: string) => harness.createProject(name, aspectRatio);
const postExport = (body: unknown) => harness.postExport(body);
const download = (assetId: number) => harness.download(assetId);
/** A project whose timeline holds one clip, for the refusals. */
let projectId: number;
let green: any;

beforeAll(async () => {
  fixtures = makeFixtureDir();
  sandbox = await startSandboxProcess({ jobSeconds: 0.3 });
  call = apiClient(sandbox.createBaseUrl, sandbox.apiKey);
  harness = exportHarness(sandbox, call, fixtures.dir);
  projectId = await createProject('Refusals', '16:9');
  green = await upload(await solidPng('lime'), projectId);
});

afterAll(async () => {
  await sandbox?.stop({ removeData: true });
  fixtures?.cleanup();
});

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
