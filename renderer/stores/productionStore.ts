// What the panels around the timeline know of the media on it: the clip they work on, and
// for each asset its latest transcription, review and finish, and for each transcription
// its speech edits (read from the service, so they survive a restart), the text models and
// their prices, and the proposals already applied here. Asking for new work journals it in
// main (productionJobsStore follows it); when it completes, what it made is read again.
import { create } from 'zustand';
import type { Model } from '../../shared/api/createTypes.ts';
import type { IntentSummary } from '../../shared/api/jobEvents.ts';
import type {
  Finish,
  Review,
  ReviewAspect,
  SpeechEdit,
  SpeechTask,
  Transcription,
} from '../../shared/production/productionTypes.ts';
import type { Transcripts } from '../../shared/transcript/timelineTranscript.ts';
import { invoke } from '../client/clipdesk.ts';
import { useProductionJobs } from './productionJobsStore.ts';
import { useTranscriptionRuns } from './transcriptionRunsStore.ts';
import { showError } from './toastStore.ts';

export const PRODUCTION_TABS = ['Transcript', 'Speech edits', 'Review', 'Finishing', 'Templates', 'History'] as const;
export type ProductionTab = (typeof PRODUCTION_TABS)[number];

/** Work asked for, by what it is about: e.g. "transcription:12" → its intent. */
type WorkKey = `${'transcription' | 'review' | 'finish'}:${number}` | `speech-edit:${number}`;

interface ProductionState {
  tab: ProductionTab;
  /** Whether the dock under the timeline shows its panels (the Timeline screen sizes around it). */
  dockOpen: boolean;
  setDockOpen(open: boolean): void;
  /** The media clip the panels work on (the timeline's selection, or the user's choice). */
  clipId: string | null;
  transcriptions: Readonly<Record<number, Transcription | null>>;
  reviews: Readonly<Record<number, Review | null>>;
  finishes: Readonly<Record<number, Finish | null>>;
  speechEdits: Readonly<Record<number, SpeechEdit[]>>;
  textModels: Model[] | null;
  /** The intent of the latest work asked for from here, by what it is about. */
  asked: Readonly<Partial<Record<WorkKey, string>>>;
  /** `${speechEditId}:${proposalId}` of proposals applied to the timeline from here. */
  applied: ReadonlySet<string>;
  /** The export last sent from the export dialog, followed until it can be downloaded. */
  exportIntent: string | undefined;
  setExportIntent(intentId: string): void;
  setTab(tab: ProductionTab): void;
  chooseClip(clipId: string | null): void;
  /** Reads what the service holds for an asset (latest transcription, review, finish). */
  loadAsset(assetId: number): Promise<void>;
  /** Reads the latest transcription of each asset not read yet (the transcript editor shows every clip's). */
  loadTranscripts(assetIds: readonly number[]): Promise<void>;
  loadSpeechEdits(transcriptionId: number): Promise<void>;
  loadTextModels(): Promise<void>;
  transcribe(assetId: number, language: string): Promise<void>;
  requestSpeechEdit(transcriptionId: number, task: SpeechTask, modelId: string): Promise<void>;
  review(assetId: number, aspects: ReviewAspect[]): Promise<void>;
  finish(assetId: number, targetLufs: number, truePeakDb: number): Promise<void>;
  markApplied(keys: readonly string[]): void;
  reset(): void;
}

/** The newest of a page, preferring one that completed (a newer failed one does not hide it). */
function latest<T extends { state: string }>(items: readonly T[]): T | null {
  return items.find((i) => i.state === 'completed') ?? items[0] ?? null;
}

/** Assets whose transcripts are being read, so a second render does not read them again. */
const loadingTranscripts = new Set<number>();

const EMPTY = {
  transcriptions: {},
  reviews: {},
  finishes: {},
  speechEdits: {},
  asked: {},
  applied: new Set<string>() as ReadonlySet<string>,
};

