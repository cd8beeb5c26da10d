// The service's revisions of the open project's timeline (the History panel): read newest
// first a page at a time, and re-read when the timeline moves on. Restoring one reads the
// timeline as it was then and applies the difference as one ordinary edit through the
// timeline store (shared/timeline/restoreCommands.ts): the service's history only grows, and
// Ctrl+Z undoes the restore like any edit.
import { create } from 'zustand';
import type { AppError } from '../../shared/appError.ts';
import type { RevisionEntry } from '../../shared/api/editorRevisions.ts';
import { restoreCommands } from '../../shared/timeline/restoreCommands.ts';
import { defaultProperties } from '../../shared/timeline/timelineRules.ts';
import { EDITOR_LIMITS } from '../../shared/limits.ts';
import { asAppError, invoke } from '../client/clipdesk.ts';
import { useTimeline } from './timelineStore.ts';
import { showError, useToasts } from './toastStore.ts';

const PAGE = 25;

interface RevisionsState {
  projectId: number | null;
  items: RevisionEntry[];
  nextCursor: string | null;
  loading: boolean;
  error: AppError | null;
  /** The revision being restored, while it is read. */
  restoring: string | null;
  /** Reads the first page again (the list grows at the top). */
  load(projectId: number): Promise<void>;
  more(): Promise<void>;
  restore(revision: string): Promise<void>;
}

export const useRevisions = create<RevisionsState>()((set, get) => ({
  projectId: null,
  items: [],
  nextCursor: null,
  loading: false,
  error: null,
  restoring: null,

  async load(projectId) {
    if (get().projectId !== projectId) set({ projectId, items: [], nextCursor: null });
    set({ loading: true, error: null });
    try {
      const page = await invoke('timeline.revisions', { projectId, limit: PAGE });
      if (get().projectId === projectId) set({ items: page.items, nextCursor: page.nextCursor });
    } catch (err) {
      if (get().projectId === projectId) set({ error: asAppError(err) });
    } finally {
      if (get().projectId === projectId) set({ loading: false });
    }
  },

  async more() {
    const { projectId, nextCursor, loading } = get();
    if (projectId === null || nextCursor === null || loading) return;
    set({ loading: true });
    try {
      const page = await invoke('timeline.revisions', { projectId, limit: PAGE, after: nextCursor });
      if (get().projectId !== projectId) return;
      const seen = new Set(get().items.map((r) => r.revision));
      set({ items: [...get().items, ...page.items.filter((r) => !seen.has(r.revision))], nextCursor: page.nextCursor });
    } catch (err) {
      set({ error: asAppError(err) });
    } finally {
      set({ loading: false });
    }
  },

  async restore(revision) {
    const projectId = get().projectId;
    if (projectId === null) return;
    set({ restoring: revision });
    try {
      const then = await invoke('timeline.revision', { projectId, revision });
      const { timeline, catalog, edit } = useTimeline.getState();
      if (!timeline || useTimeline.getState().projectId !== projectId) return;
      const commands = restoreCommands(timeline, then, defaultProperties(catalog));
      const toasts = useToasts.getState();
      if (commands.length === 0) {
        toasts.showInfo(`Restore ${revision}`, `The timeline is already as it was at ${revision}.`);
        return;
      }
      const most = catalog?.limits?.commandsPerRequest ?? EDITOR_LIMITS.commandsPerRequest;
      if (commands.length > most) {
        toasts.showWarning(
          `Restore ${revision}`,
          `Going back that far takes ${commands.length} commands; one edit holds at most ${most}. Restore a later revision first, then this one.`,
        );
        return;
      }
      edit(commands, `Restore ${revision}`);
    } catch (err) {
      showError(`Reading revision ${revision}`, err);
    } finally {
      set({ restoring: null });
    }
  },
}));
