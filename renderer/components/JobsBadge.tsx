// The count of work under way (waiting to be sent, or running) on the rail's Jobs entry.
// The number is drawn for the eye and described for a screen reader, so the entry keeps
// its name "Jobs".
import { useConnection } from '../stores/connectionStore.ts';
import './jobsBadge.css';

export const JOBS_BADGE_ID = 'rail-jobs-count';

export function useJobsCount(): number {
  return useConnection((s) => s.pending.openIntents);
}

export function JobsBadge() {
  const count = useJobsCount();
  if (count === 0) return null;
  return (
    <span className="app-rail-badge" aria-hidden="true">
      {count}
    </span>
  );
}

export function JobsBadgeText() {
  const count = useJobsCount();
  return (
    <span id={JOBS_BADGE_ID} hidden>
      {count === 0 ? 'No jobs under way' : count === 1 ? '1 job under way' : `${count} jobs under way`}
    </span>
  );
}
