// Every documented limit of the Messaging API, checked before a request goes out (DESIGN.md
// rule 7): a refusal costs nothing and says what to change. Each check throws an AppFailure
// with a messaging.input.* code (shared/messagingFailures.ts) whose message names the field.
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { fileTypeFromFile } from 'file-type';
import type { CountryCode } from 'libphonenumber-js';
import type { z } from 'zod';
import { AppFailure, appError } from '../../../shared/appError.ts';
import {
  MESSAGE_TYPES,
  type ContactInput,
  type EventTime,
  type MessageType,
  type Schedule,
} from '../../../shared/api/messagingTypes.ts';
import { MESSAGING_LIMITS } from '../../../shared/limits.ts';
import { MESSAGING_CLIENT_CODES, type MessagingClientCode } from '../../../shared/messagingFailures.ts';
import { normaliseNumbers, senderToE164, toE164 } from './phoneNumbers.ts';

export function inputFailure(
  code: MessagingClientCode,
  message: string,
  details: Record<string, unknown> = {},
): AppFailure {
  return new AppFailure(appError(code, message, { details }));
}

/** The input's shape (types, required fields, enums); the message names each bad field. */
export function parseInput<Schema extends z.ZodType>(schema: Schema, value: unknown, what: string): z.output<Schema> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues.slice(0, 3).map((issue) => {
    const field = issue.path.map(String).join('.') || what;
    if (issue.code === 'unrecognized_keys') return `${issue.keys.join(', ')}: not a field of ${what}`;
    return `${field}: ${issue.message.replace(/^Invalid input: /, '')}`;
  });
  throw inputFailure('messaging.input.invalid', `Invalid ${what}. ${issues.join('; ')}.`, {
    fields: result.error.issues.map((issue) => issue.path.map(String).join('.')),
  });
}

/** Characters as people count them (code points): "é" and "😀" are one each, as the service counts. */
export function characterCount(text: string): number {
  return [...text].length;
}

export function checkText(text: string, field = 'text'): string {
  if (text.trim() === '')
    throw inputFailure('messaging.input.text_empty', `${field} is empty: write the message.`, { field });
  const length = characterCount(text);
  const max = MESSAGING_LIMITS.messageLength;
  if (length > max) {
    throw inputFailure(
      'messaging.input.text_too_long',
      `${field} is ${length} characters long; a message takes at most ${max}: shorten it by ${length - max}.`,
      { field, length, max },
    );
  }
  return text;
}

export function checkType(type: string): MessageType {
  const normalised = type.trim().toLowerCase();
  if ((MESSAGE_TYPES as readonly string[]).includes(normalised)) return normalised as MessageType;
  throw inputFailure('messaging.input.invalid_type', `type "${type}" is not known: use text or mms.`, {
    field: 'type',
  });
}

export function checkSender(senderId: string, country: CountryCode | null): string {
  const number = senderToE164(senderId, country);
  if (number) return number;
  throw inputFailure(
    'messaging.input.invalid_sender',
    `senderId "${senderId}" is not a phone number: give your approved sender number, with its country code.`,
    { field: 'senderId' },
  );
}

/** The refusal for numbers that are not valid for the default country, listing the first ten. */
export function invalidNumbers(field: string, invalid: string[], country: CountryCode | null): AppFailure {
  const shown = invalid
    .slice(0, 10)
    .map((n) => `"${n}"`)
    .join(', ');
  const where = country
    ? `for ${country} (the default country)`
    : '(no default country is set, so each needs its +country code)';
  return inputFailure(
    'messaging.input.invalid_number',
    `${invalid.length} number(s) in ${field} are not valid phone numbers ${where}: ${shown}${invalid.length > 10 ? ', …' : ''}. Correct them or add the country code.`,
    { field, invalidNumbers: invalid.slice(0, 100), invalidCount: invalid.length },
  );
}

/** Numbers of one request: 1 to 1000 valid numbers, returned in E.164. */
export function checkRecipients(
  contacts: readonly string[],
  country: CountryCode | null,
  field = 'contacts',
): string[] {
  const given = contacts.filter((c) => c.trim() !== '');
  if (given.length === 0)
    throw inputFailure('messaging.input.no_recipients', `${field} is empty: give at least one number, or a group ID.`, {
      field,
    });
  const max = MESSAGING_LIMITS.contactsPerRequest;
  if (given.length > max) {
    throw inputFailure(
      'messaging.input.too_many_numbers',
      `${field} has ${given.length} numbers; a message goes to at most ${max}: remove ${given.length - max}, or use a bulk send.`,
      { field, count: given.length, max },
    );
  }
  const { numbers, invalid } = normaliseNumbers(given, country);
  if (invalid.length > 0) throw invalidNumbers(field, invalid, country);
  return numbers;
}

