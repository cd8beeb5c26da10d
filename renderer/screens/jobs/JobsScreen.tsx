// Jobs: every piece of the workspace's paid work — waiting to be sent (offline, it says it
// will be sent when the service answers; it can still be cancelled), running (cancelled at
// the service where it allows that), and finished — with its project, state, progress,
// price, request ID and error; filtered by kind, state and project. Timeline edits come as
// one row per run of edits, not one each.
import { CircleX } from 'lucide-react';
import { Button } from '../../components/Button.tsx';
import { useEffect, useMemo } from 'react';
import type { JobPhase, JobRow } from '../../../shared/ipc/jobsView.ts';
import { useConnection } from '../../stores/connectionStore.ts';
import { useJobs } from '../../stores/jobsStore.ts';
import { useProjects } from '../../stores/projectsStore.ts';
import { JobFilters } from './JobFilters.tsx';
import { filterJobs } from '../../model/jobs/jobFilter.ts';
import { dateTimeText } from '../../model/dateTimeText.ts';
import { money, percent, rowStateText, rowTitle } from './jobText.ts';
import { RequestIdCell } from './RequestIdCell.tsx';
import './workTable.css';

const SECTIONS: { phases: JobPhase[]; title: string; label: string; empty: string }[] = [
  {
    phases: ['waiting', 'sending'],
    title: 'Waiting to be sent',
    label: 'Waiting jobs',
    empty: 'Nothing waits: every request reached the service.',
  },
  { phases: ['running'], title: 'Running', label: 'Running jobs', empty: 'No job is running.' },
  { phases: ['finished'], title: 'Finished', label: 'Finished jobs', empty: 'No job has finished yet.' },
];

function Progress({ row }: { row: JobRow }) {
  if (row.phase !== 'running' && row.phase !== 'finished') return <span className="work-muted">—</span>;
  if (row.phase === 'finished') return <span>{row.state === 'completed' ? '100%' : '—'}</span>;
  const label = `Progress of ${rowTitle(row)}`;
  if (row.progress === null) return <progress aria-label={label} />;
  return (
    <span className="work-progress-cell">
      <progress aria-label={label} value={row.progress} max={1} /> {percent(row.progress)}
    </span>
  );
}

function ProjectCell({ projectId }: { projectId: number | null }) {
  const name = useProjects((s) => s.items.find((p) => p.id === projectId)?.name);
  if (projectId === null) return <span className="work-muted">—</span>;
  return <span>{name ?? `Project #${projectId}`}</span>;
}

function CancelButton({ row, title }: { row: JobRow; title: string }) {
  const cancelling = useJobs((s) => s.cancelling === row.key);
  if (row.cancel === 'unsent' && row.intentId) {
    const intentId = row.intentId;
    return (
      <Button
        size="sm"
        icon={CircleX}
        onClick={() => void useJobs.getState().cancel(intentId)}
        disabled={cancelling}
        aria-label={`Cancel ${title}`}
        title="Never sent: nothing is charged"
      >
        Cancel
      </Button>
    );
  }
  if (row.cancel === 'service' && row.jobId) {
    const { key, kind, jobId } = row;
    return (
      <Button
        size="sm"
        icon={CircleX}
        onClick={() => void useJobs.getState().cancelJob({ key, kind, jobId })}
        disabled={cancelling}
        aria-label={`Cancel ${title}`}
        title="The service stops it and refunds what it charged"
      >
        {cancelling ? 'Cancelling…' : 'Cancel'}
      </Button>
    );
  }
  return null;
}

function JobLine({ row, offline }: { row: JobRow; offline: boolean }) {
  const title = rowTitle(row);
  return (
    <tr className={`work-job work-job-${row.phase} work-job-state-${row.state}`}>
      <th scope="row">{title}</th>
      <td>
        <ProjectCell projectId={row.projectId} />
      </td>
      <td className="work-job-state">{rowStateText(row, offline)}</td>
      <td>
        <Progress row={row} />
      </td>
      <td className="work-number">{money(row.costUsd)}</td>
      <td className="work-when">{dateTimeText(row.phase === 'finished' ? row.updatedAt : row.createdAt)}</td>
      <td>
        <RequestIdCell requestId={row.requestId} />
      </td>
      <td className="work-job-error">
        {row.error && row.phase !== 'finished' ? (
          // Not final: the request goes again with its own key; the notice above says why it waits.
          <span>
            {row.error.message}{' '}
            <span className="work-muted">
              ({row.attempts === 1 ? 'tried once' : `tried ${row.attempts} times`}; it goes again with the same key;
              code <code>{row.error.code}</code>)
            </span>
          </span>
        ) : row.error ? (
          <>
            {row.error.message} <code className="work-code">{row.error.code}</code>
          </>
        ) : (
          <span className="work-muted">—</span>
        )}
      </td>
      <td>
        <CancelButton row={row} title={title} />
      </td>
    </tr>
  );
}

function JobTable({ rows, label, offline }: { rows: JobRow[]; label: string; offline: boolean }) {
  return (
    <table className="work-table" aria-label={label}>
      <thead>
        <tr>
          <th scope="col">Job</th>
          <th scope="col">Project</th>
          <th scope="col">State</th>
          <th scope="col">Progress</th>
          <th scope="col">Cost</th>
          <th scope="col">{label === 'Finished jobs' ? 'Ended' : 'Asked'}</th>
          <th scope="col">Request ID</th>
          <th scope="col">Error</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <JobLine key={row.key} row={row} offline={offline} />
        ))}
      </tbody>
    </table>
  );
}

export function JobsScreen() {
  const all = useJobs((s) => s.rows);
  const filter = useJobs((s) => s.filter);
  const rows = useMemo(() => filterJobs(all, filter), [all, filter]);
  const loaded = useJobs((s) => s.loaded);
  const load = useJobs((s) => s.load);
  const offline = useConnection((s) => s.connection?.state === 'offline');
  const waiting = all.filter((row) => row.phase === 'waiting' || row.phase === 'sending').length;

  useEffect(() => {
    void load();
    return () => useJobs.getState().leave();
  }, [load]);

  return (
    <section className="screen jobs-screen" aria-labelledby="screen-title" aria-busy={!loaded}>
      <h1 id="screen-title">Jobs</h1>
      <JobFilters rows={all} />
      {offline && waiting > 0 && (
        <p className="work-notice" role="status">
          The service cannot be reached. {waiting === 1 ? '1 request waits' : `${waiting} requests wait`} here and will
          be sent when the service answers, each exactly once.
        </p>
      )}
      {SECTIONS.map((section) => {
        const shown = rows.filter((row) => section.phases.includes(row.phase));
        const id = `jobs-${section.phases[0]}`;
        return (
          <section key={section.title} aria-labelledby={id} className="work-section">
            <h2 id={id}>
              {section.title} <span className="work-count">({shown.length})</span>
            </h2>
            {loaded && shown.length === 0 ? (
              <p className="work-muted">{section.empty}</p>
            ) : (
              <JobTable rows={shown} label={section.label} offline={offline} />
            )}
          </section>
        );
      })}
    </section>
  );
}
