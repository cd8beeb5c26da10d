// Sent and scheduled messages, one per recipient, newest first, read page by page from the
// Messaging API (optionally only one submission's).
import { create } from 'zustand';
import type { AppError } from '../../shared/appError.ts';
import type { ListedMessage } from '../../shared/api/messagingTypes.ts';
import { asAppError, invoke } from '../client/clipdesk.ts';

export const SENT_PAGE = 50;

interface SentState {
  messages: ListedMessage[];
  nextCursor: string | null;
  submission: number | null;
  loading: boolean;
  loaded: boolean;
  error: AppError | null;
  load(submission?: number | null): Promise<void>;
  loadMore(): Promise<void>;
  reset(): void;
}

export const useSent = create<SentState>()((set, get) => ({
  messages: [],
  nextCursor: null,
  submission: null,
  loading: false,
  loaded: false,
  error: null,

  async load(submission = get().submission) {
    set({ loading: true, submission, error: null });
    try {
      const page = await invoke('messaging.messages', { limit: SENT_PAGE, submission: submission ?? undefined });
      set({ messages: page.messages, nextCursor: page.nextCursor, loaded: true });
    } catch (err) {
      set({ error: asAppError(err), loaded: true });
    } finally {
      set({ loading: false });
    }
  },

  async loadMore() {
    const { nextCursor, loading, submission } = get();
    if (!nextCursor || loading) return;
    set({ loading: true });
    try {
      const page = await invoke('messaging.messages', {
        limit: SENT_PAGE,
        after: nextCursor,
        submission: submission ?? undefined,
      });
      set((s) => ({ messages: [...s.messages, ...page.messages], nextCursor: page.nextCursor }));
    } catch (err) {
      set({ error: asAppError(err) });
    } finally {
      set({ loading: false });
    }
  },

  reset: () => set({ messages: [], nextCursor: null, submission: null, loaded: false, error: null }),
}));
