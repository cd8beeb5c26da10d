// The checks a message goes through before it is accepted (shared by the single send and each
// entry of a bulk submission), and how accepted messages are stored and read back. Every
// check throws the result code the send and bulk tables give for it.
import { MESSAGING_LIMITS } from '../../shared/limits.ts';
import { iso } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { transaction } from '../db/database.ts';
import { isBlank } from './operation.ts';
import { normaliseNumber, splitNumberList, type PhoneNumber } from './phoneNumbers.ts';
import { ResultError } from './resultReply.ts';
import { canonicalZone, existingInstantOf, isRealWallClock } from './zonedTime.ts';

export interface Schedule {
  /** Epoch ms; "now" for an immediate send. */
  scheduledAt: number;
  /** The local time as given, normalised to YYYY-MM-DD HH:MM, for a scheduled send. */
  localTime: string | null;
  timeZone: string | null;
}

export interface Draft extends Schedule {
  text: string;
  recipients: PhoneNumber[];
  groupId: string | null;
  duplicatesIgnored: number;
}

export interface Submission {
  kind: 'single' | 'bulk';
  title: string | null;
  senderId: string;
  type: 'text' | 'mms';
  mms: { path: string; contentType: string; bytes: number } | null;
}

export function checkSender(raw: string | undefined): string {
  if (isBlank(raw)) throw new ResultError('03', 'Sender ID empty: give senderid, your approved sender number.');
  const phone = normaliseNumber(raw!);
  if (!phone)
    throw new ResultError(
      '03',
      `Sender ID "${raw}" is not a phone number: give 7 to 15 digits with an optional leading +.`,
    );
  return phone.number;
}

/** `where` prefixes the field names in a bulk submission, e.g. "messages[3]." */
export function checkText(raw: string | undefined, where = ''): string {
  if (isBlank(raw)) throw new ResultError('04', `Message text empty: give ${where}msg.`);
  // Characters, not bytes or UTF-16 units: "é" and "😀" count one each.
  const length = [...raw!].length;
  const max = MESSAGING_LIMITS.messageLength;
  if (length > max)
    throw new ResultError(
      '07',
      `${where}msg is ${length} characters long; at most ${max} are allowed: shorten it by ${length - max}.`,
    );
  return raw!;
}

export function checkTitle(raw: string | undefined): string | null {
  if (isBlank(raw)) return null;
  if ([...raw!].length > 200)
    throw new ResultError('16', 'Invalid request payload. title: must be at most 200 characters.');
  return raw!.trim();
}

/**
 * The numbers a message goes to: the contacts of `groupid` when it is given (it overrides
 * contacts), otherwise the comma-separated `contacts`. A number listed twice is sent once.
 */
export function resolveRecipients(
  db: Db,
  input: { contacts?: string | string[]; groupid?: string },
  where = '',
): { recipients: PhoneNumber[]; groupId: string | null; duplicatesIgnored: number } {
  const max = MESSAGING_LIMITS.contactsPerRequest;
  if (!isBlank(input.groupid)) {
    const groupId = input.groupid!.trim();
    const rows = db
      .prepare('SELECT number, digits FROM messaging_contacts WHERE group_id = ? ORDER BY id')
      .all(groupId) as unknown as PhoneNumber[];
    if (rows.length === 0) throw new ResultError('14', `Unknown group: no contact has ${where}groupid "${groupId}".`);
    if (rows.length > max)
      throw new ResultError('06', `Group "${groupId}" has ${rows.length} numbers; a request takes at most ${max}.`);
    return { recipients: rows.map((r) => ({ number: r.number, digits: r.digits })), groupId, duplicatesIgnored: 0 };
  }
  const listed = input.contacts === undefined ? [] : splitNumberList(input.contacts);
  if (listed.length === 0)
    throw new ResultError('05', `No recipients: give ${where}contacts (comma-separated numbers) or a ${where}groupid.`);
  if (listed.length > max) {
    throw new ResultError(
      '06',
      `${where}contacts has ${listed.length} numbers; a request takes at most ${max}: split the list.`,
      { count: listed.length },
    );
  }
  const invalid: string[] = [];
  const seen = new Map<string, PhoneNumber>();
  for (const raw of listed) {
    const phone = normaliseNumber(raw);
    if (!phone) invalid.push(raw);
    else if (!seen.has(phone.digits)) seen.set(phone.digits, phone);
  }
  if (invalid.length > 0) {
    const shown = invalid
      .slice(0, 20)
      .map((n) => `"${n}"`)
      .join(', ');
    throw new ResultError(
      '13',
      `${invalid.length} invalid number(s) in ${where}contacts: ${shown}${invalid.length > 20 ? ', …' : ''}. Give 7 to 15 digits with an optional leading +.`,
      {
        invalidNumbers: invalid.slice(0, 100),
      },
    );
  }
  return { recipients: [...seen.values()], groupId: null, duplicatesIgnored: listed.length - seen.size };
}

