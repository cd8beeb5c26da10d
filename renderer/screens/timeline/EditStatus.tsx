// Whether the user's edits are saved: all saved (and how long the last took), being saved,
// or waiting for the service while offline — with the list of edits still waiting. Where the
// tools leave no room in their row, "All edits saved" is a check mark (timeline.css).
import { Check } from 'lucide-react';
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
      ? 'All edits saved'
      : offline
        ? `${n} ${n === 1 ? 'edit waits' : 'edits wait'} for the service (offline)`
        : `Saving ${n} ${n === 1 ? 'edit' : 'edits'}…`;
  return (
    <div className="tl-edit-status">
      {/* How long the service took is a developer's figure: in the tooltip, so the tools keep one row. */}
      <span
        role="status"
        aria-label="Edit status"
        className={n > 0 ? 'is-pending' : 'is-saved'}
        title={n === 0 && lastAckMs !== null ? `The last edit was acknowledged in ${lastAckMs} ms` : undefined}
      >
        {n === 0 && <Check className="tl-edit-status-icon" size={16} aria-hidden="true" />}
        <span className="tl-edit-status-text">{text}</span>
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
