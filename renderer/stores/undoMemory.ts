// The undo history kept across restarts (shared/timeline/undoStack.ts): saved in main's
// journal whenever it moves, and put back when the project opens again. It is used as it was
// only when the timeline is at the revision the history was made for; when the timeline moved
// on without it (another client edited, an edit was dropped), the history is held for the
// user's review, as a failed edit is (ConflictReview): a notice offers it, the review shows
// what changed meanwhile, and the user keeps the steps that still apply on the latest
// timeline, or drops them. Until the
// history of the project has been read back, nothing is saved over it. Imported once, by the
// Timeline screen.
import { create } from 'zustand';
import { REVISION_LABEL } from '../../shared/api/editorRevisions.ts';
import { diffTimelines, type TimelineDiff } from '../../shared/timeline/timelineDiff.ts';
import type { Timeline } from '../../shared/timeline/timelineTypes.ts';
import { stepsThatApply, type UndoStack } from '../../shared/timeline/undoStack.ts';
import { invoke } from '../client/clipdesk.ts';
import { applyContext, useTimeline } from './timelineStore.ts';
import { showError, useToasts } from './toastStore.ts';

export interface StaleHistory {
  readonly projectId: number;
  readonly stack: UndoStack;
  /** The timeline at the revision the steps were made for; null when the service no longer has it. */
  readonly edited: Timeline | null;
  /** The timeline as it is now. */
  readonly current: Timeline;
  readonly diff: TimelineDiff | null;
  readonly busy: boolean;
  /** The review is open (a notice offers it first: the timeline is not blocked for an old history). */
  readonly reviewing: boolean;
}

interface UndoMemoryState {
  /** The project whose kept history has been read back (saving is safe from then on). */
  readBack: number | null;
  stale: StaleHistory | null;
  /** Keeps the steps that still apply on the latest timeline. */
  keep(): void;
  /** Forgets the kept steps. */
  drop(): void;
  review(open: boolean): void;
}

export const useUndoMemory = create<UndoMemoryState>()((set, get) => ({
  readBack: null,
  stale: null,

  keep() {
    const { stale } = get();
    const timeline = useTimeline.getState();
    if (!stale || timeline.projectId !== stale.projectId || !timeline.timeline) return;
    const kept = stepsThatApply(timeline.timeline, stale.stack, applyContext(timeline.catalog));
    // Steps made here while the review was open are newer: they stay on top.
    const now = timeline.history;
    useTimeline.setState({
      history: {
        undo: [...kept.undo, ...now.undo],
        redo: now.undo.length > 0 ? now.redo : [...kept.redo, ...now.redo],
      },
    });
    set({ stale: null, readBack: stale.projectId });
    save();
    if (kept.dropped.length > 0)
      useToasts
        .getState()
        .showWarning(
          'Some steps could not be kept',
          `${kept.dropped.map((s) => s.label).join(', ')}: the timeline changed too much for them. They were dropped.`,
        );
  },

  drop() {
    const { stale } = get();
    if (!stale) return;
    set({ stale: null, readBack: stale.projectId });
    save();
  },

  review(open) {
    set((m) => (m.stale ? { stale: { ...m.stale, reviewing: open } } : {}));
  },
}));

/** The history's last saved form, to send only what changed. */
let saved: { projectId: number; revision: string | null; history: unknown } | null = null;
let scheduled = false;

/** The history as it is now, to the journal — after the edit that moved it is on its way to main. */
function save(): void {
  if (scheduled) return;
  scheduled = true;
  setTimeout(() => {
    scheduled = false;
    const s = useTimeline.getState();
    const { readBack, stale } = useUndoMemory.getState();
    if (s.projectId === null || s.projectId !== readBack || stale || s.review || s.status !== 'ready') return;
    const revision = s.expectedRevision();
    if (revision === null) return;
    if (saved?.projectId === s.projectId && saved.revision === revision && saved.history === s.history) return;
    saved = { projectId: s.projectId, revision, history: s.history };
    const stack: UndoStack = { revision, undo: s.history.undo, redo: s.history.redo };
    invoke('timeline.saveUndoStack', { projectId: s.projectId, stack }).catch((err: unknown) =>
      showError('The undo history was not kept for the next start', err),
    );
  }, 0);
}

/** The project just opened: its kept history back, as it was or for review. */
async function readBack(projectId: number): Promise<void> {
  const expected = useTimeline.getState().expectedRevision();
  let stack: UndoStack | null;
  try {
    stack = await invoke('timeline.undoStack', { projectId });
  } catch (err) {
    showError('Reading the undo history kept from the last start', err);
    return;
  }
  const s = useTimeline.getState();
  if (s.projectId !== projectId || !s.timeline) return;
  if (!stack) {
    useUndoMemory.setState({ readBack: projectId });
    return;
  }
  if (stack.revision === expected) {
    // Steps made since it opened (before the read came back) are newer: on top.
    const now = s.history;
    useTimeline.setState({
      history: { undo: [...stack.undo, ...now.undo], redo: now.undo.length > 0 ? now.redo : stack.redo },
    });
    useUndoMemory.setState({ readBack: projectId });
    save();
    return;
  }
  const current = s.base ?? s.timeline;
  useUndoMemory.setState({
    stale: { projectId, stack, edited: null, current, diff: null, busy: true, reviewing: false },
  });
  let edited: Timeline | null = null;
  if (REVISION_LABEL.test(stack.revision))
    edited = await invoke('timeline.revision', { projectId, revision: stack.revision }).catch(() => null);
  useUndoMemory.setState((m) =>
    m.stale?.stack === stack
      ? { stale: { ...m.stale, edited, diff: edited && diffTimelines(edited, current), busy: false } }
      : {},
  );
}

useTimeline.subscribe((s, prev) => {
  if (s.projectId !== prev.projectId) {
    useUndoMemory.setState({ readBack: null, stale: null });
    saved = null;
  }
  if (s.projectId !== null && s.status === 'ready' && prev.status !== 'ready') void readBack(s.projectId);
  else if (s.history !== prev.history || s.pending !== prev.pending || s.review !== prev.review) save();
});

// The Timeline screen (which imports this) may load after its project opened elsewhere.
{
  const { projectId, status } = useTimeline.getState();
  if (projectId !== null && status === 'ready') void readBack(projectId);
}
