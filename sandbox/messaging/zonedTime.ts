// Wall-clock times in IANA time zones, with Intl only (no time zone library): turning
// "2026-12-01 9:05 in Europe/Paris" into an instant, and an instant back into a local
// date, time and weekday (for business hours).

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, f);
  }
  return f;
}

const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/;

/**
 * The canonical spelling of an IANA zone Intl knows (e.g. "europe/paris" → "Europe/Paris"),
 * or undefined. Offsets like "+02:00", which Intl also takes, are not zone names.
 * With `countryCity`, the name must have the spec's Country/City form (a slash).
 */
export function canonicalZone(name: string, { countryCity = false } = {}): string | undefined {
  if (!ZONE_NAME.test(name) || (countryCity && !name.includes('/'))) return undefined;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

function utcOf(w: WallClock): number {
  const d = new Date(Date.UTC(2000, 0, 1, w.hour, w.minute, w.second));
  d.setUTCFullYear(w.year, w.month - 1, w.day);
  return d.getTime();
}

/** True when the fields name a real calendar date and time (no 31 February, no 24:00). */
export function isRealWallClock(w: WallClock): boolean {
  if (w.year < 1970 || w.year > 9999 || w.hour > 23 || w.minute > 59 || w.second > 59) return false;
  const d = new Date(utcOf(w));
  return d.getUTCFullYear() === w.year && d.getUTCMonth() === w.month - 1 && d.getUTCDate() === w.day;
}

export function wallClockAt(instant: number, zone: string): WallClock & { weekday: number } {
  const parts: Record<string, number> = {};
  for (const p of formatter(zone).formatToParts(new Date(instant))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const w = {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
  return { ...w, weekday: new Date(utcOf(w)).getUTCDay() };
}

/** The zone's offset from UTC at that instant, in ms (east positive). */
function offsetAt(instant: number, zone: string): number {
  const whole = instant - (((instant % 1000) + 1000) % 1000);
  return utcOf(wallClockAt(whole, zone)) - whole;
}

/**
 * The instant a wall-clock time names in a zone. A time skipped by a daylight-saving jump
 * (02:30 on a spring-forward night) moves forward by the jump (to 03:30), as clocks do;
 * existingInstantOf refuses such a time instead.
 */
export function instantOf(w: WallClock, zone: string): number {
  const asUtc = utcOf(w);
  const first = asUtc - offsetAt(asUtc, zone);
  const second = asUtc - offsetAt(first, zone);
  return second === first ? first : Math.max(first, second);
}

/**
 * The instant a wall-clock time names in a zone, or null when the zone's clocks skip that
 * time (a daylight-saving jump): what is stored and what the answer says must be one time.
 */
export function existingInstantOf(w: WallClock, zone: string): number | null {
  const instant = instantOf(w, zone);
  const seen = wallClockAt(instant, zone);
  const same =
    seen.year === w.year &&
    seen.month === w.month &&
    seen.day === w.day &&
    seen.hour === w.hour &&
    seen.minute === w.minute &&
    seen.second === w.second;
  return same ? instant : null;
}
