// The monitor showing one of the service's revisions of the timeline (History panel: Preview)
// instead of the timeline being edited, which stays as it is: nothing is edited or sent. The
// preview ends with Back, with a restore, or when another project opens.
import { create } from 'zustand';
import type { Timeline } from '../../shared/timeline/timelineTypes.ts';
import { invoke } from '../client/clipdesk.ts';
import { useTimeline } from './timelineStore.ts';
import { showError } from './toastStore.ts';

interface Previewing {
  readonly projectId: number;
  readonly revision: string;
  readonly timeline: Timeline;
}

interface RevisionPreviewState {
  previewing: Previewing | null;
  /** The revision being read to preview it. */
  loading: string | null;
  show(revision: string): Promise<void>;
  back(): void;
}

export const useRevisionPreview = create<RevisionPreviewState>()((set, get) => ({
  previewing: null,
  loading: null,

  async show(revision) {
    const projectId = useTimeline.getState().projectId;
    if (projectId === null) return;
    set({ loading: revision });
    try {
      const timeline = await invoke('timeline.revision', { projectId, revision });
      if (useTimeline.getState().projectId === projectId && get().loading === revision)
        set({ previewing: { projectId, revision, timeline } });
    } catch (err) {
      showError(`Reading revision ${revision}`, err);
    } finally {
      if (get().loading === revision) set({ loading: null });
    }
  },

  back: () => set({ previewing: null, loading: null }),
}));

/** What the monitor draws: the revision previewed, or else the timeline being edited. */
export function monitorTimeline(): Timeline | null {
  const previewing = useRevisionPreview.getState().previewing;
  const { projectId, timeline } = useTimeline.getState();
  return previewing && previewing.projectId === projectId ? previewing.timeline : timeline;
}

useTimeline.subscribe((s, prev) => {
  if (s.projectId !== prev.projectId && useRevisionPreview.getState().previewing) useRevisionPreview.getState().back();
});
