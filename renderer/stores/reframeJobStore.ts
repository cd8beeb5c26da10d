// "Follow the subject": the auto reframe job the app started (timeline.reframe), its progress
// from job.updated events, and the timeline read again once its keyframes are written (they are
// a new revision made by the service, not an edit of this window).
import { create } from 'zustand';
import type { AppError } from '../../shared/appError.ts';
import { hear } from '../client/mainEvents.ts';
import { invoke } from '../client/clipdesk.ts';
import { useTimeline } from './timelineStore.ts';
import { showError } from './toastStore.ts';

interface ReframeJobState {
  intentId: string | null;
  state: string | null;
  progress: number | null;
  error: Pick<AppError, 'code' | 'message'> | null;
  start(projectId: number, clipIds: readonly string[]): Promise<void>;
}

export const useReframeJob = create<ReframeJobState>()((set) => ({
  intentId: null,
  state: null,
  progress: null,
  error: null,
  async start(projectId, clipIds) {
    try {
      set({ intentId: null, state: 'pending', progress: null, error: null });
      const intent = await invoke('timeline.reframe', { projectId, clipIds: [...clipIds] });
      set({ intentId: intent.id, state: intent.state, error: intent.lastError });
    } catch (err) {
      set({ state: null });
      showError('Following the subject', err);
    }
  },
}));

hear('job.updated', (job) => {
  if (job.kind !== 'reframe' || !job.intentId || job.intentId !== useReframeJob.getState().intentId) return;
  useReframeJob.setState({ state: job.state, progress: job.progress, error: job.error });
  if (job.state === 'completed') void useTimeline.getState().reload();
});
