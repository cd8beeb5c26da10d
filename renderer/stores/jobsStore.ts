// The Jobs screen's state: the rows of jobs.overview, kept live by the jobs service's events
// (a job's progress is applied at once; anything new or ended reads the overview again, in
// one read per burst), the screen's filter, and cancelling: work never sent (it leaves the
// journal), or a running job the service can stop (it is refunded).
import { create } from 'zustand';
import type { JobUpdatedEvent } from '../../shared/api/jobEvents.ts';
import type { JobRow } from '../../shared/ipc/jobsView.ts';
import { invoke } from '../client/clipdesk.ts';
import { ALL_JOBS, type JobFilter } from '../model/jobs/jobFilter.ts';
import { showError, useToasts } from './toastStore.ts';
import { hear } from '../client/mainEvents.ts';
import { isActiveWorkspace, onWorkspaceSwitch } from './workspaceStore.ts';

/** A burst of events (a queue draining) is one read. */
const REFRESH_DELAY_MS = 250;

interface JobsState {
  rows: JobRow[];
  /** True once the screen asked for the rows (events then keep them fresh). */
  wanted: boolean;
  loaded: boolean;
  /** The row being cancelled (its key). */
  cancelling: string | null;
  /** Which rows the screen shows (kept while the app runs). */
  filter: JobFilter;
  setFilter(change: Partial<JobFilter>): void;
  /** Asks the service to stop a running job where it offers that (refunded). */
  cancelJob(row: { key: string; kind: string; jobId: string }): Promise<void>;
  load(): Promise<void>;
  /** Reads the rows again soon, while the screen is shown. */
  refreshSoon(): void;
  /** The screen closed: events no longer read the rows (the next visit reads them afresh). */
  leave(): void;
  applyJobUpdate(update: JobUpdatedEvent): void;
  cancel(intentId: string): Promise<void>;
  reset(): void;
}

let refreshTimer: ReturnType<typeof setTimeout> | undefined;
let loadSeq = 0;

function sameJob(row: JobRow, update: JobUpdatedEvent): boolean {
  if (update.intentId !== null && row.intentId === update.intentId) return true;
  return row.jobId === update.id && row.kind === update.kind;
}

export const useJobs = create<JobsState>()((set, get) => ({
  rows: [],
  wanted: false,
  loaded: false,
  cancelling: null,
  filter: ALL_JOBS,

  setFilter: (change) => set((s) => ({ filter: { ...s.filter, ...change } })),

  async cancelJob({ key, kind, jobId }) {
    set({ cancelling: key });
    try {
      const { cancelled } = await invoke('jobs.cancelJob', { kind, jobId });
      if (!cancelled) useToasts.getState().showWarning('Not cancelled', 'The job had already ended: see how it ended.');
      await get().load();
    } catch (err) {
      showError('Cancelling the job', err);
    } finally {
      set({ cancelling: null });
    }
  },

  async load() {
    const seq = ++loadSeq;
    set({ wanted: true });
    try {
      const overview = await invoke('jobs.overview', {});
      // An older read that answers late must not replace a newer one.
      if (seq === loadSeq) set({ rows: overview.rows, loaded: true });
    } catch (err) {
      showError('Reading the jobs', err);
    }
  },

  refreshSoon() {
    if (!get().wanted) return;
    clearTimeout(refreshTimer);
    refreshTimer = setTimeout(() => void get().load(), REFRESH_DELAY_MS);
  },

  leave() {
    clearTimeout(refreshTimer);
    set({ wanted: false });
  },

  applyJobUpdate(update) {
    const rows = get().rows;
    const index = rows.findIndex((row) => sameJob(row, update));
    if (index === -1 || update.terminal || rows[index]!.jobId === null) {
      // A job not shown yet, or one that ended (it moves to Finished): read the rows again.
      get().refreshSoon();
      if (index === -1) return;
    }
    const row = rows[index]!;
    const next: JobRow = {
      ...row,
      jobId: row.jobId ?? update.id,
      state: update.state,
      phase: update.terminal ? 'finished' : 'running',
      progress: update.progress ?? row.progress,
      outputs: update.outputs.length > 0 ? update.outputs : row.outputs,
      error: update.error ? { code: update.error.code, message: update.error.message, requestId: null } : row.error,
      // Heard of at the service: no longer unsent; one that ended cannot be cancelled.
      cancel: update.terminal || row.cancel === 'unsent' ? null : row.cancel,
      costUsd: update.costUsd ?? row.costUsd,
      projectId: row.projectId ?? update.projectId,
      updatedAt: Math.max(row.updatedAt, update.at),
    };
    set({ rows: rows.map((r, i) => (i === index ? next : r)) });
  },

  async cancel(intentId) {
    set({ cancelling: intentId });
    try {
      const { cancelled } = await invoke('jobs.cancelIntent', { intentId });
      if (!cancelled)
        useToasts
          .getState()
          .showWarning('Not cancelled', 'Sending had already begun: the job runs to its end and is charged as usual.');
      await get().load();
    } catch (err) {
      showError('Cancelling the request', err);
    } finally {
      set({ cancelling: null });
    }
  },

  reset() {
    clearTimeout(refreshTimer);
    loadSeq++;
    set({ rows: [], loaded: false });
    if (get().wanted) void get().load();
  },
}));

hear('job.updated', (update) => isActiveWorkspace(update.workspaceId) && useJobs.getState().applyJobUpdate(update));
hear('intent.updated', ({ workspaceId }) => isActiveWorkspace(workspaceId) && useJobs.getState().refreshSoon());
onWorkspaceSwitch(() => useJobs.getState().reset());
