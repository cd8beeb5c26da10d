// The Timeline screen: the current project's media, the preview player, the tracks and
// the inspector around one keyboard handler (shortcuts listed in the help panel), with
// the review of an edit that did not apply on top of it all.
import { useEffect, useState, type KeyboardEvent } from 'react';
import { useCurrentProject } from '../../stores/currentProjectStore.ts';
import { useNavigation } from '../../stores/navigationStore.ts';
import { useTimeline } from '../../stores/timelineStore.ts';
import { ConflictReview } from './ConflictReview.tsx';
import { EditStatus } from './EditStatus.tsx';
import { Inspector } from './Inspector.tsx';
import { MediaBin } from './MediaBin.tsx';
import { PreviewPlayer } from './PreviewPlayer.tsx';
import { runShortcut } from './shortcuts.ts';
import { ShortcutHelp } from './ShortcutHelp.tsx';
import { TimelinePanel } from './TimelinePanel.tsx';
import { TimelineToolbar } from './TimelineToolbar.tsx';
import { usePlayback } from './usePlayback.ts';
import { AroundTheTimeline } from '../production/AroundTheTimeline.tsx';
import { FindingsLane } from '../production/FindingsLane.tsx';
import './timeline.css';

const TYPING = new Set(['INPUT', 'SELECT', 'TEXTAREA']);

export function TimelineScreen() {
  const status = useTimeline((s) => s.status);
  const loadError = useTimeline((s) => s.loadError);
  const review = useTimeline((s) => s.review);
  const projectId = useCurrentProject((s) => s.projectId);
  const open = useTimeline((s) => s.open);
  const [help, setHelp] = useState(false);
  usePlayback();

  useEffect(() => {
    // The timeline follows the project chosen in the chrome.
    if (projectId !== null) void open(projectId);
  }, [projectId, open]);

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    const target = event.target as HTMLElement;
    if (review || help || TYPING.has(target.tagName) || target.isContentEditable) return;
    // Space and Enter on a button press the button.
    if (target.tagName === 'BUTTON' && (event.key === ' ' || event.key === 'Enter')) return;
    if (runShortcut(event.nativeEvent, () => setHelp(true))) event.preventDefault();
  }

  return (
    <section className="screen tl-screen" aria-labelledby="screen-title" onKeyDown={onKeyDown}>
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
          Choose a project in the rail to edit its timeline, or{' '}
          <button type="button" onClick={() => useNavigation.getState().go('Projects')}>
            create a project
          </button>
          .
        </p>
      )}
      {status === 'loading' && <p role="status">Reading the timeline…</p>}
      {status === 'ready' && (
        <>
          <TimelineToolbar onHelp={() => setHelp(true)} />
          <div className="tl-body">
            <MediaBin />
            <div className="tl-center">
              <PreviewPlayer />
              <TimelinePanel />
              <FindingsLane />
            </div>
            <Inspector />
          </div>
          <AroundTheTimeline />
        </>
      )}
      {review && <ConflictReview review={review} />}
      {help && <ShortcutHelp onClose={() => setHelp(false)} />}
    </section>
  );
}
