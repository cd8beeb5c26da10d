// The Messaging screen's pure parts: reading a CSV of contacts, bulk templates, time zones.
import { describe, expect, it } from 'vitest';
import {
  checkDrafts,
  customFieldName,
  draftOf,
  guessMapping,
  mappingProblems,
  toE164,
} from '../../renderer/model/messaging/csvContacts.ts';
import {
  contactValues,
  fillTemplate,
  planBulk,
  templateFields,
  valuesOf,
} from '../../renderer/screens/messaging/bulkTemplate.ts';
import {
  instantOf,
  isOutsidePoliteHours,
  orderedZones,
  recipientZone,
  scheduleTime,
  wallClockAt,
  zonesOfCountry,
} from '../../renderer/screens/messaging/timeZones.ts';

describe('a CSV of contacts', () => {
  const headers = ['Phone', 'First Name', 'Last Name', 'E-mail', 'Group', 'Plan', 'Favourite colour!', ''];

  it('guesses each column from its header; the rest become custom fields', () => {
    expect(guessMapping(headers)).toEqual([
      'number',
      'firstName',
      'lastName',
      'email',
      'groupId',
      'custom',
      'custom',
      'ignore',
    ]);
    expect(customFieldName('Favourite colour!')).toBe('Favourite_colour');
    expect(customFieldName('2024 score')).toBe('score');
    expect(customFieldName('!!!')).toBeNull();
  });

  it('says what a mapping lacks', () => {
    expect(mappingProblems(headers, guessMapping(headers))).toEqual([]);
    expect(mappingProblems(['a', 'b'], ['ignore', 'email'])).toEqual([
      'Choose exactly one column for the contact number.',
      'Choose a column for the full name, or one for the first and one for the last name.',
    ]);
    expect(mappingProblems(['a', 'b', 'c'], ['number', 'name', 'name'])).toContain(
      'Only one column can be the full name.',
    );
  });

  it('turns a row into a contact draft with its custom fields', () => {
    const draft = draftOf(
      ['(212) 555-0100', 'Ada', 'Lovelace', 'ada@example.com', 'vip', 'gold', 'blue', 'x'],
      headers,
      guessMapping(headers),
    );
    expect(draft).toEqual({
      name: 'Ada Lovelace',
      number: '(212) 555-0100',
      email: 'ada@example.com',
      city: undefined,
      state: undefined,
      zip: undefined,
      country: undefined,
      groupId: 'vip',
      note: undefined,
      custom: { Plan: 'gold', Favourite_colour: 'blue' },
    });
  });

  it('checks each row as the core will, and notes a number listed twice', () => {
    const checks = checkDrafts(
      [
        { name: 'Ada Lovelace', number: '(212) 555-0100' },
        { name: 'Ada', number: '(212) 555-0101' },
        { name: 'Bad Number', number: '12345' },
        { name: 'Same Again', number: '+1 212 555 0100' },
        { name: 'Odd Mail', number: '2125550102', email: 'nope' },
      ],
      'US',
    );
    expect(checks[0]).toEqual({ e164: '+12125550100', problems: [], notes: [] });
    expect(checks[1]!.problems).toEqual(['"Ada" has no last name.']);
    expect(checks[2]!.problems[0]).toContain('"12345" is not a valid phone number for US');
    expect(checks[3]!.notes[0]).toContain('Same number as row 1');
    expect(checks[4]!.problems).toEqual(['"nope" is not an email address.']);
  });
});