export const useProduction = create<ProductionState>()((set, get) => {
  /** Submits work, follows it, and reads what it made once it ends. */
  async function ask(
    key: WorkKey,
    title: string,
    submit: () => Promise<IntentSummary>,
    reread: (jobId: number) => Promise<void>,
  ): Promise<void> {
    const before = get().asked[key];
    // '' marks a request being journaled: a second press meanwhile is the same request.
    if (before === '') return;
    set((s) => ({ asked: { ...s.asked, [key]: '' } }));
    try {
      const intent = await submit();
      set((s) => ({ asked: { ...s.asked, [key]: intent.id } }));
      useProductionJobs.getState().follow(intent, (job) => {
        if (job.state === 'completed') void reread(Number(job.id));
      });
    } catch (err) {
      set((s) => ({ asked: { ...s.asked, [key]: before } }));
      showError(title, err);
    }
  }

  /** A job read from a list that has not ended yet is followed until it does. */
  function followUnfinished(
    kind: string,
    item: { id: number; state: string } | null,
    reread: () => Promise<void>,
  ): void {
    if (item && (item.state === 'queued' || item.state === 'running'))
      useProductionJobs.getState().followJob(kind, item.id, () => void reread());
  }

  async function readOne<T>(title: string, read: () => Promise<T>): Promise<T | null> {
    try {
      return await read();
    } catch (err) {
      showError(title, err);
      return null;
    }
  }

  return {
    tab: 'Transcript',
    dockOpen: true,
    setDockOpen: (dockOpen) => set({ dockOpen }),
    clipId: null,
    textModels: null,
    ...EMPTY,

    exportIntent: undefined,
    setExportIntent: (exportIntent) => set({ exportIntent }),
    setTab: (tab) => set({ tab }),
    chooseClip: (clipId) => set({ clipId }),

    async loadAsset(assetId) {
      try {
        const [transcriptions, reviews, finishes] = await Promise.all([
          invoke('transcriptions.list', { assetId, limit: 10 }),
          invoke('reviews.list', { assetId, limit: 10 }),
          invoke('finishes.list', { assetId, limit: 10 }),
        ]);
        const transcription = latest(transcriptions.items);
        useTranscriptionRuns.getState().listed(assetId, transcriptions.items[0] ?? null);
        const review = latest(reviews.items);
        const finish = latest(finishes.items);
        set((s) => ({
          transcriptions: { ...s.transcriptions, [assetId]: transcription },
          reviews: { ...s.reviews, [assetId]: review },
          finishes: { ...s.finishes, [assetId]: finish },
        }));
        // The newest, even when an older one completed: its end brings the new words.
        followUnfinished('transcription', transcriptions.items[0] ?? null, () => get().loadAsset(assetId));
        followUnfinished('review', review, () => get().loadAsset(assetId));
        followUnfinished('finish', finish, () => get().loadAsset(assetId));
        if (transcription?.state === 'completed') await get().loadSpeechEdits(transcription.id);
      } catch (err) {
        showError('Reading the transcripts and reviews of the clip', err);
      }
    },

    async loadTranscripts(assetIds) {
      const unread = assetIds.filter((id) => !(id in get().transcriptions) && !loadingTranscripts.has(id));
      for (const id of unread) loadingTranscripts.add(id);
      await Promise.all(
        unread.map(async (assetId) => {
          try {
            const page = await invoke('transcriptions.list', { assetId, limit: 10 });
            const transcription = latest(page.items);
            useTranscriptionRuns.getState().listed(assetId, page.items[0] ?? null);
            set((s) => ({ transcriptions: { ...s.transcriptions, [assetId]: transcription } }));
            followUnfinished('transcription', page.items[0] ?? null, () => get().loadAsset(assetId));
          } catch (err) {
            showError('Reading the transcripts of the timeline', err);
          } finally {
            loadingTranscripts.delete(assetId);
          }
        }),
      );
    },

    async loadSpeechEdits(transcriptionId) {
      try {
        const page = await invoke('speech.list', { transcriptionId, limit: 20 });
        set((s) => ({ speechEdits: { ...s.speechEdits, [transcriptionId]: page.items } }));
        for (const edit of page.items)
          followUnfinished('speech-edit', edit, () => get().loadSpeechEdits(transcriptionId));
      } catch (err) {
        showError('Reading the speech edits', err);
      }
    },

    async loadTextModels() {
      try {
        set({ textModels: await invoke('models.list', { kind: 'text' }) });
      } catch (err) {
        showError('Reading the text models and their prices', err);
      }
    },

    transcribe: (assetId, language) =>
      ask(
        `transcription:${assetId}`,
        'Transcribing the clip',
        async () => {
          const intent = await invoke('transcriptions.submit', { assetId, language });
          useTranscriptionRuns.getState().asked(assetId, intent.id);
          return intent;
        },
        async (id) => {
          const transcription = await readOne('Reading the transcript', () => invoke('transcriptions.get', { id }));
          if (transcription) set((s) => ({ transcriptions: { ...s.transcriptions, [assetId]: transcription } }));
        },
      ),

    requestSpeechEdit: (transcriptionId, task, modelId) =>
      ask(
        `speech-edit:${transcriptionId}`,
        'Asking for speech edits',
        () => invoke('speech.submit', { transcriptionId, task, modelId }),
        () => get().loadSpeechEdits(transcriptionId),
      ),

    review: (assetId, aspects) =>
      ask(
        `review:${assetId}`,
        'Reviewing the clip',
        () => invoke('reviews.submit', { assetId, aspects }),
        async (id) => {
          const review = await readOne('Reading the review', () => invoke('reviews.get', { id }));
          if (review) set((s) => ({ reviews: { ...s.reviews, [assetId]: review } }));
        },
      ),

    finish: (assetId, targetLufs, truePeakDb) =>
      ask(
        `finish:${assetId}`,
        'Normalising the audio',
        () => invoke('finishes.submit', { assetId, targetLufs, truePeakDb }),
        async (id) => {
          const finish = await readOne('Reading the finish', () => invoke('finishes.get', { id }));
          if (finish) set((s) => ({ finishes: { ...s.finishes, [assetId]: finish } }));
        },
      ),

    markApplied: (keys) => set((s) => ({ applied: new Set([...s.applied, ...keys]) })),

    reset: () => {
      useTranscriptionRuns.getState().reset();
      set({ clipId: null, ...EMPTY, applied: new Set(), exportIntent: undefined });
    },
  };
});

let transcriptsFor: ProductionState['transcriptions'] | null = null;
let transcriptsMap: Transcripts = new Map();

/** The words of each asset's latest completed transcript, in its own time (the same map while nothing changed). */
export function knownTranscripts(transcriptions = useProduction.getState().transcriptions): Transcripts {
  if (transcriptions !== transcriptsFor) {
    transcriptsFor = transcriptions;
    transcriptsMap = new Map(
      Object.entries(transcriptions).flatMap(([assetId, t]) =>
        t?.state === 'completed' && t.transcript ? [[Number(assetId), t.transcript.words] as const] : [],
      ),
    );
  }
  return transcriptsMap;
}

/** The speech edits of a transcription, newest first (none read yet: empty). */
export const NO_EDITS: SpeechEdit[] = [];
