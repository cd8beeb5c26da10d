// A rename that lost a race: both names side by side, and the user chooses which stays.
// Escape keeps the current name (nothing changes).
import { useRef } from 'react';
import { Button } from '../components/Button.tsx';
import { Dialog } from '../components/Dialog.tsx';
import { useProjects } from '../stores/projectsStore.ts';

export function RenameConflictDialog() {
  const conflict = useProjects((s) => s.conflict);
  const resolve = useProjects((s) => s.resolveConflict);
  const mine = useRef<HTMLButtonElement>(null);
  if (!conflict) return null;

  return (
    <Dialog
      role="alertdialog"
      size="sm"
      title="This project was renamed elsewhere"
      descriptionId="conflict-text"
      initialFocus={mine}
      onClose={() => void resolve('keepCurrent')}
      footer={
        <>
          <Button onClick={() => void resolve('keepCurrent')}>Keep “{conflict.current.name}”</Button>
          <Button ref={mine} variant="primary" onClick={() => void resolve('keepMine')}>
            Use my name “{conflict.wanted}”
          </Button>
        </>
      }
    >
      <div id="conflict-text" className="projects-conflict">
        <p>Someone changed the name while you were editing it. Which name should it keep?</p>
        <dl>
          <dt>Your name</dt>
          <dd>{conflict.wanted}</dd>
          <dt>Current name</dt>
          <dd>{conflict.current.name}</dd>
        </dl>
      </div>
    </Dialog>
  );
}