describe('a bulk template', () => {
  it('fills fields matched loosely and reports the missing ones', () => {
    expect(templateFields('Hi {First Name}, see you in {city}. {first_name}!')).toEqual(['first_name', 'city']);
    const values = valuesOf({ 'First Name': 'Ada', City: 'Paris' });
    expect(fillTemplate('Hi {first_name}, see you in {CITY}', values)).toEqual({
      text: 'Hi Ada, see you in Paris',
      missing: [],
    });
    expect(fillTemplate('Hi {first_name} {last_name}', values).missing).toEqual(['last_name']);
    expect(
      contactValues({ name: 'Ada King Lovelace', number: '+12125550100', custom: { plan: 'gold' } }),
    ).toMatchObject({
      first_name: 'Ada',
      last_name: 'King Lovelace',
      plan: 'gold',
    });
  });

  it('splits the messages into submissions of at most 500, leaving out (and naming) the ones it cannot send', () => {
    const recipients = Array.from({ length: 1203 }, (_, i) => ({
      number: `+1212555${String(i).padStart(4, '0')}`,
      values: (i === 7 ? {} : { first_name: `P${i}` }) as Record<string, string>,
    }));
    recipients.push({ number: '+12125559999', values: { first_name: 'x'.repeat(800) } });
    const plan = planBulk('Hello {first_name}', recipients);
    expect(plan.messages).toHaveLength(1202);
    expect(plan.submissions).toEqual([500, 500, 202]);
    expect(plan.problems).toEqual([
      { position: 8, number: '+12125550007', why: 'no value for {first_name}' },
      { position: 1204, number: '+12125559999', why: 'the message is 806 characters (at most 740)' },
    ]);
    expect(plan.messages[0]).toEqual({ number: '+12125550000', text: 'Hello P0' });
  });

  it('leaves out numbers that are not valid, and sends the others in E.164', () => {
    const plan = planBulk(
      'Hi',
      [
        { number: '(212) 555-0100', values: {} },
        { number: '12', values: {} },
      ],
      (number) => toE164(number, 'US'),
    );
    expect(plan.messages).toEqual([{ number: '+12125550100', text: 'Hi' }]);
    expect(plan.problems).toEqual([{ position: 2, number: '12', why: 'not a valid phone number' }]);
  });
});

describe('time zones', () => {
  it("lists the user's own zone first", () => {
    const zones = orderedZones('Europe/Paris');
    expect(zones[0]).toBe('Europe/Paris');
    expect(zones.filter((z) => z === 'Europe/Paris')).toHaveLength(1);
    expect(zones.length).toBeGreaterThan(300);
  });

  it("finds a recipient's zone from the number's country when it has one zone", () => {
    expect(zonesOfCountry('GB')).toEqual(['Europe/London']);
    expect(recipientZone('+33 6 12 34 56 78', null)).toMatchObject({ country: 'FR', zone: 'Europe/Paris' });
    expect(recipientZone('(212) 555-0100', 'US')).toMatchObject({ country: 'US', zone: null });
    expect(recipientZone('not a number', 'US').zone).toBeNull();
  });

  it('converts wall-clock times between zones, across daylight saving time', () => {
    const winter = instantOf('2026-01-15', '10:30', 'Europe/Paris')!;
    expect(new Date(winter).toISOString()).toBe('2026-01-15T09:30:00.000Z');
    const summer = instantOf('2026-07-15', '10:30', 'Europe/Paris')!;
    expect(new Date(summer).toISOString()).toBe('2026-07-15T08:30:00.000Z');
    expect(wallClockAt(summer, 'America/New_York')).toMatchObject({ hour: 4, minute: 30, day: 15 });
    expect(instantOf('2026-13-01', '10:00', 'UTC')).not.toBeNull(); // the form's date input never gives this
    expect(instantOf('bad', '10:00', 'UTC')).toBeNull();
  });

  it('warns outside 8:00–21:00 on the recipient clock', () => {
    const at = (time: string) => instantOf('2026-03-02', time, 'Europe/London')!;
    expect(isOutsidePoliteHours(at('07:59'), 'Europe/London')).toBe(true);
    expect(isOutsidePoliteHours(at('08:00'), 'Europe/London')).toBe(false);
    expect(isOutsidePoliteHours(at('21:00'), 'Europe/London')).toBe(false);
    expect(isOutsidePoliteHours(at('21:01'), 'Europe/London')).toBe(true);
    expect(isOutsidePoliteHours(at('13:00'), 'Asia/Tokyo')).toBe(true);
  });

  it('writes the schedule time as the spec asks (YYYY-MM-DD H:I)', () => {
    expect(scheduleTime('2026-12-01', '09:05')).toBe('2026-12-01 9:05');
    expect(scheduleTime('2026-12-01', '21:30')).toBe('2026-12-01 21:30');
  });
});