const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{1,2}):(\d{2})$/;

/** `time` (YYYY-MM-DD H:I, 24-hour) in `time_zone` (Country/City); a blank time means now. */
export function resolveSchedule(input: { time?: string; time_zone?: string }, now: number, where = ''): Schedule {
  const m = isBlank(input.time) ? undefined : LOCAL_TIME.exec(input.time!.trim());
  const wall = m && { year: +m[1]!, month: +m[2]!, day: +m[3]!, hour: +m[4]!, minute: +m[5]!, second: 0 };
  if (m !== undefined && (!wall || !isRealWallClock(wall))) {
    throw new ResultError(
      '11',
      `${where}time "${input.time}" is not a date and time in the form YYYY-MM-DD H:I (24-hour), e.g. 2026-12-01 9:05.`,
    );
  }
  let zone: string | undefined;
  if (!isBlank(input.time_zone)) {
    zone = canonicalZone(input.time_zone!.trim(), { countryCity: true });
    if (!zone)
      throw new ResultError(
        '12',
        `Unknown time zone "${input.time_zone}" in ${where}time_zone: use Country/City, e.g. Europe/London.`,
      );
  }
  if (!wall) return { scheduledAt: now, localTime: null, timeZone: null };
  if (!zone)
    throw new ResultError(
      '12',
      `Time zone missing: a ${where}time needs ${where}time_zone as Country/City, e.g. Europe/London.`,
    );
  const scheduledAt = existingInstantOf(wall, zone);
  if (scheduledAt === null)
    throw new ResultError(
      '11',
      `${where}time ${input.time!.trim()} does not exist in ${zone}: the clocks skip it that night (a daylight-saving change); give a time outside the skipped hour.`,
    );
  // The minute the client names counts as "now" until it is over.
  if (scheduledAt + 60_000 <= now) {
    throw new ResultError(
      '15',
      `${where}time ${input.time} in ${zone} has passed: give a future time, or leave time blank to send now.`,
    );
  }
  const pad = (n: number) => String(n).padStart(2, '0');
  const localTime = `${wall.year}-${pad(wall.month)}-${pad(wall.day)} ${pad(wall.hour)}:${pad(wall.minute)}`;
  return { scheduledAt, localTime, timeZone: zone };
}

/**
 * A message's delivery state, derived from the clock so it survives restarts with no timers:
 * scheduled until its time, then queued, sent and delivered, each phase half a job length.
 */
export function messageStatus(
  scheduledAt: number,
  now: number,
  jobSeconds: number,
): 'scheduled' | 'queued' | 'sent' | 'delivered' {
  const elapsed = now - scheduledAt;
  if (elapsed < 0) return 'scheduled';
  if (elapsed < jobSeconds * 500) return 'queued';
  if (elapsed < jobSeconds * 1000) return 'sent';
  return 'delivered';
}

export interface StoredMessage {
  id: number;
  number: string;
}

/** Stores a submission and its messages in one transaction: all of them or none. */
export function storeSubmission(
  db: Db,
  now: number,
  submission: Submission,
  drafts: Draft[],
): { submissionId: number; messages: StoredMessage[][] } {
  const createdAt = iso(now);
  const insertSubmission = db.prepare(`INSERT INTO messaging_submissions
    (kind, title, sender_id, type, mms_path, mms_content_type, mms_bytes, message_count, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertMessage = db.prepare(`INSERT INTO messaging_messages
    (submission_id, number, text, type, group_id, scheduled_at, local_time, time_zone, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const count = drafts.reduce((n, d) => n + d.recipients.length, 0);
  return transaction(db, () => {
    const { mms } = submission;
    const submissionId = Number(
      insertSubmission.run(
        submission.kind,
        submission.title,
        submission.senderId,
        submission.type,
        mms?.path ?? null,
        mms?.contentType ?? null,
        mms?.bytes ?? null,
        count,
        createdAt,
      ).lastInsertRowid,
    );
    const messages = drafts.map((d) =>
      d.recipients.map((r) => ({
        id: Number(
          insertMessage.run(
            submissionId,
            r.number,
            d.text,
            submission.type,
            d.groupId,
            d.scheduledAt,
            d.localTime,
            d.timeZone,
            createdAt,
          ).lastInsertRowid,
        ),
        number: r.number,
      })),
    );
    return { submissionId, messages };
  });
}
