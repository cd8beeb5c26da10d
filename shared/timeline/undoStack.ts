// The user's undo history of one project as the journal keeps it across restarts: the undo
// and redo steps (each with its label and the commands that undo and redo it) and the
// revision they were made for — the one the timeline has once every edit made so far is
// applied. Reopened on that revision, the steps are used as they are; on any other (another
// client edited meanwhile, or the service went back), they are offered for review first.
import { z } from 'zod';
import { applyCommands, EditRejected, type ApplyContext } from './applyCommands.ts';
import { EditorCommandSchema } from './editorCommands.ts';
import type { Timeline } from './timelineTypes.ts';

/** Steps kept per project in each direction (undo and redo): older ones are forgotten. */
export const UNDO_STEPS_KEPT = 100;
/** Commands one step may hold: an edit's inverse can be longer than the edit (a clip made again). */
const STEP_COMMANDS_MAX = 2000;

function stackSchema<C extends z.ZodType>(command: C) {
  const commands = z.array(command).max(STEP_COMMANDS_MAX, `a step holds at most ${STEP_COMMANDS_MAX} commands`);
  const step = z.strictObject({
    id: z.string().min(1).max(100),
    label: z.string().max(300, 'a step label is at most 300 characters'),
    redo: commands,
    undo: commands,
  });
  const steps = z
    .array(step)
    .max(UNDO_STEPS_KEPT, `keep at most ${UNDO_STEPS_KEPT} steps (the oldest are forgotten first)`);
  return z.strictObject({
    /** The revision the steps were made for: the timeline's once the edits made so far are applied. */
    revision: z.string().min(1).max(64),
    /** Oldest first: the last one is undone next. */
    undo: steps,
    /** Oldest first: the last one is redone next. */
    redo: steps,
  });
}

/** A history as the journal gives it back: every command checked in full. */
export const UndoStackSchema = stackSchema(EditorCommandSchema);
export type UndoStack = z.infer<typeof UndoStackSchema>;
export type UndoStep = UndoStack['undo'][number];

/**
 * A history as the page hands it to main to keep, on every edit: up to 400,000 commands, so
 * each is checked only for its shape here. Every command is checked in full when its step is
 * used (an undo is an edit, and main checks every edit's commands before journaling it) and
 * when the journal reads the history back (UndoStackSchema; a history that fails is dropped).
 */
export const UndoStackArgSchema = stackSchema(z.looseObject({ type: z.string().min(1).max(40) }));
export type UndoStackArg = z.infer<typeof UndoStackArgSchema>;

/** The newest steps only, within the bound the journal keeps. */
export function boundedStack<S extends UndoStackArg>(stack: S): S {
  return { ...stack, undo: stack.undo.slice(-UNDO_STEPS_KEPT), redo: stack.redo.slice(-UNDO_STEPS_KEPT) };
}

/**
 * The steps that still work on `timeline`: undo steps are tried newest first, each on what
 * the one before it gave back, and so are redo steps; the first that no longer applies is
 * dropped with every older one (they were made on what it changed). For a history reopened
 * on a timeline that moved on without it.
 */
export function stepsThatApply(
  timeline: Timeline,
  stack: Pick<UndoStack, 'undo' | 'redo'>,
  ctx: ApplyContext,
): { undo: UndoStep[]; redo: UndoStep[]; dropped: UndoStep[] } {
  const chain = (steps: readonly UndoStep[], direction: 'undo' | 'redo') => {
    let at = timeline;
    let kept = 0;
    for (const step of [...steps].reverse()) {
      try {
        at = applyCommands(at, step[direction], ctx);
        kept += 1;
      } catch (err) {
        if (!(err instanceof EditRejected)) throw err;
        break;
      }
    }
    return { kept: steps.slice(steps.length - kept), dropped: steps.slice(0, steps.length - kept) };
  };
  const undo = chain(stack.undo, 'undo');
  const redo = chain(stack.redo, 'redo');
  return { undo: undo.kept, redo: redo.kept, dropped: [...undo.dropped, ...redo.dropped] };
}
