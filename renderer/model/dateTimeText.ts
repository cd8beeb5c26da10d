// Every date and time the app shows, in one format: the OS locale's (Intl with the default
// locale and time zone), never a hand-made pattern or an ISO string. A moment is an epoch
// number, an ISO string or a Date; none shows as "—", one that cannot be read as it came.
type Moment = number | string | Date | null | undefined;

const DATE_TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const DATE = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const TIME_OF_DAY = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });
const TIME_OF_DAY_SECONDS = new Intl.DateTimeFormat(undefined, { timeStyle: 'medium' });
const RELATIVE = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

export const NO_MOMENT = '—';

function shown(value: Moment, format: (date: Date) => string): string {
  if (value === null || value === undefined || value === '') return NO_MOMENT;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : format(date);
}

/** "Nov 27, 2026, 6:42 PM" (in the OS locale's words and order). */
export const dateTimeText = (value: Moment): string => shown(value, (d) => DATE_TIME.format(d));

/** "Nov 27, 2026". */
export const dateText = (value: Moment): string => shown(value, (d) => DATE.format(d));

/** "6:42 PM"; with `seconds`, "6:42:05 PM". */
export const timeOfDayText = (value: Moment, seconds = false): string =>
  shown(value, (d) => (seconds ? TIME_OF_DAY_SECONDS : TIME_OF_DAY).format(d));

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1000],
];

/** "in 30 seconds", "5 minutes ago", "yesterday": the largest whole unit from `now`. */
export function relativeTimeText(value: Moment, now: number = Date.now()): string {
  return shown(value, (d) => {
    const ms = d.getTime() - now;
    const [unit, size] = UNITS.find(([, size]) => Math.abs(ms) >= size) ?? UNITS.at(-1)!;
    return RELATIVE.format(Math.round(ms / size), unit);
  });
}
