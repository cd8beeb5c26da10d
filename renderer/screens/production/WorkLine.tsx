// One piece of production work as a panel shows it: where it stands (waiting, sending,
// queued, running with progress and the time left, done), and, when it failed, what went wrong (ErrorDetails:
// the message, then the code and the request ID to copy). Nothing when nothing was asked for.
import { ErrorDetails } from '../../components/ErrorDetails.tsx';
import { TimeLeft } from '../../components/TimeLeft.tsx';
import { useProductionJobs, workText } from '../../stores/productionJobsStore.ts';

export function WorkLine({
  intentId,
  noun,
  bar = true,
}: {
  intentId: string | undefined;
  noun: string;
  /** False where the panel shows the work's progress itself (one bar for one piece of work). */
  bar?: boolean;
}) {
  const work = useProductionJobs((s) => (intentId ? s.work[intentId] : undefined));
  if (!work) return null;
  const underWay = !work.terminal;
  const failed = work.state === 'failed' || work.state === 'cancelled';
  return (
    <div className={`pr-work${failed ? ' is-failed' : ''}`} role="status" aria-label={`${noun} status`}>
      <span>{workText(work, noun)}</span>
      {underWay &&
        bar &&
        (work.progress === null ? (
          <progress aria-label={`${noun} progress`} />
        ) : (
          <>
            <progress aria-label={`${noun} progress`} value={work.progress} max={1} />
            <TimeLeft progress={work.progress} className="pr-muted" />
          </>
        ))}
      {work.jobId !== null && <span className="pr-muted">Job #{work.jobId} · followed in Jobs</span>}
      {work.error && <ErrorDetails error={work.error} role="none" className="pr-error" />}
    </div>
  );
}

/** A job's own error as it was read (a failed transcription, review, finish). */
export function JobError({ error }: { error: { code: string; message: string } | null | undefined }) {
  if (!error) return null;
  return <ErrorDetails error={error} className="pr-error" />;
}
