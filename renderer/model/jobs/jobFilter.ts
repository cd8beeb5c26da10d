// Which rows the Jobs screen shows: one kind of work, one state, one project. Pure.
import type { JobRow } from '../../../shared/ipc/jobsView.ts';

/** States as the user picks them: "waiting" is work not yet accepted (waiting or being sent). */
export const JOB_STATE_CHOICES = {
  waiting: 'Waiting to be sent',
  running: 'Queued or running',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
} as const;
export type JobStateChoice = keyof typeof JOB_STATE_CHOICES;

export interface JobFilter {
  readonly kind: string | 'all';
  readonly state: JobStateChoice | 'all';
  /** A project's ID, 'none' for work of no known project, or 'all'. */
  readonly project: number | 'none' | 'all';
}

export const ALL_JOBS: JobFilter = { kind: 'all', state: 'all', project: 'all' };

function stateMatches(row: JobRow, state: JobFilter['state']): boolean {
  switch (state) {
    case 'all':
      return true;
    case 'waiting':
      return row.phase === 'waiting' || row.phase === 'sending';
    case 'running':
      return row.phase === 'running';
    default:
      return row.phase === 'finished' && row.state === state;
  }
}

export function filterJobs(rows: readonly JobRow[], filter: JobFilter): JobRow[] {
  return rows.filter(
    (row) =>
      (filter.kind === 'all' || row.kind === filter.kind) &&
      stateMatches(row, filter.state) &&
      (filter.project === 'all' ||
        (filter.project === 'none' ? row.projectId === null : row.projectId === filter.project)),
  );
}
