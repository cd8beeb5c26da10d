// POST /calendar_api: create a calendar event. The checks run in the order of the spec's
// result codes: key (01, 02, 401), start (03), end (04), time zones (05), the payload and the
// time range (400), then free slots (Busy 200), so the most basic problem is reported first.
import { z } from 'zod';
import { iso } from '../clock.ts';
import type { SandboxContext } from '../context.ts';
import { transaction } from '../db/database.ts';
import { describeIssues, isBlank, isRecord, type Operation, type OperationResult } from './operation.ts';
import { ResultError } from './resultReply.ts';
import { canonicalZone, existingInstantOf, instantOf, isRealWallClock, wallClockAt } from './zonedTime.ts';

/** Business hours, in the event's start time zone (the spec leaves them to us). */
export const BUSINESS_HOURS = { weekdays: [1, 2, 3, 4, 5], fromMinute: 9 * 60, toMinute: 18 * 60 } as const;

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/;

const zoneName = z
  .string()
  .trim()
  .transform((name, ctx) => {
    const zone = canonicalZone(name);
    if (!zone)
      ctx.addIssue({ code: 'custom', message: `"${name}" is not an IANA time zone; use a name like Europe/London` });
    return zone ?? name;
  });

const EventTime = z.strictObject({
  dateTime: z
    .string()
    .trim()
    .regex(DATE_TIME, 'must be a date and time like 2026-12-01T10:00:00, optionally with an offset (Z or +01:00)')
    .describe('Local date and time in timeZone (RFC 3339 without offset), or with an offset that then wins.'),
  timeZone: zoneName.describe('An IANA time zone, e.g. Europe/London.'),
});

const minutes = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^\d{1,6}$/, 'must be a whole number of minutes')
      .transform(Number),
  ])
  .pipe(
    z
      .number()
      .int('must be a whole number of minutes')
      .min(0, 'must be at least 0')
      .max(40_320, 'must be at most 40320 (four weeks)'),
  );

