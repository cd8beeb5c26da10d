// Compose one text or MMS: recipients from typed numbers, the contacts selected in the
// Contacts tab, or a group (which overrides the numbers, as the service does — the form
// says so); the sender ID from the settings; the live character and segment count; an MMS
// file; send now or schedule, after one question naming who it goes to. The answer shows in
// words with its code's meaning, and a message that went out clears the form.
import { Button } from '../../components/Button.tsx';
import { useId, useMemo, useState, type FormEvent } from 'react';
import type { MessageSent } from '../../../shared/api/messagingTypes.ts';
import { MESSAGING_LIMITS } from '../../../shared/limits.ts';
import { useMessaging } from '../../stores/messagingStore.ts';
import { useSent } from '../../stores/messagingSentStore.ts';
import { toE164 } from '../../model/messaging/csvContacts.ts';
import { sendQuestion } from '../../model/messaging/sendQuestion.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { MmsAttachment, type StagedMms } from './MmsAttachment.tsx';
import { ResultNotice } from './ResultNotice.tsx';
import { describeAnswer, describeFailure, type ResultLine } from './answerText.ts';
import { defaultSchedule, SchedulePicker, type Schedule } from './SchedulePicker.tsx';
import { SegmentCounter } from './SegmentCounter.tsx';
import { formatInZone, scheduleTime, userTimeZone } from './timeZones.ts';

