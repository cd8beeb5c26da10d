// The current project, in the chrome on every screen: choosing it here changes it for
// Media, Generate, the Timeline and every paid action. The list is read afresh when the
// user reaches for it (a project made elsewhere shows); with none yet, a way to make one.
import { useEffect, useId } from 'react';
import { useCurrentProject } from '../stores/currentProjectStore.ts';
import { useNavigation } from '../stores/navigationStore.ts';
import { useProjects } from '../stores/projectsStore.ts';
import './projectSwitcher.css';

export function ProjectSwitcher() {
  const items = useProjects((s) => s.items);
  const loaded = useProjects((s) => s.loaded);
  const loadFirst = useProjects((s) => s.loadFirst);
  const projectId = useCurrentProject((s) => s.projectId);
  const project = useCurrentProject((s) => s.project);
  const choose = useCurrentProject((s) => s.choose);
  const go = useNavigation((s) => s.go);
  const screen = useNavigation((s) => s.screen);
  const id = useId();

  useEffect(() => {
    // Read afresh on each screen: a project may have been made elsewhere meanwhile.
    void loadFirst();
  }, [screen, loadFirst]);

  useEffect(() => {
    // The remembered project (or the newest) once the list is read, and its name as it changes.
    useCurrentProject.getState().chooseDefault();
  }, [loaded, items, projectId]);

  if (loaded && items.length === 0 && projectId === null) {
    return (
      <div className="project-switcher">
        <span className="project-switcher-empty">No project yet</span>
        <button type="button" onClick={() => go('Projects')}>
          Create a project
        </button>
      </div>
    );
  }
  const listed = items.some((p) => p.id === projectId);
  return (
    <div className="project-switcher">
      <label htmlFor={id}>Project</label>
      <select
        id={id}
        value={projectId ?? ''}
        disabled={!loaded && projectId === null}
        title={project?.name}
        // A project made elsewhere (another screen, another app) is listed when the user looks.
        onFocus={() => void loadFirst()}
        onChange={(e) => choose(Number(e.target.value))}
      >
        {projectId === null && <option value="">{loaded ? 'Choose a project' : 'Reading projects…'}</option>}
        {projectId !== null && !listed && <option value={projectId}>{project?.name ?? `Project #${projectId}`}</option>}
        {items.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
    </div>
  );
}
