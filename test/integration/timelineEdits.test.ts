// Timeline edits through the journal and the outbox, against the real sandbox: edits made
// while the service is away wait in order and then apply in that order; an edit that meets
// a 409 holds back the edits queued behind it (none is sent on a stale revision) and the
// screen is told which; and an edit the app sent just before it crashed is sent again with
// the same key after the restart and applied once. Each acknowledgement carries what the
// service changed, and the screen's copy moved on by them is the service's timeline.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, expect, it } from 'vitest';
import { createEditTracker, type EditTracker } from '../../main/core/timeline/editTracker.ts';
import type { EditorCommand } from '../../shared/timeline/editorCommands.ts';
import { nextRevision } from '../../shared/timeline/revision.ts';
import { applyChanges } from '../../shared/timeline/timelineChanges.ts';
import type { Timeline } from '../../shared/timeline/timelineTypes.ts';
import type { TimelineEditEvent } from '../../shared/timeline/timelineViews.ts';
import { editorClient, spans, trackOf } from '../support/editorSupport.ts';
import { makeJobs, tempDir, until, type JobsHarness } from '../support/jobsSupport.ts';
import { makeFixtureDir, makeMp4 } from '../support/mediaFixtures.ts';
import { apiClient, startSandboxProcess, type RunningSandbox } from '../support/sandboxProcess.ts';

const WORKSPACE = 'ws-timeline';
const fixtures = makeFixtureDir();
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
afterAll(() => fixtures.cleanup());

interface Harness extends JobsHarness {
  tracker: EditTracker;
  edits: TimelineEditEvent[];
}

function harness(sandbox: RunningSandbox, dataDir?: string): Harness {
  const data = dataDir ? null : tempDir();
  const h = makeJobs({
    baseUrl: sandbox.createBaseUrl,
    apiKey: sandbox.apiKey,
    dataDir: dataDir ?? data!.dir,
    workspaceId: WORKSPACE,
  });
  const edits: TimelineEditEvent[] = [];
  const tracker = createEditTracker({
    intent: (id) => h.journal.intents.get(id),
    openIntents: (workspaceId) => h.journal.intents.listOpen(workspaceId),
    cancel: (id) => h.jobs.cancel(id),
    emit: (event) => edits.push(event),
  });
  // Wired as main does (createCore): the answer rides on the intent's done update.
  h.jobs.on('intent.updated', ({ workspaceId, intent, answer }) => tracker.onIntent(workspaceId, intent, answer));
  if (data) cleanups.push(data.remove);
  cleanups.push(() => h.close());
  return { ...h, tracker, edits };
}

async function projectWithClip(sandbox: RunningSandbox) {
  const editor = editorClient(apiClient(sandbox.createBaseUrl, sandbox.apiKey));
  const projectId = await editor.createProject('Timeline edits');
  const asset = await editor.upload(await makeMp4(fixtures.dir, { seconds: 4 }), projectId);
  const timeline = await editor.timeline(projectId);
  return { editor, projectId, asset, timeline, video: trackOf(timeline, 'video').id as string };
}

/** Journals edits as the screen does: each against the revision the one before it makes. */
function submitInOrder(h: Harness, projectId: number, revision: string, lists: EditorCommand[][]): string[] {
  return lists.map((commands) => {
    const intent = h.jobs.submit('editor-commands', { projectId, input: { revision, commands } });
    revision = nextRevision(revision)!;
    return intent.id;
  });
}

const statesOf = (h: Harness, intentId: string) => h.edits.filter((e) => e.intentId === intentId).map((e) => e.state);

it('keeps edits made while the service is away in the journal, in order, and applies them in that order once it answers', async () => {
  let sandbox = await startSandboxProcess();
  const { editor, projectId, asset, timeline, video } = await projectWithClip(sandbox);
  const port = Number(new URL(sandbox.origin).port);
  const messagingPort = Number(new URL(sandbox.messagingBaseUrl).port);
  await sandbox.stop();
  cleanups.push(() => sandbox.stop({ removeData: true }));

  const h = harness(sandbox);
  h.jobs.start();
  const clip = randomUUID();
  const right = randomUUID();
  const ids = submitInOrder(h, projectId, timeline.revision, [
    [{ type: 'addClip', trackId: video, clipId: clip, assetId: asset.id, startMs: 0, inMs: 0, outMs: 4000 }],
    [{ type: 'moveClip', clipId: clip, startMs: 1000 }],
    [{ type: 'splitClip', clipId: clip, atMs: 3000, newClipId: right }],
  ]);
  await until(() => h.jobs.connection().state === 'offline', 'the service is seen offline');
  // What the screen reads while offline: the three edits, in order, waiting.
  const waiting = h.tracker.pending(WORKSPACE, projectId);
  expect(waiting.map((e) => e.intentId)).toEqual(ids);
  expect(waiting.map((e) => e.revision)).toEqual(['r0', 'r1', 'r2']);
  for (const edit of waiting) expect(['queued', 'sending', 'retrying']).toContain(edit.state);

  sandbox = await startSandboxProcess({
    dataDir: sandbox.dataDir,
    masterSecret: sandbox.masterSecret,
    port,
    messagingPort,
  });
  await until(() => ids.every((id) => statesOf(h, id).includes('acked')), 'every edit acknowledged');
  const acked = h.edits.filter((e) => e.state === 'acked').map((e) => e.intentId);
  expect(acked).toEqual(ids);
  const after = await editor.timeline(projectId);
  expect(after.revision).toBe('r3');
  expect(spans(trackOf(after, 'video'))).toEqual([
    [clip, 1000, 3000, 0, 2000],
    [right, 3000, 5000, 2000, 4000],
  ]);
  expect(h.tracker.pending(WORKSPACE, projectId)).toEqual([]);
  // The screen's copy, moved on by each acknowledgement's changes, is the service's timeline.
  let copy = timeline as Timeline;
  for (const id of ids) {
    const { ack } = h.edits.find((e) => e.intentId === id && e.state === 'acked')!;
    expect(ack?.baseRevision).toBe(copy.revision);
    copy = applyChanges(copy, { ...ack!, changes: ack!.changes! });
  }
  expect(copy).toEqual(after);
});

