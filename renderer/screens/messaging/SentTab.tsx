// Sent and scheduled messages, one row per recipient, with each one's status (scheduled,
// queued, sent, delivered), newest first; optionally only one submission's.
import { Button } from '../../components/Button.tsx';
import { useEffect, useId, useState } from 'react';
import { useSent } from '../../stores/messagingSentStore.ts';
import { ResultNotice } from './ResultNotice.tsx';
import { describeFailure } from './answerText.ts';
import { formatInZone, userTimeZone } from './timeZones.ts';

function when(iso: string | undefined): string {
  if (!iso) return '';
  const at = Date.parse(iso);
  return Number.isNaN(at) ? iso : formatInZone(at, userTimeZone());
}

export function SentTab() {
  const messages = useSent((s) => s.messages);
  const nextCursor = useSent((s) => s.nextCursor);
  const submission = useSent((s) => s.submission);
  const loading = useSent((s) => s.loading);
  const loaded = useSent((s) => s.loaded);
  const error = useSent((s) => s.error);
  const load = useSent((s) => s.load);
  const loadMore = useSent((s) => s.loadMore);
  const [filter, setFilter] = useState(submission === null ? '' : String(submission));
  const id = useId();

  // Statuses move on (scheduled → queued → sent → delivered): read afresh each time the tab shows.
  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => setFilter(submission === null ? '' : String(submission)), [submission]);

  return (
    <section className="msg-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Sent and scheduled messages</h2>
      <form
        className="msg-toolbar"
        aria-label="Filter the messages"
        onSubmit={(e) => {
          e.preventDefault();
          const value = Number(filter);
          void load(filter.trim() === '' || !Number.isInteger(value) || value <= 0 ? null : value);
        }}
      >
        <label htmlFor={`${id}-sub`}>Submission</label>
        <input
          id={`${id}-sub`}
          type="number"
          min={1}
          value={filter}
          placeholder="all"
          onChange={(e) => setFilter(e.target.value)}
          className="msg-narrow"
        />
        <Button variant="primary" type="submit">
          Show
        </Button>
        {submission !== null && <Button onClick={() => void load(null)}>Show every submission</Button>}
        <span className="msg-spacer" />
        <Button onClick={() => void load()} disabled={loading}>
          Refresh
        </Button>
      </form>
      {error && <ResultNotice line={describeFailure(error)} />}
      <table aria-label="Sent messages" aria-busy={loading}>
        <thead>
          <tr>
            <th scope="col">Recipient</th>
            <th scope="col">Status</th>
            <th scope="col">Type</th>
            <th scope="col">Goes out</th>
            <th scope="col">Submission</th>
            <th scope="col">Message</th>
          </tr>
        </thead>
        <tbody>
          {messages.map((m) => (
            <tr key={m.id}>
              <td>{m.number}</td>
              <td>
                <span className={`msg-status msg-status-${m.status ?? 'unknown'}`}>{m.status ?? '—'}</span>
              </td>
              <td>{m.type === 'mms' ? 'MMS' : 'Text'}</td>
              <td>{when(m.scheduledAt)}</td>
              <td>{m.submissionId ?? ''}</td>
              <td className="msg-message-text" title={m.text}>
                {m.text && m.text.length > 90 ? `${m.text.slice(0, 90)}…` : m.text}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {loaded && messages.length === 0 && !error && <p>No messages yet.</p>}
      {nextCursor && (
        <Button onClick={() => void loadMore()} disabled={loading}>
          Show more messages
        </Button>
      )}
    </section>
  );
}
