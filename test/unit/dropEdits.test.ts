// Media dropped on a track (renderer/screens/timeline/dropEdits.ts): overwrite cuts away
// what lies under the new clip, insert moves what follows; the service's own applier makes
// the same timeline of the same commands.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { applyOnService as serviceApply } from '../../sandbox/editor/serviceEdits.ts';
import { catalog as serviceCatalog } from '../../sandbox/editor/editorCatalog.ts';
import type { Command } from '../../sandbox/editor/timelineSchemas.ts';
import { applyCommands, EditRejected, type ApplyContext } from '../../shared/timeline/applyCommands.ts';
import { CatalogSchema, type Timeline } from '../../shared/timeline/timelineTypes.ts';
import { dropCommands } from '../../renderer/screens/timeline/dropEdits.ts';

const ASSETS = new Map([
  [1, { kind: 'video' as const, durationMs: 10_000 }],
  [2, { kind: 'video' as const, durationMs: 3_000 }],
  [3, { kind: 'audio' as const, durationMs: 2_000 }],
]);
const ctx: ApplyContext = {
  catalog: CatalogSchema.parse(serviceCatalog()),
  asset: (id) => ASSETS.get(id),
  newId: randomUUID,
};

function timeline(): Timeline {
  const video = { id: randomUUID(), kind: 'video' as const, name: 'Video 1', muted: false, locked: false, clips: [] };
  const empty: Timeline = { projectId: 1, revision: 'r0', durationMs: 0, tracks: [video] };
  return applyCommands(
    empty,
    [
      { type: 'addClip', trackId: video.id, clipId: randomUUID(), assetId: 1, startMs: 0, inMs: 0, outMs: 4000 },
      { type: 'addClip', trackId: video.id, clipId: randomUUID(), assetId: 1, startMs: 5000, inMs: 6000, outMs: 9000 },
    ],
    ctx,
  );
}

const spans = (t: Timeline | Timeline['tracks']) =>
  ('tracks' in t ? t.tracks : t)[0]!.clips.map((c) => [c.startMs, c.endMs, c.kind === 'media' ? c.assetId : 0]);

function onService(t: Timeline, commands: unknown[]): Timeline['tracks'] {
  return serviceApply(t.tracks as never, commands as Command[], {
    asset: (id) => {
      const a = ASSETS.get(id);
      return a && { ...a, usable: true };
    },
    newId: randomUUID,
  }).tracks;
}

describe('media dropped on a track', () => {
  it('overwrites what lies under the new clip: split at its edges, the inside removed', () => {
    const before = timeline();
    const drop = dropCommands(
      before,
      before.tracks[0]!.id,
      { id: 2, kind: 'video', durationMs: 3000 },
      2000,
      'overwrite',
      ctx,
    );
    const after = applyCommands(before, drop.commands, ctx);
    expect(spans(after)).toEqual([
      [0, 2000, 1],
      [2000, 5000, 2],
      [5000, 8000, 1],
    ]);
    expect(after.tracks[0]!.clips[1]!.id).toBe(drop.clipId);
    expect(spans(onService(before, drop.commands))).toEqual(spans(after));

    // Across two clips: the end of one and the start of the next give way.
    const wide = dropCommands(
      before,
      before.tracks[0]!.id,
      { id: 2, kind: 'video', durationMs: 3000 },
      3500,
      'overwrite',
      ctx,
    );
    expect(spans(applyCommands(before, wide.commands, ctx))).toEqual([
      [0, 3500, 1],
      [3500, 6500, 2],
      [6500, 8000, 1],
    ]);
  });

  it('inserts at the drop point: the clip there is split and what follows moves right by the new length', () => {
    const before = timeline();
    const drop = dropCommands(
      before,
      before.tracks[0]!.id,
      { id: 2, kind: 'video', durationMs: 3000 },
      2000,
      'insert',
      ctx,
    );
    const after = applyCommands(before, drop.commands, ctx);
    expect(spans(after)).toEqual([
      [0, 2000, 1],
      [2000, 5000, 2],
      [5000, 7000, 1],
      [8000, 11_000, 1],
    ]);
    expect(spans(onService(before, drop.commands))).toEqual(spans(after));
  });

  it('inserts on every sync-locked track too: music across the point is split and moves on in sync', () => {
    const before = timeline();
    const music = { id: randomUUID(), kind: 'audio' as const, name: 'Music', muted: false, locked: false, clips: [] };
    const apart = { ...music, id: randomUUID(), name: 'Apart', syncLocked: false };
    const withMusic = applyCommands(
      { ...before, tracks: [...before.tracks, music, apart] },
      [
        { type: 'addClip', trackId: music.id, clipId: randomUUID(), assetId: 3, startMs: 1000, inMs: 0, outMs: 2000 },
        { type: 'addClip', trackId: apart.id, clipId: randomUUID(), assetId: 3, startMs: 1000, inMs: 0, outMs: 2000 },
      ],
      ctx,
    );
    const drop = dropCommands(
      withMusic,
      before.tracks[0]!.id,
      { id: 2, kind: 'video', durationMs: 3000 },
      2000,
      'insert',
      ctx,
    );
    const after = applyCommands(withMusic, drop.commands, ctx);
    const onTrack = (t: Timeline['tracks'], name: string) =>
      t.find((k) => k.name === name)!.clips.map((c) => [c.startMs, c.endMs, c.kind === 'media' ? c.inMs : 0]);
    expect(onTrack(after.tracks, 'Music')).toEqual([
      [1000, 2000, 0],
      [5000, 6000, 1000],
    ]);
    expect(onTrack(after.tracks, 'Apart')).toEqual([[1000, 3000, 0]]);
    expect(onService(withMusic, drop.commands)).toEqual(after.tracks);
  });

  it('is refused, as the service would refuse it, where the track does not take the media', () => {
    const before = timeline();
    expect(() =>
      dropCommands(before, before.tracks[0]!.id, { id: 3, kind: 'audio', durationMs: 2000 }, 0, 'overwrite', ctx),
    ).toThrow(EditRejected);
  });
});
