// A bulk send: a different message per recipient — from a CSV (a message column, or a
// template filled from its columns) or from the selected contacts with a template
// ({first_name}, {city}…). The plan shows how it splits into submissions of at most 500
// numbers and which recipients are left out and why; the bulk sends below show each
// submission's progress.
import { Button } from '../../components/Button.tsx';
import { CsvPicker } from './CsvPicker.tsx';
import Papa from 'papaparse';
import { useCallback, useId, useMemo, useRef, useState } from 'react';
import { countSegments } from '../../../shared/smsSegments.ts';
import { useBulk } from '../../stores/messagingBulkStore.ts';
import { useMessaging } from '../../stores/messagingStore.ts';
import { BulkList } from './BulkList.tsx';
import { contactValues, fieldKey, planBulk, templateFields, valuesOf } from './bulkTemplate.ts';
import { toE164 } from '../../model/messaging/csvContacts.ts';
import { defaultSchedule, SchedulePicker, type Schedule } from './SchedulePicker.tsx';
import { scheduleTime } from './timeZones.ts';

const n = (value: number) => value.toLocaleString('en-US');
const TEMPLATE_COLUMN = '';

interface Csv {
  name: string;
  headers: string[];
  rows: Record<string, string>[];
}

function guessNumberColumn(headers: string[]): string {
  return headers.find((h) => /^(number|phone|mobile|cell|contact|msisdn|tel)/i.test(h.trim())) ?? headers[0] ?? '';
}

