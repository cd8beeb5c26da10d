// A CSV import of contacts in three steps: choose the file; map its columns to contact fields
// and look at the preview, where every row is checked as the core will check it; then the
// import runs in main (journaled row by row) with live counts, a Stop and a Resume, and a
// per-row result: added, duplicate number (97), or the error with its code's meaning.
import { Button } from '../../components/Button.tsx';
import { useMemo } from 'react';
import type { ImportRowView, ImportSummary } from '../../../shared/ipc/messagingViews.ts';
import { RESULTS_PAGE, useContactImport } from '../../stores/messagingImportStore.ts';
import { useMessaging } from '../../stores/messagingStore.ts';
import {
  CONTACT_TARGETS,
  TARGET_LABELS,
  checkDrafts,
  draftOf,
  mappingProblems,
  type ContactTarget,
} from '../../model/messaging/csvContacts.ts';
import { ChooseContactsFile } from './ChooseContactsFile.tsx';
import { ResultNotice } from './ResultNotice.tsx';
import { describeFailure, describeResultCode } from './answerText.ts';

const n = (value: number) => value.toLocaleString('en-US');

function MapColumns() {
  const headers = useContactImport((s) => s.headers);
  const rows = useContactImport((s) => s.rows);
  const mapping = useContactImport((s) => s.mapping);
  const fileName = useContactImport((s) => s.fileName);
  const setTarget = useContactImport((s) => s.setTarget);
  const back = useContactImport((s) => s.back);
  const start = useContactImport((s) => s.start);
  const handingOver = useContactImport((s) => s.handingOver);
  const country = useMessaging((s) => s.settings?.defaultCountry ?? null);

  const problems = mappingProblems(headers, mapping);
  const drafts = useMemo(() => rows.map((row) => draftOf(row, headers, mapping)), [rows, headers, mapping]);
  const checks = useMemo(
    () => (problems.length === 0 ? checkDrafts(drafts, country) : []),
    [drafts, country, problems.length],
  );
  const bad = checks.map((c, i) => ({ row: i + 1, check: c })).filter((x) => x.check.problems.length > 0);
  const ready = problems.length === 0 ? rows.length - bad.length : 0;
  const noted = checks.map((c, i) => ({ row: i + 1, check: c })).filter((x) => x.check.notes.length > 0);

  return (
    <div>
      <h3>Columns of {fileName}</h3>
      <table className="mapping">
        <thead>
          <tr>
            <th scope="col">Column</th>
            <th scope="col">First values</th>
            <th scope="col">Import as</th>
          </tr>
        </thead>
        <tbody>
          {headers.map((header, i) => (
            <tr key={i}>
              <th scope="row">{header || <em>(no header)</em>}</th>
              <td className="msg-muted">
                {rows
                  .slice(0, 2)
                  .map((r) => r[i] ?? '')
                  .join(' · ')}
              </td>
              <td>
                <select
                  aria-label={`Import column ${header || i + 1} as`}
                  value={mapping[i]}
                  onChange={(e) => setTarget(i, e.target.value as ContactTarget)}
                >
                  {CONTACT_TARGETS.map((t) => (
                    <option key={t} value={t}>
                      {TARGET_LABELS[t]}
                    </option>
                  ))}
                </select>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {problems.length > 0 ? (
        <ul className="msg-hint msg-bad" aria-label="Mapping problems">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      ) : (
        <>
          <h3>Preview</h3>
          <p role="status" aria-label="Import preview">
            {n(rows.length)} rows: {n(ready)} ready to add, <strong>{n(bad.length)} with problems</strong> (they are
            reported, not sent)
            {noted.length > 0 && `, ${n(noted.length)} repeating a number of the file (they will answer 97)`}.
          </p>
          <table className="preview">
            <thead>
              <tr>
                <th scope="col">Row</th>
                <th scope="col">Name</th>
                <th scope="col">Number</th>
                <th scope="col">Sent as</th>
                <th scope="col">Email</th>
                <th scope="col">Group</th>
                <th scope="col">Check</th>
              </tr>
            </thead>
            <tbody>
              {drafts.slice(0, 8).map((d, i) => (
                <tr key={i} className={checks[i]!.problems.length > 0 ? 'msg-bad' : undefined}>
                  <td>{i + 1}</td>
                  <td>{d.name}</td>
                  <td className="msg-number">{d.number}</td>
                  <td className="msg-number">{checks[i]!.e164 ?? '—'}</td>
                  <td>{d.email ?? ''}</td>
                  <td>{d.groupId ?? ''}</td>
                  <td>{checks[i]!.problems.join(' ') || checks[i]!.notes.join(' ') || 'OK'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {bad.length > 0 && (
            <details className="msg-bad-rows" open={bad.length <= 20}>
              <summary>Rows with problems ({n(bad.length)})</summary>
              <ul aria-label="Rows with problems">
                {bad.slice(0, 200).map(({ row, check }) => (
                  <li key={row}>
                    Row {row}: {check.problems.join(' ')}
                  </li>
                ))}
              </ul>
              {bad.length > 200 && <p>…and {n(bad.length - 200)} more, all reported after the import.</p>}
            </details>
          )}
        </>
      )}
      <div className="msg-form-actions">
        <Button onClick={back} disabled={handingOver !== null}>
          Choose another file
        </Button>
        <Button
          variant="primary"
          // Nothing to add: an import of only refused rows would cost a journal and say nothing new.
          disabled={problems.length > 0 || ready === 0 || handingOver !== null}
          onClick={() => void start(drafts)}
        >
          Import {n(rows.length)} contacts
        </Button>
      </div>
      {handingOver && (
        <p role="status">
          Preparing the import: {n(handingOver.sent)} of {n(handingOver.total)} rows…
        </p>
      )}
    </div>
  );
}

function rowResult(row: ImportRowView) {
  if (row.state === 'added' || (row.resultCode && !row.errorCode))
    return describeResultCode('contacts', row.resultCode ?? '00', { requestId: row.requestId });
  if (row.errorCode)
    return describeFailure({
      code: row.errorCode,
      message: row.message,
      requestId: row.requestId,
      status: null,
      retryAfterMs: null,
    });
  return null;
}

const STATE_LABEL: Record<ImportRowView['state'], string> = {
  pending: 'Waiting',
  sending: 'Sending',
  added: 'Added',
  duplicate: 'Duplicate number',
  invalid: 'Not sent',
  failed: 'Refused',
  unknown: 'Outcome unknown',
};

function Results() {
  const results = useContactImport((s) => s.results);
  const total = useContactImport((s) => s.resultsTotal);
  const offset = useContactImport((s) => s.resultsOffset);
  const filter = useContactImport((s) => s.filter);
  const load = useContactImport((s) => s.loadResults);
  return (
    <div className="import-results">
      <div className="msg-toolbar" role="radiogroup" aria-label="Show rows">
        <label>
          <input
            type="radio"
            name="import-filter"
            checked={filter === 'problems'}
            onChange={() => void load('problems', 0)}
          />{' '}
          Problems only
        </label>
        <label>
          <input type="radio" name="import-filter" checked={filter === 'all'} onChange={() => void load('all', 0)} />{' '}
          All rows
        </label>
      </div>
      <table aria-label="Import results">
        <thead>
          <tr>
            <th scope="col">Row</th>
            <th scope="col">Name</th>
            <th scope="col">Number</th>
            <th scope="col">Result</th>
            <th scope="col">Meaning</th>
            <th scope="col">Request ID</th>
          </tr>
        </thead>
        <tbody>
          {results.map((row) => {
            const line = rowResult(row);
            return (
              <tr key={row.row} className={`msg-row-${row.state}`}>
                <td>{row.row}</td>
                <td>{row.name}</td>
                <td className="msg-number">{row.number}</td>
                <td>
                  {STATE_LABEL[row.state]}
                  {line && line.code !== 'messaging.outcome_unknown' && (
                    <>
                      {' '}
                      <code>{row.resultCode ?? row.errorCode}</code>
                    </>
                  )}
                </td>
                {row.state === 'invalid' && line ? (
                  // Checked before sending: the particulars say what to fix; the code's meaning is the tooltip.
                  <td title={line.meaning}>{line.detail ?? line.meaning}</td>
                ) : (
                  <td>
                    {line?.meaning ?? row.message}
                    {line?.detail && <span className="msg-muted"> {line.detail}</span>}
                  </td>
                )}
                <td>{row.requestId ? <code className="msg-request">{row.requestId}</code> : ''}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {total === 0 && <p>{filter === 'problems' ? 'No row had a problem.' : 'No rows yet.'}</p>}
      {total > RESULTS_PAGE && (
        <div className="msg-pager">
          <Button disabled={offset === 0} onClick={() => void load(filter, Math.max(0, offset - RESULTS_PAGE))}>
            Previous rows
          </Button>
          <span>
            Rows {n(offset + 1)}–{n(Math.min(total, offset + RESULTS_PAGE))} of {n(total)}
          </span>
          <Button disabled={offset + RESULTS_PAGE >= total} onClick={() => void load(filter, offset + RESULTS_PAGE)}>
            Next rows
          </Button>
        </div>
      )}
    </div>
  );
}

function Counts({ summary }: { summary: ImportSummary }) {
  const { counts } = summary;
  const done = counts.added + counts.duplicate + counts.invalid + counts.failed + counts.unknown;
  return (
    <>
      <progress
        className="msg-bar"
        max={summary.totalRows}
        value={done}
        aria-label={`Import of ${summary.fileName}`}
        aria-valuetext={`${done} of ${summary.totalRows} rows done`}
      />
      <dl className="msg-counts" aria-label="Import counts">
        <div>
          <dt>Added</dt>
          <dd>{n(counts.added)}</dd>
        </div>
        <div>
          <dt>Duplicate number (97)</dt>
          <dd>{n(counts.duplicate)}</dd>
        </div>
        <div>
          <dt>Not sent (bad row)</dt>
          <dd>{n(counts.invalid)}</dd>
        </div>
        <div>
          <dt>Refused</dt>
          <dd>{n(counts.failed)}</dd>
        </div>
        <div>
          <dt>Outcome unknown</dt>
          <dd>{n(counts.unknown)}</dd>
        </div>
        <div>
          <dt>Waiting</dt>
          <dd>{n(counts.pending + counts.sending)}</dd>
        </div>
      </dl>
    </>
  );
}

function RunImport() {
  const summary = useContactImport((s) => s.summary);
  const stop = useContactImport((s) => s.stop);
  const resume = useContactImport((s) => s.resume);
  const reset = useContactImport((s) => s.reset);
  if (!summary) return null;
  const running = summary.state === 'running';
  const left = summary.counts.pending + summary.counts.unknown;
  const stateText = running
    ? 'Importing…'
    : summary.state === 'finished'
      ? 'Import finished.'
      : `Import stopped with ${n(left)} rows to go.`;
  return (
    <div>
      <h3>
        Importing {summary.fileName}: <span role="status">{stateText}</span>
      </h3>
      <Counts summary={summary} />
      {summary.stopReason && <ResultNotice line={describeFailure(summary.stopReason)} label="Why the import stopped" />}
      {summary.counts.unknown > 0 && !running && (
        <p className="msg-warning">
          {n(summary.counts.unknown)} rows have an unknown outcome (no answer came). Resuming sends them again: that is
          safe for contacts, since one that was added after all only answers 97 (the number exists).
        </p>
      )}
      <div className="msg-form-actions">
        {running ? (
          <Button onClick={() => void stop()}>Stop import</Button>
        ) : (
          left > 0 && (
            <Button variant="primary" onClick={() => void resume()}>
              Resume import
            </Button>
          )
        )}
        {!running && <Button onClick={reset}>Import another file</Button>}
      </div>
      {!running && <Results />}
    </div>
  );
}

export function ContactImport() {
  const step = useContactImport((s) => s.step);
  return (
    <section className="msg-card" aria-labelledby="contact-import-title">
      <h2 id="contact-import-title">Import contacts from a CSV file</h2>
      {step === 'choose' && <ChooseContactsFile />}
      {step === 'map' && <MapColumns />}
      {step === 'run' && <RunImport />}
    </section>
  );
}
