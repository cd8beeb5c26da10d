// The transcription under way of each asset, as the Transcript tab shows it while it runs
// (issue 26): its job (once the service accepted it), its state, and its words so far, which
// main's poller reads as the service finishes each chunk and carries on job.updated
// (`partial`). It is known from the request made here (its intent) or from the asset's list
// of transcriptions (one left running, e.g. before a restart); it ends with its job.
import { create } from 'zustand';
import type { JobUpdatedEvent } from '../../shared/api/jobEvents.ts';
import type { Transcription, TranscriptionPartial } from '../../shared/production/productionTypes.ts';
import { invoke } from '../client/clipdesk.ts';
import { hear } from '../client/mainEvents.ts';
import { showError, useToasts } from './toastStore.ts';

export interface TranscriptionRun {
  /** The request made here, while the service has not named the job yet. */
  readonly intentId: string | null;
  readonly jobId: string | null;
  readonly state: string;
  readonly partial: TranscriptionPartial | null;
}

interface TranscriptionRunsState {
  runs: Readonly<Record<number, TranscriptionRun>>;
  cancelling: Readonly<Record<number, boolean>>;
  /** A transcription of `assetId` was asked for here. */
  asked(assetId: number, intentId: string): void;
  /** The asset's newest transcription, as its list showed it: followed while unfinished. */
  listed(assetId: number, transcription: Transcription | null): void;
  cancel(assetId: number): Promise<void>;
  reset(): void;
}

const unfinished = (state: string) => state === 'queued' || state === 'running';

function without<T>(record: Readonly<Record<number, T>>, key: number): Record<number, T> {
  const next = { ...record };
  delete next[key];
  return next;
}

export const useTranscriptionRuns = create<TranscriptionRunsState>()((set, get) => {
  function onJob(job: JobUpdatedEvent): void {
    if (job.kind !== 'transcription') return;
    const found = Object.entries(get().runs).find(
      ([, run]) => run.jobId === job.id || (job.intentId !== null && run.intentId === job.intentId),
    );
    if (!found) return;
    const assetId = Number(found[0]);
    if (job.terminal) {
      set((s) => ({ runs: without(s.runs, assetId) }));
      return;
    }
    set((s) => ({
      runs: { ...s.runs, [assetId]: { ...found[1], jobId: job.id, state: job.state, partial: job.partial } },
    }));
  }
  hear('job.updated', onJob);
  // A request that never became a job (cancelled before it was sent, refused) ends its run.
  hear('intent.updated', ({ intent }) => {
    if (intent.state !== 'failed' && intent.state !== 'cancelled') return;
    const found = Object.entries(get().runs).find(([, run]) => run.intentId === intent.id && run.jobId === null);
    if (found) set((s) => ({ runs: without(s.runs, Number(found[0])) }));
  });

  return {
    runs: {},
    cancelling: {},

    asked: (assetId, intentId) =>
      set((s) => ({ runs: { ...s.runs, [assetId]: { intentId, jobId: null, state: 'pending', partial: null } } })),

    listed(assetId, transcription) {
      const known = get().runs[assetId];
      if (transcription && unfinished(transcription.state)) {
        // A newer read of the same job keeps what the events brought, when it is further on.
        const same = known?.jobId === String(transcription.id);
        const partial = transcription.partial ?? null;
        const further = !same || (partial?.chunks.done ?? 0) >= (known.partial?.chunks.done ?? 0);
        set((s) => ({
          runs: {
            ...s.runs,
            [assetId]: {
              intentId: same ? known.intentId : null,
              jobId: String(transcription.id),
              state: transcription.state,
              partial: further ? partial : known.partial,
            },
          },
        }));
      } else if (known && known.jobId !== null && known.jobId === String(transcription?.id)) {
        set((s) => ({ runs: without(s.runs, assetId) }));
      }
    },

    async cancel(assetId) {
      const run = get().runs[assetId];
      if (!run || get().cancelling[assetId]) return;
      set((s) => ({ cancelling: { ...s.cancelling, [assetId]: true } }));
      try {
        const { cancelled } =
          run.jobId !== null
            ? await invoke('jobs.cancelJob', { kind: 'transcription', jobId: run.jobId })
            : run.intentId
              ? await invoke('jobs.cancelIntent', { intentId: run.intentId })
              : { cancelled: false };
        if (!cancelled)
          useToasts
            .getState()
            .showWarning('Not cancelled', 'The transcription had already ended, or was being sent: see how it ended.');
      } catch (err) {
        showError('Cancelling the transcription', err);
      } finally {
        set((s) => ({ cancelling: without(s.cancelling, assetId) }));
      }
    },

    reset: () => set({ runs: {}, cancelling: {} }),
  };
});
