// The client's copy of the editor (shared/timeline): for random edits a person could make,
// the optimistic timeline is exactly what the service's own applier makes (the sandbox's
// sandbox/editor/applyCommands.ts), it refuses exactly what the service refuses, and every
// edit's undo commands bring the timeline back as it was. The service's compact answer (what
// a list changed), applied by the app to its copy, makes exactly the service's timeline.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyOnService as serviceApply } from '../../sandbox/editor/serviceEdits.ts';
import { catalog as serviceCatalog } from '../../sandbox/editor/editorCatalog.ts';
import type { Command } from '../../sandbox/editor/timelineSchemas.ts';
import { applyCommands, EditRejected, type ApplyContext } from '../../shared/timeline/applyCommands.ts';
import { describeCommands } from '../../shared/timeline/describeCommands.ts';
import type { EditorCommand } from '../../shared/timeline/editorCommands.ts';
import { applyWithInverse } from '../../shared/timeline/inverseCommands.ts';
import { nextRevision } from '../../shared/timeline/revision.ts';
import { applyChanges, changesOf, editAckOf } from '../../shared/timeline/timelineChanges.ts';
import { diffTimelines } from '../../shared/timeline/timelineDiff.ts';
import { CatalogSchema, type Timeline } from '../../shared/timeline/timelineTypes.ts';

const ASSETS = new Map([
  [1, { kind: 'video' as const, durationMs: 10_000 }],
  [2, { kind: 'audio' as const, durationMs: 8_000 }],
  [3, { kind: 'image' as const, durationMs: null }],
]);
const catalog = CatalogSchema.parse(serviceCatalog());
const ctx: ApplyContext = { catalog, asset: (id) => ASSETS.get(id), newId: randomUUID };

function emptyTimeline(): Timeline {
  const track = (kind: 'video' | 'audio' | 'caption', name: string) => ({
    id: randomUUID(),
    kind,
    name,
    muted: false,
    locked: false,
    clips: [],
  });
  return {
    projectId: 1,
    revision: 'r0',
    durationMs: 0,
    tracks: [
      track('video', 'Video 1'),
      track('video', 'Video 2'),
      track('audio', 'Audio 1'),
      track('caption', 'Captions 1'),
    ],
  };
}

const serviceDeps = {
  asset: (id: number) => {
    const a = ASSETS.get(id);
    return a && { ...a, usable: true };
  },
  newId: randomUUID,
};

/** What the service makes of the same list, or null when it refuses it. */
function onService(timeline: Timeline, commands: EditorCommand[]): Timeline['tracks'] | null {
  try {
    return serviceApply(timeline.tracks as never, commands as Command[], serviceDeps).tracks;
  } catch {
    return null;
  }
}

/** The same timeline whatever order effects were re-added in. */
function normal(tracks: Timeline['tracks']): unknown {
  return tracks.map((t) => ({
    ...t,
    clips: t.clips.map((c) =>
      c.kind === 'media' ? { ...c, effects: [...c.effects].sort((a, b) => a.effectId.localeCompare(b.effectId)) } : c,
    ),
  }));
}

/** `n` word timings spread over [startMs, endMs), one running past the end when `n` is 3 (refused). */
function wordsAcross(startMs: number, endMs: number, n: number) {
  const step = Math.floor((endMs - startMs) / 3);
  return ['Hello', 'there', 'world'].slice(0, n).map((text, k) => ({
    text,
    startMs: startMs + k * step,
    endMs: k === 2 && n === 3 ? endMs + 10 : startMs + (k + 1) * step,
  }));
}

/** A caption edit: retimed at either end, new text, or new words. */
function captionChange(c: Timeline['tracks'][number]['clips'][number], pick: number[]): EditorCommand {
  const p = (i: number, n: number) => pick[i]! % n;
  const length = c.endMs - c.startMs;
  switch (p(2, 4)) {
    case 0:
      return { type: 'updateCaption', clipId: c.id, endMs: c.startMs + 50 + p(3, 30) * 100 };
    case 1:
      return { type: 'updateCaption', clipId: c.id, startMs: c.startMs + Math.floor((length * p(3, 4)) / 4) };
    case 2:
      return { type: 'updateCaption', clipId: c.id, text: p(3, 2) ? 'Changed' : 'Hello there world' };
    default:
      return { type: 'updateCaption', clipId: c.id, words: wordsAcross(c.startMs, c.endMs, p(3, 4)) };
  }
}

/** A change to the tracks themselves: moved (sometimes past the end), added, renamed, locked, removed. */
function trackCommand(timeline: Timeline, pick: number[]): EditorCommand {
  const p = (i: number, n: number) => (n <= 0 ? 0 : pick[i]! % n);
  const count = timeline.tracks.length;
  const track = timeline.tracks[p(1, count)];
  const choice = track ? p(2, 6) : 1;
  switch (choice) {
    case 0:
      return { type: 'moveTrack', trackId: track!.id, index: p(3, count + 1) };
    case 1:
      return {
        type: 'addTrack',
        kind: (['video', 'audio', 'caption'] as const)[p(3, 3)]!,
        trackId: randomUUID(),
        ...(p(4, 2) === 1 && { index: p(5, count + 2) }),
      };
    case 2:
      return { type: 'updateTrack', trackId: track!.id, name: `Track ${p(3, 9)}` };
    case 3:
      return p(3, 4) === 0
        ? { type: 'updateTrack', trackId: track!.id }
        : { type: 'updateTrack', trackId: track!.id, locked: p(4, 3) === 0 };
    case 4:
      return { type: 'updateTrack', trackId: track!.id, muted: p(4, 2) === 0 };
    default:
      return { type: 'removeTrack', trackId: track!.id };
  }
}

