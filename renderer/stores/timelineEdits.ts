// The pure part of the timeline store: edits waiting for the service, the displayed
// timeline rebuilt from the confirmed one and those edits, and the undo history's entries
// moved as edits are made, undone, redone, re-applied or dropped.
import type { AppError } from '../../shared/appError.ts';
import { applyCommands, type ApplyContext } from '../../shared/timeline/applyCommands.ts';
import type { EditorCommand } from '../../shared/timeline/editorCommands.ts';
import { revisionNumber } from '../../shared/timeline/revision.ts';
import type { Timeline } from '../../shared/timeline/timelineTypes.ts';
import { describeCommands } from '../../shared/timeline/describeCommands.ts';
import type { EditState, JournaledEdit } from '../../shared/timeline/timelineViews.ts';
import { UNDO_STEPS_KEPT } from '../../shared/timeline/undoStack.ts';

export type EditOrigin = 'edit' | 'undo' | 'redo';

export interface PendingEdit {
  readonly localId: string;
  readonly intentId: string | null;
  readonly label: string;
  readonly commands: EditorCommand[];
  /** The revision it is sent against: the confirmed one, or the one the edit before it makes. */
  readonly revision: string;
  readonly state: EditState | 'submitting';
  readonly error: AppError | null;
  /** performance.now() when the user made it: the time to its acknowledgement. */
  readonly startedAt: number;
  readonly origin: EditOrigin;
  /** The history entry it made (an edit) or moved (an undo, a redo); null for an edit found in the journal. */
  readonly entryId: string | null;
  /** For an undo or a redo: the entry as it was before, put back if the edit is dropped. */
  readonly priorEntry: HistoryEntry | null;
}

/** One step of the user's own history: the commands that redo it and those that undo it. */
export interface HistoryEntry {
  readonly id: string;
  readonly label: string;
  readonly redo: EditorCommand[];
  readonly undo: EditorCommand[];
}

export interface History {
  readonly undo: HistoryEntry[];
  readonly redo: HistoryEntry[];
}

/** The confirmed timeline with the edits still waiting applied on top, in order. */
export function rebuild(base: Timeline, pending: readonly PendingEdit[], ctx: ApplyContext): Timeline {
  const confirmed = revisionNumber(base.revision);
  let timeline = base;
  for (const edit of pending) {
    // An edit sent against an older revision is already in the timeline read (it was
    // acknowledged while it was read), or it will meet a conflict: either way not on top.
    if (revisionNumber(edit.revision) < confirmed) continue;
    try {
      timeline = applyCommands(timeline, edit.commands, ctx);
    } catch {
      // It no longer applies here; the service will say so and the review will show it.
    }
  }
  return timeline;
}

/** Where the history entries go when an edit of this origin is made. */
export function recordEdit(history: History, origin: EditOrigin, entry: HistoryEntry): History {
  switch (origin) {
    case 'edit':
      return { undo: [...history.undo, entry].slice(-UNDO_STEPS_KEPT), redo: [] };
    case 'undo':
      return { undo: history.undo.filter((e) => e.id !== entry.id), redo: [...history.redo, entry] };
    case 'redo':
      return { undo: [...history.undo, entry], redo: history.redo.filter((e) => e.id !== entry.id) };
  }
}

/** An edit dropped in the review: its entry leaves the history (an edit) or goes back where it was (an undo, a redo). */
export function forgetEdit(history: History, edit: PendingEdit): History {
  if (edit.entryId === null) return history;
  const undo = history.undo.filter((e) => e.id !== edit.entryId);
  const redo = history.redo.filter((e) => e.id !== edit.entryId);
  const original = edit.priorEntry;
  if (edit.origin === 'undo' && original) return { undo: [...undo, original], redo };
  if (edit.origin === 'redo' && original) return { undo, redo: [...redo, original] };
  return { undo, redo };
}

/** An edit re-applied on a newer timeline: the entry's undo (or redo, for an undo) commands are made afresh. */
export function refreshEntry(history: History, edit: PendingEdit, inverse: EditorCommand[]): History {
  const patch = (e: HistoryEntry) =>
    e.id !== edit.entryId ? e : edit.origin === 'undo' ? { ...e, redo: inverse } : { ...e, undo: inverse };
  return { undo: history.undo.map(patch), redo: history.redo.map(patch) };
}

export const EMPTY_HISTORY: History = { undo: [], redo: [] };

/** An edit found in the journal (made before a restart, or before this screen opened): no history entry. */
export function fromJournal(edit: JournaledEdit): PendingEdit {
  return {
    localId: edit.intentId,
    intentId: edit.intentId,
    label: describeCommands(edit.commands),
    commands: edit.commands,
    revision: edit.revision,
    state: edit.state,
    error: edit.error,
    startedAt: performance.now(),
    origin: 'edit',
    entryId: null,
    priorEntry: null,
  };
}
