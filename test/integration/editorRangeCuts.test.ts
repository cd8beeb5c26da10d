// A ripple cut of many ranges as one command, on the real sandbox over HTTP: one request,
// one new revision, and the service's timeline lacks exactly the ranges on every track in
// step (what played after a range plays that much earlier, the same media at the same
// moment); the one undo command the app makes brings the timeline back exactly; too many
// ranges is a 400 that says so.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { catalog as serviceCatalog } from '../../sandbox/editor/editorCatalog.ts';
import type { ApplyContext } from '../../shared/timeline/applyCommands.ts';
import { applyWithInverse } from '../../shared/timeline/inverseCommands.ts';
import { mergeRanges } from '../../shared/timeline/rangeHandlers.ts';
import { applyChanges, editAckOf } from '../../shared/timeline/timelineChanges.ts';
import { CatalogSchema, type Timeline, type Track } from '../../shared/timeline/timelineTypes.ts';
import { editorClient, trackOf } from '../support/editorSupport.ts';
import { makeFixtureDir, makeMp4 } from '../support/mediaFixtures.ts';
import { apiClient, startSandboxProcess, type RunningSandbox } from '../support/sandboxProcess.ts';

let sandbox: RunningSandbox;
const fixtures = makeFixtureDir();
let mp4: string;

beforeAll(async () => {
  sandbox = await startSandboxProcess();
  mp4 = await makeMp4(fixtures.dir, { seconds: 3 });
});
afterAll(async () => {
  await sandbox?.stop({ removeData: true });
  fixtures.cleanup();
});

/** What the track plays at timeline time t: the asset and the moment of it (every clip here plays at speed 1). */
function playedAt(track: Track, t: number): string | null {
  const clip = track.clips.find((c) => c.startMs <= t && t < c.endMs);
  if (!clip) return null;
  return clip.kind === 'media' ? `${clip.assetId}@${clip.inMs + t - clip.startMs}` : `caption ${clip.text}`;
}

it('cuts many ranges from every track in step in one request and one revision; one command undoes it', async () => {
  const editor = editorClient(apiClient(sandbox.createBaseUrl, sandbox.apiKey));
  const p = await editor.createProject('Range cuts');
  const asset = await editor.upload(mp4, p);
  const ctx: ApplyContext = {
    catalog: CatalogSchema.parse(serviceCatalog()),
    asset: (id) => (id === asset.id ? { kind: 'video', durationMs: asset.durationMs } : null),
    newId: randomUUID,
  };
  let timeline = (await editor.timeline(p)) as Timeline;
  const video = trackOf(timeline, 'video').id as string;
  const audio = trackOf(timeline, 'audio').id as string;
  // Picture and sound in step: 60 clips of 2.5 s each on both, a quarter second apart.
  const setup = [video, audio].flatMap((trackId) =>
    Array.from({ length: 60 }, (_, k) => ({
      type: 'addClip',
      trackId,
      clipId: randomUUID(),
      assetId: asset.id,
      startMs: k * 2_750,
      inMs: 250,
      outMs: 2_750,
    })),
  );
  timeline = (await editor.apply(p, timeline.revision, setup)).timeline;
  const before = timeline;

  // 300 ranges (some overlapping, some across clip edges and gaps), in no order.
  const ranges = Array.from({ length: 300 }, (_, k) => {
    const startMs = ((k * 7_919) % 160_000) + 13;
    return { startMs, endMs: startMs + 40 + ((k * 31) % 400) };
  });
  const command = { type: 'removeRanges', ranges };
  const res = await editor.commands(p, before.revision, [command], randomUUID(), false);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.data.applied).toBe(1);
  const cut = (await editor.timeline(p)) as Timeline;
  // The compact answer (what changed), applied to the app's copy, makes the service's timeline.
  const ack = editAckOf(res.body.data)!;
  expect(applyChanges(before, { ...ack, changes: ack.changes! }).tracks).toEqual(cut.tracks);
  expect(Number(cut.revision.slice(1))).toBe(Number(before.revision.slice(1)) + 1);

  // The app's model makes the same timeline (the same derived IDs for the pieces).
  const local = applyWithInverse(before, [command as never], ctx);
  expect(cut.tracks).toEqual(local.timeline.tracks);

  // Every moment after the cut plays what played at that moment plus the time cut before it.
  const merged = mergeRanges(ranges);
  const removed = merged.reduce((sum, r) => sum + r.endMs - r.startMs, 0);
  expect(cut.durationMs).toBe(before.durationMs - removed);
  const back = (t: number) => {
    let shift = 0;
    for (const r of merged) if (r.startMs - shift <= t) shift += r.endMs - r.startMs;
    return t + shift;
  };
  for (const trackId of [video, audio]) {
    const was = before.tracks.find((t) => t.id === trackId)!;
    const now = cut.tracks.find((t) => t.id === trackId)!;
    for (let t = 0; t < cut.durationMs; t += 7)
      expect(playedAt(now, t), `${trackId} at ${t}`).toBe(playedAt(was, back(t)));
  }
  // Picture and sound still in step.
  const [v, a] = [video, audio].map((id) =>
    cut.tracks.find((t) => t.id === id)!.clips.map((c) => [c.startMs, c.endMs]),
  );
  expect(v).toEqual(a);

  // The undo is one command, one more revision, and the timeline as it was.
  expect(local.inverse).toHaveLength(1);
  const undone = await editor.apply(p, cut.revision, local.inverse);
  expect(undone.timeline.tracks).toEqual(before.tracks);
  expect(Number(undone.revision.slice(1))).toBe(Number(cut.revision.slice(1)) + 1);

  // Too many ranges, or a range that ends before it starts: a 400 saying what to change.
  const many = Array.from({ length: 10_001 }, (_, k) => ({ startMs: k * 10, endMs: k * 10 + 5 }));
  const tooMany = await editor.commands(p, undone.revision, [{ type: 'removeRanges', ranges: many }]);
  expect(tooMany.status).toBe(400);
  expect(JSON.stringify(tooMany.body)).toMatch(/at most 10000 ranges: send the rest in another command/);
  const backwards = await editor.commands(p, undone.revision, [
    {
      type: 'removeRanges',
      ranges: [
        { startMs: 0, endMs: 10 },
        { startMs: 900, endMs: 800 },
      ],
    },
  ]);
  expect(backwards.status).toBe(400);
  expect(backwards.body.error.message).toMatch(
    /removeRanges, ranges\[1\]: endMs \(800\) must be greater than startMs \(900\)/,
  );
});

it('describes removeRanges and restoreRanges in /openapi.json', async () => {
  const call = apiClient(sandbox.createBaseUrl, sandbox.apiKey);
  const doc = (await call('GET', '/openapi.json')).body.data;
  const body = doc.paths['/projects/{id}/editor/commands'].post.requestBody.content['application/json'].schema;
  const variants: any[] = body.properties.commands.items.oneOf ?? body.properties.commands.items.anyOf;
  const of = (type: string) => variants.find((v) => v.properties.type.const === type);
  expect(of('removeRanges').required).toEqual(['type', 'ranges']);
  expect(of('removeRanges').properties.ranges).toMatchObject({ minItems: 1, maxItems: 10_000 });
  expect(of('removeRanges').description).toMatch(/ripple cut of many time ranges/);
  expect(of('restoreRanges').required).toEqual(
    expect.arrayContaining(['ranges', 'trackIds', 'removeClipIds', 'clips']),
  );
});
