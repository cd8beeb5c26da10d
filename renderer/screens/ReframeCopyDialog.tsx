// "Make a copy in another shape…": a new project in 9:16, 1:1, 4:5 or 16:9 holding a copy of
// this project's timeline (every video clip filling the new frame) and its media attached,
// not uploaded again (POST /projects with fromProjectId). The original is not changed. The
// copy becomes the current project and its timeline opens.
import { useState, type FormEvent } from 'react';
import type { Project } from '../../shared/api/createTypes.ts';
import { CREATE_LIMITS, tooLong } from '../../shared/limits.ts';
import { Button } from '../components/Button.tsx';
import { Dialog } from '../components/Dialog.tsx';
import { Field } from '../components/Field.tsx';
import { useCurrentProject } from '../stores/currentProjectStore.ts';
import { useNavigation } from '../stores/navigationStore.ts';
import { useProjects } from '../stores/projectsStore.ts';
import { otherShape, ShapeChoice, type ReframeShape } from './ShapeChoice.tsx';

export function ReframeCopyDialog({ project, onClose }: { project: Project; onClose: () => void }) {
  const creating = useProjects((s) => s.creating);
  const first = otherShape(project.aspectRatio);
  const [ratio, setRatio] = useState<ReframeShape>(first);
  const [name, setName] = useState(`${project.name} (${first})`);
  const [named, setNamed] = useState(false);
  const problem =
    name.trim() === '' ? 'Give the copy a name.' : tooLong('The name', name, CREATE_LIMITS.projectName.max);

  function choose(next: ReframeShape) {
    setRatio(next);
    // The suggested name follows the shape until the user types one.
    if (!named) setName(`${project.name} (${next})`);
  }

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (problem) return;
    const copy = await useProjects.getState().create(name.trim(), ratio, project.id);
    if (!copy) return;
    onClose();
    useCurrentProject.getState().choose(copy.id);
    useNavigation.getState().go('Timeline');
  }

  return (
    <Dialog
      title={`Copy ${project.name} in another shape`}
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" disabled={creating || problem !== null} onClick={() => void submit()}>
            Make the copy
          </Button>
        </>
      }
    >
      <form className="projects-reframe" onSubmit={(event) => void submit(event)}>
        <p>
          The copy holds this project’s timeline and uses its media (nothing is uploaded again); every video clip fills
          the new frame. {project.name} stays as it is.
        </p>
        <ShapeChoice current={project.aspectRatio} value={ratio} onChange={choose} />
        <Field label="Name of the copy" error={problem}>
          {(control) => (
            <input
              {...control}
              value={name}
              onChange={(event) => {
                setNamed(true);
                setName(event.target.value);
              }}
            />
          )}
        </Field>
        <button type="submit" hidden />
      </form>
    </Dialog>
  );
}
