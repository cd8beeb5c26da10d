// Whether the user's edits are saved: all saved (and how long the last took), being saved,
// or waiting for the service while offline — with the list of edits still waiting.
import { useConnection } from '../../stores/connectionStore.ts';
import { useTimeline } from '../../stores/timelineStore.ts';

const STATE_WORDS = {
  submitting: 'saving',
  queued: 'waiting',
  sending: 'sending',
  retrying: 'retrying',
  acked: 'saved',
  conflict: 'conflict',
  rejected: 'refused',
  cancelled: 'cancelled',
} as const;

export function EditStatus() {
  const pending = useTimeline((s) => s.pending);
  const lastAckMs = useTimeline((s) => s.lastAckMs);
  const offline = useConnection((s) => s.connection?.state === 'offline');
  const n = pending.length;
  const text =
    n === 0
      ? `All edits saved${lastAckMs !== null ? ` (last in ${lastAckMs} ms)` : ''}`
      : offline
        ? `${n} ${n === 1 ? 'edit waits' : 'edits wait'} for the service (offline)`
        : `Saving ${n} ${n === 1 ? 'edit' : 'edits'}…`;
  return (
    <div className="tl-edit-status">
      <span role="status" aria-label="Edit status" className={n > 0 ? 'is-pending' : 'is-saved'}>
        {text}
      </span>
      {n > 0 && (
        <details className="tl-pending">
          <summary>Pending edits</summary>
          <ol aria-label="Pending edits">
            {pending.map((edit) => (
              <li key={edit.localId}>
                {edit.label} — {STATE_WORDS[edit.state]}
                {edit.error && edit.state === 'retrying' && <span className="tl-hint"> ({edit.error.message})</span>}
              </li>
            ))}
          </ol>
        </details>
      )}
    </div>
  );
}
