// The timeline being edited: the confirmed timeline (the service's, at its revision), the
// user's edits still waiting for the service (shown at once, on top of it), the undo
// history, and the review of an edit that met a newer timeline (409) or was refused.
//
// Every edit — a drag, a shortcut, a catalog item applied, an undo — goes through edit():
// applied here first (optimistic), then journaled in main with its own idempotency key
// and sent in order against the revision it was made on. Acknowledgements move the
// confirmed timeline on; a failure opens the review, where the user re-applies the edit
// (and those made after it) on the latest timeline or drops it. Nothing is lost or sent
// twice without the user seeing it. Undo and redo are new edits: the service's history is
// never rewritten. Other screens apply their own command lists through edit() too.
import { create } from 'zustand';
import type { AppError } from '../../shared/appError.ts';
import { applyCommands, EditRejected, type ApplyContext } from '../../shared/timeline/applyCommands.ts';
import { describeCommands } from '../../shared/timeline/describeCommands.ts';
import type { EditorCommand } from '../../shared/timeline/editorCommands.ts';
import { applyWithInverse } from '../../shared/timeline/inverseCommands.ts';
import { nextRevision } from '../../shared/timeline/revision.ts';
import { applyChanges, sameTracks, type EditAck } from '../../shared/timeline/timelineChanges.ts';
import { diffTimelines, type TimelineDiff } from '../../shared/timeline/timelineDiff.ts';
import type { Catalog, Timeline } from '../../shared/timeline/timelineTypes.ts';
import type { TimelineEditEvent } from '../../shared/timeline/timelineViews.ts';
import { EDITOR_LIMITS } from '../../shared/limits.ts';
import { clipsNamed, followCaptions } from '../../shared/transcript/captionFollow.ts';
import { asAppError, invoke } from '../client/clipdesk.ts';
import { hear } from '../client/mainEvents.ts';
import { knownTranscripts } from './productionStore.ts';
import {
  EMPTY_HISTORY,
  forgetEdit,
  fromJournal,
  rebuild,
  recordEdit,
  refreshEntry,
  type EditOrigin,
  type History,
  type HistoryEntry,
  type PendingEdit,
} from './timelineEdits.ts';
import { useTimelineMedia } from './timelineMediaStore.ts';
import { usePlayback } from './playbackStore.ts';
import { useTimelineView } from './timelineViewStore.ts';
import { showError, useToasts } from './toastStore.ts';

export type { PendingEdit, HistoryEntry } from './timelineEdits.ts';

export interface EditReview {
  readonly outcome: 'conflict' | 'rejected' | 'cancelled';
  /** The edit that failed, and those made after it (held back, never sent on a stale revision). */
  readonly edits: PendingEdit[];
  readonly error: AppError | null;
  /** The timeline the edits were made on; null when that is no longer known (after a restart). */
  readonly edited: Timeline | null;
  /** The latest timeline, read after the failure. */
  readonly current: Timeline | null;
  readonly diff: TimelineDiff | null;
  readonly busy: boolean;
}

interface TimelineState {
  projectId: number | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  loadError: AppError | null;
  catalog: Catalog | null;
  /** The service's timeline as last confirmed. */
  base: Timeline | null;
  /** What the user sees: base with the waiting edits on top. */
  timeline: Timeline | null;
  pending: PendingEdit[];
  history: History;
  review: EditReview | null;
  /** Milliseconds from the last edit to its acknowledgement. */
  lastAckMs: number | null;
  open(projectId: number): Promise<void>;
  reload(): Promise<void>;
  /** Applies at once and sends; false (with a message) when the edit cannot apply. */
  edit(commands: EditorCommand[], label?: string, origin?: EditOrigin, entry?: HistoryEntry): boolean;
  undo(): void;
  redo(): void;
  reapply(): Promise<void>;
  drop(): Promise<void>;
  /** The revision the next edit is sent against (the one the waiting edits will make). */
  expectedRevision(): string | null;
  reset(): void;
}

/** What did not happen, and why: a warning, never a success's check. */
const tell = (title: string, message: string) => useToasts.getState().showWarning(title, message);

export function applyContext(catalog: Catalog | null): ApplyContext {
  const assets = useTimelineMedia.getState().assets;
  return {
    catalog,
    asset: (id) => {
      const asset = assets.get(id);
      return asset?.kind ? { kind: asset.kind, durationMs: asset.durationMs ?? null } : undefined;
    },
    newId: () => crypto.randomUUID(),
  };
}

