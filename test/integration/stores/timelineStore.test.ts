// The timeline store as the Timeline screen drives it, against the real core and sandbox:
// an edit shows at once and the acknowledgement moves the confirmed timeline on, with what
// the service answered it changed (so what the service decided — an ID it chose — is what
// the screen holds, and an edit it made as shown redraws nothing); an edit
// that meets a change made behind the app's back opens the review and, re-applied, lands
// on top of it; an undo or redo pressed while the review is open keeps its place in the
// history; and another workspace's catalog is read afresh.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Timeline } from '../../../shared/timeline/timelineTypes.ts';
import { nextRevision } from '../../../shared/timeline/revision.ts';
import { startHearing } from '../../../renderer/client/mainEvents.ts';
import { useTimeline } from '../../../renderer/stores/timelineStore.ts';
import { makeFixtureDir, makeMp4 } from '../../support/mediaFixtures.ts';
import { openRendererHarness, until, type RendererHarness } from '../../support/rendererHarness.ts';
import { startSandboxProcess } from '../../support/sandboxProcess.ts';

const fixtures = makeFixtureDir();
let h: RendererHarness;
let clipFile: string;
let stopListening: () => void;

beforeAll(async () => {
  h = await openRendererHarness();
  // As the shell starts: the stores hear main's events.
  stopListening = startHearing();
  clipFile = await makeMp4(fixtures.dir, { seconds: 2, name: 'shot.mp4' });
});
afterAll(async () => {
  stopListening?.();
  useTimeline.getState().reset();
  await h?.close();
  fixtures.cleanup();
});

const store = () => useTimeline.getState();
const videoTrack = (t: Timeline) => t.tracks.find((k) => k.kind === 'video')!;
const starts = (t: Timeline) => videoTrack(t).clips.map((c) => c.startMs);

/** A fresh project with one uploaded clip's asset, opened in the store. */
async function openProject(name: string) {
  const projectId = await h.editor.createProject(name);
  const asset = await h.editor.upload(clipFile, projectId);
  await store().open(projectId);
  await until(() => (store().status === 'ready' ? true : undefined), 'the timeline read');
  return { projectId, asset, trackId: videoTrack(store().timeline!).id };
}

function addClip(trackId: string, assetId: number, startMs: number): string {
  const clipId = crypto.randomUUID();
  expect(store().edit([{ type: 'addClip', trackId, clipId, assetId, startMs, inMs: 0, outMs: 1000 }], 'Add clip')).toBe(
    true,
  );
  return clipId;
}

const saved = () => until(() => (store().pending.length === 0 ? true : undefined), 'every edit acknowledged');
const reviewRead = () =>
  until(() => (store().review && !store().review!.busy ? store().review! : undefined), 'the review with the latest');

