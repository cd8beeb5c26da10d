// A ripple cut of many ranges as one command (shared/timeline/rangeHandlers.ts): on random
// timelines it makes what a split and a ripple remove per range per clip make (the empty
// time inside a range closed too, so the tracks stay in step), ranges that overlap or touch
// are one, bad input is refused saying what to change, and one command undoes it exactly.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyCommands, EditRejected } from '../../shared/timeline/applyCommands.ts';
import { EditorCommandSchema, type EditorCommand } from '../../shared/timeline/editorCommands.ts';
import { applyWithInverse } from '../../shared/timeline/inverseCommands.ts';
import { derivedUuid, mergeRanges } from '../../shared/timeline/rangeHandlers.ts';
import type { Timeline } from '../../shared/timeline/timelineTypes.ts';
import { commandFrom, ctx, emptyTimeline, lists, onService } from '../support/timelineEdits.ts';

type Range = { startMs: number; endMs: number };

/** The same timeline whatever order effects were re-added in. */
function normal(tracks: Timeline['tracks']): unknown {
  return tracks.map((t) => ({
    ...t,
    clips: t.clips.map((c) =>
      c.kind === 'media' ? { ...c, effects: [...c.effects].sort((a, b) => a.effectId.localeCompare(b.effectId)) } : c,
    ),
  }));
}

/**
 * The cut made by hand with single commands: per range (latest first), on every unlocked
 * track, each clip it reaches (latest first) split at the range's edges and the middle
 * removed with ripple; then what follows the range moved left by the range's empty time.
 */
function byHand(timeline: Timeline, ranges: readonly Range[]): Timeline {
  let current = timeline;
  for (const r of mergeRanges(ranges).reverse()) {
    for (const { id: trackId, locked } of timeline.tracks) {
      if (locked) continue;
      let covered = 0;
      const reached = current.tracks
        .find((t) => t.id === trackId)!
        .clips.filter((c) => c.startMs < r.endMs && r.startMs < c.endMs)
        .reverse();
      for (const clip of reached) {
        const commands: EditorCommand[] = [];
        let middle = clip.id;
        if (r.startMs > clip.startMs) {
          middle = randomUUID();
          commands.push({ type: 'splitClip', clipId: clip.id, atMs: r.startMs, newClipId: middle });
        }
        if (r.endMs < clip.endMs) {
          const newClipId = derivedUuid(`${clip.id}@${r.endMs}#0`);
          commands.push({ type: 'splitClip', clipId: middle, atMs: r.endMs, newClipId });
        }
        current = applyCommands(current, commands, ctx);
        const cut = current.tracks.find((t) => t.id === trackId)!.clips.find((c) => c.id === middle)!;
        covered += cut.endMs - cut.startMs;
        current = applyCommands(current, [{ type: 'removeClip', clipId: middle, ripple: true }], ctx);
      }
      const empty = r.endMs - r.startMs - covered;
      const after = current.tracks.find((t) => t.id === trackId)!.clips.filter((c) => c.startMs >= r.startMs);
      if (empty > 0 && after.length > 0)
        current = applyCommands(
          current,
          after.map((c) => ({ type: 'moveClip', clipId: c.id, startMs: c.startMs - empty })),
          ctx,
        );
    }
  }
  return current;
}

/** A random timeline: random edits a person could make, those that apply. */
function built(edits: number[][][]): Timeline {
  let timeline = emptyTimeline();
  for (const picks of edits) {
    try {
      timeline = applyCommands(
        timeline,
        picks.map((pick) => commandFrom(timeline, pick)),
        ctx,
      );
    } catch {
      // Refused: the timeline stays as it was.
    }
  }
  return timeline;
}

const rangeLists = fc.array(
  fc.tuple(fc.nat(12_000), fc.integer({ min: 1, max: 3_000 })).map(([startMs, length]) => ({
    startMs,
    endMs: startMs + length,
  })),
  { minLength: 1, maxLength: 8 },
);

const sped = (timeline: Timeline) =>
  timeline.tracks.some((t) => t.clips.some((c) => c.kind === 'media' && c.effects.some((e) => e.effectId === 'speed')));

function outcome(make: () => Timeline): Timeline['tracks'] | 'refused' {
  try {
    return make().tracks;
  } catch (err) {
    if (err instanceof EditRejected) return 'refused';
    throw err;
  }
}

