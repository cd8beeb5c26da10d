// The timeline model (shared/timeline) as the app uses it: for random edits a person could
// make, every edit's undo commands bring the timeline back as it was, and the service runs
// them too. The service's compact answer (what a list changed), applied by the app to its
// copy, makes exactly the service's timeline. (timelineModelSemantics.test.ts checks the
// model against the written semantics.)
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyOnService as serviceApply } from '../../sandbox/editor/serviceEdits.ts';
import type { Command } from '../../sandbox/editor/timelineSchemas.ts';
import { applyCommands } from '../../shared/timeline/applyCommands.ts';
import { describeCommands } from '../../shared/timeline/describeCommands.ts';
import { applyWithInverse } from '../../shared/timeline/inverseCommands.ts';
import { nextRevision } from '../../shared/timeline/revision.ts';
import { applyChanges, changesOf, editAckOf } from '../../shared/timeline/timelineChanges.ts';
import { diffTimelines } from '../../shared/timeline/timelineDiff.ts';
import type { Timeline } from '../../shared/timeline/timelineTypes.ts';
import {
  commandFrom,
  ctx,
  emptyTimeline,
  lists,
  onService,
  onServiceWithMarkers,
  serviceDeps,
} from '../support/timelineEdits.ts';

/** The same timeline whatever order effects were re-added in. */
function normal(tracks: Timeline['tracks']): unknown {
  return tracks.map((t) => ({
    ...t,
    clips: t.clips.map((c) =>
      c.kind === 'media' ? { ...c, effects: [...c.effects].sort((a, b) => a.effectId.localeCompare(b.effectId)) } : c,
    ),
  }));
}

describe('the optimistic timeline', () => {
  it('undoes every edit with new commands that bring the timeline back', () => {
    fc.assert(
      fc.property(lists, (edits) => {
        let timeline = emptyTimeline();
        for (const picks of edits) {
          const commands = picks.map((pick) => commandFrom(timeline, pick));
          let done;
          try {
            done = applyWithInverse(timeline, commands, ctx);
          } catch {
            continue;
          }
          if (done.inverse.length === 0) continue;
          const undone = applyCommands(done.timeline, done.inverse, ctx);
          expect(normal(undone.tracks)).toEqual(normal(timeline.tracks));
          // The service agrees that the undo applies, and makes the same timeline of it.
          expect(normal(onService(done.timeline, done.inverse)!)).toEqual(normal(timeline.tracks));
          // Markers come back exactly: same IDs, times, names, colours and notes, in the same order.
          expect(undone.markers ?? []).toEqual(timeline.markers ?? []);
          expect(onServiceWithMarkers(done.timeline, done.inverse)!.markers).toEqual(timeline.markers ?? []);
          timeline = done.timeline;
        }
      }),
      { numRuns: 150 },
    );
  });

  it("is brought to the service's revision by the service's answer: the changes, applied to the copy", () => {
    fc.assert(
      fc.property(lists, (edits) => {
        let timeline = emptyTimeline();
        for (const [n, picks] of edits.entries()) {
          const commands = picks.map((pick) => commandFrom(timeline, pick));
          const before = JSON.stringify(timeline);
          let working;
          try {
            working = serviceApply(
              timeline.tracks as never,
              commands as Command[],
              serviceDeps,
              undefined,
              (timeline.markers ?? []) as never,
            );
          } catch {
            working = null;
          }
          // Applied or refused, the service changed a copy: the timeline it keeps is as it was.
          expect(JSON.stringify(timeline)).toBe(before);
          if (!working) continue;
          // The answer as it travels: JSON, read back by the app.
          const answer = JSON.parse(
            JSON.stringify({
              revision: `r${n + 1}`,
              baseRevision: `r${n}`,
              applied: commands.length,
              changes: changesOf(working),
            }),
          );
          const ack = editAckOf(answer)!;
          const next = applyChanges({ ...timeline, revision: `r${n}` }, { ...ack, changes: ack.changes! });
          expect(next.tracks).toEqual(working.tracks);
          expect(next.markers ?? []).toEqual(working.markers());
          expect(next.revision).toBe(`r${n + 1}`);
          timeline = next;
        }
      }),
      { numRuns: 300 },
    );
  });

  it('takes from a service that answers with the whole timeline its revision, and its own commands for the rest', () => {
    // An answer of the shape every answer had before (or another service's): no `changes`.
    const whole = { revision: 'r8', applied: 1, timeline: { tracks: 'not read' } };
    expect(editAckOf(whole)).toEqual({
      revision: 'r8',
      baseRevision: null,
      durationMs: null,
      updatedAt: null,
      changes: null,
    });
    expect(editAckOf({ applied: 1 })).toBeNull();
    expect(editAckOf('ok')).toBeNull();
  });

  it('leaves the timeline it was given untouched (copy on write)', () => {
    const timeline = emptyTimeline();
    const before = JSON.stringify(timeline);
    const video = timeline.tracks[0]!.id;
    const after = applyCommands(
      timeline,
      [{ type: 'addClip', trackId: video, clipId: randomUUID(), assetId: 1, startMs: 0, inMs: 0, outMs: 2000 }],
      ctx,
    );
    expect(JSON.stringify(timeline)).toBe(before);
    expect(after.durationMs).toBe(2000);
    expect(after.tracks[2]).toBe(timeline.tracks[2]);
  });
});