it('holds back the edits queued behind one that meets a 409, so none is sent on a stale revision', async () => {
  const sandbox = await startSandboxProcess();
  cleanups.push(() => sandbox.stop({ removeData: true }));
  const { editor, projectId, asset, timeline, video } = await projectWithClip(sandbox);
  const clip = randomUUID();
  // Someone else edits first: the timeline is at r1 when the app's edits (made on r0) arrive.
  await editor.apply(projectId, timeline.revision, [
    { type: 'addClip', trackId: video, clipId: clip, assetId: asset.id, startMs: 0, inMs: 0, outMs: 4000 },
  ]);

  const h = harness(sandbox);
  const ids = submitInOrder(h, projectId, timeline.revision, [
    [{ type: 'trimClip', clipId: clip, outMs: 3000 }],
    [{ type: 'moveClip', clipId: clip, startMs: 500 }],
    [{ type: 'setClipProperties', clipId: clip, properties: { volume: 0.2 } }],
  ]);
  h.jobs.start();
  await until(() => h.tracker.failed(WORKSPACE, projectId).length === 3, 'the three edits are in review');

  const [first, second, third] = ids as [string, string, string];
  const conflict = h.edits.find((e) => e.intentId === first && e.state === 'conflict')!;
  expect(conflict.error?.code).toBe('revision.conflict');
  expect(conflict.error?.details?.currentRevision).toBe('r1');
  // The event stays small: the screen reads the current timeline itself.
  expect(conflict.error?.details).not.toHaveProperty('current');
  for (const held of [second, third]) {
    expect(h.edits.find((e) => e.intentId === held && e.state === 'cancelled')?.heldBy).toBe(first);
    expect(h.journal.intents.get(held)?.attempts).toBe(0);
  }
  expect(h.tracker.failed(WORKSPACE, projectId).map((e) => [e.intentId, e.state])).toEqual([
    [first, 'conflict'],
    [second, 'cancelled'],
    [third, 'cancelled'],
  ]);
  const after = await editor.timeline(projectId);
  expect(after.revision).toBe('r1');
  expect(spans(trackOf(after, 'video'))).toEqual([[clip, 0, 4000, 0, 4000]]);

  h.tracker.dismiss(ids);
  expect(h.tracker.failed(WORKSPACE, projectId)).toEqual([]);
});

it('sends an edit the app sent just before it crashed again with the same key, and the service applies it once', async () => {
  const sandbox = await startSandboxProcess();
  cleanups.push(() => sandbox.stop({ removeData: true }));
  const { editor, projectId, asset, timeline, video } = await projectWithClip(sandbox);
  const data = tempDir();
  cleanups.push(data.remove);
  const clip = randomUUID();
  const commands: EditorCommand[] = [
    { type: 'addClip', trackId: video, clipId: clip, assetId: asset.id, startMs: 0, inMs: 0, outMs: 2000 },
  ];

  // The first run journals the edit and sends it; the service applies it; the app dies before it records the answer.
  const before = harness(sandbox, data.dir);
  const [id] = submitInOrder(before, projectId, timeline.revision, [commands]) as [string];
  const sent = before.journal.intents.beginAttempt(id)!;
  const answer = await editor.commands(projectId, timeline.revision, commands, sent.idempotencyKey);
  expect(answer.status).toBe(200);
  await before.close();

  // The next run finds it `sent` and sends it again, same key: the service answers with the first result.
  const after = harness(sandbox, data.dir);
  after.jobs.start();
  await until(() => statesOf(after, id).includes('acked'), 'the replayed edit acknowledged');
  expect(after.journal.intents.get(id)?.idempotencyKey).toBe(sent.idempotencyKey);
  const service = await editor.timeline(projectId);
  expect(service.revision).toBe('r1');
  expect(trackOf(service, 'video').clips).toHaveLength(1);
});