export function BulkTab() {
  const settings = useMessaging((s) => s.settings);
  const selected = useMessaging((s) => s.selected);
  const start = useBulk((s) => s.start);
  const handingOver = useBulk((s) => s.handingOver);
  const [source, setSource] = useState<'csv' | 'contacts'>('csv');
  const [csv, setCsv] = useState<Csv | null>(null);
  const [csvError, setCsvError] = useState<string | null>(null);
  const [numberColumn, setNumberColumn] = useState('');
  const [messageColumn, setMessageColumn] = useState(TEMPLATE_COLUMN);
  const [template, setTemplate] = useState('Hi {first_name}, ');
  const [title, setTitle] = useState('');
  const [schedule, setSchedule] = useState<Schedule>(defaultSchedule);
  const templateRef = useRef<HTMLTextAreaElement>(null);
  /** Remounts the file input (clearing its file) once a bulk has started. */
  const [fileKey, setFileKey] = useState(0);
  const id = useId();

  const contacts = useMemo(() => Object.values(selected), [selected]);
  const country = settings?.defaultCountry ?? null;
  const normalise = useCallback((number: string) => toE164(number, country), [country]);
  const fields =
    source === 'csv'
      ? (csv?.headers.map(fieldKey) ?? [])
      : ['first_name', 'last_name', 'name', 'number', 'email', 'city', 'state', 'zip', 'country', 'group'];
  const usesTemplate = source === 'contacts' || messageColumn === TEMPLATE_COLUMN;

  const plan = useMemo(() => {
    if (source === 'contacts')
      return planBulk(
        template,
        contacts.map((c) => ({ number: c.number, values: contactValues(c) })),
        normalise,
      );
    if (!csv) return null;
    return planBulk(
      template,
      csv.rows.map((row) => ({
        number: (row[numberColumn] ?? '').trim(),
        values: valuesOf(row),
        text: usesTemplate ? undefined : (row[messageColumn] ?? ''),
      })),
      normalise,
    );
  }, [source, contacts, csv, numberColumn, messageColumn, template, usesTemplate, normalise]);

  // Checked once there are recipients whose fields are known.
  const unknownFields =
    usesTemplate && fields.length > 0 ? templateFields(template).filter((f) => !fields.includes(f)) : [];

  function readCsv(file: File) {
    setCsvError(null);
    Papa.parse<Record<string, string>>(file, {
      header: true,
      skipEmptyLines: 'greedy',
      transformHeader: (h) => h.trim(),
      complete: (result) => {
        const headers = result.meta.fields ?? [];
        if (headers.length === 0 || result.data.length === 0) {
          setCsvError(`${file.name} has no rows under a header line.`);
          return;
        }
        setCsv({ name: file.name, headers, rows: result.data });
        setNumberColumn(guessNumberColumn(headers));
        setMessageColumn(TEMPLATE_COLUMN);
      },
      error: (error) => setCsvError(`${file.name} could not be read as CSV: ${error.message}`),
    });
  }

  function insertField(field: string) {
    const area = templateRef.current;
    const at = area?.selectionStart ?? template.length;
    const next = `${template.slice(0, at)}{${field}}${template.slice(area?.selectionEnd ?? at)}`;
    setTemplate(next);
    requestAnimationFrame(() => area?.focus());
  }

  async function send() {
    if (!plan) return;
    const ok = await start(plan.messages, {
      title: title.trim() || undefined,
      schedule: schedule.later
        ? { time: scheduleTime(schedule.date, schedule.time), timeZone: schedule.zone }
        : undefined,
    });
    if (ok) {
      setCsv(null);
      setTitle('');
      setFileKey((k) => k + 1);
    }
  }

  const blockers = [
    !settings?.senderId && 'Set the sender ID in the messaging settings above.',
    source === 'csv' && !csv && 'Choose a CSV file.',
    source === 'contacts' && contacts.length === 0 && 'Select contacts in the Contacts tab.',
    unknownFields.length > 0 &&
      `The template uses fields the recipients do not have: ${unknownFields.map((f) => `{${f}}`).join(', ')}.`,
    plan &&
      plan.messages.length === 0 &&
      (source === 'csv' ? csv !== null : contacts.length > 0) &&
      'No recipient has a message to send.',
  ].filter((b): b is string => typeof b === 'string');

  return (
    <div className="msg-stack">
      <section className="msg-card bulk-form" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>New bulk send</h2>
        <p className="msg-muted">
          A different message for each recipient, sent in submissions of at most 500 numbers; each is recorded before it
          is sent, so nothing goes out twice without your word.
        </p>
        <fieldset>
          <legend>Recipients</legend>
          <label>
            <input type="radio" name={`${id}-source`} checked={source === 'csv'} onChange={() => setSource('csv')} />{' '}
            From a CSV file
          </label>
          <label>
            <input
              type="radio"
              name={`${id}-source`}
              checked={source === 'contacts'}
              onChange={() => setSource('contacts')}
            />{' '}
            The selected contacts ({contacts.length})
          </label>
          {source === 'csv' && (
            <div className="csv-source">
              <CsvPicker
                key={fileKey}
                label="CSV file of recipients"
                buttonLabel="Choose a CSV of recipients…"
                dropLabel="Drop a CSV of recipients"
                onFile={readCsv}
              />
              {csvError && (
                <p className="msg-hint msg-bad" role="alert">
                  {csvError}
                </p>
              )}
              {csv && (
                <div className="msg-grid">
                  <p className="msg-wide">
                    {csv.name}: {n(csv.rows.length)} rows, columns {csv.headers.join(', ')}
                  </p>
                  <div className="msg-field">
                    <label htmlFor={`${id}-numcol`}>Number column</label>
                    <select id={`${id}-numcol`} value={numberColumn} onChange={(e) => setNumberColumn(e.target.value)}>
                      {csv.headers.map((h) => (
                        <option key={h} value={h}>
                          {h}
                        </option>
                      ))}
                    </select>
                  </div>
                  <div className="msg-field">
                    <label htmlFor={`${id}-msgcol`}>Message</label>
                    <select
                      id={`${id}-msgcol`}
                      value={messageColumn}
                      onChange={(e) => setMessageColumn(e.target.value)}
                    >
                      <option value={TEMPLATE_COLUMN}>From the template below</option>
                      {csv.headers.map((h) => (
                        <option key={h} value={h}>
                          Column “{h}”
                        </option>
                      ))}
                    </select>
                  </div>
                </div>
              )}
            </div>
          )}
        </fieldset>
        {usesTemplate && (
          <fieldset>
            <legend>Message template</legend>
            <label htmlFor={`${id}-template`}>Template</label>
            <textarea
              id={`${id}-template`}
              ref={templateRef}
              rows={4}
              value={template}
              onChange={(e) => setTemplate(e.target.value)}
            />
            {fields.length > 0 && (
              <div className="msg-field-chips" role="group" aria-label="Insert a field">
                {fields.map((f) => (
                  <Button size="sm" key={f} onClick={() => insertField(f)}>
                    {`{${f}}`}
                  </Button>
                ))}
              </div>
            )}
          </fieldset>
        )}
        {plan && plan.messages.length > 0 && (
          <div className="bulk-plan">
            <p role="status" aria-label="Bulk plan">
              <strong>
                {n(plan.messages.length)} messages in {plan.submissions.length}{' '}
                {plan.submissions.length === 1 ? 'submission' : 'submissions'} ({plan.submissions.map(n).join(', ')})
              </strong>
              {plan.problems.length > 0 && `; ${n(plan.problems.length)} recipients left out`}
            </p>
            <ol className="msg-previews" aria-label="First messages">
              {plan.messages.slice(0, 3).map((m, i) => {
                const count = countSegments(m.text);
                return (
                  <li key={i}>
                    <span className="msg-muted">{m.number}:</span> {m.text}
                    <span className="msg-muted msg-count">
                      ({count.characters} characters, {count.segments} {count.segments === 1 ? 'segment' : 'segments'},{' '}
                      {count.encoding})
                    </span>
                  </li>
                );
              })}
            </ol>
          </div>
        )}
        {plan && plan.problems.length > 0 && (
          <details className="msg-bad-rows">
            <summary>Left out ({n(plan.problems.length)})</summary>
            <ul>
              {plan.problems.slice(0, 100).map((p) => (
                <li key={p.position}>
                  {source === 'csv' ? 'Row' : 'Recipient'} {p.position} {p.number && `(${p.number})`}: {p.why}
                </li>
              ))}
            </ul>
          </details>
        )}
        <div className="msg-field">
          <label htmlFor={`${id}-btitle`}>Campaign title (optional)</label>
          <input id={`${id}-btitle`} value={title} onChange={(e) => setTitle(e.target.value)} maxLength={200} />
        </div>
        <SchedulePicker
          schedule={schedule}
          onChange={setSchedule}
          recipients={plan ? plan.messages.map((m) => m.number) : []}
          defaultCountry={settings?.defaultCountry ?? null}
        />
        {blockers.length > 0 && (
          <ul className="msg-hint blockers" aria-label="Before sending">
            {blockers.map((b) => (
              <li key={b}>{b}</li>
            ))}
          </ul>
        )}
        <div className="msg-form-actions">
          <Button
            variant="primary"

            disabled={blockers.length > 0 || !plan || plan.messages.length === 0 || handingOver !== null}
            onClick={() => void send()}
          >
            {plan && plan.messages.length > 0 ? `Send ${n(plan.messages.length)} messages` : 'Send'}
          </Button>
        </div>
        {handingOver && (
          <p role="status">
            Preparing the bulk send: {n(handingOver.sent)} of {n(handingOver.total)} messages…
          </p>
        )}
      </section>
      <BulkList />
    </div>
  );
}
