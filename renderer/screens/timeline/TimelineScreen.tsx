// The Timeline screen: the current project's media, the monitor (the live picture under the
// playhead), the render preview, the tracks and the inspector (laid out by EditorLayout),
// with its shortcuts in the app's keymap (listed in the help panel) and the review of an
// edit that did not apply on top of it all.
import { useEffect, useState, type PointerEvent } from 'react';
import '../../stores/zoomMemory.ts';
import { useUndoMemory } from '../../stores/undoMemory.ts';
import { isTextField, useShortcuts } from '../../keymap/keymap.ts';
import { ShortcutHelp } from '../../keymap/ShortcutHelp.tsx';
import { useCurrentProject } from '../../stores/currentProjectStore.ts';
import { useNavigation } from '../../stores/navigationStore.ts';
import { useTimeline } from '../../stores/timelineStore.ts';
import { useProduction } from '../../stores/productionStore.ts';
import { Clapperboard } from 'lucide-react';
import { Button } from '../../components/Button.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ErrorDetails } from '../../components/ErrorDetails.tsx';
import { aspectOf } from '../../preview/frameGeometry.ts';
import { EditorLayout } from './EditorLayout.tsx';
import { ConflictReview } from './ConflictReview.tsx';
import { StaleHistoryNotice } from './StaleHistoryReview.tsx';
import { EditStatus } from './EditStatus.tsx';
import { Inspector } from './Inspector.tsx';
import { MediaBin } from './MediaBin.tsx';
import { Monitor, useAspectRatio } from './Monitor.tsx';
import { PreviewPlayer } from './PreviewPlayer.tsx';
import { TIMELINE_SHORTCUTS } from './shortcuts.ts';
import { TimelinePanel } from './TimelinePanel.tsx';
import { TimelineToolbar } from './TimelineToolbar.tsx';
import { ProductionDock } from '../production/ProductionDock.tsx';
import { FindingsLane } from '../production/FindingsLane.tsx';
import './timeline.css';

const HELP_HINT =
  'Drag a clip to move it, drag its edges to trim; Alt while dragging turns snapping off. Ctrl+wheel zooms around the pointer.';

export function TimelineScreen() {
  const status = useTimeline((s) => s.status);
  const loadError = useTimeline((s) => s.loadError);
  const review = useTimeline((s) => s.review);
  const staleHistory = useUndoMemory((s) => s.stale);
  const projectId = useCurrentProject((s) => s.projectId);
  const open = useTimeline((s) => s.open);
  const [largeMonitor, setLargeMonitor] = useState(false);
  const dockOpen = useProduction((s) => s.dockOpen);
  const tallFrame = aspectOf(useAspectRatio()) < 1;
  useShortcuts(TIMELINE_SHORTCUTS);

  useEffect(() => {
    // The timeline follows the project chosen in the chrome.
    if (projectId !== null) void open(projectId);
  }, [projectId, open]);

  /**
   * A click anywhere in the editor that is not in a field ends typing in the field that had
   * the focus (a drag on the tracks keeps the focus where it was), so the shortcuts work
   * after it: the timecode field no longer takes Space or Ctrl+Z.
   */
  function onPointerDownCapture(event: PointerEvent<HTMLElement>) {
    const active = document.activeElement;
    const target = event.target as Element;
    if (isTextField(active) && !active!.contains(target) && !isTextField(target) && !target.closest('label'))
      (active as HTMLElement).blur();
  }

  return (
    <section className="screen tl-screen" aria-labelledby="screen-title" onPointerDownCapture={onPointerDownCapture}>
      {/* The tools share the title's row: the height is the monitor's. */}
      <header className="tl-header">
        <h1 id="screen-title">Timeline</h1>
        {status === 'ready' && <TimelineToolbar />}
        <EditStatus />
      </header>
      {status === 'error' && loadError && (
        <ErrorDetails
          title="The timeline could not be read"
          error={loadError}
          actions={<Button onClick={() => void useTimeline.getState().reload()}>Try again</Button>}
        />
      )}
      {projectId === null && (
        <EmptyState
          icon={Clapperboard}
          title="No project chosen"
          action={<Button onClick={() => useNavigation.getState().go('Projects')}>Create a project</Button>}
        >
          Choose a project at the top of the window to edit its timeline.
        </EmptyState>
      )}
      {status === 'loading' && (
        <p role="status" className="tl-hint">
          Reading the timeline…
        </p>
      )}
      {status === 'ready' && (
        <>
          {!review && staleHistory && <StaleHistoryNotice stale={staleHistory} />}
          <EditorLayout
            largeMonitor={largeMonitor}
            tallFrame={tallFrame}
            bin={<MediaBin />}
            monitor={
              <div className="tl-monitor-column">
                <Monitor large={largeMonitor} onToggleLarge={() => setLargeMonitor(!largeMonitor)} />
                <PreviewPlayer />
              </div>
            }
            inspector={<Inspector />}
            tracks={
              <>
                <TimelinePanel />
                <FindingsLane />
              </>
            }
            dock={largeMonitor ? null : <ProductionDock />}
            dockOpen={dockOpen && !largeMonitor}
          />
        </>
      )}
      {review && <ConflictReview review={review} />}
      <ShortcutHelp hint={HELP_HINT} />
    </section>
  );
}
