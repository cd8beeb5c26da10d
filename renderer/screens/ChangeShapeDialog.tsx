// "Change shape…": the project itself takes another aspect ratio (PUT …/aspect-ratio, with
// the revision read, as a rename). Its clips keep their properties, so the dialog says what
// happens to them; making a copy in the new shape instead leaves this one as it is.
import { useState, type FormEvent } from 'react';
import type { Project } from '../../shared/api/createTypes.ts';
import { Button } from '../components/Button.tsx';
import { Dialog } from '../components/Dialog.tsx';
import { useProjects } from '../stores/projectsStore.ts';
import { otherShape, ShapeChoice, type ReframeShape } from './ShapeChoice.tsx';

export function ChangeShapeDialog({ project, onClose }: { project: Project; onClose: () => void }) {
  const saving = useProjects((s) => s.reshapingId === project.id);
  const [ratio, setRatio] = useState<ReframeShape>(otherShape(project.aspectRatio));

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (ratio === project.aspectRatio) return onClose();
    if (await useProjects.getState().reshape(project, ratio)) onClose();
  }

  return (
    <Dialog
      title={`Change the shape of ${project.name}`}
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" disabled={saving || ratio === project.aspectRatio} onClick={() => void submit()}>
            Change shape
          </Button>
        </>
      }
    >
      <form className="projects-reframe" onSubmit={(event) => void submit(event)}>
        <p>
          {project.name} becomes {ratio}. Its clips keep their fit, scale, position and crop, so check how they sit in
          the new frame; to keep this project as it is, make a copy in another shape instead.
        </p>
        <ShapeChoice current={project.aspectRatio} value={ratio} onChange={setRatio} />
        <button type="submit" hidden />
      </form>
    </Dialog>
  );
}
