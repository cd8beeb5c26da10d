// One piece of production work as a panel shows it: where it stands (waiting, sending,
// queued, running with progress, done), and, when it failed, the code, the message and the
// request ID to copy. Nothing when nothing was asked for.
import { explainErrorCode } from '../../../shared/appError.ts';
import { CopyRequestId } from '../../components/Toasts.tsx';
import { useProductionJobs, workText } from '../../stores/productionJobsStore.ts';

export function WorkLine({ intentId, noun }: { intentId: string | undefined; noun: string }) {
  const work = useProductionJobs((s) => (intentId ? s.work[intentId] : undefined));
  if (!work) return null;
  const underWay = !work.terminal;
  const failed = work.state === 'failed' || work.state === 'cancelled';
  const hint = work.error ? explainErrorCode(work.error.code) : null;
  return (
    <div className={`pr-work${failed ? ' is-failed' : ''}`} role="status" aria-label={`${noun} status`}>
      <span>{workText(work, noun)}</span>
      {underWay &&
        (work.progress === null ? (
          <progress aria-label={`${noun} progress`} />
        ) : (
          <progress aria-label={`${noun} progress`} value={work.progress} max={1} />
        ))}
      {work.jobId !== null && <span className="pr-muted">Job #{work.jobId} · followed in Jobs</span>}
      {work.error && (
        <div className="pr-error">
          <code>{work.error.code}</code> {work.error.message}
          {hint && hint !== work.error.message && <div className="pr-muted">{hint}</div>}
          {work.error.requestId && <CopyRequestId requestId={work.error.requestId} />}
        </div>
      )}
    </div>
  );
}

/** A job's own error as it was read (a failed transcription, review, finish). */
export function JobError({ error }: { error: { code: string; message: string } | null | undefined }) {
  if (!error) return null;
  return (
    <div className="pr-error" role="alert">
      <code>{error.code}</code> {error.message}
    </div>
  );
}
