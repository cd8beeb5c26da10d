// One date and time format across the app: the OS locale's, through Intl (the same words and
// order as the system's own clock), for every kind of moment the service and the core give.
import { describe, expect, it } from 'vitest';
import {
  dateText,
  dateTimeText,
  NO_MOMENT,
  relativeTimeText,
  timeOfDayText,
} from '../../renderer/model/dateTimeText.ts';

const at = Date.UTC(2026, 10, 27, 18, 42, 5);
const locale = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(undefined, options).format(at);

describe('dates and times as the OS locale writes them', () => {
  it('reads an epoch, an ISO string and a Date as the same moment', () => {
    const expected = locale({ dateStyle: 'medium', timeStyle: 'short' });
    expect(dateTimeText(at)).toBe(expected);
    expect(dateTimeText(new Date(at).toISOString())).toBe(expected);
    expect(dateTimeText(new Date(at))).toBe(expected);
    // Never the ISO form the service sends.
    expect(dateTimeText(new Date(at).toISOString())).not.toContain('T18:42');
  });

  it('has a date, a time of day (with seconds when asked) and a relative form', () => {
    expect(dateText(at)).toBe(locale({ dateStyle: 'medium' }));
    expect(timeOfDayText(at)).toBe(locale({ timeStyle: 'short' }));
    expect(timeOfDayText(at, true)).toBe(locale({ timeStyle: 'medium' }));
    const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
    expect(relativeTimeText(at + 30_000, at)).toBe(relative.format(30, 'second'));
    expect(relativeTimeText(at - 5 * 60_000, at)).toBe(relative.format(-5, 'minute'));
    expect(relativeTimeText(at - 86_400_000, at)).toBe(relative.format(-1, 'day'));
    expect(relativeTimeText(at, at)).toBe(relative.format(0, 'second'));
  });

  it('shows no moment as a dash and one it cannot read as it came', () => {
    expect(dateTimeText(null)).toBe(NO_MOMENT);
    expect(dateTimeText(undefined)).toBe(NO_MOMENT);
    expect(dateTimeText('')).toBe(NO_MOMENT);
    expect(dateTimeText('next Tuesday')).toBe('next Tuesday');
  });
});
