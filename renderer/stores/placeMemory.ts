// Where the user was, kept across a reload or a restart: the screen shown and each project's
// timeline zoom (the open project is currentProjectStore's own). Each is saved in the
// preferences as it changes and put back once both the preferences and what it belongs to
// are there. The undo history is not kept: it is the session's. Imported once, by App.
import { zoomKey } from '../../shared/ipc/preferencesView.ts';
import { MAX_PX_PER_MS } from '../model/timeline/timelineGeometry.ts';
import { useNavigation } from './navigationStore.ts';
import { usePreferences } from './preferencesStore.ts';
import { useTimeline } from './timelineStore.ts';
import { useTimelineView } from './timelineViewStore.ts';
import { useWorkspace } from './workspaceStore.ts';

/** The screen the app opened on: the saved one replaces it only while the user has not moved. */
const openedOn = useNavigation.getState().screen;
let userMoved = false;

useNavigation.subscribe((s, prev) => {
  if (s.screen === prev.screen) return;
  userMoved = true;
  usePreferences.getState().saveScreen(s.screen);
});

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
  if (!s.loaded || prev.loaded) return;
  const { screen } = s;
  if (screen && !userMoved && useNavigation.getState().screen === openedOn) {
    useNavigation.getState().go(screen);
    userMoved = false;
  }
  restoreZoom();
});

useTimeline.subscribe((s, prev) => {
  if (s.status === 'ready' && (prev.status !== 'ready' || prev.projectId !== s.projectId)) restoreZoom();
});

useTimelineView.subscribe((s, prev) => {
  if (s.pxPerMs === prev.pxPerMs) return;
  const key = shownZoomKey();
  if (key !== null) usePreferences.getState().saveZoom(key, s.pxPerMs);
});
