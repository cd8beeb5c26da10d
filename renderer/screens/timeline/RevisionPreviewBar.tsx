// Above the monitor while it shows a revision from the History panel instead of the timeline
// being edited: says which, and offers to restore it (one new edit) or go back to the
// timeline. The timeline itself is untouched while the revision is previewed.
import { RotateCcw, Undo2 } from 'lucide-react';
import { Button } from '../../components/Button.tsx';
import { useRevisionPreview } from '../../stores/revisionPreviewStore.ts';
import { useRevisions } from '../../stores/revisionsStore.ts';
import './revisionPreview.css';

export function RevisionPreviewBar() {
  const previewing = useRevisionPreview((s) => s.previewing);
  const back = useRevisionPreview((s) => s.back);
  const restoring = useRevisions((s) => s.restoring);
  if (!previewing) return null;
  const { revision } = previewing;

  async function restore() {
    await useRevisions.getState().restore(revision);
    back();
  }

  return (
    <div className="tl-revision-bar" role="region" aria-label="Revision preview">
      <p className="tl-revision-bar-text" role="status">
        <strong>Previewing revision {revision}</strong> — the timeline is unchanged.
      </p>
      <Button size="sm" variant="primary" icon={RotateCcw} disabled={restoring !== null} onClick={() => void restore()}>
        {restoring === revision ? 'Restoring…' : `Restore ${revision}`}
      </Button>
      <Button size="sm" icon={Undo2} onClick={back}>
        Back to the timeline
      </Button>
    </div>
  );
}
