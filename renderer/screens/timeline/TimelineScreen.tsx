// The Timeline screen: the current project's media, the monitor (the live picture under the
// playhead), the render preview, the tracks and the inspector, with its shortcuts in the app's keymap (listed in the help panel) and the
// review of an edit that did not apply on top of it all.
import { useEffect, useState, type PointerEvent } from 'react';
import { isTextField, useShortcuts } from '../../keymap/keymap.ts';
import { ShortcutHelp } from '../../keymap/ShortcutHelp.tsx';
import { useCurrentProject } from '../../stores/currentProjectStore.ts';
import { useNavigation } from '../../stores/navigationStore.ts';
import { useTimeline } from '../../stores/timelineStore.ts';
import { ConflictReview } from './ConflictReview.tsx';
import { EditStatus } from './EditStatus.tsx';
import { Inspector } from './Inspector.tsx';
import { MediaBin } from './MediaBin.tsx';
import { Monitor } from './Monitor.tsx';
import { PreviewPlayer } from './PreviewPlayer.tsx';
import { TIMELINE_SHORTCUTS } from './shortcuts.ts';
import { TimelinePanel } from './TimelinePanel.tsx';
import { TimelineToolbar } from './TimelineToolbar.tsx';
import { AroundTheTimeline } from '../production/AroundTheTimeline.tsx';
import { FindingsLane } from '../production/FindingsLane.tsx';
import './timeline.css';

const HELP_HINT =
  'Drag a clip to move it, drag its edges to trim; Alt while dragging turns snapping off. Ctrl+wheel zooms around the pointer.';

export function TimelineScreen() {
  const status = useTimeline((s) => s.status);
  const loadError = useTimeline((s) => s.loadError);
  const review = useTimeline((s) => s.review);
  const projectId = useCurrentProject((s) => s.projectId);
  const open = useTimeline((s) => s.open);
  const [largeMonitor, setLargeMonitor] = useState(false);
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
      <header className="tl-header">
        <h1 id="screen-title">Timeline</h1>
        <EditStatus />
      </header>
      {status === 'error' && (
        <div role="alert" className="form-error">
          The timeline could not be read{loadError ? `: ${loadError.message}` : ''}.{' '}
          <button type="button" onClick={() => void useTimeline.getState().reload()}>
            Try again
          </button>
        </div>
      )}
      {projectId === null && (
        <p>
          Choose a project at the top to edit its timeline, or{' '}
          <button type="button" onClick={() => useNavigation.getState().go('Projects')}>
            create a project
          </button>
          .
        </p>
      )}
      {status === 'loading' && <p role="status">Reading the timeline…</p>}
      {status === 'ready' && (
        <>
          <TimelineToolbar />
          <div className={largeMonitor ? 'tl-body tl-body-large-monitor' : 'tl-body'}>
            <MediaBin />
            <div className="tl-center">
              <Monitor large={largeMonitor} onToggleLarge={() => setLargeMonitor(!largeMonitor)} />
              <PreviewPlayer />
              <TimelinePanel />
              <FindingsLane />
            </div>
            <Inspector />
          </div>
          {!largeMonitor && <AroundTheTimeline />}
        </>
      )}
      {review && <ConflictReview review={review} />}
      <ShortcutHelp hint={HELP_HINT} />
    </section>
  );
}
