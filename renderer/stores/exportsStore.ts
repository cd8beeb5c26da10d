// The Exports screen's state: the workspace's exports read page by page (newest first), kept
// live by job.updated (an export's state and progress change in place; a new one reads the
// first page again), and downloading a finished one through main (media.download: the
// desktop app saves where the user chose; browser mode gets a single-use link).
import { create } from 'zustand';
import type { Export } from '../../shared/api/createTypes.ts';
import type { JobUpdatedEvent } from '../../shared/api/jobEvents.ts';
import { invoke } from '../client/clipdesk.ts';
import { showError, useToasts } from './toastStore.ts';
import { appendPage } from './appendPage.ts';
import { createReadEpoch } from './readEpoch.ts';
import { hear } from '../client/mainEvents.ts';
import { isActiveWorkspace, onWorkspaceSwitch } from './workspaceStore.ts';
import { downloadAsset } from '../client/saveFile.ts';

export const EXPORTS_PAGE_SIZE = 25;
const REFRESH_DELAY_MS = 300;

interface ExportsState {
  items: Export[];
  nextCursor: string | null;
  loaded: boolean;
  loading: boolean;
  /** Progress (0..1) of exports under way, from job.updated. */
  progress: Record<number, number>;
  /** The export whose file is being fetched. */
  downloading: number | null;
  loadFirst(): Promise<void>;
  loadMore(): Promise<void>;
  applyJobUpdate(update: JobUpdatedEvent): void;
  download(item: Export): Promise<void>;
  reset(): void;
}

let refreshTimer: ReturnType<typeof setTimeout> | undefined;
const reads = createReadEpoch();

export const useExports = create<ExportsState>()((set, get) => ({
  items: [],
  nextCursor: null,
  loaded: false,
  loading: false,
  progress: {},
  downloading: null,

  async loadFirst() {
    const epoch = reads.next();
    set({ loading: true });
    try {
      const page = await invoke('exports.list', { limit: EXPORTS_PAGE_SIZE });
      if (reads.still(epoch)) set({ items: page.items, nextCursor: page.nextCursor, loaded: true });
    } catch (err) {
      if (reads.still(epoch)) showError('Reading the exports', err);
    } finally {
      if (reads.still(epoch)) set({ loading: false });
    }
  },

  async loadMore() {
    const { nextCursor, loading } = get();
    if (nextCursor === null || loading) return;
    const epoch = reads.current();
    set({ loading: true });
    try {
      const page = await invoke('exports.list', { limit: EXPORTS_PAGE_SIZE, after: nextCursor });
      // A page of the list as it was before a reset (another workspace) is not this list's.
      if (reads.still(epoch)) set((s) => ({ items: appendPage(s.items, page.items), nextCursor: page.nextCursor }));
    } catch (err) {
      if (reads.still(epoch)) showError('Reading more exports', err);
    } finally {
      if (reads.still(epoch)) set({ loading: false });
    }
  },

  applyJobUpdate(update) {
    if (update.kind !== 'export' || !get().loaded) return;
    const id = Number(update.id);
    const known = get().items.some((e) => e.id === id);
    if (!known) {
      // A new export: the first page shows it (newest first).
      clearTimeout(refreshTimer);
      refreshTimer = setTimeout(() => void get().loadFirst(), REFRESH_DELAY_MS);
      return;
    }
    set((s) => ({
      items: s.items.map((e) =>
        e.id === id
          ? { ...e, state: update.state, assetId: update.assetId ?? e.assetId, error: update.error ?? e.error }
          : e,
      ),
      progress: update.progress === null ? s.progress : { ...s.progress, [id]: update.progress },
    }));
  },

  async download(item) {
    if (typeof item.assetId !== 'number') return;
    set({ downloading: item.id });
    try {
      const path = await downloadAsset(item.assetId);
      if (path !== null) useToasts.getState().showSuccess('Export saved', `Export #${item.id} was saved to ${path}.`);
    } catch (err) {
      showError(`Downloading export #${item.id}`, err);
    } finally {
      set({ downloading: null });
    }
  },

  reset() {
    clearTimeout(refreshTimer);
    reads.next();
    set({ items: [], nextCursor: null, loaded: false, loading: false, progress: {} });
  },
}));

hear('job.updated', (update) => isActiveWorkspace(update.workspaceId) && useExports.getState().applyJobUpdate(update));
onWorkspaceSwitch(() => useExports.getState().reset());
