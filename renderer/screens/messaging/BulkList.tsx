// This workspace's bulk sends: each submission (at most 500 numbers) with its own progress
// bar and state. A submission whose outcome is unknown (no answer came: a timeout, a crash)
// is shown as such and is sent again only after the user confirms it in a dialog.
import { Button } from '../../components/Button.tsx';
import { useState } from 'react';
import { isAppError } from '../../../shared/appError.ts';
import type { BulkListItem } from '../../../shared/ipc/messagingViews.ts';
import { useBulk } from '../../stores/messagingBulkStore.ts';
import { useMessaging } from '../../stores/messagingStore.ts';
import { useSent } from '../../stores/messagingSentStore.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { describeFailure, describeResultCode, type ResultLine } from './answerText.ts';
import { dateTimeText } from '../../model/dateTimeText.ts';

const n = (value: number) => value.toLocaleString('en-US');
type Sub = BulkListItem['submissions'][number];

const STATE_TEXT: Record<Sub['state'], string> = {
  pending: 'Waiting',
  sending: 'Sending…',
  sent: 'Sent',
  failed: 'Not sent',
  unknown: 'Outcome unknown',
};

function lineOf(sub: Sub): ResultLine | null {
  const result = sub.result as Record<string, unknown> | null;
  if (!result) return null;
  if (sub.state === 'sent' && typeof result.code === 'string')
    return describeResultCode('bulk', result.code, {
      requestId: typeof result.requestId === 'string' ? result.requestId : null,
    });
  if (isAppError(result)) return describeFailure(result);
  if (result.abandonedByUser) return null;
  if (typeof result.reason === 'string')
    return {
      ...describeFailure({
        code: 'messaging.outcome_unknown',
        message: result.reason,
        status: null,
        requestId: null,
        retryAfterMs: null,
      }),
    };
  return null;
}

function SubmissionRow({ bulk, sub, total }: { bulk: BulkListItem; sub: Sub; total: number }) {
  const [asking, setAsking] = useState(false);
  const resend = useBulk((s) => s.resend);
  const abandon = useBulk((s) => s.abandon);
  const setTab = useMessaging((s) => s.setTab);
  const loadSent = useSent((s) => s.load);
  const line = lineOf(sub);
  const label = `Submission ${sub.index + 1} of ${total}`;
  const submissionId = (sub.result as { submissionId?: unknown } | null)?.submissionId;
  return (
    <li className={`msg-submission msg-sub-${sub.state}`}>
      <div className="msg-submission-head">
        <span className="msg-submission-name">
          {label} · {n(sub.count)} numbers
        </span>
        <progress
          aria-label={label}
          aria-valuetext={STATE_TEXT[sub.state]}
          max={1}
          {...(sub.state === 'sending' ? {} : { value: sub.state === 'sent' ? 1 : 0 })}
        />
        <strong className="msg-submission-state">{STATE_TEXT[sub.state]}</strong>
      </div>
      {line && (
        <p className="msg-submission-result">
          {line.meaning}{' '}
          <span className="msg-muted">
            (code <code>{line.code}</code>
            {line.requestId && <>, request {line.requestId}</>})
          </span>
        </p>
      )}
      {sub.state === 'unknown' && (
        <div className="submission-actions">
          <p className="msg-warning">
            No answer came for this submission: its {n(sub.count)} messages may or may not have gone out. Check the Sent
            list before sending it again.
          </p>
          <Button variant="danger" onClick={() => setAsking(true)}>
            Resend submission {sub.index + 1}…
          </Button>{' '}
          <Button onClick={() => void abandon(bulk.bulkId, sub.index)}>Don’t resend submission {sub.index + 1}</Button>
        </div>
      )}
      {typeof submissionId === 'number' && (
        <Button
          size="sm"
          variant="ghost"
          onClick={() => {
            void loadSent(submissionId);
            setTab('Sent');
          }}
        >
          See the messages of submission {sub.index + 1}
        </Button>
      )}
      {asking && (
        <ConfirmDialog
          title={`Send submission ${sub.index + 1} again?`}
          confirmLabel={`Send ${n(sub.count)} messages again`}
          cancelLabel="Don’t send"
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            void resend(bulk.bulkId, sub.index);
          }}
        >
          <p>
            The outcome of this submission is unknown: its {n(sub.count)} messages may already have been delivered. If
            they were, every recipient gets the message twice.
          </p>
        </ConfirmDialog>
      )}
    </li>
  );
}

function BulkCard({ bulk }: { bulk: BulkListItem }) {
  const resume = useBulk((s) => s.resume);
  const waiting = bulk.submissions.filter((s) => s.state === 'pending').length;
  const blocked = bulk.submissions.some((s) => s.state === 'unknown' || s.state === 'failed');
  const name = bulk.title ?? `Bulk send of ${dateTimeText(bulk.createdAt)}`;
  return (
    <li className="msg-bulk-card" aria-label={name}>
      <h3>{name}</h3>
      <p>
        <strong role="status" aria-label={`${name}: sent`}>
          {n(bulk.sent)} of {n(bulk.total)} messages sent
        </strong>{' '}
        in {bulk.submissions.length} {bulk.submissions.length === 1 ? 'submission' : 'submissions'}
        {bulk.schedule && (
          <>
            {' '}
            · scheduled for {bulk.schedule.time} ({bulk.schedule.timeZone})
          </>
        )}
        {bulk.running && bulk.submissions.some((s) => s.state === 'pending' || s.state === 'sending') && (
          <span className="msg-muted"> · sending</span>
        )}
      </p>
      <ol className="msg-submissions">
        {bulk.submissions.map((sub) => (
          <SubmissionRow key={sub.index} bulk={bulk} sub={sub} total={bulk.submissions.length} />
        ))}
      </ol>
      {waiting > 0 && !bulk.running && (
        <p>
          {blocked && 'Decide on the submission above first, or '}
          <Button onClick={() => void resume(bulk.bulkId)}>
            Send the remaining {waiting} {waiting === 1 ? 'submission' : 'submissions'}
          </Button>
        </p>
      )}
    </li>
  );
}

export function BulkList() {
  const bulks = useBulk((s) => s.bulks);
  return (
    <section className="msg-card" aria-labelledby="bulk-list-title">
      <h2 id="bulk-list-title">Bulk sends</h2>
      {bulks.length === 0 ? (
        <p>No bulk sends yet.</p>
      ) : (
        <ul className="msg-bulks" aria-label="Bulk sends">
          {bulks.map((bulk) => (
            <BulkCard key={bulk.bulkId} bulk={bulk} />
          ))}
        </ul>
      )}
    </section>
  );
}
