// Each project's timeline zoom, kept across a reload or a restart (placeMemory.ts keeps the
// screen): saved in the preferences as it changes, put back when the project's timeline is
// ready or the preferences arrive. Imported once, by the Timeline screen.
import { zoomKey } from '../../shared/ipc/placeNames.ts';
import { MAX_PX_PER_MS } from '../model/timeline/timelineGeometry.ts';
import { usePreferences } from './preferencesStore.ts';
import { useTimeline } from './timelineStore.ts';
import { useTimelineView } from './timelineViewStore.ts';
import { useWorkspace } from './workspaceStore.ts';

/** The key of the project the timeline shows, when it is ready. */
function shownZoomKey(): string | null {
  const { status, projectId } = useTimeline.getState();
  const workspaceId = useWorkspace.getState().workspace?.id;
  return status === 'ready' && projectId !== null && workspaceId ? zoomKey(workspaceId, projectId) : null;
}

function restoreZoom(): void {
  const key = shownZoomKey();
  const saved = key === null ? undefined : usePreferences.getState().timelineZooms[key];
  // Set as it was rather than through zoomTo, whose lower bound needs the content's length,
  // which may not be measured yet.
  if (saved !== undefined) useTimelineView.setState({ pxPerMs: Math.min(MAX_PX_PER_MS, saved) });
}

usePreferences.subscribe((s, prev) => {
  if (s.loaded && !prev.loaded) restoreZoom();
});
// The workspace is known once app.state answered, which may come after the timeline is drawn.
useWorkspace.subscribe((s, prev) => {
  if (s.workspace && !prev.workspace) restoreZoom();
});

useTimeline.subscribe((s, prev) => {
  if (s.status === 'ready' && (prev.status !== 'ready' || prev.projectId !== s.projectId)) restoreZoom();
});

useTimelineView.subscribe((s, prev) => {
  if (s.pxPerMs === prev.pxPerMs) return;
  const key = shownZoomKey();
  if (key !== null) usePreferences.getState().saveZoom(key, s.pxPerMs);
});

// The screen may open after the timeline and the preferences are already there.
restoreZoom();
