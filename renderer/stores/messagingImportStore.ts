// A CSV import of contacts: the file read in the page (papaparse), its columns mapped to
// contact fields, a preview with each row checked, then the rows handed to main in ordered
// chunks and sent there row by row (journaled, so stop and resume never add anyone twice).
// Main's import.progress events keep the counts live; the per-row results are read in pages.
import Papa from 'papaparse';
import { create } from 'zustand';
import {
  MESSAGING_CHUNK_ROWS,
  MESSAGING_MAX_ROWS,
  type ContactDraft,
  type ImportRowStateName,
  type ImportRowView,
  type ImportSummary,
} from '../../shared/ipc/messagingViews.ts';
import { invoke } from '../client/clipdesk.ts';
import { guessMapping, type ColumnMapping, type ContactTarget } from '../model/messaging/csvContacts.ts';
import { useMessaging } from './messagingStore.ts';
import { showError } from './toastStore.ts';
import { hear } from '../client/mainEvents.ts';

export type ImportStep = 'choose' | 'map' | 'run';
export type ResultFilter = 'problems' | 'all';

export const RESULTS_PAGE = 100;
const PROBLEM_STATES: ImportRowStateName[] = ['duplicate', 'invalid', 'failed', 'unknown'];

interface ImportState {
  step: ImportStep;
  fileName: string;
  headers: string[];
  rows: string[][];
  mapping: ColumnMapping;
  /** Why the file could not be read. */
  fileError: string | null;
  /** Rows handed to main so far, while they are being handed over. */
  handingOver: { sent: number; total: number } | null;
  summary: ImportSummary | null;
  filter: ResultFilter;
  results: ImportRowView[];
  resultsTotal: number;
  resultsOffset: number;
  /** Imports of this workspace (to resume one cut off by a restart). */
  past: ImportSummary[];
  readFile(file: File): Promise<void>;
  setTarget(column: number, target: ContactTarget): void;
  back(): void;
  start(drafts: ContactDraft[]): Promise<void>;
  stop(): Promise<void>;
  resume(): Promise<void>;
  open(summary: ImportSummary): Promise<void>;
  progress(summary: ImportSummary): void;
  loadResults(filter?: ResultFilter, offset?: number): Promise<void>;
  loadPast(): Promise<void>;
  reset(): void;
}

function parse(file: File): Promise<string[][]> {
  return new Promise((resolve, reject) => {
    Papa.parse<string[]>(file, {
      skipEmptyLines: 'greedy',
      complete: (result) => resolve(result.data),
      error: (error) => reject(error),
    });
  });
}

export const useContactImport = create<ImportState>()((set, get) => ({
  step: 'choose',
  fileName: '',
  headers: [],
  rows: [],
  mapping: [],
  fileError: null,
  handingOver: null,
  summary: null,
  filter: 'problems',
  results: [],
  resultsTotal: 0,
  resultsOffset: 0,
  past: [],

  async readFile(file) {
    set({ fileError: null });
    try {
      const [headers = [], ...rows] = await parse(file);
      if (headers.length === 0 || rows.length === 0) {
        set({ fileError: `${file.name} has no rows under its header line: choose a CSV with a header and contacts.` });
        return;
      }
      if (rows.length > MESSAGING_MAX_ROWS) {
        set({
          fileError: `${file.name} has ${rows.length.toLocaleString('en-US')} rows; an import takes at most ${MESSAGING_MAX_ROWS.toLocaleString('en-US')}: split the file.`,
        });
        return;
      }
      set({
        step: 'map',
        fileName: file.name,
        headers: headers.map((h) => h.trim()),
        rows,
        mapping: guessMapping(headers),
        summary: null,
        results: [],
      });
    } catch (err) {
      set({ fileError: `${file.name} could not be read as CSV: ${(err as Error).message ?? String(err)}` });
    }
  },

  setTarget(column, target) {
    set((s) => ({ mapping: s.mapping.map((t, i) => (i === column ? target : t)) }));
  },

  back: () => set({ step: 'choose', rows: [], headers: [], mapping: [] }),

  async start(drafts) {
    const { fileName } = get();
    set({ handingOver: { sent: 0, total: drafts.length } });
    try {
      let summary = await invoke('messaging.importBegin', { fileName, totalRows: drafts.length });
      for (let at = 0; at < drafts.length; at += MESSAGING_CHUNK_ROWS) {
        summary = await invoke('messaging.importAppend', {
          importId: summary.importId,
          firstRow: at + 1,
          rows: drafts.slice(at, at + MESSAGING_CHUNK_ROWS),
        });
        set({ handingOver: { sent: summary.received, total: drafts.length } });
      }
      summary = await invoke('messaging.importStart', { importId: summary.importId });
      // The file's rows are in main's journal now; the page need not keep them.
      set({ step: 'run', summary, rows: [], results: [], resultsTotal: 0 });
    } catch (err) {
      showError('Importing the contacts', err);
    } finally {
      set({ handingOver: null });
    }
  },

  async stop() {
    const summary = get().summary;
    if (!summary) return;
    try {
      get().progress(await invoke('messaging.importStop', { importId: summary.importId }));
    } catch (err) {
      showError('Stopping the import', err);
    }
  },

  async resume() {
    const summary = get().summary;
    if (!summary) return;
    try {
      get().progress(await invoke('messaging.importStart', { importId: summary.importId }));
    } catch (err) {
      showError('Resuming the import', err);
    }
  },

  async open(summary) {
    set({ step: 'run', summary, fileName: summary.fileName, results: [], resultsTotal: 0 });
    await get().loadResults('problems', 0);
  },

  progress(summary) {
    const current = get().summary;
    if (!current || current.importId !== summary.importId) {
      set((s) => ({ past: s.past.map((p) => (p.importId === summary.importId ? summary : p)) }));
      return;
    }
    set({ summary });
    // Once it stands still, the per-row results are read, and the contact list shows who joined.
    if (summary.state !== 'running') {
      void get().loadResults(get().filter, get().resultsOffset);
      const contacts = useMessaging.getState();
      void contacts.search(contacts.query);
      void contacts.refreshGroups();
    }
  },

  async loadResults(filter = get().filter, offset = 0) {
    const summary = get().summary;
    if (!summary) return;
    try {
      const page = await invoke('messaging.importRows', {
        importId: summary.importId,
        states: filter === 'problems' ? PROBLEM_STATES : undefined,
        offset,
        limit: RESULTS_PAGE,
      });
      set({ filter, results: page.rows, resultsTotal: page.total, resultsOffset: offset });
    } catch (err) {
      showError('Reading the import results', err);
    }
  },

  async loadPast() {
    try {
      set({ past: await invoke('messaging.imports') });
    } catch (err) {
      showError('Reading the imports', err);
    }
  },

  reset: () =>
    set({
      step: 'choose',
      fileName: '',
      headers: [],
      rows: [],
      mapping: [],
      fileError: null,
      summary: null,
      results: [],
      resultsTotal: 0,
      resultsOffset: 0,
    }),
}));

hear('import.progress', (summary) => useContactImport.getState().progress(summary));
