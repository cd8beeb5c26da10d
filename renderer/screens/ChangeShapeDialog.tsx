// "Change shape…": the project itself takes another aspect ratio (PUT …/aspect-ratio, with
// the revision read, as a rename). Its clips keep their properties, so the dialog says what
// happens to them; making a copy in the new shape instead leaves this one as it is.
import { useState, type FormEvent } from 'react';
import type { Project } from '../../shared/api/createTypes.ts';
import { Button } from '../components/Button.tsx';
import { Dialog } from '../components/Dialog.tsx';
import { useProjects } from '../stores/projectsStore.ts';
import { REFRAME_SHAPES } from './ReframeCopyDialog.tsx';

export function ChangeShapeDialog({ project, onClose }: { project: Project; onClose: () => void }) {
  const saving = useProjects((s) => s.reshapingId === project.id);
  const [ratio, setRatio] = useState<string>(REFRAME_SHAPES.find((s) => s.ratio !== project.aspectRatio)!.ratio);

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
        <fieldset className="projects-reframe-shapes">
          <legend>Shape</legend>
          {REFRAME_SHAPES.map((shape) => (
            <label key={shape.ratio}>
              <input
                type="radio"
                name="project-shape"
                value={shape.ratio}
                checked={ratio === shape.ratio}
                onChange={() => setRatio(shape.ratio)}
              />{' '}
              {shape.label}
              {shape.ratio === project.aspectRatio ? ' (its shape now)' : ''}
            </label>
          ))}
        </fieldset>
        <button type="submit" hidden />
      </form>
    </Dialog>
  );
}
