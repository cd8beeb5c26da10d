// Markers and reframed copies on the real sandbox over HTTP: markers made with editor
// commands are in the timeline read back, an undo (the inverse commands) restores them
// exactly, an MP4 timeline export carries them as chapters that ffprobe reads back by name
// (real ffmpeg), and a copy of a project in another shape holds its timeline, its media
// attached, every video clip filling the frame, while the original keeps its revision.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalog as serviceCatalog } from '../../sandbox/editor/editorCatalog.ts';
import type { EditorCommand } from '../../shared/timeline/editorCommands.ts';
import { applyWithInverse } from '../../shared/timeline/inverseCommands.ts';
import { CatalogSchema, TimelineSchema } from '../../shared/timeline/timelineTypes.ts';
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
const ctx = { catalog: CatalogSchema.parse(serviceCatalog()), asset: () => undefined, newId: randomUUID };

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

async function timelineOf(project: number) {
  const res = await call('GET', `/projects/${project}/editor/timeline`);
  expect(res.status).toBe(200);
  return res.body.data;
}

async function send(project: number, revision: string, commands: unknown[]) {
  return call('POST', `/projects/${project}/editor/commands`, {
    headers: { 'idempotency-key': randomUUID() },
    body: { revision, commands },
  });
}

const MARKER_A = randomUUID();
const MARKER_B = randomUUID();

describe('markers on the service', () => {
  it('are made by editor commands, read back in time order, and restored exactly by the undo commands', async () => {
    const project = await harness.createProject('Markers', '16:9');
    const start = await timelineOf(project);
    expect(start.markers).toEqual([]);
    const added = await send(project, start.revision, [
      { type: 'addMarker', markerId: MARKER_A, atMs: 1200, name: 'Chorus', color: 'red', note: 'Louder' },
      { type: 'addMarker', markerId: MARKER_B, atMs: 0, name: 'Opening' },
    ]);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.data.changes.markers.map((m: any) => m.name)).toEqual(['Opening', 'Chorus']);
    const withMarkers = await timelineOf(project);
    expect(withMarkers.markers).toEqual([
      { id: MARKER_B, atMs: 0, name: 'Opening', color: 'blue' },
      { id: MARKER_A, atMs: 1200, name: 'Chorus', color: 'red', note: 'Louder' },
    ]);

    // An edit and its undo, as the app makes them: the inverse commands from the shared model.
    const edit: EditorCommand[] = [
      { type: 'updateMarker', markerId: MARKER_A, atMs: 300, name: 'Moved', note: '' },
      { type: 'removeMarker', markerId: MARKER_B },
    ];
    const { inverse } = applyWithInverse(TimelineSchema.parse(withMarkers), edit, ctx);
    const changed = await send(project, withMarkers.revision, edit);
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await timelineOf(project)).markers).toEqual([{ id: MARKER_A, atMs: 300, name: 'Moved', color: 'red' }]);
    const undone = await send(project, changed.body.data.revision, inverse);
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect((await timelineOf(project)).markers).toEqual(withMarkers.markers);
  });

  it('refuses a bad name, colour or marker with a 400 that names the command and field', async () => {
    const project = await harness.createProject('Bad markers', '16:9');
    const { revision } = await timelineOf(project);
    const long = await send(project, revision, [{ type: 'addMarker', atMs: 0, name: 'x'.repeat(81) }]);
    expect(long.status).toBe(400);
    expect(long.body.error.message).toMatch(/commands\.0\.name.*at most 80 characters/s);
    const colour = await send(project, revision, [{ type: 'addMarker', atMs: 0, name: 'A', color: 'mauve' }]);
    expect(colour.status).toBe(400);
    expect(colour.body.error.message).toMatch(/color/);
    const missing = await send(project, revision, [{ type: 'removeMarker', markerId: randomUUID() }]);
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({ code: 'editor.target_not_found', field: 'markerId' });
    expect(missing.body.error.message).toMatch(/^commands\[0\] removeMarker, markerId: no marker/);
  });

  it('are the chapters of an MP4 timeline export, titled by their names', async () => {
    const project = await harness.createProject('Chapters', '16:9');
    const clip = await harness.upload(await harness.solidMp4('navy', 3), project);
    const t = await timelineOf(project);
    const video = t.tracks.find((tr: any) => tr.kind === 'video').id;
    const edited = await send(project, t.revision, [
      { type: 'addClip', trackId: video, assetId: clip.id, startMs: 0 },
      { type: 'addMarker', atMs: 0, name: 'Welcome' },
      { type: 'addMarker', atMs: 1000, name: 'Part two: the = sign; #1' },
      { type: 'addMarker', atMs: 2500, name: 'Goodbye' },
      // Past the end of the video: no chapter.
      { type: 'addMarker', atMs: 9000, name: 'Later' },
    ]);
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const accepted = await harness.postExport({ projectId: project, timeline: {}, output: { resolution: '360p' } });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(202);
    const done = await waitForJob(call, `/exports/${accepted.body.data.id}`);
    expect(done.state, JSON.stringify(done.error)).toBe('completed');
    const file = await harness.download(done.assetId);
    const { stdout } = await run('ffprobe', ['-v', 'error', '-show_chapters', '-of', 'json', file]);
    const chapters = JSON.parse(stdout).chapters as any[];
    expect(chapters.map((c) => c.tags.title)).toEqual(['Welcome', 'Part two: the = sign; #1', 'Goodbye']);
    expect(chapters.map((c) => Math.round(Number(c.start_time) * 1000))).toEqual([0, 1000, 2500]);
    expect(Math.round(Number(chapters[2].end_time) * 1000)).toBe(3000);
  });
});

