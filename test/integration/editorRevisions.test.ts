// How the editor answers a command list and keeps its revisions, on the real sandbox: the
// answer carries the new revision and what changed (not the whole timeline), and a client
// that applies it to its copy holds exactly the service's timeline; the whole timeline comes
// only when asked for (Prefer: return=representation); revisions kept as changes between
// full copies read back the same after a restart, and an old list's retry gets its own answer.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { applyChanges, editAckOf } from '../../shared/timeline/timelineChanges.ts';
import type { Timeline } from '../../shared/timeline/timelineTypes.ts';
import { editorClient, trackOf } from '../support/editorSupport.ts';
import { makeFixtureDir, makeMp4 } from '../support/mediaFixtures.ts';
import { apiClient, startSandboxProcess, type RunningSandbox } from '../support/sandboxProcess.ts';

let sandbox: RunningSandbox;
const fixtures = makeFixtureDir();
let mp4: string;

beforeAll(async () => {
  sandbox = await startSandboxProcess();
  mp4 = await makeMp4(fixtures.dir, { seconds: 2 });
});
afterAll(async () => {
  await sandbox?.stop({ removeData: true });
  fixtures.cleanup();
});

const editorOf = (running: RunningSandbox) => editorClient(apiClient(running.createBaseUrl, running.apiKey));

/** `count` one-second clips of the asset, one every two seconds from `from`. */
const clips = (trackId: string, assetId: number, count: number, from = 0) =>
  Array.from({ length: count }, (_, k) => ({
    type: 'addClip',
    trackId,
    clipId: randomUUID(),
    assetId,
    startMs: (from + k) * 2000,
    inMs: 0,
    outMs: 1000,
  }));

/** The client's copy moved on by the answer's changes. */
function moveOn(copy: Timeline, answer: unknown): Timeline {
  const ack = editAckOf(answer);
  expect(ack?.changes, 'the answer says what changed').toBeTruthy();
  expect(ack!.baseRevision).toBe(copy.revision);
  return applyChanges(copy, { ...ack!, changes: ack!.changes! });
}

it('answers a command list with the new revision and what changed, which brings a copy to the service’s timeline', async () => {
  const editor = editorOf(sandbox);
  const p = await editor.createProject('Compact answers');
  const asset = await editor.upload(mp4, p);
  let copy = (await editor.timeline(p)) as Timeline;
  const video = trackOf(copy, 'video').id as string;
  const second = randomUUID();
  const added = clips(video, asset.id, 300);
  const [first, moved, rippled] = [added[0]!.clipId, added[1]!.clipId, added[10]!.clipId];

  const lists: unknown[][] = [
    added,
    [{ type: 'moveClip', clipId: first, startMs: 500 }],
    [
      { type: 'addTrack', kind: 'video', trackId: second, name: 'Overlay' },
      { type: 'moveClip', clipId: moved, trackId: second, startMs: 2000 },
      { type: 'setClipProperties', clipId: moved, properties: { opacity: 0.5 } },
    ],
    [{ type: 'removeClip', clipId: rippled, ripple: true }],
    [{ type: 'splitClip', clipId: first, atMs: 1000, newClipId: randomUUID() }],
    [{ type: 'updateTrack', trackId: video, name: 'Main', muted: true }],
    [{ type: 'removeTrack', trackId: second }],
  ];
  const sizes: number[] = [];
  for (const commands of lists) {
    const res = await editor.commands(p, copy.revision, commands, randomUUID(), false);
    expect(res.status, JSON.stringify(res.body.error)).toBe(200);
    expect(res.body.data).not.toHaveProperty('timeline');
    sizes.push(JSON.stringify(res.body.data).length);
    copy = moveOn(copy, res.body.data);
    expect(copy).toEqual(await editor.timeline(p));
  }
  expect(trackOf(copy, 'video').clips).toHaveLength(299);
  // One clip moved on a 300-clip timeline: a short answer, where the whole timeline is long.
  const whole = JSON.stringify(await editor.timeline(p)).length;
  expect(sizes[1]).toBeLessThan(1500);
  expect(whole).toBeGreaterThan(50 * sizes[1]!);

  // Asked for, the whole timeline comes too, and the answer says the preference was applied.
  const res = await editor.commands(p, copy.revision, [{ type: 'moveClip', clipId: first, startMs: 0 }]);
  expect(res.headers.get('preference-applied')).toBe('return=representation');
  expect(res.body.data.timeline).toEqual(await editor.timeline(p));
  expect(moveOn(copy, res.body.data)).toEqual(res.body.data.timeline);
});

it('reads revisions kept as changes back the same after a restart, and answers an old list’s retry as it did', async () => {
  let editor = editorOf(sandbox);
  const p = await editor.createProject('Revisions across a restart');
  const asset = await editor.upload(mp4, p);
  let copy = (await editor.timeline(p)) as Timeline;
  const video = trackOf(copy, 'video').id as string;
  // A long list first (its answer is large enough to be kept as a full copy), then small edits kept as changes.
  const added = clips(video, asset.id, 400);
  let res = await editor.commands(p, copy.revision, added, randomUUID(), false);
  copy = moveOn(copy, res.body.data);
  const sent: { key: string; commands: unknown[]; revision: string; answer: unknown; timeline: Timeline }[] = [];
  for (let k = 0; k < 12; k++) {
    const key = randomUUID();
    const commands = [{ type: 'moveClip', clipId: added[k]!.clipId, startMs: k * 2000 + 500 }];
    const revision = copy.revision;
    res = await editor.commands(p, revision, commands, key, false);
    expect(res.status, JSON.stringify(res.body.error)).toBe(200);
    copy = moveOn(copy, res.body.data);
    sent.push({ key, commands, revision, answer: res.body.data, timeline: await editor.timeline(p) });
  }
  const before = await editor.timeline(p);
  expect(before).toEqual(copy);

  sandbox = await sandbox.restart();
  editor = editorOf(sandbox);
  expect(await editor.timeline(p)).toEqual(before);
  // Retries of lists made before the restart: the same answer, and the timeline of their own revision when asked.
  for (const k of [0, 5, 11]) {
    const { key, commands, revision, answer, timeline } = sent[k]!;
    const again = await editor.commands(p, revision, commands, key, false);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(answer);
    const whole = await editor.commands(p, revision, commands, key, true);
    expect(whole.body.data.timeline).toEqual(timeline);
  }
  // And editing goes on from the timeline read back.
  res = await editor.commands(
    p,
    copy.revision,
    [{ type: 'removeClip', clipId: added[0]!.clipId }],
    randomUUID(),
    false,
  );
  expect(res.status, JSON.stringify(res.body.error)).toBe(200);
  expect(moveOn(copy, res.body.data)).toEqual(await editor.timeline(p));
});
