// Create a project: a name and an aspect ratio. The new project becomes the current one.
import { useId, useState, type FormEvent } from 'react';
import { CREATE_LIMITS, tooLong } from '../../shared/limits.ts';
import { useCurrentProject } from '../stores/currentProjectStore.ts';
import { useProjects } from '../stores/projectsStore.ts';

export const ASPECT_RATIOS = ['16:9', '9:16', '1:1', '4:5', '4:3', '21:9'] as const;

export function CreateProjectForm() {
  const creating = useProjects((s) => s.creating);
  const create = useProjects((s) => s.create);
  const [name, setName] = useState('');
  const [aspectRatio, setAspectRatio] = useState<string>('16:9');
  const id = useId();
  const problem = tooLong('The name', name, CREATE_LIMITS.projectName.max);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (problem) return;
    const project = await create(name.trim(), aspectRatio);
    if (!project) return;
    setName('');
    useCurrentProject.getState().choose(project.id);
  }

  return (
    <form className="create-project" aria-label="New project" onSubmit={(e) => void submit(e)}>
      <label htmlFor={`${id}-name`}>Project name</label>
      <input
        id={`${id}-name`}
        value={name}
        onChange={(e) => setName(e.target.value)}
        required
        autoComplete="off"
        aria-invalid={problem !== null}
        aria-describedby={problem ? `${id}-problem` : undefined}
      />
      {problem && (
        <p id={`${id}-problem`} className="form-error" role="alert">
          {problem}
        </p>
      )}
      <label htmlFor={`${id}-ratio`}>Aspect ratio</label>
      <select id={`${id}-ratio`} value={aspectRatio} onChange={(e) => setAspectRatio(e.target.value)}>
        {ASPECT_RATIOS.map((ratio) => (
          <option key={ratio} value={ratio}>
            {ratio}
          </option>
        ))}
      </select>
      <button type="submit" disabled={creating || name.trim() === '' || problem !== null}>
        Create project
      </button>
    </form>
  );
}