describe('a reframed copy', () => {
  it('is a new project in the new shape holding the timeline, its media attached and every video clip filling the frame; the original is unchanged', async () => {
    const original = await harness.createProject('Landscape', '16:9');
    const [clip, still] = await Promise.all([
      harness.solidMp4('teal', 1).then((p) => harness.upload(p, original)),
      harness.solidPng('orange').then((p) => harness.upload(p, original)),
    ]);
    const t = await timelineOf(original);
    const video = t.tracks.find((tr: any) => tr.kind === 'video').id;
    const caption = t.tracks.find((tr: any) => tr.kind === 'caption').id;
    const edited = await send(original, t.revision, [
      { type: 'addClip', trackId: video, assetId: clip.id, startMs: 0 },
      { type: 'addClip', trackId: video, assetId: still.id, startMs: 1000, outMs: 1500 },
    ]);
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const more = await send(original, edited.body.data.revision, [
      { type: 'addCaption', trackId: caption, startMs: 0, endMs: 800, text: 'Hello' },
      { type: 'addMarker', atMs: 500, name: 'Middle' },
    ]);
    expect(more.status, JSON.stringify(more.body)).toBe(200);
    const before = await timelineOf(original);
    const projectBefore = (await call('GET', `/projects/${original}`)).body.data;

    const made = await call('POST', '/projects', {
      body: { name: 'Vertical', aspectRatio: '9:16', fromProjectId: original },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.data).toMatchObject({ name: 'Vertical', aspectRatio: '9:16' });
    const copy = await timelineOf(made.body.data.id);
    expect(copy.revision).toBe('r0');
    expect(copy.markers).toEqual(before.markers);
    expect(copy.durationMs).toBe(before.durationMs);
    const videoClips = copy.tracks.find((tr: any) => tr.kind === 'video').clips;
    expect(videoClips.map((c: any) => [c.assetId, c.fit])).toEqual([
      [clip.id, 'cover'],
      [still.id, 'cover'],
    ]);
    // Apart from the fit, the same tracks and clips.
    const unfit = (tl: any) =>
      tl.tracks.map((tr: any) => ({ ...tr, clips: tr.clips.map(({ fit: _f, ...c }: any) => c) }));
    expect(unfit(copy)).toEqual(unfit(before));
    // The media is attached, not uploaded again: the same assets, usable in the copy.
    const attached = await call('GET', `/projects/${made.body.data.id}/attachments`);
    expect(attached.body.data.map((a: any) => a.assetId).sort()).toEqual([clip.id, still.id].sort());
    const exported = await harness.postExport({
      projectId: made.body.data.id,
      timeline: {},
      output: { resolution: '360p' },
    });
    expect(exported.status, JSON.stringify(exported.body)).toBe(202);

    // The original: same revision, same timeline, same project revision.
    expect(await timelineOf(original)).toEqual(before);
    expect((await call('GET', `/projects/${original}`)).body.data.updatedAt).toBe(projectBefore.updatedAt);
  });

  it('refuses a project to copy that is not in the account, saying which field', async () => {
    const res = await call('POST', '/projects', { body: { name: 'Copy', aspectRatio: '1:1', fromProjectId: 999999 } });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toMatch(/^fromProjectId: no project 999999/);
  });
});

describe('markers kept with the revisions', () => {
  it('read back the same after a restart, from the changes each list stored', async () => {
    const project = await harness.createProject('Markers across a restart', '16:9');
    let { revision } = await timelineOf(project);
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    const lists = [
      [{ type: 'addMarker', markerId: ids[0], atMs: 3000, name: 'One', note: 'First' }],
      [{ type: 'addMarker', markerId: ids[1], atMs: 1000, name: 'Two', color: 'green' }],
      [{ type: 'addTrack', kind: 'video' }],
      [{ type: 'updateMarker', markerId: ids[0], atMs: 500, name: 'One moved' }],
      [{ type: 'addMarker', markerId: ids[2], atMs: 9000, name: 'Three' }],
      [{ type: 'removeMarker', markerId: ids[1] }],
    ];
    for (const commands of lists) {
      const res = await send(project, revision, commands);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      revision = res.body.data.revision;
    }
    const before = await timelineOf(project);
    expect(before.markers.map((m: any) => m.name)).toEqual(['One moved', 'Three']);
    sandbox = await sandbox.restart();
    call = apiClient(sandbox.createBaseUrl, sandbox.apiKey);
    harness = exportHarness(sandbox, call, fixtures.dir);
    expect(await timelineOf(project)).toEqual(before);
  });
});
