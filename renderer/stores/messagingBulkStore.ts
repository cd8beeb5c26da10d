// Bulk sends: a prepared list of {number, text} handed to main in ordered chunks, then
// started there (split into journaled submissions of at most 500, sent one at a time); the
// list of this workspace's bulks with each submission's state, kept live by bulk.progress
// events. A submission whose outcome is unknown waits for the user: resend (confirmed) or
// leave it.
import { create } from 'zustand';
import type { AppError } from '../../shared/appError.ts';
import type { BulkProgress } from '../../shared/api/messagingEvents.ts';
import { MESSAGING_CHUNK_ROWS, type BulkListItem } from '../../shared/ipc/messagingViews.ts';
import { invoke } from '../client/clipdesk.ts';
import { showError } from './toastStore.ts';
import { hear } from '../client/mainEvents.ts';

interface BulkState {
  bulks: BulkListItem[];
  /** Messages handed to main so far, while a bulk is being handed over. */
  handingOver: { sent: number; total: number } | null;
  /** The last failure of each bulk outside its submissions' own results (by bulkId). */
  errors: Record<string, AppError>;
  load(): Promise<void>;
  start(
    messages: { number: string; text: string }[],
    options: { title?: string; schedule?: { time: string; timeZone: string } },
  ): Promise<boolean>;
  progress(event: BulkProgress): void;
  resume(bulkId: string): Promise<void>;
  resend(bulkId: string, index: number): Promise<void>;
  abandon(bulkId: string, index: number): Promise<void>;
  reset(): void;
}

function replace(bulks: BulkListItem[], item: BulkListItem): BulkListItem[] {
  const others = bulks.filter((b) => b.bulkId !== item.bulkId);
  return [item, ...others].sort((a, b) => b.createdAt - a.createdAt);
}

let reloadTimer: ReturnType<typeof setTimeout> | undefined;

export const useBulk = create<BulkState>()((set, get) => ({
  bulks: [],
  handingOver: null,
  errors: {},

  async load() {
    try {
      set({ bulks: await invoke('messaging.bulks') });
    } catch (err) {
      showError('Reading the bulk sends', err);
    }
  },

  async start(messages, options) {
    set({ handingOver: { sent: 0, total: messages.length } });
    try {
      const { draftId } = await invoke('messaging.bulkBegin', { ...options, totalMessages: messages.length });
      for (let at = 0; at < messages.length; at += MESSAGING_CHUNK_ROWS) {
        const { received } = await invoke('messaging.bulkAppend', {
          draftId,
          messages: messages.slice(at, at + MESSAGING_CHUNK_ROWS),
        });
        set({ handingOver: { sent: received, total: messages.length } });
      }
      const item = await invoke('messaging.bulkStart', { draftId });
      set((s) => ({ bulks: replace(s.bulks, item) }));
      return true;
    } catch (err) {
      showError('Starting the bulk send', err);
      return false;
    } finally {
      set({ handingOver: null });
    }
  },

  progress(event) {
    set((s) => ({
      bulks: s.bulks.map((bulk) =>
        bulk.bulkId !== event.bulkId
          ? bulk
          : {
              ...bulk,
              sent: event.sent,
              running: true,
              submissions: bulk.submissions.map((sub) =>
                sub.index === event.submission
                  ? { ...sub, state: event.state, result: event.error ?? sub.result }
                  : sub,
              ),
            },
      ),
      errors: event.error ? { ...s.errors, [event.bulkId]: event.error } : s.errors,
    }));
    // The whole list (running flags, results) is read again once the events settle.
    clearTimeout(reloadTimer);
    reloadTimer = setTimeout(() => void get().load(), 300);
  },

  async resume(bulkId) {
    try {
      const item = await invoke('messaging.bulkResume', { bulkId });
      set((s) => ({ bulks: replace(s.bulks, item) }));
    } catch (err) {
      showError('Sending the rest of the bulk', err);
    }
  },

  async resend(bulkId, index) {
    try {
      const item = await invoke('messaging.bulkResend', { bulkId, index, confirmed: true });
      set((s) => ({ bulks: replace(s.bulks, item) }));
    } catch (err) {
      showError(`Sending submission ${index + 1} again`, err);
    }
  },

  async abandon(bulkId, index) {
    try {
      const item = await invoke('messaging.bulkAbandon', { bulkId, index });
      set((s) => ({ bulks: replace(s.bulks, item) }));
    } catch (err) {
      showError(`Leaving submission ${index + 1}`, err);
    }
  },

  reset: () => set({ bulks: [], errors: {}, handingOver: null }),
}));

hear('bulk.progress', (event) => useBulk.getState().progress(event));