function splitNumbers(text: string): string[] {
  return text
    .split(/[,;\n]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

export function ComposeTab() {
  const settings = useMessaging((s) => s.settings);
  const selected = useMessaging((s) => s.selected);
  const toggle = useMessaging((s) => s.toggleSelected);
  const clearSelection = useMessaging((s) => s.clearSelection);
  const knownContacts = useMessaging((s) => s.contacts);
  const groups = useMessaging((s) => s.groups);
  const send = useMessaging((s) => s.send);
  const setTab = useMessaging((s) => s.setTab);
  const loadSent = useSent((s) => s.load);
  const [typed, setTyped] = useState('');
  const [groupId, setGroupId] = useState('');
  const [type, setType] = useState<'text' | 'mms'>('text');
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [mms, setMms] = useState<StagedMms | null>(null);
  const [schedule, setSchedule] = useState<Schedule>(defaultSchedule);
  const [busy, setBusy] = useState(false);
  /** The question before sending, while it is asked. */
  const [asking, setAsking] = useState<string | null>(null);
  /** Counts sends, so the attachment (and its preview) starts afresh after each. */
  const [sentCount, setSentCount] = useState(0);
  const [answer, setAnswer] = useState<{ line: ResultLine; sent?: MessageSent; recipients?: number } | null>(null);
  const id = useId();

  const country = settings?.defaultCountry ?? null;
  const chosen = Object.values(selected);
  const typedNumbers = useMemo(() => splitNumbers(typed), [typed]);
  const invalidTyped = typedNumbers.filter((n) => toE164(n, country) === null);
  const recipients = useMemo(
    () => [...new Set([...typedNumbers.map((n) => toE164(n, country) ?? n), ...chosen.map((c) => c.number)])],
    [typedNumbers, chosen, country],
  );
  const useGroup = groupId.trim() !== '';
  const characters = [...text].length;
  const tooLong = characters > MESSAGING_LIMITS.messageLength;
  const tooMany = !useGroup && recipients.length > MESSAGING_LIMITS.contactsPerRequest;
  const noRecipients = !useGroup && recipients.length === 0;
  const blockers = [
    !settings?.senderId && 'Set the sender ID in the messaging settings above.',
    noRecipients && 'Give at least one number, select contacts, or give a group.',
    tooMany && `A message goes to at most ${MESSAGING_LIMITS.contactsPerRequest} numbers: use a bulk send for more.`,
    !useGroup &&
      invalidTyped.length > 0 &&
      `Correct the numbers that are not valid: ${invalidTyped.slice(0, 5).join(', ')}.`,
    text.trim() === '' && 'Write the message.',
    tooLong && 'Shorten the message to 740 characters.',
    type === 'mms' && !mms && 'Attach the MMS file.',
  ].filter((b): b is string => typeof b === 'string');

  function ask(event: FormEvent) {
    event.preventDefault();
    if (blockers.length > 0) return;
    const names = new Map<string, string>();
    for (const c of knownContacts) names.set(c.number, c.name);
    for (const c of chosen) names.set(c.number, c.name);
    const group = useGroup ? groups.find((g) => g.groupId === groupId.trim()) : undefined;
    setAsking(
      sendQuestion({
        numbers: useGroup ? [] : recipients,
        names,
        groupId: useGroup ? groupId.trim() : undefined,
        groupSize: group?.count,
        scheduled: schedule.later,
      }),
    );
  }

  // Everything the message was made of goes, so the next one starts blank (the type and the
  // schedule's zone are choices of the user, kept).
  function clearForm() {
    setTyped('');
    setGroupId('');
    setTitle('');
    setText('');
    setMms(null);
    setSchedule((s) => ({ ...defaultSchedule(), zone: s.zone }));
    clearSelection();
  }

  async function submit() {
    setAsking(null);
    setBusy(true);
    setAnswer(null);
    const outcome = await send({
      contacts: useGroup ? undefined : recipients,
      groupId: useGroup ? groupId.trim() : undefined,
      text,
      type,
      mmsId: type === 'mms' ? mms?.mmsId : undefined,
      title: title.trim() || undefined,
      schedule: schedule.later
        ? { time: scheduleTime(schedule.date, schedule.time), timeZone: schedule.zone }
        : undefined,
    });
    setBusy(false);
    if (outcome.ok) {
      setAnswer({ line: describeAnswer('send', outcome.value), sent: outcome.value, recipients: recipients.length });
      clearForm();
      setSentCount((n) => n + 1);
    } else setAnswer({ line: describeFailure(outcome.error) });
  }

  const sent = answer?.sent;
  return (
    <form className="msg-card compose" aria-label="New message" onSubmit={ask}>
      <h2>New message</h2>
      <p className="msg-muted">
        From <strong>{settings?.senderId ?? 'no sender ID yet'}</strong>
        {country && <> · numbers without a country code are read for {country}</>}
      </p>
      <fieldset className="recipients">
        <legend>Recipients</legend>
        <div className={useGroup ? 'msg-overridden' : undefined}>
          <label htmlFor={`${id}-numbers`}>Numbers (one per line, or separated by commas)</label>
          <textarea
            id={`${id}-numbers`}
            rows={2}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            aria-describedby={`${id}-numbers-hint`}
          />
          <p id={`${id}-numbers-hint`} className={invalidTyped.length > 0 ? 'msg-hint msg-bad' : 'msg-hint'}>
            {invalidTyped.length > 0
              ? `Not valid${country ? ` for ${country}` : ''}: ${invalidTyped.slice(0, 5).join(', ')}${invalidTyped.length > 5 ? '…' : ''}`
              : `${typedNumbers.length} typed`}
          </p>
          <div className="msg-chosen" aria-label="Selected contacts" role="group">
            <span>Selected contacts ({chosen.length}):</span>
            {chosen.slice(0, 30).map((c) => (
              <span className="msg-chip" key={c.number}>
                {c.name} <span className="msg-muted">{c.number}</span>
                <Button className="msg-chip-remove" aria-label={`Remove ${c.name}`} onClick={() => toggle(c)}>
                  ×
                </Button>
              </span>
            ))}
            {chosen.length > 30 && <span>…and {chosen.length - 30} more</span>}
            <Button size="sm" onClick={() => setTab('Contacts')}>
              Choose contacts
            </Button>
          </div>
        </div>
        <div className="msg-field">
          <label htmlFor={`${id}-group`}>Group (overrides the numbers)</label>
          <input
            id={`${id}-group`}
            list={`${id}-groups`}
            value={groupId}
            onChange={(e) => setGroupId(e.target.value)}
            autoComplete="off"
          />
          <datalist id={`${id}-groups`}>
            {groups.map((g) => (
              <option key={g.groupId} value={g.groupId}>
                {g.count} contacts
              </option>
            ))}
          </datalist>
        </div>
        {useGroup ? (
          <p className="msg-warning" role="note">
            A group overrides the numbers: the message goes to every contact of group “{groupId.trim()}”, and the{' '}
            {recipients.length > 0 ? `${recipients.length} numbers and contacts above are` : 'numbers above are'} not
            used.
          </p>
        ) : (
          <p className="msg-hint">{recipients.length === 1 ? '1 recipient' : `${recipients.length} recipients`}</p>
        )}
      </fieldset>
      <fieldset className="message">
        <legend>Message</legend>
        <div className="msg-type-choice" role="radiogroup" aria-label="Message type">
          <label>
            <input type="radio" name={`${id}-type`} checked={type === 'text'} onChange={() => setType('text')} /> Text
            (SMS)
          </label>
          <label>
            <input type="radio" name={`${id}-type`} checked={type === 'mms'} onChange={() => setType('mms')} /> MMS
          </label>
        </div>
        <div className="msg-field">
          <label htmlFor={`${id}-title`}>Campaign title (optional)</label>
          <input id={`${id}-title`} value={title} onChange={(e) => setTitle(e.target.value)} maxLength={200} />
        </div>
        <label htmlFor={`${id}-text`}>Message</label>
        <textarea id={`${id}-text`} rows={6} value={text} onChange={(e) => setText(e.target.value)} />
        <SegmentCounter text={text} onReplace={setText} />
        {type === 'mms' && <MmsAttachment key={sentCount} staged={mms} onStaged={setMms} />}
      </fieldset>
      <SchedulePicker
        schedule={schedule}
        onChange={setSchedule}
        recipients={useGroup ? [] : recipients}
        defaultCountry={country}
      />
      {blockers.length > 0 && (
        <ul className="msg-hint blockers" aria-label="Before sending">
          {blockers.map((b) => (
            <li key={b}>{b}</li>
          ))}
        </ul>
      )}
      <div className="msg-form-actions">
        <Button variant="primary" type="submit" disabled={busy || blockers.length > 0}>
          {busy
            ? 'Sending…'
            : schedule.later
              ? `Schedule ${type === 'mms' ? 'MMS' : 'message'}`
              : `Send ${type === 'mms' ? 'MMS' : 'message'} now`}
        </Button>
      </div>
      {asking && (
        <ConfirmDialog
          title={schedule.later ? 'Schedule this message?' : 'Send this message?'}
          confirmLabel={schedule.later ? 'Schedule' : 'Send'}
          cancelLabel="Not yet"
          confirmVariant="primary"
          onConfirm={() => void submit()}
          onCancel={() => setAsking(null)}
        >
          <p>{asking}</p>
        </ConfirmDialog>
      )}
      {answer && (
        <ResultNotice line={answer.line}>
          {sent && (
            <>
              <p>
                {sent.count ?? answer.recipients} {(sent.count ?? answer.recipients) === 1 ? 'recipient' : 'recipients'}
                {sent.submissionId !== undefined && <>, submission #{sent.submissionId}</>}
                {sent.scheduledAt && sent.time
                  ? ` — scheduled for ${sent.time} ${sent.timeZone ?? ''} (${formatInZone(Date.parse(sent.scheduledAt), userTimeZone())} your time)`
                  : ' — on its way'}
                .
              </p>
              <Button
                onClick={() => {
                  void loadSent(sent.submissionId ?? null);
                  setTab('Sent');
                }}
              >
                See its status
              </Button>
            </>
          )}
        </ResultNotice>
      )}
    </form>
  );
}