describe('the timeline store', () => {
  it('shows an edit at once and moves the confirmed timeline on when the service acknowledges it', async () => {
    const { projectId, asset, trackId } = await openProject('Optimistic');
    const before = store().base!.revision;

    addClip(trackId, asset.id, 500);
    // Shown before any answer; the confirmed timeline has not moved yet.
    expect(starts(store().timeline!)).toEqual([500]);
    expect(starts(store().base!)).toEqual([]);
    expect(store().pending).toHaveLength(1);

    await saved();
    expect(store().base!.revision).toBe(nextRevision(before));
    expect(starts(store().base!)).toEqual([500]);
    expect(store().lastAckMs).toBeGreaterThanOrEqual(0);
    const service = await h.editor.timeline(projectId);
    expect(service.revision).toBe(store().base!.revision);
    expect(starts(service)).toEqual([500]);
  });

  it('holds what the service made of an edit once it is acknowledged, and keeps the shown timeline when they agree', async () => {
    const { projectId, asset, trackId } = await openProject('Service answers');
    const clipId = addClip(trackId, asset.id, 0);
    const shownBeforeAck = store().timeline;
    await saved();
    // The service made what the screen showed: nothing is redrawn.
    expect(store().timeline).toBe(shownBeforeAck);

    // A split without an ID for the right part: the service names it, not the screen.
    expect(store().edit([{ type: 'splitClip', clipId, atMs: 400 }], 'Split')).toBe(true);
    const guessed = videoTrack(store().timeline!).clips[1]!.id;
    await saved();
    const service = await h.editor.timeline(projectId);
    const named = videoTrack(service).clips[1]!.id;
    expect(named).not.toBe(guessed);
    expect(store().base!.tracks).toEqual(service.tracks);
    expect(videoTrack(store().timeline!).clips[1]!.id).toBe(named);
    // So the next edit of that part reaches the clip the service has.
    expect(store().edit([{ type: 'moveClip', clipId: named, startMs: 1500 }], 'Move')).toBe(true);
    await saved();
    expect(starts(await h.editor.timeline(projectId))).toEqual([0, 1500]);
    expect(store().review).toBeNull();
  });

  it('opens the review when an edit meets a newer timeline, and re-applies it on top of the other change', async () => {
    const { projectId, asset, trackId } = await openProject('Conflict');
    const clipId = addClip(trackId, asset.id, 0);
    await saved();
    // Another editor adds a clip behind the app's back.
    await h.editor.apply(projectId, store().base!.revision, [
      { type: 'addClip', trackId, assetId: asset.id, startMs: 5000, inMs: 0, outMs: 1000 },
    ]);

    expect(store().edit([{ type: 'moveClip', clipId, startMs: 2000 }], 'Move clip')).toBe(true);
    const review = await reviewRead();
    expect(review.outcome).toBe('conflict');
    expect(starts(review.current!)).toEqual([0, 5000]);
    // Held back, not shown as if it had applied.
    expect(starts(store().timeline!)).toEqual([0]);

    await store().reapply();
    expect(store().review).toBeNull();
    await saved();
    expect(starts(await h.editor.timeline(projectId))).toEqual([2000, 5000]);
  });

  it('keeps an undo or redo pressed while the review is open, and both still work after it', async () => {
    const { projectId, asset, trackId } = await openProject('Undo across a review');
    const first = addClip(trackId, asset.id, 0);
    await saved();
    await h.editor.apply(projectId, store().base!.revision, [
      { type: 'addClip', trackId, assetId: asset.id, startMs: 8000, inMs: 0, outMs: 1000 },
    ]);
    expect(store().edit([{ type: 'moveClip', clipId: first, startMs: 3000 }], 'Move clip')).toBe(true);
    await reviewRead();

    const history = store().history;
    store().undo();
    store().redo();
    // Nothing was sent or forgotten: the history is as it was.
    expect(store().history.undo.map((e) => e.label)).toEqual(['Add clip', 'Move clip']);
    expect(store().history).toEqual(history);

    await store().reapply();
    await saved();
    expect(starts(await h.editor.timeline(projectId))).toEqual([3000, 8000]);

    store().undo(); // the move
    await saved();
    expect(starts(await h.editor.timeline(projectId))).toEqual([0, 8000]);
    store().undo(); // the first clip
    await saved();
    expect(starts(await h.editor.timeline(projectId))).toEqual([8000]);
    store().redo();
    await saved();
    expect(starts(await h.editor.timeline(projectId))).toEqual([0, 8000]);
  });

  it('moves the captions made from a transcript with the words they show, in the same edit and the same undo', async () => {
    const { projectId, asset, trackId } = await openProject('Captions follow');
    const clipId = addClip(trackId, asset.id, 0);
    const captionTrack = store().timeline!.tracks.find((k) => k.kind === 'caption')!.id;
    // A caption as "Add captions" makes it: each word's time on the timeline.
    const words = [
      { text: 'one', startMs: 100, endMs: 300 },
      { text: 'two', startMs: 450, endMs: 650 },
      { text: 'three', startMs: 700, endMs: 900 },
    ];
    const captionId = crypto.randomUUID();
    expect(
      store().edit(
        [
          {
            type: 'addCaption',
            trackId: captionTrack,
            clipId: captionId,
            startMs: 100,
            endMs: 900,
            text: 'one two three',
            words,
          },
        ],
        'Add caption',
      ),
    ).toBe(true);
    await saved();
    const before = store().base!;

    // An ordinary edit of the media: its first 400 ms cut with ripple.
    const rightId = crypto.randomUUID();
    expect(
      store().edit(
        [
          { type: 'splitClip', clipId, atMs: 400, newClipId: rightId },
          { type: 'removeClip', clipId, ripple: true },
        ],
        'Ripple delete',
      ),
    ).toBe(true);
    const caption = () => store().timeline!.tracks.find((k) => k.id === captionTrack)!.clips[0]!;
    expect(caption()).toMatchObject({
      text: 'two three',
      startMs: 50,
      endMs: 500,
      words: [
        { text: 'two', startMs: 50, endMs: 250 },
        { text: 'three', startMs: 300, endMs: 500 },
      ],
    });
    expect(store().history.undo.at(-1)!.label).toBe('Ripple delete');
    await saved();
    expect((await h.editor.timeline(projectId)).tracks).toEqual(store().base!.tracks);

    // One undo: the media and the caption as they were.
    store().undo();
    await saved();
    expect(store().timeline!.tracks).toEqual(before.tracks);
    expect((await h.editor.timeline(projectId)).tracks).toEqual(before.tracks);
  });

  it('reads the editor catalog again for another workspace', async () => {
    const { asset } = await openProject('Catalog');
    expect(asset.id).toBeGreaterThan(0);
    expect(store().catalog).not.toBeNull();
    const other = await startSandboxProcess();
    try {
      const reply = await h.core.dispatch('workspaces.addRemote', {
        name: 'Other account',
        createBaseUrl: other.createBaseUrl,
        apiKey: other.apiKey,
      });
      expect(reply.ok).toBe(true);
      // The catalog of the account left behind is gone with its timeline.
      await until(() => (store().projectId === null ? true : undefined), 'the store reset for the new workspace');
      expect(store().catalog).toBeNull();

      const reads = h.calls.filter((name) => name === 'timeline.catalog').length;
      const response = await fetch(`${other.createBaseUrl}/projects`, {
        method: 'POST',
        headers: { authorization: `Bearer ${other.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Elsewhere' }),
      });
      const projectId = ((await response.json()) as { data: { id: number } }).data.id;
      await store().open(projectId);
      expect(h.calls.filter((name) => name === 'timeline.catalog').length).toBe(reads + 1);
      expect(store().catalog).not.toBeNull();
    } finally {
      await other.stop({ removeData: true });
    }
  });
});
