// The undo history kept across restarts (shared/timeline/undoStack.ts): what the journal
// accepts, its bound, and — reopened on a timeline that moved on without it — which steps
// still apply (the stale-history review keeps those and drops the rest).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { applyCommands } from '../../shared/timeline/applyCommands.ts';
import type { EditorCommand } from '../../shared/timeline/editorCommands.ts';
import { applyWithInverse } from '../../shared/timeline/inverseCommands.ts';
import type { Timeline } from '../../shared/timeline/timelineTypes.ts';
import {
  boundedStack,
  stepsThatApply,
  UNDO_STEPS_KEPT,
  UndoStackSchema,
  type UndoStep,
} from '../../shared/timeline/undoStack.ts';
import { ctx, emptyTimeline } from '../support/timelineEdits.ts';

/** Makes each edit in turn, as the timeline store does: the step that undoes and redoes it. */
function edited(start: Timeline, lists: EditorCommand[][]): { timeline: Timeline; steps: UndoStep[] } {
  let timeline = start;
  const steps: UndoStep[] = [];
  for (const [i, redo] of lists.entries()) {
    const done = applyWithInverse(timeline, redo, ctx);
    steps.push({ id: randomUUID(), label: `Edit ${i + 1}`, redo, undo: done.inverse });
    timeline = done.timeline;
  }
  return { timeline, steps };
}

const caption = (trackId: string, clipId: string, startMs: number, text: string): EditorCommand => ({
  type: 'addCaption',
  trackId,
  clipId,
  startMs,
  endMs: startMs + 1000,
  text,
});

describe('the undo history the journal keeps', () => {
  it('keeps the newest steps within the bound, each way', () => {
    const step = (n: number): UndoStep => ({ id: `s${n}`, label: `Step ${n}`, redo: [], undo: [] });
    const many = Array.from({ length: UNDO_STEPS_KEPT + 20 }, (_, n) => step(n));
    const kept = boundedStack({ revision: 'r9', undo: many, redo: many.slice(0, 3) });
    expect(kept.undo).toHaveLength(UNDO_STEPS_KEPT);
    expect(kept.undo[0]!.id).toBe('s20');
    expect(kept.undo.at(-1)!.id).toBe(`s${UNDO_STEPS_KEPT + 19}`);
    expect(kept.redo.map((s) => s.id)).toEqual(['s0', 's1', 's2']);
    // More than the bound is refused at the door, saying the bound.
    const refused = UndoStackSchema.safeParse({ revision: 'r9', undo: many, redo: [] });
    expect(refused.error?.issues[0]?.message).toBe(
      `keep at most ${UNDO_STEPS_KEPT} steps (the oldest are forgotten first)`,
    );
  });

  it('keeps every step when the timeline is the one they were made on', () => {
    const start = emptyTimeline();
    const captions = start.tracks[3]!.id;
    const { timeline, steps } = edited(start, [
      [caption(captions, randomUUID(), 0, 'one')],
      [caption(captions, randomUUID(), 2000, 'two')],
    ]);
    const kept = stepsThatApply(timeline, { undo: steps, redo: [] }, ctx);
    expect(kept.undo).toEqual(steps);
    expect(kept.dropped).toEqual([]);
  });

  it('on a timeline another client changed, drops the step that no longer applies and every older one', () => {
    const start = emptyTimeline();
    const captions = start.tracks[3]!.id;
    const first = randomUUID();
    const second = randomUUID();
    const third = randomUUID();
    const { timeline, steps } = edited(start, [
      [caption(captions, first, 0, 'one')],
      [{ type: 'updateCaption', clipId: first, text: 'one, changed' }],
      [caption(captions, second, 2000, 'two')],
      [caption(captions, third, 4000, 'three')],
    ]);
    // Another client removed the first caption: "Edit 2" (its text change) cannot be undone,
    // and "Edit 1" was made on what Edit 2 changed.
    const theirs = applyCommands(timeline, [{ type: 'removeClip', clipId: first }], ctx);
    const kept = stepsThatApply(theirs, { undo: steps, redo: [] }, ctx);
    expect(kept.undo.map((s) => s.label)).toEqual(['Edit 3', 'Edit 4']);
    expect(kept.dropped.map((s) => s.label)).toEqual(['Edit 1', 'Edit 2']);
    // What is kept still undoes, newest first, on their timeline.
    let back = theirs;
    for (const step of [...kept.undo].reverse()) back = applyCommands(back, step.undo, ctx);
    expect(back.tracks[3]!.clips).toEqual([]);
  });

  it('checks redo steps the same way, from the timeline as it is', () => {
    const start = emptyTimeline();
    const captions = start.tracks[3]!.id;
    const clipId = randomUUID();
    const { timeline, steps } = edited(start, [
      [caption(captions, clipId, 0, 'one')],
      [{ type: 'updateCaption', clipId, text: 'two' }],
    ]);
    // Both undone: the redo steps wait, newest (the next to redo) last.
    const undone = applyCommands(applyCommands(timeline, steps[1]!.undo, ctx), steps[0]!.undo, ctx);
    const redo = [steps[1]!, steps[0]!];
    expect(stepsThatApply(undone, { undo: [], redo }, ctx).redo).toEqual(redo);
    // Someone put a clip where the caption would come back: it no longer fits, nor what follows.
    const blocked = applyCommands(undone, [caption(captions, randomUUID(), 500, 'theirs')], ctx);
    const kept = stepsThatApply(blocked, { undo: [], redo }, ctx);
    expect(kept.redo).toEqual([]);
    expect(kept.dropped).toHaveLength(2);
  });
});