describe('reviewing a conflict', () => {
  it('names the markers another edit added, changed or removed, and which of their fields', () => {
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    const start = applyCommands(
      emptyTimeline(),
      [
        { type: 'addMarker', markerId: a, atMs: 0, name: 'Intro' },
        { type: 'addMarker', markerId: b, atMs: 5000, name: 'Outro' },
      ],
      ctx,
    );
    const theirs = applyCommands(
      start,
      [
        { type: 'updateMarker', markerId: a, atMs: 100, color: 'red' },
        { type: 'removeMarker', markerId: b },
        { type: 'addMarker', markerId: c, atMs: 9000, name: 'Credits' },
      ],
      ctx,
    );
    expect(diffTimelines(start, theirs).markers).toEqual([
      { markerId: a, change: 'changed', name: 'Intro', fields: ['atMs', 'color'] },
      { markerId: c, change: 'added', name: 'Credits', fields: [] },
      { markerId: b, change: 'removed', name: 'Outro', fields: [] },
    ]);
  });

  it('names the clips another edit changed, and which of their fields', () => {
    const base = emptyTimeline();
    const video = base.tracks[0]!.id;
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    const start = applyCommands(
      base,
      [
        { type: 'addClip', trackId: video, clipId: a, assetId: 1, startMs: 0, inMs: 0, outMs: 1000 },
        { type: 'addClip', trackId: video, clipId: b, assetId: 1, startMs: 2000, inMs: 0, outMs: 1000 },
      ],
      ctx,
    );
    const theirs = applyCommands(
      start,
      [
        { type: 'trimClip', clipId: a, outMs: 500 },
        { type: 'setClipProperties', clipId: b, properties: { opacity: 0.5 } },
        { type: 'addClip', trackId: video, clipId: c, assetId: 3, startMs: 4000 },
      ],
      ctx,
    );
    const diff = diffTimelines(start, theirs);
    const byId = new Map(diff.clips.map((change) => [change.clipId, change]));
    expect(byId.get(a)).toMatchObject({ change: 'changed', fields: ['endMs', 'outMs'] });
    expect(byId.get(b)).toMatchObject({ change: 'changed', fields: ['properties.opacity'] });
    expect(byId.get(c)).toMatchObject({ change: 'added' });
    expect(diff.clips).toHaveLength(3);
  });

  it('words edits as a person would say them', () => {
    const id = randomUUID();
    expect(describeCommands([{ type: 'trimClip', clipId: id, outMs: 10 }])).toBe('Trim clip');
    expect(describeCommands([1, 2, 3].map(() => ({ type: 'moveClip', clipId: id, startMs: 0 }) as const))).toBe(
      'Move 3 clips',
    );
    expect(describeCommands([{ type: 'removeClip', clipId: id, ripple: true }])).toBe('Ripple delete');
  });

  it('predicts the revision an edit queued behind another is sent with', () => {
    expect(nextRevision('r9')).toBe('r10');
    expect(nextRevision('r123456789012345')).toBe('r123456789012346');
    expect(nextRevision('opaque')).toBeNull();
  });
});
