// A calendar event: start and end (date, time, time zone from a searchable list, the user's
// own first), summary, description, activity, priority and a reminder. The answer shows with
// its code's meaning; Busy (no free slot, or outside business hours) offers another time.
import { Button } from '../../components/Button.tsx';
import { useId, useRef, useState, type FormEvent } from 'react';
import {
  CALENDAR_ACTIVITIES,
  CALENDAR_PRIORITIES,
  REMINDER_METHODS,
  type CalendarEventInput,
  type CalendarResult,
} from '../../../shared/api/messagingTypes.ts';
import { useMessaging } from '../../stores/messagingStore.ts';
import { ResultNotice } from './ResultNotice.tsx';
import { describeAnswer, describeFailure, type ResultLine } from './answerText.ts';
import { TimeZonePicker } from './TimeZonePicker.tsx';
import { userTimeZone } from './timeZones.ts';

const pad = (n: number) => String(n).padStart(2, '0');
const isoDate = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return isoDate(d);
}

function weekday(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** The first Monday-to-Friday date from `date` on. */
function businessDayFrom(date: string): string {
  let d = date;
  while (weekday(d) === 0 || weekday(d) === 6) d = addDays(d, 1);
  return d;
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const timeOf = (minutes: number) => `${pad(Math.floor(minutes / 60) % 24)}:${pad(minutes % 60)}`;

interface Times {
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
}

/** Another time for a Busy answer: the next business day at 09:00, or an hour later the same day. */
function nextTry(times: Times, reason: string | undefined): Times {
  const duration = Math.max(15, minutesOf(times.endTime) - minutesOf(times.startTime));
  if (reason === 'slot_taken') {
    const start = minutesOf(times.startTime) + 60;
    if (start + duration <= 18 * 60)
      return { ...times, startTime: timeOf(start), endDate: times.startDate, endTime: timeOf(start + duration) };
  }
  const sameDayMorning =
    weekday(times.startDate) !== 0 && weekday(times.startDate) !== 6 && minutesOf(times.startTime) < 9 * 60;
  const date = sameDayMorning ? times.startDate : businessDayFrom(addDays(times.startDate, 1));
  return { startDate: date, startTime: '09:00', endDate: date, endTime: timeOf(9 * 60 + Math.min(duration, 9 * 60)) };
}

function initialTimes(): Times {
  const date = businessDayFrom(addDays(isoDate(new Date()), 1));
  return { startDate: date, startTime: '10:00', endDate: date, endTime: '10:30' };
}

export function CalendarTab() {
  const createEvent = useMessaging((s) => s.createEvent);
  const [times, setTimes] = useState<Times>(initialTimes);
  const [startZone, setStartZone] = useState(userTimeZone);
  const [endZone, setEndZone] = useState<string | null>(null);
  const [summary, setSummary] = useState('');
  const [description, setDescription] = useState('');
  const [activity, setActivity] = useState('');
  const [priority, setPriority] = useState('');
  const [reminder, setReminder] = useState('');
  const [minutes, setMinutes] = useState('15');
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<{ line: ResultLine; result?: CalendarResult } | null>(null);
  const startDateRef = useRef<HTMLInputElement>(null);
  const id = useId();

  const setTime = (name: keyof Times) => (e: { target: { value: string } }) =>
    setTimes((t) => ({ ...t, [name]: e.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setAnswer(null);
    const input: CalendarEventInput = {
      start: { dateTime: `${times.startDate}T${times.startTime}`, timeZone: startZone },
      end: { dateTime: `${times.endDate}T${times.endTime}`, timeZone: endZone ?? startZone },
      summary: summary.trim() || undefined,
      description: description.trim() || undefined,
      activity: (activity || undefined) as CalendarEventInput['activity'],
      priority: (priority || undefined) as CalendarEventInput['priority'],
      reminders: reminder
        ? { method: reminder as NonNullable<CalendarEventInput['reminders']>['method'], minutes: Number(minutes) }
        : undefined,
    };
    const outcome = await createEvent(input);
    setBusy(false);
    if (outcome.ok) setAnswer({ line: describeAnswer('calendar', outcome.value), result: outcome.value });
    else setAnswer({ line: describeFailure(outcome.error) });
  }

  const result = answer?.result;
  const busyAnswer = result?.outcome === 'busy' ? result : null;
  const suggestion = busyAnswer
    ? nextTry(times, typeof busyAnswer.reason === 'string' ? busyAnswer.reason : undefined)
    : null;

  return (
    <form className="msg-card calendar-form" aria-label="New calendar event" onSubmit={(e) => void submit(e)}>
      <h2>New calendar event</h2>
      <fieldset className="msg-when">
        <legend>Start</legend>
        <div className="msg-field">
          <label htmlFor={`${id}-sd`}>Start date</label>
          <input
            id={`${id}-sd`}
            ref={startDateRef}
            type="date"
            required
            value={times.startDate}
            onChange={setTime('startDate')}
          />
        </div>
        <div className="msg-field">
          <label htmlFor={`${id}-st`}>Start time</label>
          <input id={`${id}-st`} type="time" required value={times.startTime} onChange={setTime('startTime')} />
        </div>
        <TimeZonePicker label="Start time zone" value={startZone} onChange={setStartZone} />
      </fieldset>
      <fieldset className="msg-when">
        <legend>End</legend>
        <div className="msg-field">
          <label htmlFor={`${id}-ed`}>End date</label>
          <input id={`${id}-ed`} type="date" required value={times.endDate} onChange={setTime('endDate')} />
        </div>
        <div className="msg-field">
          <label htmlFor={`${id}-et`}>End time</label>
          <input id={`${id}-et`} type="time" required value={times.endTime} onChange={setTime('endTime')} />
        </div>
        <TimeZonePicker label="End time zone" value={endZone ?? startZone} onChange={setEndZone} />
      </fieldset>
      <div className="msg-grid">
        <div className="msg-field msg-wide">
          <label htmlFor={`${id}-summary`}>Summary</label>
          <input id={`${id}-summary`} value={summary} onChange={(e) => setSummary(e.target.value)} maxLength={200} />
        </div>
        <div className="msg-field msg-wide">
          <label htmlFor={`${id}-desc`}>Description</label>
          <textarea
            id={`${id}-desc`}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            rows={3}
            maxLength={4000}
          />
        </div>
        <div className="msg-field">
          <label htmlFor={`${id}-activity`}>Activity</label>
          <select id={`${id}-activity`} value={activity} onChange={(e) => setActivity(e.target.value)}>
            <option value="">None</option>
            {CALENDAR_ACTIVITIES.map((a) => (
              <option key={a} value={a}>
                {a.charAt(0).toUpperCase() + a.slice(1)}
              </option>
            ))}
          </select>
        </div>
        <div className="msg-field">
          <label htmlFor={`${id}-priority`}>Priority</label>
          <select id={`${id}-priority`} value={priority} onChange={(e) => setPriority(e.target.value)}>
            <option value="">None</option>
            {CALENDAR_PRIORITIES.map((p) => (
              <option key={p} value={p}>
                {p.charAt(0).toUpperCase() + p.slice(1)}
              </option>
            ))}
          </select>
        </div>
        <div className="msg-field">
          <label htmlFor={`${id}-reminder`}>Reminder</label>
          <select id={`${id}-reminder`} value={reminder} onChange={(e) => setReminder(e.target.value)}>
            <option value="">No reminder</option>
            {REMINDER_METHODS.map((m) => (
              <option key={m} value={m}>
                {m === 'sms' ? 'SMS' : m === 'both' ? 'Email and SMS' : 'Email'}
              </option>
            ))}
          </select>
        </div>
        <div className="msg-field">
          <label htmlFor={`${id}-minutes`}>Minutes before</label>
          <input
            id={`${id}-minutes`}
            type="number"
            min={0}
            max={40320}
            step={1}
            value={minutes}
            disabled={!reminder}
            onChange={(e) => setMinutes(e.target.value)}
          />
        </div>
      </div>
      <div className="msg-form-actions">
        <Button variant="primary" type="submit" disabled={busy}>
          {busy ? 'Creating…' : 'Create event'}
        </Button>
      </div>
      {answer && (
        <ResultNotice line={answer.line}>
          {busyAnswer && suggestion && (
            <>
              <p>
                {busyAnswer.reason === 'slot_taken'
                  ? `Another event${busyAnswer.conflictingEventId ? ` (#${busyAnswer.conflictingEventId})` : ''} is at that time.`
                  : busyAnswer.businessHours
                    ? `Business hours: ${String(busyAnswer.businessHours.days)}, ${String(busyAnswer.businessHours.from)} to ${String(busyAnswer.businessHours.to)} (${String(busyAnswer.businessHours.timeZone)}).`
                    : null}{' '}
                Pick another time.
              </p>
              <Button onClick={() => startDateRef.current?.focus()}>Pick another time</Button>{' '}
              <Button
                onClick={() => {
                  setTimes(suggestion);
                  setAnswer(null);
                }}
              >
                Use {suggestion.startDate} {suggestion.startTime}–{suggestion.endTime}
              </Button>
            </>
          )}
          {result?.outcome === 'created' && result.event && (
            <p>
              Event #{result.event.id} “{result.event.summary ?? 'Untitled'}” is in the calendar.
            </p>
          )}
        </ResultNotice>
      )}
    </form>
  );
}