/**
 * The commands that make the captions made from a transcript follow an edit's media
 * (shared/transcript/captionFollow.ts); none, said why, when they cannot or would not fit
 * in the edit.
 */
function captionsFollowing(before: Timeline, after: Timeline, commands: readonly EditorCommand[]): EditorCommand[] {
  const { catalog } = useTimeline.getState();
  const follow = followCaptions({
    before,
    after,
    touched: clipsNamed(commands),
    transcripts: knownTranscripts(),
    ctx: applyContext(catalog),
  });
  const most = catalog?.limits?.commandsPerRequest ?? EDITOR_LIMITS.commandsPerRequest;
  if (follow.commands.length > 0 && commands.length + follow.commands.length > most) {
    tell(
      'The captions did not follow',
      `Moving the captions too would make the edit longer than ${most} commands: cut less at once, or move the captions by hand.`,
    );
    return [];
  }
  if (follow.problem) tell('The captions did not all follow', follow.problem);
  return follow.commands;
}

/** Events that came before the reply naming their intent. */
const early = new Map<string, TimelineEditEvent>();

export const useTimeline = create<TimelineState>()((set, get) => {
  const ctx = () => applyContext(get().catalog);

  hear('timeline.edit', (event) => onEditEvent(event));
  // Another workspace is another account: its catalog is read afresh with its timelines.
  hear('workspace.changed', () => {
    get().reset();
    set({ catalog: null });
  });

  function send(edit: PendingEdit, projectId: number): void {
    invoke('timeline.apply', { projectId, revision: edit.revision, commands: edit.commands })
      .then((intent) => {
        const named = (e: PendingEdit) =>
          e.localId === edit.localId ? { ...e, intentId: intent.id, state: 'queued' as const } : e;
        // Made just before an earlier edit failed: it is in the review (main held it back).
        set((s) => ({
          pending: s.pending.map(named),
          review: s.review && { ...s.review, edits: s.review.edits.map(named) },
        }));
        const seen = early.get(intent.id);
        early.delete(intent.id);
        if (seen) onEditEvent(seen);
      })
      .catch((err: unknown) => {
        // Main refuses edits while an earlier one awaits review: this one is in that review.
        if (get().review?.edits.some((e) => e.localId === edit.localId)) return;
        // Refused before it was journaled (nothing was sent): take it back off the screen.
        const s = get();
        const pending = s.pending.filter((e) => e.localId !== edit.localId);
        set({ pending, history: forgetEdit(s.history, edit), timeline: s.base && rebuild(s.base, pending, ctx()) });
        showError(`${edit.label} was not saved`, err);
      });
  }

  function onEditEvent(event: TimelineEditEvent): void {
    const s = get();
    if (event.projectId !== s.projectId) return;
    if (s.review?.edits.some((e) => e.intentId === event.intentId)) return;
    const at = s.pending.findIndex((e) => e.intentId === event.intentId);
    if (at < 0) {
      if (s.pending.some((e) => e.intentId === null)) early.set(event.intentId, event);
      return;
    }
    const edit = s.pending[at]!;
    if (event.state === 'queued' || event.state === 'sending' || event.state === 'retrying') {
      set({ pending: s.pending.map((e, i) => (i === at ? { ...e, state: event.state, error: event.error } : e)) });
      return;
    }
    if (event.state === 'acked') return acknowledged(edit, at, event.ack);
    void startReview(at, event.state, event.error);
  }

  /**
   * The service applied the edit: the confirmed copy moves to the new revision. With the
   * answer's changes (the new revision and what changed) they are applied to it; from a
   * service that did not say what changed, the edit's own commands are. Once no edit waits,
   * the screen shows the service's result — keeping the timeline it shows when that is the
   * same (the usual case), so an acknowledgement redraws nothing.
   */
  function acknowledged(edit: PendingEdit, at: number, ack: EditAck | null): void {
    const s = get();
    const pending = s.pending.filter((_, i) => i !== at);
    const lastAckMs = Math.round(performance.now() - edit.startedAt);
    if (at === 0 && s.base && edit.revision === s.base.revision) {
      if (ack?.changes && ack.baseRevision === s.base.revision) {
        const base = applyChanges(s.base, { ...ack, changes: ack.changes });
        const shown = pending.length > 0 || (s.timeline && sameTracks(s.timeline, base)) ? s.timeline : base;
        set({ base, pending, lastAckMs, timeline: shown });
        return;
      }
      const next = ack?.revision ?? nextRevision(edit.revision);
      if (next) {
        try {
          const base = { ...applyCommands(s.base, edit.commands, ctx()), revision: next };
          set({ base, pending, lastAckMs });
          return;
        } catch {
          // Fall through to reading the timeline again.
        }
      }
    }
    // Not the edit this screen expected next (a replay after a restart): read what the service has.
    set({ pending, lastAckMs });
    void get().reload();
  }

  async function startReview(at: number, outcome: EditReview['outcome'], error: AppError | null): Promise<void> {
    const s = get();
    const edits = s.pending.slice(at);
    const earlier = s.pending.slice(0, at);
    set({
      pending: earlier,
      timeline: s.base && rebuild(s.base, earlier, ctx()),
      review: { outcome, edits, error, edited: s.base, current: null, diff: null, busy: true },
    });
    await readCurrent();
  }

  /** The latest timeline for the review, with what changed since the edit was made. */
  async function readCurrent(): Promise<void> {
    const projectId = get().projectId;
    if (projectId === null) return;
    try {
      const view = await invoke('timeline.get', { projectId });
      set((s) =>
        s.review
          ? {
              review: {
                ...s.review,
                current: view.timeline,
                diff: s.review.edited && diffTimelines(s.review.edited, view.timeline),
                busy: false,
              },
            }
          : {},
      );
    } catch (err) {
      set((s) => (s.review ? { review: { ...s.review, busy: false } } : {}));
      showError('Reading the latest timeline', err);
    }
  }

  /**
   * An undo or a redo: the entry's commands made as a new edit. While the review is open
   * nothing is sent (the entry keeps its place and works once the review is done); an entry
   * whose commands no longer apply (its clips are gone) leaves the history.
   */
  function step(origin: 'undo' | 'redo'): void {
    const s = get();
    const entry = s.history[origin].at(-1);
    if (!entry || !s.timeline) return;
    if (s.review) {
      tell(
        origin === 'undo' ? 'Undo waits for the review' : 'Redo waits for the review',
        'Re-apply or drop the edit that did not apply first; the history is kept.',
      );
      return;
    }
    if (!get().edit(origin === 'undo' ? entry.undo : entry.redo, entry.label, origin, entry))
      set((st) => ({ history: { ...st.history, [origin]: st.history[origin].filter((e) => e.id !== entry.id) } }));
  }

  function dismiss(edits: readonly PendingEdit[]): void {
    const intentIds = edits.map((e) => e.intentId).filter((id): id is string => id !== null);
    if (intentIds.length > 0) void invoke('timeline.dismissEdits', { intentIds }).catch(() => {});
  }

  return {
    projectId: null,
    status: 'idle',
    loadError: null,
    catalog: null,
    base: null,
    timeline: null,
    pending: [],
    history: EMPTY_HISTORY,
    review: null,
    lastAckMs: null,

    async open(projectId) {
      if (get().projectId === projectId && get().status === 'ready') return;
      get().reset();
      useTimelineView.getState().reset();
      usePlayback.getState().reset();
      useTimelineMedia.getState().reset();
      set({ projectId, status: 'loading' });
      void useTimelineMedia.getState().loadAssets(projectId);
      try {
        const catalog = get().catalog ?? (await invoke('timeline.catalog'));
        set({ catalog });
      } catch (err) {
        showError('Reading the editor catalog', err);
      }
      await get().reload();
    },

    async reload() {
      const projectId = get().projectId;
      if (projectId === null) return;
      try {
        const view = await invoke('timeline.get', { projectId });
        if (get().projectId !== projectId) return;
        const s = get();
        // Edits still waiting stay on top: those made here, or — when this screen has none (it
        // just opened, or Clipdesk restarted) — those the journal still holds.
        const pending = s.pending.length > 0 ? s.pending : view.pending.map(fromJournal);
        const failed = view.failed.filter((e) => !s.review?.edits.some((r) => r.intentId === e.intentId));
        set({
          status: 'ready',
          loadError: null,
          base: view.timeline,
          pending,
          timeline: rebuild(view.timeline, pending, ctx()),
        });
        if (failed.length > 0 && !get().review) {
          const edits = failed.map(fromJournal);
          const first = failed[0]!;
          set({
            review: {
              outcome: first.state === 'conflict' ? 'conflict' : first.state === 'rejected' ? 'rejected' : 'cancelled',
              edits,
              error: first.error,
              edited: null,
              current: view.timeline,
              diff: null,
              busy: false,
            },
          });
        }
      } catch (err) {
        set({ status: get().base ? 'ready' : 'error', loadError: asAppError(err) });
        if (get().base) showError('Reading the timeline', err);
      }
    },

    edit(given, label = describeCommands(given), origin = 'edit', entry) {
      const s = get();
      if (!s.timeline || !s.base || s.projectId === null || s.review || given.length === 0) return false;
      let done;
      let commands = given;
      try {
        done = applyWithInverse(s.timeline, commands, ctx());
        // Captions made from a transcript follow the words they show, in the same edit (an
        // undo or a redo already holds what its edit did to them).
        if (origin === 'edit') {
          const follow = captionsFollowing(s.timeline, done.timeline, commands);
          if (follow.length > 0) {
            commands = [...commands, ...follow];
            done = applyWithInverse(s.timeline, commands, ctx());
          }
        }
      } catch (err) {
        if (!(err instanceof EditRejected)) throw err;
        tell(origin === 'edit' ? `${label}: not possible` : `Cannot ${origin} “${label}”`, err.forPeople);
        return false;
      }
      const last = s.pending.at(-1);
      const revision = last ? (nextRevision(last.revision) ?? last.revision) : s.base.revision;
      const recorded: HistoryEntry =
        origin === 'edit'
          ? { id: crypto.randomUUID(), label, redo: commands, undo: done.inverse }
          : origin === 'undo'
            ? { ...entry!, redo: done.inverse }
            : { ...entry!, undo: done.inverse };
      const edit: PendingEdit = {
        localId: crypto.randomUUID(),
        intentId: null,
        label: origin === 'edit' ? label : `${origin === 'undo' ? 'Undo' : 'Redo'}: ${label}`,
        commands,
        revision,
        state: 'submitting',
        error: null,
        startedAt: performance.now(),
        origin,
        entryId: recorded.id,
        priorEntry: origin === 'edit' ? null : (entry ?? null),
      };
      set({ timeline: done.timeline, pending: [...s.pending, edit], history: recordEdit(s.history, origin, recorded) });
      send(edit, s.projectId);
      return true;
    },

    undo: () => step('undo'),
    redo: () => step('redo'),

    async reapply() {
      const { review, projectId } = get();
      if (!review?.current || projectId === null) return;
      // A refused edit would be refused again: only those held behind it go again.
      const again = review.outcome === 'conflict' ? review.edits : review.edits.slice(1);
      let timeline = review.current;
      let history = get().history;
      let revision = review.current.revision;
      const pending: PendingEdit[] = [];
      const lost: PendingEdit[] = review.outcome === 'conflict' ? [] : review.edits.slice(0, 1);
      for (const edit of again) {
        try {
          const done = applyWithInverse(timeline, edit.commands, ctx());
          timeline = done.timeline;
          history = refreshEntry(history, edit, done.inverse);
          pending.push({
            ...edit,
            localId: crypto.randomUUID(),
            intentId: null,
            revision,
            state: 'submitting',
            error: null,
            startedAt: performance.now(),
          });
          revision = nextRevision(revision) ?? revision;
        } catch {
          lost.push(edit);
        }
      }
      for (const edit of lost) history = forgetEdit(history, edit);
      dismiss(review.edits);
      set({ review: null, base: review.current, timeline, pending, history });
      for (const edit of pending) send(edit, projectId);
      if (lost.length > 0)
        tell(
          'Some edits could not be re-applied',
          `${lost.map((e) => e.label).join(', ')}: the clips they change are gone or changed too much. They were dropped.`,
        );
    },

    async drop() {
      const { review } = get();
      if (!review) return;
      let history = get().history;
      for (const edit of review.edits) history = forgetEdit(history, edit);
      dismiss(review.edits);
      const base = review.current ?? get().base;
      set({ review: null, history, base, timeline: base && rebuild(base, get().pending, ctx()) });
      if (!review.current) await get().reload();
    },

    expectedRevision() {
      const { pending, base } = get();
      const last = pending.at(-1);
      return last ? nextRevision(last.revision) : (base?.revision ?? null);
    },

    reset() {
      early.clear();
      set({
        projectId: null,
        status: 'idle',
        loadError: null,
        base: null,
        timeline: null,
        pending: [],
        history: EMPTY_HISTORY,
        review: null,
        lastAckMs: null,
      });
    },
  };
});
