// The Timeline screen: pick a project, then its media, the preview player, the tracks and
// the inspector around one keyboard handler (shortcuts listed in the help panel), with
// the review of an edit that did not apply on top of it all.
import { useEffect, useState, type KeyboardEvent } from 'react';
import { useProjects } from '../../stores/projectsStore.ts';
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

function ProjectPicker() {
  const projects = useProjects((s) => s.items);
  const loaded = useProjects((s) => s.loaded);
  const loadFirst = useProjects((s) => s.loadFirst);
  const projectId = useTimeline((s) => s.projectId);
  const open = useTimeline((s) => s.open);
  // Read afresh on arrival: a project may have been made elsewhere meanwhile.
  useEffect(() => void loadFirst(), [loadFirst]);
  useEffect(() => {
    if (projectId === null && projects[0]) void open(projects[0].id);
  }, [projectId, projects, open]);
  return (
    <label className="tl-field tl-field-inline">
      <span>Project</span>
      <select
        aria-label="Project"
        value={projectId ?? ''}
        onChange={(e) => void open(Number(e.target.value))}
        disabled={projects.length === 0}
      >
        {projectId === null && <option value="">{loaded ? 'No projects yet' : 'Reading projects…'}</option>}
        {projects.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
    </label>
  );
}

export function TimelineScreen() {
  const status = useTimeline((s) => s.status);
  const loadError = useTimeline((s) => s.loadError);
  const review = useTimeline((s) => s.review);
  const [help, setHelp] = useState(false);
  usePlayback();

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
        <ProjectPicker />
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
