// The files being uploaded, one row each with its own progress bar and its pause, resume
// and cancel; a refused file says why it was not sent.
import { Button } from '../../components/Button.tsx';
import { formatBytes } from '../../../shared/mediaTypes.ts';
import { isFinished, useMediaUploads, type UploadRow } from '../../stores/mediaUploadsStore.ts';

function percent(row: UploadRow): number {
  if (row.phase === 'completed') return 100;
  return row.sizeBytes > 0 ? Math.min(100, Math.floor((row.doneBytes / row.sizeBytes) * 100)) : 0;
}

function stateText(row: UploadRow): string {
  const pct = `${percent(row)}%`;
  switch (row.phase) {
    case 'refused':
      return 'Not uploaded';
    case 'preparing':
      return `Preparing ${pct}`;
    case 'uploading':
      return `Uploading ${pct}`;
    case 'paused':
      return row.error ? `Paused at ${pct}: waiting for the service` : `Paused at ${pct}`;
    case 'finishing':
      return 'Finishing…';
    case 'completed':
      return 'Uploaded';
    case 'failed':
      return 'Failed';
    case 'cancelled':
      return 'Cancelled';
  }
}

function UploadItem({ row }: { row: UploadRow }) {
  const pause = useMediaUploads((s) => s.pause);
  const resume = useMediaUploads((s) => s.resume);
  const cancel = useMediaUploads((s) => s.cancel);
  const canPause = row.method === 'resumable' && row.uploadId !== null && row.phase === 'uploading';
  return (
    <li className={`media-upload media-upload-${row.phase}`}>
      <div className="media-upload-head">
        <span className="media-upload-name" title={row.filename}>
          {row.filename}
        </span>
        <span className="media-upload-size">{formatBytes(row.sizeBytes)}</span>
        <span className="media-upload-state">{stateText(row)}</span>
      </div>
      {row.phase !== 'refused' && (
        <progress
          max={100}
          value={percent(row)}
          aria-label={`Upload of ${row.filename}`}
          aria-valuetext={stateText(row)}
        />
      )}
      {row.message && (
        <p className={row.phase === 'refused' ? 'media-upload-message media-refused' : 'media-upload-message'}>
          {row.message}
          {row.error ? <code className="media-upload-code">{row.error.code}</code> : null}
        </p>
      )}
      {!isFinished(row) && (
        <div className="media-upload-actions">
          {canPause && (
            <Button size="sm" onClick={() => void pause(row.key)} aria-label={`Pause upload of ${row.filename}`}>
              Pause
            </Button>
          )}
          {row.phase === 'paused' && (
            <Button size="sm" onClick={() => void resume(row.key)} aria-label={`Resume upload of ${row.filename}`}>
              Resume
            </Button>
          )}
          <Button
            size="sm"
            onClick={() => void cancel(row.key)}
            disabled={row.cancelRequested}
            aria-label={`Cancel upload of ${row.filename}`}
          >
            Cancel
          </Button>
        </div>
      )}
    </li>
  );
}

export function UploadList() {
  const rows = useMediaUploads((s) => s.rows);
  const clearFinished = useMediaUploads((s) => s.clearFinished);
  if (rows.length === 0) return null;
  return (
    <section className="media-uploads" aria-labelledby="uploads-title">
      <div className="media-section-head">
        <h2 id="uploads-title">Uploads</h2>
        {rows.some(isFinished) && <Button onClick={clearFinished}>Clear finished</Button>}
      </div>
      <ul aria-label="Uploads">
        {rows.map((row) => (
          <UploadItem key={row.key} row={row} />
        ))}
      </ul>
    </section>
  );
}
