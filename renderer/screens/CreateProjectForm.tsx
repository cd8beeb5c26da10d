// Create a project: a name and an aspect ratio. The new project becomes the current one.
import { FolderPlus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../components/Button.tsx';
import { Field } from '../components/Field.tsx';
import { CREATE_LIMITS, tooLong } from '../../shared/limits.ts';
import { useCurrentProject } from '../stores/currentProjectStore.ts';
import { useProjects } from '../stores/projectsStore.ts';

export const ASPECT_RATIOS = ['16:9', '9:16', '1:1', '4:5', '4:3', '21:9'] as const;

export function CreateProjectForm() {
  const creating = useProjects((s) => s.creating);
  const create = useProjects((s) => s.create);
  const [name, setName] = useState('');
  const [aspectRatio, setAspectRatio] = useState<string>('16:9');
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
    <form className="projects-create" aria-label="New project" onSubmit={(e) => void submit(e)}>
      <Field label="Project name" error={problem} className="projects-create-name">
        {(control) => (
          <input
            {...control}
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            autoComplete="off"
            placeholder="Summer trip"
          />
        )}
      </Field>
      <Field label="Aspect ratio">
        {(control) => (
          <select {...control} value={aspectRatio} onChange={(e) => setAspectRatio(e.target.value)}>
            {ASPECT_RATIOS.map((ratio) => (
              <option key={ratio} value={ratio}>
                {ratio}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Button
        type="submit"
        variant="primary"
        icon={FolderPlus}
        disabled={creating || name.trim() === '' || problem !== null}
      >
        Create project
      </Button>
    </form>
  );
}