/** One plausible command made from the timeline as it is: pick[] chooses what and where. */
function commandFrom(timeline: Timeline, pick: number[]): EditorCommand {
  const p = (i: number, n: number) => (n <= 0 ? 0 : pick[i]! % n);
  if (timeline.tracks.length === 0 || p(7, 9) === 0) return trackCommand(timeline, pick);
  const clips = timeline.tracks.flatMap((t) => t.clips.map((c) => ({ c, t })));
  const at = (i: number) => p(i, 40) * 250;
  if (clips.length === 0 || p(0, 12) < 3) {
    const track = timeline.tracks[p(1, timeline.tracks.length)]!;
    if (track.kind === 'caption') {
      const startMs = at(2);
      const endMs = startMs + 100 + p(3, 20) * 100;
      return {
        type: 'addCaption',
        trackId: track.id,
        clipId: randomUUID(),
        startMs,
        endMs,
        text: 'Hello there world',
        ...(p(4, 2) === 1 && { words: wordsAcross(startMs, endMs, p(5, 4)) }),
      };
    }
    const assetId = track.kind === 'audio' ? 2 : 1 + 2 * p(4, 2);
    const inMs = p(5, 10) * 300;
    return {
      type: 'addClip',
      trackId: track.id,
      clipId: randomUUID(),
      assetId,
      startMs: at(2),
      inMs,
      outMs: inMs + 200 + p(3, 20) * 300,
    };
  }
  const { c, t } = clips[p(1, clips.length)]!;
  switch (p(0, 12)) {
    case 3:
    case 4: {
      const other = timeline.tracks.filter((x) => x.kind === t.kind)[p(6, 2)];
      return {
        type: 'moveClip',
        clipId: c.id,
        startMs: at(2),
        ...(other && other.id !== t.id ? { trackId: other.id } : {}),
      };
    }
    case 5:
      return c.kind === 'media'
        ? {
            type: 'trimClip',
            clipId: c.id,
            inMs: p(5, 10) * 200,
            outMs: 2_000 + p(3, 30) * 300,
            ...(p(7, 2) ? { startMs: at(2) } : {}),
          }
        : captionChange(c, pick);
    case 6:
      return {
        type: 'splitClip',
        clipId: c.id,
        atMs: c.startMs + 1 + p(3, Math.max(1, c.endMs - c.startMs - 1)),
        newClipId: randomUUID(),
      };
    case 7:
      return { type: 'removeClip', clipId: c.id, ripple: p(2, 2) === 1 };
    case 8:
      return {
        type: 'setClipProperties',
        clipId: c.id,
        properties: t.kind === 'audio' ? { volume: p(2, 20) / 10 } : { opacity: p(2, 10) / 10, scale: 0.5 + p(3, 4) },
      };
    case 9:
      if (p(5, 3) === 0)
        return { type: 'setClipFit', clipId: c.id, fit: (['contain', 'cover', 'fill'] as const)[p(6, 3)]! };
      return {
        type: 'applyEffect',
        clipId: c.id,
        effectId: ['speed', 'blur', 'contrast'][p(2, 3)]!,
        params: p(3, 2) ? {} : { rate: [0.5, 2, 1.5][p(4, 3)]! },
      };
    case 10:
      return { type: 'removeEffect', clipId: c.id, effectId: ['speed', 'blur'][p(2, 2)]! };
    default:
      return p(2, 3) === 0
        ? { type: 'setTransition', clipId: c.id, transitionId: null }
        : {
            type: 'setTransition',
            clipId: c.id,
            transitionId: ['fade', 'dissolve'][p(3, 2)]!,
            durationMs: 100 + p(4, 10) * 100,
          };
  }
}

const lists = fc.array(
  fc.array(fc.array(fc.nat(1_000), { minLength: 8, maxLength: 8 }), { minLength: 1, maxLength: 3 }),
  { minLength: 1, maxLength: 25 },
);

describe('the optimistic timeline', () => {
  it('is what the service makes of every edit, and refuses what it refuses', () => {
    fc.assert(
      fc.property(lists, (edits) => {
        let timeline = emptyTimeline();
        for (const picks of edits) {
          const commands: EditorCommand[] = [];
          let probe = timeline;
          for (const pick of picks) {
            const command = commandFrom(probe, pick);
            commands.push(command);
            try {
              probe = applyCommands(probe, [command], ctx);
            } catch {
              // Later commands are still made from the last state that applied.
            }
          }
          const expected = onService(timeline, commands);
          let mine: Timeline | null = null;
          try {
            mine = applyCommands(timeline, commands, ctx);
          } catch (err) {
            expect(err).toBeInstanceOf(EditRejected);
          }
          expect(mine === null).toBe(expected === null);
          if (mine && expected) {
            expect(mine.tracks).toEqual(expected);
            timeline = mine;
          }
        }
      }),
      { numRuns: 150 },
    );
  });

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
            working = serviceApply(timeline.tracks as never, commands as Command[], serviceDeps);
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
