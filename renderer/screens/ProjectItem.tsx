// One project of the list: made the current project (and its timeline opened), or renamed
// in place (the revision read with it is sent back), copied in another shape, or given
// another shape itself.
import { Clapperboard, Crop, Pencil, RectangleHorizontal } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../components/Button.tsx';
import { Field } from '../components/Field.tsx';
import type { Project } from '../../shared/api/createTypes.ts';
import { CREATE_LIMITS, tooLong } from '../../shared/limits.ts';
import { useCurrentProject } from '../stores/currentProjectStore.ts';
import { useNavigation } from '../stores/navigationStore.ts';
import { useProjects } from '../stores/projectsStore.ts';
import { ChangeShapeDialog } from './ChangeShapeDialog.tsx';
import { ReframeCopyDialog } from './ReframeCopyDialog.tsx';

export function ProjectItem({ project }: { project: Project }) {
  const renaming = useProjects((s) => s.renamingId === project.id);
  const rename = useProjects((s) => s.rename);
  const current = useCurrentProject((s) => s.projectId === project.id);
  const [editing, setEditing] = useState(false);
  const [copying, setCopying] = useState(false);
  const [reshaping, setReshaping] = useState(false);
  const [name, setName] = useState(project.name);
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
      <li className="projects-item is-editing">
        <form className="projects-rename" aria-label={`Rename ${project.name}`} onSubmit={(e) => void submit(e)}>
          <Field label={`New name for ${project.name}`} error={problem} className="projects-rename-field">
            {(control) => (
              <input
                {...control}
                value={name}
                onChange={(e) => setName(e.target.value)}
                required
                autoFocus
                onKeyDown={(e) => e.key === 'Escape' && setEditing(false)}
              />
            )}
          </Field>
          <Button type="submit" variant="primary" disabled={renaming || name.trim() === '' || problem !== null}>
            Save name
          </Button>
          <Button onClick={() => setEditing(false)}>Cancel</Button>
        </form>
      </li>
    );
  }

  const [w, h] = project.aspectRatio.split(':').map(Number);
  return (
    <li className={current ? 'projects-item is-current' : 'projects-item'} aria-current={current ? 'true' : undefined}>
      <span className="projects-frame" aria-hidden="true">
        <span
          className={`projects-frame-shape ${(w ?? 1) >= (h ?? 1) ? 'is-wide' : 'is-tall'}`}
          style={{ aspectRatio: w && h ? `${w} / ${h}` : undefined }}
        />
      </span>
      <span className="projects-name">{project.name}</span>
      <span className="projects-meta">{project.aspectRatio}</span>
      {current && <span className="projects-current">Current project</span>}
      <span className="projects-actions">
        <Button
          size="sm"
          icon={Clapperboard}
          aria-label={`Open ${project.name}`}
          onClick={() => {
            useCurrentProject.getState().choose(project.id);
            useNavigation.getState().go('Timeline');
          }}
        >
          Open
        </Button>
        <Button
          size="sm"
          variant="ghost"
          icon={Pencil}
          aria-label={`Rename ${project.name}`}
          onClick={() => {
            setName(project.name);
            setEditing(true);
          }}
        >
          Rename
        </Button>
        <Button
          size="sm"
          variant="ghost"
          icon={Crop}
          aria-label={`Copy in another shape… ${project.name}`}
          onClick={() => setCopying(true)}
        >
          Copy in another shape…
        </Button>
        <Button
          size="sm"
          variant="ghost"
          icon={RectangleHorizontal}
          aria-label={`Change shape… ${project.name}`}
          onClick={() => setReshaping(true)}
        >
          Change shape…
        </Button>
      </span>
      {copying && <ReframeCopyDialog project={project} onClose={() => setCopying(false)} />}
      {reshaping && <ChangeShapeDialog project={project} onClose={() => setReshaping(false)} />}
    </li>
  );
}
