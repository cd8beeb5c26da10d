// Which project the Media and Generate screens work on: the projects read so far, newest
// first; with none yet, a way to the Projects screen to make one.
import { useEffect, useId } from 'react';
import { useCurrentProject } from '../../stores/currentProjectStore.ts';
import { useNavigation } from '../../stores/navigationStore.ts';
import { useProjects } from '../../stores/projectsStore.ts';

export function ProjectPicker() {
  const items = useProjects((s) => s.items);
  const loaded = useProjects((s) => s.loaded);
  const loadFirst = useProjects((s) => s.loadFirst);
  const projectId = useCurrentProject((s) => s.projectId);
  const choose = useCurrentProject((s) => s.choose);
  const go = useNavigation((s) => s.go);
  const id = useId();

  useEffect(() => {
    if (!loaded) void loadFirst();
  }, [loaded, loadFirst]);

  useEffect(() => {
    // The newest project by default, and again when the chosen one is no longer listed.
    if (loaded && !items.some((p) => p.id === projectId)) choose(items[0]?.id ?? null);
  }, [loaded, items, projectId, choose]);

  if (loaded && items.length === 0) {
    return (
      <p className="picker-empty">
        No projects yet.{' '}
        <button type="button" onClick={() => go('Projects')}>
          Create a project
        </button>
      </p>
    );
  }
  return (
    <span className="picker">
      <label htmlFor={id}>Project</label>
      <select id={id} value={projectId ?? ''} disabled={!loaded} onChange={(e) => choose(Number(e.target.value))}>
        {items.map((project) => (
          <option key={project.id} value={project.id}>
            {project.name}
          </option>
        ))}
      </select>
    </span>
  );
}
