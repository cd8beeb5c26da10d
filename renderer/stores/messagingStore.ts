// The Messaging screen's shared state: which tab shows, the active workspace's messaging
// settings (default country, sender ID), the contacts this app added (searched in main's
// journal) and the ones selected as recipients; plus the one-shot actions of the forms
// (add a contact, create an event, send a message), which answer what the form shows.
import { create } from 'zustand';
import { appError, type AppError } from '../../shared/appError.ts';
import type { CalendarEventInput, CalendarResult, MessageSent, ResultFields } from '../../shared/api/messagingTypes.ts';
import {
  MMS_CHUNK_MAX_BYTES,
  type ContactDraft,
  type ContactView,
  type MessagingSettingsView,
} from '../../shared/ipc/messagingViews.ts';
import type { RequestArg } from '../../shared/ipc.ts';
import { asAppError, invoke } from '../client/clipdesk.ts';
import { showError } from './toastStore.ts';

export const MESSAGING_TABS = ['Contacts', 'Calendar', 'Messages', 'Bulk', 'Sent'] as const;
export type MessagingTab = (typeof MESSAGING_TABS)[number];

/** What a form action ends with: the answer, or the AppError to show beside the form. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: AppError };

const CONTACTS_PAGE = 100;

interface MessagingState {
  tab: MessagingTab;
  settings: MessagingSettingsView | null;
  contacts: ContactView[];
  contactsTotal: number;
  query: string;
  groups: { groupId: string; count: number }[];
  /** Selected recipients, by number (E.164). */
  selected: Record<string, ContactView>;
  setTab(tab: MessagingTab): void;
  loadSettings(): Promise<void>;
  saveSettings(change: { defaultCountry: string | null; senderId: string | null }): Promise<Outcome<null>>;
  search(query: string): Promise<void>;
  loadMoreContacts(): Promise<void>;
  refreshGroups(): Promise<void>;
  addContact(draft: ContactDraft): Promise<Outcome<{ contact: ContactView; result: ResultFields }>>;
  toggleSelected(contact: ContactView): void;
  selectMany(contacts: readonly ContactView[], on: boolean): void;
  clearSelection(): void;
  createEvent(input: CalendarEventInput): Promise<Outcome<CalendarResult>>;
  send(arg: RequestArg<'messaging.send'>): Promise<Outcome<MessageSent>>;
  /** Streams an MMS file to main in chunks; resolves with its id there. */
  stageMms(file: File, onProgress: (sent: number) => void): Promise<Outcome<string>>;
  discardMms(mmsId: string): void;
  reset(): void;
}

async function attempt<T>(work: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (err) {
    return { ok: false, error: asAppError(err) };
  }
}

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}

export const useMessaging = create<MessagingState>()((set, get) => ({
  tab: 'Contacts',
  settings: null,
  contacts: [],
  contactsTotal: 0,
  query: '',
  groups: [],
  selected: {},

  setTab: (tab) => set({ tab }),

  async loadSettings() {
    try {
      set({ settings: await invoke('messaging.settings') });
    } catch (err) {
      showError('Reading the messaging settings', err);
    }
  },

  async saveSettings(change) {
    const workspaceId = get().settings?.workspaceId;
    if (!workspaceId)
      return { ok: false, error: appError('client.internal', 'The messaging settings are not read yet.') };
    const outcome = await attempt(() => invoke('settings.updateWorkspace', { workspaceId, ...change }));
    if (outcome.ok) await get().loadSettings();
    return outcome.ok ? { ok: true, value: null } : outcome;
  },

  async search(query) {
    set({ query });
    try {
      const page = await invoke('messaging.contacts', { query: query || undefined, limit: CONTACTS_PAGE });
      // A slower answer to an older query must not replace a newer one.
      if (get().query === query) set({ contacts: page.items, contactsTotal: page.total });
    } catch (err) {
      showError('Searching the contacts', err);
    }
  },

  async loadMoreContacts() {
    const { query, contacts } = get();
    try {
      const page = await invoke('messaging.contacts', {
        query: query || undefined,
        limit: CONTACTS_PAGE,
        offset: contacts.length,
      });
      set((s) => ({ contacts: [...s.contacts, ...page.items], contactsTotal: page.total }));
    } catch (err) {
      showError('Reading more contacts', err);
    }
  },

  async refreshGroups() {
    try {
      set({ groups: await invoke('messaging.groups') });
    } catch {
      // The group list is a convenience: the field still takes a typed group.
    }
  },

  async addContact(draft) {
    const outcome = await attempt(() => invoke('messaging.addContact', draft));
    if (outcome.ok) {
      void get().search(get().query);
      void get().refreshGroups();
    }
    return outcome;
  },

  toggleSelected(contact) {
    set((s) => {
      const selected = { ...s.selected };
      if (selected[contact.number]) delete selected[contact.number];
      else selected[contact.number] = contact;
      return { selected };
    });
  },

  selectMany(contacts, on) {
    set((s) => {
      const selected = { ...s.selected };
      for (const contact of contacts) {
        if (on) selected[contact.number] = contact;
        else delete selected[contact.number];
      }
      return { selected };
    });
  },

  clearSelection: () => set({ selected: {} }),

  createEvent: (input) => attempt(() => invoke('messaging.createEvent', input)),

  send: (arg) => attempt(() => invoke('messaging.send', arg)),

  async stageMms(file, onProgress) {
    return attempt(async () => {
      const { mmsId } = await invoke('messaging.mmsBegin', { filename: file.name, sizeBytes: file.size });
      try {
        for (let offset = 0; offset < file.size; offset += MMS_CHUNK_MAX_BYTES) {
          const chunk = new Uint8Array(await file.slice(offset, offset + MMS_CHUNK_MAX_BYTES).arrayBuffer());
          const { receivedBytes } = await invoke('messaging.mmsChunk', { mmsId, offset, data: base64(chunk) });
          onProgress(receivedBytes);
        }
        return mmsId;
      } catch (err) {
        void invoke('messaging.mmsDiscard', { mmsId }).catch(() => undefined);
        throw err;
      }
    });
  },

  discardMms(mmsId) {
    void invoke('messaging.mmsDiscard', { mmsId }).catch(() => undefined);
  },

  reset: () => set({ settings: null, contacts: [], contactsTotal: 0, query: '', groups: [], selected: {} }),
}));