export function checkContactNumber(number: string, country: CountryCode | null): string {
  if (number.trim() === '')
    throw inputFailure('messaging.input.invalid', 'number is empty: give the contact number.', { field: 'number' });
  const e164 = toE164(number, country);
  if (!e164) throw invalidNumbers('number', [number], country);
  return e164;
}

const GROUP_ID = /^[A-Za-z0-9_.-]{1,64}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const CUSTOM_NAME = /^[A-Za-z]\w{0,39}$/;

/** A group ID as contacts carry it: 1 to 64 letters, digits, dots, dashes or underscores. */
export function checkGroupId(groupId: string | undefined, field: string): string | undefined {
  if (groupId === undefined || groupId.trim() === '') return undefined;
  const id = groupId.trim();
  if (!GROUP_ID.test(id))
    throw inputFailure(
      'messaging.input.invalid',
      `${field} "${groupId}" must be 1 to 64 letters, digits, dots, dashes or underscores.`,
      { field },
    );
  return id;
}

/** A contact's optional email and custom fields (ours: at most 20 names, 500 characters each). */
export function checkContactExtras(input: ContactInput): void {
  if (input.email !== undefined && input.email.trim() !== '' && !EMAIL.test(input.email.trim()))
    throw inputFailure('messaging.input.invalid', `email "${input.email}" is not an email address: correct it.`, {
      field: 'email',
    });
  const custom = Object.entries(input.custom ?? {});
  if (custom.length > 20)
    throw inputFailure('messaging.input.invalid', `custom has ${custom.length} fields; at most 20 are allowed.`, {
      field: 'custom',
    });
  for (const [name, value] of custom) {
    if (!CUSTOM_NAME.test(name))
      throw inputFailure(
        'messaging.input.invalid',
        `custom field "${name}": a name is 1 to 40 letters, digits or underscores, starting with a letter.`,
        { field: `custom.${name}` },
      );
    if ([...value].length > 500)
      throw inputFailure('messaging.input.invalid', `custom field ${name} is longer than 500 characters: shorten it.`, {
        field: `custom.${name}`,
      });
  }
}

const TITLE_MAX = 200;

/** A campaign title: optional, at most 200 characters. */
export function checkTitle(title: string | undefined): string | undefined {
  if (title === undefined || title.trim() === '') return undefined;
  if (characterCount(title) > TITLE_MAX)
    throw inputFailure('messaging.input.invalid', `title is longer than ${TITLE_MAX} characters: shorten it.`, {
      field: 'title',
    });
  return title.trim();
}

/** A contact's name must hold a first and a last name (the service answers 03 and 04 otherwise). */
export function checkFullName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) {
    const message =
      words.length === 0
        ? 'name is empty: give the first and the last name.'
        : `name "${words[0]}" has no last name: give the first and the last name.`;
    throw inputFailure('messaging.input.name_incomplete', message, { field: 'name' });
  }
  return words.join(' ');
}

const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/;

/** The canonical name of a time zone Intl knows; `countryCity` asks for the spec's Country/City form. */
export function checkTimeZone(zone: string, field: string, { countryCity = false } = {}): string {
  const name = zone.trim();
  let canonical: string | undefined;
  if (ZONE_NAME.test(name) && (!countryCity || name.includes('/'))) {
    try {
      canonical = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
    } catch {
      canonical = undefined;
    }
  }
  if (canonical) return canonical;
  throw inputFailure(
    'messaging.input.unknown_time_zone',
    `${field} "${zone}" is not a known time zone: use ${countryCity ? 'Country/City' : 'an IANA name'}, e.g. Europe/London.`,
    { field },
  );
}

function isRealDate(year: number, month: number, day: number, hour: number, minute: number, second = 0): boolean {
  if (year < 1970 || hour > 23 || minute > 59 || second > 59) return false;
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

const SEND_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{1,2}):(\d{2})$/;

/** A scheduled send: time as YYYY-MM-DD H:I (24-hour) and a Country/City zone. */
export function checkSchedule(schedule: Schedule, field = 'schedule'): Schedule {
  const time = schedule.time.trim();
  const m = SEND_TIME.exec(time);
  if (!m || !isRealDate(+m[1]!, +m[2]!, +m[3]!, +m[4]!, +m[5]!)) {
    throw inputFailure(
      'messaging.input.invalid_time',
      `${field}.time "${schedule.time}" is not a real date and time written YYYY-MM-DD H:I (24-hour), e.g. 2026-12-01 9:05.`,
      { field: `${field}.time` },
    );
  }
  return { time, timeZone: checkTimeZone(schedule.timeZone, `${field}.timeZone`, { countryCity: true }) };
}

const EVENT_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,3})?)?(Z|([+-])(\d{2}):(\d{2}))?$/;

