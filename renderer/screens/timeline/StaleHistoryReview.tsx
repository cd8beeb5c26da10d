// The review of an undo history kept from an earlier start that no longer matches the
// timeline (renderer/stores/undoMemory.ts): the timeline moved on without it (another client
// edited it, or an edit was dropped). As with a failed edit (ConflictReview), what changed
// meanwhile is shown and the user decides: keep the steps that still apply on the latest
// timeline, or drop them. Undo waits until then. Unlike a failed edit, an old history does not
// stop the user working: a notice above the timeline offers the review.
import { useRef } from 'react';
import './staleHistory.css';
import { clipsTouched } from '../../../shared/timeline/timelineDiff.ts';
import { useUndoMemory, type StaleHistory } from '../../stores/undoMemory.ts';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { ChangesMeanwhile, useClipName } from './ConflictReview.tsx';

export function StaleHistoryNotice({ stale }: { stale: StaleHistory }) {
  const review = useUndoMemory((s) => s.review);
  const drop = useUndoMemory((s) => s.drop);
  const steps = stale.stack.undo.length + stale.stack.redo.length;
  return (
    <div className="tl-stale-history" role="region" aria-label="Undo history from the last start">
      <p>
        {`Your undo history from the last start (${steps} ${steps === 1 ? 'step' : 'steps'}) was made on ${stale.stack.revision}; the timeline is now at ${stale.current.revision}. Undo waits until you review it.`}
      </p>
      <Button size="sm" variant="primary" onClick={() => review(true)}>
        Review the undo history
      </Button>
      <Button size="sm" onClick={drop}>
        Drop it
      </Button>
      {stale.reviewing && <StaleHistoryReview stale={stale} />}
    </div>
  );
}

function StaleHistoryReview({ stale }: { stale: StaleHistory }) {
  const keep = useUndoMemory((s) => s.keep);
  const drop = useUndoMemory((s) => s.drop);
  const first = useRef<HTMLButtonElement>(null);
  const name = useClipName([stale.current, stale.edited]);
  const { undo, redo } = stale.stack;
  const steps = [...undo, ...redo];
  const mine = clipsTouched(steps.flatMap((s) => [...s.undo, ...s.redo]));
  const count = `${steps.length} ${steps.length === 1 ? 'step' : 'steps'}`;

  return (
    <Dialog
      role="alertdialog"
      size="lg"
      className="tl-review"
      title="Your undo history is from an older timeline"
      descriptionId="tl-stale-why"
      initialFocus={first}
      // Escape closes it undecided: the notice stays and offers it again.
      onClose={() => useUndoMemory.getState().review(false)}
      footer={
        <>
          <Button disabled={stale.busy} onClick={drop}>
            Drop the {count}
          </Button>
          <Button ref={first} variant="primary" disabled={stale.busy} onClick={keep}>
            {steps.length === 1 ? 'Keep the step if it still applies' : `Keep the ${count} that still apply`}
          </Button>
        </>
      }
    >
      <p id="tl-stale-why">
        {`The undo history kept from the last start was made on ${stale.stack.revision}; the timeline is now at ${stale.current.revision}. Undoing a step on a timeline someone else changed may undo their work too: compare, then keep the steps (those that no longer apply are dropped) or drop them.`}
      </p>
      <div className="tl-review-columns">
        <section aria-labelledby="tl-stale-mine">
          <h3 id="tl-stale-mine">Your {count}</h3>
          <ol>
            {[...undo].reverse().map((step) => (
              <li key={step.id}>
                Undo: <strong>{step.label}</strong>
              </li>
            ))}
            {[...redo].reverse().map((step) => (
              <li key={step.id}>
                Redo: <strong>{step.label}</strong>
              </li>
            ))}
          </ol>
        </section>
        <section aria-labelledby="tl-stale-theirs">
          <h3 id="tl-stale-theirs">What changed meanwhile</h3>
          <ChangesMeanwhile
            diff={stale.diff}
            busy={stale.busy}
            known={stale.edited !== null}
            mine={mine}
            name={name}
            unknown={`The service no longer has ${stale.stack.revision}, so the changes since then cannot be listed; the latest timeline is shown behind this dialog.`}
          />
        </section>
      </div>
    </Dialog>
  );
}
