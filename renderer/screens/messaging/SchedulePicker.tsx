// When a message goes: now, or at a date and time in a time zone (Country/City, as the
// service takes it). A scheduled time is shown on the user's clock and on each recipient's
// (their zone read from their number's country, where that country has one zone), with a
// warning when it lands outside 8:00–21:00 for a recipient.
import { useId, useMemo } from 'react';
import { TimeZonePicker } from './TimeZonePicker.tsx';
import { formatInZone, instantOf, isOutsidePoliteHours, recipientZone, userTimeZone } from './timeZones.ts';

export interface Schedule {
  readonly later: boolean;
  readonly date: string;
  readonly time: string;
  readonly zone: string;
}

export function defaultSchedule(): Schedule {
  const own = userTimeZone();
  const tomorrow = new Date(Date.now() + 24 * 3_600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    later: false,
    date: `${tomorrow.getFullYear()}-${pad(tomorrow.getMonth() + 1)}-${pad(tomorrow.getDate())}`,
    time: '10:00',
    zone: own.includes('/') ? own : 'Europe/London',
  };
}

interface ZoneGroup {
  zone: string;
  count: number;
  outside: boolean;
  local: string;
}

export function SchedulePicker({
  schedule,
  onChange,
  recipients,
  defaultCountry,
}: {
  schedule: Schedule;
  onChange(next: Schedule): void;
  recipients: readonly string[];
  defaultCountry: string | null;
}) {
  const id = useId();
  const own = userTimeZone();
  const instant = schedule.later ? instantOf(schedule.date, schedule.time, schedule.zone) : null;
  const { groups, unknown } = useMemo(() => {
    const byZone = new Map<string, number>();
    let unknownCount = 0;
    for (const number of recipients.slice(0, 1000)) {
      const { zone } = recipientZone(number, defaultCountry);
      if (zone) byZone.set(zone, (byZone.get(zone) ?? 0) + 1);
      else unknownCount += 1;
    }
    const list: ZoneGroup[] =
      instant === null
        ? []
        : [...byZone.entries()].map(([zone, count]) => ({
            zone,
            count,
            outside: isOutsidePoliteHours(instant, zone),
            local: formatInZone(instant, zone),
          }));
    return { groups: list, unknown: unknownCount };
  }, [recipients, defaultCountry, instant]);
  const outside = groups.filter((g) => g.outside);

  return (
    <fieldset className="msg-schedule">
      <legend>When</legend>
      <label>
        <input
          type="radio"
          name={`${id}-when`}
          checked={!schedule.later}
          onChange={() => onChange({ ...schedule, later: false })}
        />{' '}
        Send now
      </label>
      <label>
        <input
          type="radio"
          name={`${id}-when`}
          checked={schedule.later}
          onChange={() => onChange({ ...schedule, later: true })}
        />{' '}
        Schedule
      </label>
      {schedule.later && (
        <div className="msg-schedule-fields">
          <div className="msg-field">
            <label htmlFor={`${id}-date`}>Send on</label>
            <input
              id={`${id}-date`}
              type="date"
              required
              value={schedule.date}
              onChange={(e) => onChange({ ...schedule, date: e.target.value })}
            />
          </div>
          <div className="msg-field">
            <label htmlFor={`${id}-time`}>At</label>
            <input
              id={`${id}-time`}
              type="time"
              required
              value={schedule.time}
              onChange={(e) => onChange({ ...schedule, time: e.target.value })}
            />
          </div>
          <TimeZonePicker
            label="Schedule time zone"
            value={schedule.zone}
            onChange={(zone) => onChange({ ...schedule, zone })}
            areaCityOnly
          />
          {instant !== null && (
            <div className="msg-schedule-clocks" role="status" aria-label="Scheduled time">
              <p>
                Your time ({own}): <strong>{formatInZone(instant, own)}</strong>
              </p>
              {groups.map((g) => (
                <p key={g.zone} className={g.outside ? 'msg-bad' : undefined}>
                  {g.count === 1 ? '1 recipient' : `${g.count} recipients`} in {g.zone}: <strong>{g.local}</strong>
                </p>
              ))}
              {unknown > 0 && (
                <p className="msg-muted">
                  {unknown === 1 ? '1 recipient' : `${unknown} recipients`}: the time zone cannot be told from the
                  number (a country with several zones, or a group).
                </p>
              )}
            </div>
          )}
          {outside.length > 0 && (
            <p className="msg-warning" role="alert">
              Outside 8:00–21:00 for{' '}
              {outside
                .map(
                  (g) =>
                    `${g.count === 1 ? '1 recipient' : `${g.count} recipients`} in ${g.zone} (${g.local.split(', ')[1]})`,
                )
                .join(', ')}
              : consider another time.
            </p>
          )}
        </div>
      )}
    </fieldset>
  );
}
