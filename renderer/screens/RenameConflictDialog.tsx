// A rename that lost a race: both names side by side, and the user chooses which stays.
import { useEffect, useRef } from 'react';
import { useProjects } from '../stores/projectsStore.ts';

export function RenameConflictDialog() {
  const conflict = useProjects((s) => s.conflict);
  const resolve = useProjects((s) => s.resolveConflict);
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => first.current?.focus(), [conflict]);
  if (!conflict) return null;

  return (
    <div
      className="dialog"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="conflict-title"
      aria-describedby="conflict-text"
    >
      <h2 id="conflict-title">This project was renamed elsewhere</h2>
      <div id="conflict-text">
        <p>Someone changed the name while you were editing it. Which name should it keep?</p>
        <dl>
          <dt>Your name</dt>
          <dd>{conflict.wanted}</dd>
          <dt>Current name</dt>
          <dd>{conflict.current.name}</dd>
        </dl>
      </div>
      <button type="button" ref={first} onClick={() => void resolve('keepMine')}>
        Use my name “{conflict.wanted}”
      </button>
      <button type="button" onClick={() => void resolve('keepCurrent')}>
        Keep “{conflict.current.name}”
      </button>
    </div>
  );
}