const optionalText = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`).optional();

export const CalendarInput = z.strictObject({
  start: EventTime.describe('When the event starts; form bodies send start[dateTime] and start[timeZone].'),
  end: EventTime.describe('When the event ends; must be after start.'),
  summary: optionalText(200).describe('Title.'),
  description: optionalText(4000).describe('Detailed explanation.'),
  activity: z.enum(['task', 'appointment', 'follow up call']).optional(),
  priority: z.enum(['high', 'medium', 'low']).optional(),
  reminders: z
    .strictObject({ method: z.enum(['email', 'sms', 'both']), minutes: minutes.describe('Minutes before the event.') })
    .optional()
    .describe('One reminder: reminders[method] and reminders[minutes] in form bodies.'),
});

type EventTimeInput = z.infer<typeof EventTime>;

const EventSchema = z.object({
  id: z.number().int(),
  summary: z.string().nullable(),
  description: z.string().nullable(),
  activity: z.string().nullable(),
  priority: z.string().nullable(),
  start: z.object({ dateTime: z.string(), timeZone: z.string() }),
  end: z.object({ dateTime: z.string(), timeZone: z.string() }),
  startsAt: z.string().describe('The start as a UTC instant (ISO 8601).'),
  endsAt: z.string(),
  reminders: z.object({ method: z.string(), minutes: z.number().int() }).nullable(),
  createdAt: z.string(),
});

const CalendarOutput = z.object({
  id: z.number().int().optional().describe("00: the new event's id."),
  event: EventSchema.optional().describe('00: the new event.'),
  reason: z.enum(['outside_business_hours', 'slot_taken']).optional().describe('Busy 200: why.'),
  businessHours: z
    .object({ days: z.string(), from: z.string(), to: z.string(), timeZone: z.string() })
    .optional()
    .describe('Busy 200 outside_business_hours: the hours that apply.'),
  conflictingEventId: z.number().int().optional().describe('Busy 200 slot_taken: the event in the way.'),
});

interface EventRow {
  id: number;
  summary: string | null;
  description: string | null;
  activity: string | null;
  priority: string | null;
  start_date_time: string;
  start_time_zone: string;
  end_date_time: string;
  end_time_zone: string;
  starts_at: number;
  ends_at: number;
  reminder_method: string | null;
  reminder_minutes: number | null;
  created_at: string;
}

export function eventView(row: EventRow) {
  return {
    id: row.id,
    summary: row.summary,
    description: row.description,
    activity: row.activity,
    priority: row.priority,
    start: { dateTime: row.start_date_time, timeZone: row.start_time_zone },
    end: { dateTime: row.end_date_time, timeZone: row.end_time_zone },
    startsAt: iso(row.starts_at),
    endsAt: iso(row.ends_at),
    reminders: row.reminder_method ? { method: row.reminder_method, minutes: row.reminder_minutes } : null,
    createdAt: row.created_at,
  };
}

/** The instant an event time names; 400 when the date does not exist. */
function instantOfEventTime(t: EventTimeInput, field: string): number {
  const m = DATE_TIME.exec(t.dateTime)!;
  const wall = { year: +m[1]!, month: +m[2]!, day: +m[3]!, hour: +m[4]!, minute: +m[5]!, second: +(m[6] ?? 0) };
  if (!isRealWallClock(wall))
    throw new ResultError(
      '400',
      `Invalid request payload. ${field}.dateTime: ${t.dateTime} is not a real date and time.`,
    );
  const offset = m[7];
  if (!offset) {
    const instant = existingInstantOf(wall, t.timeZone);
    if (instant === null)
      throw new ResultError(
        '400',
        `Invalid request payload. ${field}.dateTime: ${t.dateTime} does not exist in ${t.timeZone}: the clocks skip it (a daylight-saving change); give a time outside the skipped hour.`,
      );
    return instant;
  }
  const sign = offset === 'Z' ? 0 : offset.startsWith('-') ? -1 : 1;
  const offsetMinutes = sign === 0 ? 0 : sign * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)));
  return instantOf(wall, 'UTC') - offsetMinutes * 60_000;
}

function withinBusinessHours(startsAt: number, endsAt: number, zone: string): boolean {
  const s = wallClockAt(startsAt, zone);
  const e = wallClockAt(endsAt, zone);
  const sameDay = s.year === e.year && s.month === e.month && s.day === e.day;
  const from = s.hour * 60 + s.minute + s.second / 60;
  const to = e.hour * 60 + e.minute + e.second / 60;
  return (
    (BUSINESS_HOURS.weekdays as readonly number[]).includes(s.weekday) &&
    sameDay &&
    from >= BUSINESS_HOURS.fromMinute &&
    to <= BUSINESS_HOURS.toMinute
  );
}

export function calendarOperation(ctx: SandboxContext): Operation {
  const { db } = ctx;
  const overlapping = db.prepare(
    'SELECT id FROM messaging_events WHERE starts_at < ? AND ends_at > ? ORDER BY starts_at LIMIT 1',
  );
  const insert = db.prepare(`INSERT INTO messaging_events
    (summary, description, activity, priority, start_date_time, start_time_zone, end_date_time, end_time_zone,
     starts_at, ends_at, reminder_method, reminder_minutes, created_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const byId = db.prepare('SELECT * FROM messaging_events WHERE id = ?');

  return {
    method: 'POST',
    path: '/calendar_api',
    table: 'calendar',
    summary: 'Create a calendar event',
    keyField: 'apiKey',
    payloadCode: '400',
    source: 'body',
    input: CalendarInput,
    output: CalendarOutput,
    handle({ fields }): OperationResult {
      const { start, end } = fields;
      if (isBlank(start) || (isRecord(start) && isBlank(start.dateTime)))
        throw new ResultError('03', 'Start date empty: give start.dateTime.');
      if (isBlank(end) || (isRecord(end) && isBlank(end.dateTime)))
        throw new ResultError('04', 'End date empty: give end.dateTime.');
      for (const [name, value] of [
        ['start', start],
        ['end', end],
      ] as const) {
        if (isRecord(value) && isBlank(value.timeZone))
          throw new ResultError('05', `Time zone empty: give ${name}.timeZone, e.g. Europe/London.`);
      }
      const parsed = CalendarInput.safeParse(fields);
      if (!parsed.success) throw new ResultError('400', `Invalid request payload. ${describeIssues(parsed.error)}.`);
      const input = parsed.data;
      const startsAt = instantOfEventTime(input.start, 'start');
      const endsAt = instantOfEventTime(input.end, 'end');
      if (endsAt <= startsAt)
        throw new ResultError('400', 'The specified time range is empty: end must be after start.');

      const zone = input.start.timeZone;
      if (!withinBusinessHours(startsAt, endsAt, zone)) {
        return {
          code: '200',
          message: `The event is outside business hours: Monday to Friday, 09:00 to 18:00 in ${zone}. Pick a time within them.`,
          extra: {
            reason: 'outside_business_hours',
            businessHours: { days: 'Monday-Friday', from: '09:00', to: '18:00', timeZone: zone },
          },
        };
      }
      const created = transaction(db, () => {
        const clash = overlapping.get(endsAt, startsAt) as { id: number } | undefined;
        if (clash) return { clash: clash.id };
        const { lastInsertRowid } = insert.run(
          input.summary ?? null,
          input.description ?? null,
          input.activity ?? null,
          input.priority ?? null,
          input.start.dateTime,
          input.start.timeZone,
          input.end.dateTime,
          input.end.timeZone,
          startsAt,
          endsAt,
          input.reminders?.method ?? null,
          input.reminders?.minutes ?? null,
          iso(ctx.clock.now()),
        );
        return { id: Number(lastInsertRowid) };
      });
      if ('clash' in created) {
        return {
          code: '200',
          message: `No free slot: the time overlaps event ${created.clash}. Pick another time.`,
          extra: { reason: 'slot_taken', conflictingEventId: created.clash },
        };
      }
      const event = eventView(byId.get(created.id) as unknown as EventRow);
      return { code: '00', message: 'Operation completed: the event was created.', extra: { id: created.id, event } };
    },
  };
}
