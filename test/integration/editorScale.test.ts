// A long timeline stays quick to edit: 5,000 clips built in ten command lists, then single
// small edits timed end to end over HTTP. Each answer says what changed (not the whole
// 1.2 MB timeline), and the client's copy, moved on by it, is the service's timeline.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { EDITOR_LIMITS } from '../../shared/limits.ts';
import { applyChanges, editAckOf } from '../../shared/timeline/timelineChanges.ts';
import { editorClient, trackOf } from '../support/editorSupport.ts';
import { makeFixtureDir, makeMp4 } from '../support/mediaFixtures.ts';
import { apiClient, startSandboxProcess, type RunningSandbox } from '../support/sandboxProcess.ts';

const CLIPS = 5000;
const CLIP_MS = 100;
/** Generous for a 2-core machine running other test files at the same time; typical is far lower. */
const EDIT_BOUND_MS = 250;

let sandbox: RunningSandbox;
const fixtures = makeFixtureDir();

beforeAll(async () => {
  sandbox = await startSandboxProcess();
});
afterAll(async () => {
  await sandbox?.stop({ removeData: true });
  fixtures.cleanup();
});

it(`applies a small edit to a ${CLIPS}-clip timeline in well under ${EDIT_BOUND_MS} ms`, async () => {
  const editor = editorClient(apiClient(sandbox.createBaseUrl, sandbox.apiKey));
  const projectId = await editor.createProject('Long timeline');
  const asset = await editor.upload(await makeMp4(fixtures.dir, { seconds: 1 }), projectId);
  let timeline = await editor.timeline(projectId);
  const video = trackOf(timeline, 'video').id;

  const ids = Array.from({ length: CLIPS }, () => randomUUID());
  const perList = EDITOR_LIMITS.commandsPerRequest;
  const buildStarted = performance.now();
  for (let from = 0; from < CLIPS; from += perList) {
    const commands = ids.slice(from, from + perList).map((clipId, k) => ({
      type: 'addClip',
      trackId: video,
      clipId,
      assetId: asset.id,
      // A 100 ms gap after each clip leaves room to move clips around.
      startMs: (from + k) * CLIP_MS * 2,
      inMs: ((from + k) % 9) * CLIP_MS,
      outMs: ((from + k) % 9) * CLIP_MS + CLIP_MS,
    }));
    ({ timeline } = await editor.apply(projectId, timeline.revision, commands));
  }
  const buildMs = performance.now() - buildStarted;
  expect(trackOf(timeline, 'video').clips).toHaveLength(CLIPS);

  // Each edit touches one clip somewhere in the middle, the way a person works.
  const edits = [
    { type: 'moveClip', clipId: ids[2500], startMs: 2500 * CLIP_MS * 2 + 50 },
    { type: 'trimClip', clipId: ids[100], outMs: (100 % 9) * CLIP_MS + 50 },
    { type: 'splitClip', clipId: ids[4000], atMs: 4000 * CLIP_MS * 2 + 40 },
    { type: 'setClipProperties', clipId: ids[1234], properties: { volume: 0.5 } },
    { type: 'removeClip', clipId: ids[4999], ripple: true },
  ];
  const times: number[] = [];
  const serverTimes: string[] = [];
  for (const edit of edits) {
    const started = performance.now();
    const res = await editor.commands(projectId, timeline.revision, [edit], randomUUID(), false);
    times.push(performance.now() - started);
    serverTimes.push(/dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1] ?? '?');
    expect(res.status, JSON.stringify(res.body.error)).toBe(200);
    const ack = editAckOf(res.body.data)!;
    timeline = applyChanges(timeline, { ...ack, changes: ack.changes! });
  }
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  console.log(
    `editor timeline: ${CLIPS} clips built in ${Math.round(buildMs)} ms (${CLIPS / perList} lists); ` +
      `single edits took ${times.map((t) => t.toFixed(1)).join(', ')} ms (median ${median.toFixed(1)} ms) over HTTP, ` +
      `of which checking, applying and storing took ${serverTimes.join(', ')} ms in the sandbox`,
  );
  expect(median).toBeLessThan(EDIT_BOUND_MS);
  // The edits really happened: one split added a clip and one removal took one away.
  expect(trackOf(timeline, 'video').clips).toHaveLength(CLIPS);
  const moved = trackOf(timeline, 'video').clips.find((c: { id: string }) => c.id === ids[2500]);
  expect(moved.startMs).toBe(2500 * CLIP_MS * 2 + 50);
  expect(timeline).toEqual(await editor.timeline(projectId));
});
