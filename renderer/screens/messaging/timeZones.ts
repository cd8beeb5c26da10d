// Time zones for the calendar and scheduled messages: the IANA zones Intl knows (the user's
// own first), a recipient's zone from their number's country (libphonenumber-js) where that
// country has a single zone, and wall-clock times converted between zones without a
// library (Intl gives each zone's offset at an instant). Pure.
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

/** The user's own zone, as the system reports it. */
export function userTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Every IANA zone Intl knows, the user's own first (then alphabetical). */
export function orderedZones(own: string = userTimeZone()): string[] {
  const all = Intl.supportedValuesOf('timeZone');
  return [own, ...all.filter((zone) => zone !== own)];
}

/** Zones written Country/City (or Area/City): what a scheduled message takes. */
export function isAreaCityZone(zone: string): boolean {
  return zone.includes('/');
}

/** The zones of a country (ISO 3166), as Intl lists them; empty where it cannot tell. */
export function zonesOfCountry(country: string): string[] {
  try {
    const locale = new Intl.Locale(`und-${country}`) as Intl.Locale & {
      getTimeZones?: () => string[] | undefined;
      timeZones?: string[];
    };
    return locale.getTimeZones?.() ?? locale.timeZones ?? [];
  } catch {
    return [];
  }
}

export interface RecipientZone {
  readonly number: string;
  readonly country: string | null;
  /** The zone, when the number's country has only one; null otherwise. */
  readonly zone: string | null;
}

/** Where a number's owner lives, as far as the number tells. */
export function recipientZone(number: string, defaultCountry: string | null): RecipientZone {
  const parsed = parsePhoneNumberFromString(number.trim(), (defaultCountry ?? undefined) as CountryCode | undefined);
  const country = parsed?.country ?? null;
  const zones = country ? zonesOfCountry(country) : [];
  return { number: parsed?.number ?? number, country, zone: zones.length === 1 ? zones[0]! : null };
}

export interface WallClock {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly weekday: number;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let found = formatters.get(zone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      weekday: 'short',
    });
    formatters.set(zone, found);
  }
  return found;
}

/** The wall clock in a zone at an instant. */
export function wallClockAt(instant: number, zone: string): WallClock {
  const parts = Object.fromEntries(
    formatter(zone)
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    weekday: WEEKDAYS.indexOf(String(parts.weekday)),
  };
}

function offsetAt(instant: number, zone: string): number {
  const w = wallClockAt(instant, zone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);
  return asUtc - Math.floor(instant / 60_000) * 60_000;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{1,2}):(\d{2})$/;

/** The instant a wall-clock date ("2026-03-02") and time ("10:30") name in a zone; null when malformed. */
export function instantOf(date: string, time: string, zone: string): number | null {
  const d = DATE.exec(date);
  const t = TIME.exec(time);
  if (!d || !t) return null;
  const guess = Date.UTC(+d[1]!, +d[2]! - 1, +d[3]!, +t[1]!, +t[2]!);
  try {
    // Twice: the offset at the first estimate may differ from the offset at the answer (a DST edge).
    let instant = guess - offsetAt(guess, zone);
    instant = guess - offsetAt(instant, zone);
    return instant;
  } catch {
    return null;
  }
}

/** "Mon 2 Mar 2026, 10:30". */
export function formatWallClock(w: WallClock): string {
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${WEEKDAYS[w.weekday] ?? ''} ${w.day} ${months[w.month - 1]} ${w.year}, ${pad(w.hour)}:${pad(w.minute)}`;
}

export function formatInZone(instant: number, zone: string): string {
  return formatWallClock(wallClockAt(instant, zone));
}

/** Polite hours for a message: 8:00 to 21:00 on the recipient's clock. */
export const POLITE_HOURS = { fromMinute: 8 * 60, toMinute: 21 * 60 } as const;

export function isOutsidePoliteHours(instant: number, zone: string): boolean {
  const w = wallClockAt(instant, zone);
  const minute = w.hour * 60 + w.minute;
  return minute < POLITE_HOURS.fromMinute || minute > POLITE_HOURS.toMinute;
}

/** The spec's schedule time, YYYY-MM-DD H:I (24-hour). */
export function scheduleTime(date: string, time: string): string {
  const t = TIME.exec(time);
  return t ? `${date} ${Number(t[1])}:${t[2]}` : `${date} ${time}`;
}