describe('removeRanges', () => {
  it('makes what a split and a ripple remove per range per clip make, on random timelines', () => {
    let compared = 0;
    fc.assert(
      fc.property(lists, rangeLists, (edits, ranges) => {
        const timeline = built(edits);
        const cut = outcome(() => applyCommands(timeline, [{ type: 'removeRanges', ranges }], ctx));
        // A sped-up clip's parts round to whole milliseconds: the single commands may leave a
        // millisecond's gap where the cut keeps the tracks in step (checked on the rest).
        if (sped(timeline)) return;
        const hand = outcome(() => byHand(timeline, ranges));
        if (hand === 'refused' || cut === 'refused') expect(cut).toBe(hand);
        else expect(normal(cut)).toEqual(normal(hand));
        compared++;
      }),
      { numRuns: 300 },
    );
    expect(compared).toBeGreaterThan(100);
  });

  it('is undone by one command that brings the timeline back exactly, on the service too; the redo cuts it again', () => {
    fc.assert(
      fc.property(lists, rangeLists, (edits, ranges) => {
        const timeline = built(edits);
        let done;
        try {
          done = applyWithInverse(timeline, [{ type: 'removeRanges', ranges }], ctx);
        } catch (err) {
          if (err instanceof EditRejected) return;
          throw err;
        }
        expect(done.inverse.length).toBeLessThanOrEqual(1);
        if (done.inverse.length === 0) return;
        const undone = applyWithInverse(done.timeline, done.inverse, ctx);
        expect(normal(undone.timeline.tracks)).toEqual(normal(timeline.tracks));
        expect(normal(onService(done.timeline, done.inverse)!)).toEqual(normal(timeline.tracks));
        const redone = applyCommands(undone.timeline, undone.inverse, ctx);
        expect(normal(redone.tracks)).toEqual(normal(done.timeline.tracks));
      }),
      { numRuns: 300 },
    );
  });

  it('merges ranges that overlap or touch, and cuts the empty time of every track alike', () => {
    expect(
      mergeRanges([
        { startMs: 500, endMs: 700 },
        { startMs: 100, endMs: 300 },
        { startMs: 300, endMs: 400 },
        { startMs: 650, endMs: 900 },
      ]),
    ).toEqual([
      { startMs: 100, endMs: 400, at: 1 },
      { startMs: 500, endMs: 900, at: 0 },
    ]);
    const timeline = emptyTimeline();
    const [video, , audio] = timeline.tracks;
    const made = applyCommands(
      timeline,
      [
        { type: 'addClip', trackId: video!.id, clipId: randomUUID(), assetId: 1, startMs: 0, inMs: 0, outMs: 10_000 },
        {
          type: 'addClip',
          trackId: audio!.id,
          clipId: randomUUID(),
          assetId: 2,
          startMs: 6_000,
          inMs: 0,
          outMs: 2_000,
        },
      ],
      ctx,
    );
    const merged = applyCommands(
      made,
      [
        {
          type: 'removeRanges',
          ranges: [
            { startMs: 1_000, endMs: 2_000 },
            { startMs: 2_000, endMs: 3_000 },
            { startMs: 1_500, endMs: 2_500 },
          ],
        },
      ],
      ctx,
    );
    const single = applyCommands(made, [{ type: 'removeRanges', ranges: [{ startMs: 1_000, endMs: 3_000 }] }], ctx);
    expect(merged.tracks).toEqual(single.tracks);
    // Picture: 0–1 s, then 3–10 s of the media from 1 s on; the sound (in empty time then) moved 2 s up alike.
    expect(merged.tracks[0]!.clips.map((c) => [c.startMs, c.endMs])).toEqual([
      [0, 1_000],
      [1_000, 8_000],
    ]);
    expect(merged.tracks[2]!.clips.map((c) => [c.startMs, c.endMs])).toEqual([[4_000, 6_000]]);
  });

  it('refuses, saying what to change: too many ranges, a range that ends before it starts, a locked track', () => {
    const many = Array.from({ length: 10_001 }, (_, k) => ({ startMs: k * 10, endMs: k * 10 + 5 }));
    const parsed = EditorCommandSchema.safeParse({ type: 'removeRanges', ranges: many });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]!.message).toMatch(/at most 10000 ranges: send the rest in another command/);
    const timeline = emptyTimeline();
    const refusal = (command: EditorCommand, on = timeline) => {
      try {
        applyCommands(on, [command], ctx);
      } catch (err) {
        return err as EditRejected;
      }
      throw new Error('applied');
    };
    expect(refusal({ type: 'removeRanges', ranges: many })).toMatchObject({
      field: 'ranges',
      message: expect.stringMatching(/at most 10000 ranges, and this has 10001/),
    });
    expect(
      refusal({
        type: 'removeRanges',
        ranges: [
          { startMs: 0, endMs: 10 },
          { startMs: 50, endMs: 50 },
        ],
      }),
    ).toMatchObject({ field: 'ranges[1]', message: 'endMs (50) must be greater than startMs (50).' });
    const track = timeline.tracks[0]!;
    const locked = applyCommands(timeline, [{ type: 'updateTrack', trackId: track.id, locked: true }], ctx);
    expect(
      refusal({ type: 'removeRanges', ranges: [{ startMs: 0, endMs: 10 }], trackIds: [track.id] }, locked),
    ).toMatchObject({ code: 'editor.track_locked', field: 'trackIds[0]' });
    // Without trackIds a locked track is left as it is.
    expect(applyCommands(locked, [{ type: 'removeRanges', ranges: [{ startMs: 0, endMs: 10 }] }], ctx).tracks[0]).toBe(
      locked.tracks[0],
    );
  });

  it('leaves a track that does not move in step (syncLocked false) where it is', () => {
    const timeline = emptyTimeline();
    const [video, , audio] = timeline.tracks;
    const made = applyCommands(
      timeline,
      [
        { type: 'addClip', trackId: video!.id, clipId: randomUUID(), assetId: 1, startMs: 0 },
        { type: 'addClip', trackId: audio!.id, clipId: randomUUID(), assetId: 2, startMs: 0 },
      ],
      ctx,
    );
    const free = { ...made, tracks: made.tracks.map((t) => (t.id === audio!.id ? { ...t, syncLocked: false } : t)) };
    const cut = applyCommands(free, [{ type: 'removeRanges', ranges: [{ startMs: 1_000, endMs: 2_000 }] }], ctx);
    expect(cut.tracks[0]!.clips).toHaveLength(2);
    expect(cut.tracks[2]).toBe(free.tracks[2]);
  });

  it('cuts a thousand ranges from a two-hour timeline in well under a second', () => {
    const hour = 3_600_000;
    const long = { kind: 'video' as const, durationMs: hour };
    const wide = { ...ctx, asset: (id: number) => (id === 9 ? long : ctx.asset(id)) };
    const timeline = emptyTimeline();
    const [video, , audio, captions] = timeline.tracks;
    const setup: EditorCommand[] = [];
    for (const track of [video!, audio!])
      for (const startMs of [0, hour])
        setup.push({
          type: 'addClip',
          trackId: track.id,
          clipId: randomUUID(),
          assetId: 9,
          startMs,
          inMs: 0,
          outMs: hour,
        });
    const made = applyCommands(timeline, setup, wide);
    // Two thousand captions of three seconds (added straight to the track: the test is of the cut).
    const captionClips = Array.from({ length: 2_000 }, (_, k) => ({
      id: randomUUID(),
      kind: 'caption' as const,
      startMs: k * 3_600,
      endMs: k * 3_600 + 3_000,
      text: 'so um I think',
      style: 'subtitle',
      font: 'inter',
      words: [{ text: 'so', startMs: k * 3_600, endMs: k * 3_600 + 500 }],
    }));
    const full: Timeline = {
      ...made,
      tracks: made.tracks.map((t) => (t.id === captions!.id ? { ...t, clips: captionClips } : t)),
    };
    const ranges = Array.from({ length: 1_000 }, (_, k) => ({ startMs: k * 7_000 + 1_234, endMs: k * 7_000 + 1_634 }));
    const started = performance.now();
    const done = applyWithInverse(full, [{ type: 'removeRanges', ranges }], wide);
    const tookMs = performance.now() - started;
    expect(done.timeline.durationMs).toBe(2 * hour - 400_000);
    expect(done.timeline.tracks[0]!.clips).toHaveLength(1_002);
    expect(tookMs).toBeLessThan(1_000);
    expect(done.inverse).toHaveLength(1);
    const undone = applyCommands(done.timeline, done.inverse, wide);
    expect(undone.tracks).toEqual(full.tracks);
  });
});