/** Real UTC offsets lie within ±14:00 (-12:00 to +14:00 today); +24:00 or +00:60 is no offset at all. */
function isRealOffset(hours: number, minutes: number): boolean {
  return minutes < 60 && hours * 60 + minutes <= 14 * 60;
}

function checkEventTime(value: EventTime, field: string): EventTime & { offset: boolean; comparable: number } {
  const dateTime = value.dateTime.trim();
  const m = EVENT_TIME.exec(dateTime);
  if (
    !m ||
    !isRealDate(+m[1]!, +m[2]!, +m[3]!, +m[4]!, +m[5]!, +(m[6] ?? 0)) ||
    (m[10] !== undefined && !isRealOffset(+m[10], +m[11]!))
  ) {
    throw inputFailure(
      'messaging.input.invalid_time',
      `${field}.dateTime "${value.dateTime}" is not a real date and time like 2026-12-01T10:00 (optionally with seconds and an offset within ±14:00, such as +01:00).`,
      { field: `${field}.dateTime` },
    );
  }
  const timeZone = checkTimeZone(value.timeZone, `${field}.timeZone`);
  // The wall time as if it were UTC, then moved by the offset: plain arithmetic, which cannot throw.
  const wall = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +(m[6] ?? 0), Math.round(Number(m[7] ?? 0) * 1000));
  const offsetMinutes = m[10] === undefined ? 0 : (m[9] === '-' ? -1 : 1) * (+m[10] * 60 + +m[11]!);
  return { dateTime, timeZone, offset: m[8] !== undefined, comparable: wall - offsetMinutes * 60_000 };
}

/** Both times well formed in known zones, and the end after the start where that can be told without the zone rules. */
export function checkEventTimes(start: EventTime, end: EventTime): { start: EventTime; end: EventTime } {
  const s = checkEventTime(start, 'start');
  const e = checkEventTime(end, 'end');
  const comparable = s.offset === e.offset && (s.offset || s.timeZone === e.timeZone);
  if (comparable && e.comparable <= s.comparable) {
    throw inputFailure(
      'messaging.input.invalid_time_range',
      `end (${end.dateTime}) is not after start (${start.dateTime}): move the end later.`,
      { field: 'end.dateTime' },
    );
  }
  return { start: { dateTime: s.dateTime, timeZone: s.timeZone }, end: { dateTime: e.dateTime, timeZone: e.timeZone } };
}

export interface MmsFile {
  path: string;
  filename: string;
  bytes: number;
  contentType: string;
}

/** The MMS file: readable, 1 to 2,000,000 bytes, and an image, video or audio file by its bytes. */
export async function checkMmsFile(path: string): Promise<MmsFile> {
  let bytes: number;
  try {
    const info = await stat(path);
    if (!info.isFile()) throw new Error('not a file');
    bytes = info.size;
  } catch (err) {
    throw inputFailure(
      'messaging.input.mms_unreadable',
      `The MMS file ${path} cannot be read (${(err as Error).message}): choose the file again.`,
      { field: 'mmsPath' },
    );
  }
  const max = MESSAGING_LIMITS.mmsMaxBytes;
  if (bytes > max) {
    throw inputFailure(
      'messaging.input.mms_too_large',
      `The MMS file is ${bytes.toLocaleString('en-US')} bytes; at most ${max.toLocaleString('en-US')} are allowed: choose a smaller file (or shrink it by ${(bytes - max).toLocaleString('en-US')} bytes).`,
      { field: 'mmsPath', bytes, max },
    );
  }
  const sniffed = bytes === 0 ? undefined : await fileTypeFromFile(path).catch(() => undefined);
  if (!sniffed || !/^(image|video|audio)\//.test(sniffed.mime)) {
    throw inputFailure(
      'messaging.input.mms_not_media',
      `The MMS file ${basename(path)} is ${sniffed ? `a ${sniffed.mime} file` : 'not a file type we recognise'}: ${MESSAGING_CLIENT_CODES['messaging.input.mms_not_media']}`,
      { field: 'mmsPath' },
    );
  }
  return { path, filename: basename(path), bytes, contentType: sniffed.mime };
}

/** type mms needs its file (checked as above); type text takes none. */
export async function checkAttachment(type: MessageType, mmsPath: string | undefined): Promise<MmsFile | null> {
  const given = mmsPath !== undefined && mmsPath.trim() !== '';
  if (type === 'text') {
    if (!given) return null;
    const message = 'A text message takes no file: remove the file, or choose the type mms.';
    throw inputFailure('messaging.input.mms_not_allowed', message, { field: 'mmsPath' });
  }
  if (!given) {
    const message = 'The type mms needs its file: choose an image, video or audio file.';
    throw inputFailure('messaging.input.mms_missing', message, { field: 'mmsPath' });
  }
  return checkMmsFile(mmsPath);
}
