// One project of the list: made the current project (and its timeline opened), or renamed
// in place (the revision read with it is sent back).
import { useId, useState, type FormEvent } from 'react';
import type { Project } from '../../shared/api/createTypes.ts';
import { CREATE_LIMITS, tooLong } from '../../shared/limits.ts';
import { useCurrentProject } from '../stores/currentProjectStore.ts';
import { useNavigation } from '../stores/navigationStore.ts';
import { useProjects } from '../stores/projectsStore.ts';

export function ProjectItem({ project }: { project: Project }) {
  const renaming = useProjects((s) => s.renamingId === project.id);
  const rename = useProjects((s) => s.rename);
  const current = useCurrentProject((s) => s.projectId === project.id);
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(project.name);
  const id = useId();
  const problem = tooLong('The name', name, CREATE_LIMITS.projectName.max);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (problem) return;
    const wanted = name.trim();
    if (wanted === project.name) return setEditing(false);
    // Closed also on a conflict: the conflict dialog takes over from here.
    await rename(project, wanted);
    setEditing(false);
  }

  if (editing) {
    return (
      <li className="project">
        <form className="rename" aria-label={`Rename ${project.name}`} onSubmit={(e) => void submit(e)}>
          <label htmlFor={`${id}-name`}>New name for {project.name}</label>
          <input
            id={`${id}-name`}
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            autoFocus
            aria-invalid={problem !== null}
            aria-describedby={problem ? `${id}-problem` : undefined}
            onKeyDown={(e) => e.key === 'Escape' && setEditing(false)}
          />
          {problem && (
            <p id={`${id}-problem`} className="form-error" role="alert">
              {problem}
            </p>
          )}
          <button type="submit" disabled={renaming || name.trim() === '' || problem !== null}>
            Save name
          </button>
          <button type="button" onClick={() => setEditing(false)}>
            Cancel
          </button>
        </form>
      </li>
    );
  }

  return (
    <li className={current ? 'project is-current' : 'project'} aria-current={current ? 'true' : undefined}>
      <span className="project-name">{project.name}</span>
      <span className="project-meta">{project.aspectRatio}</span>
      {current && <span className="project-current">Current project</span>}
      <button
        type="button"
        aria-label={`Open ${project.name}`}
        onClick={() => {
          useCurrentProject.getState().choose(project.id);
          useNavigation.getState().go('Timeline');
        }}
      >
        Open
      </button>
      <button
        type="button"
        aria-label={`Rename ${project.name}`}
        onClick={() => {
          setName(project.name);
          setEditing(true);
        }}
      >
        Rename
      </button>
    </li>
  );
}
