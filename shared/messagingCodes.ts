// The result codes of the Messaging API (spec/messaging-api.md, "Errors"), one table per
// operation: status word, code, meaning. Calendar and contacts are the spec's tables; the
// spec does not show the messaging codes, so those (send, bulk, list) are ours, in the same
// style. The sandbox answers with these and the client explains every code with them.
//
// Every answer is JSON `{status, code, message, requestId, ...}`. The HTTP status is the code
// itself when the code is a three-digit HTTP error (400, 401, 404, 405, 500) and 200
// otherwise: the code, not the HTTP status, carries the meaning (Busy 200 is HTTP 200).
//
// 02 versus 401: 02 is a key the service does not recognise; 401 is credentials it cannot
// accept although they name a key: a recognised key that was revoked (replaced), an
// Authorization header that is not `Bearer <key>`, or a Bearer key that contradicts the
// key in the request fields.

export type ResultStatus = 'Success' | 'Error' | 'Busy';

export interface ResultCode {
  readonly status: ResultStatus;
  readonly code: string;
  /** What happened, and what to change. */
  readonly meaning: string;
}

const NO_KEY = 'no API key provided: send the key field, or an Authorization: Bearer header';
const WRONG_KEY = 'wrong API key: the service does not recognise it; check the Messaging API key';
const INVALID_CREDENTIALS =
  'invalid credentials: the key was revoked, or the Authorization header is not "Bearer <key>" or names another key than the request';
const BACKEND_ERROR = 'backend error: nothing was changed; try again later';

export const CALENDAR_RESULT_CODES = [
  { status: 'Success', code: '00', meaning: 'operation completed: the event was created' },
  {
    status: 'Error',
    code: '01',
    meaning: 'no API key provided: send the apiKey field, or an Authorization: Bearer header',
  },
  { status: 'Error', code: '02', meaning: WRONG_KEY },
  { status: 'Error', code: '03', meaning: 'start date empty (missing start): give start.dateTime' },
  { status: 'Error', code: '04', meaning: 'end date empty (missing end): give end.dateTime' },
  {
    status: 'Error',
    code: '05',
    meaning: 'time zone empty (missing timeZone): give start.timeZone and end.timeZone, e.g. Europe/London',
  },
  {
    status: 'Error',
    code: '400',
    meaning:
      'specified time range is empty (end must be after start), or invalid request payload: the message names the field',
  },
  { status: 'Error', code: '401', meaning: INVALID_CREDENTIALS },
  { status: 'Error', code: '500', meaning: BACKEND_ERROR },
  {
    status: 'Busy',
    code: '200',
    meaning:
      "no free slots: the time overlaps another event, or it is outside business hours (Monday to Friday, 09:00 to 18:00 in the event's time zone)",
  },
] as const satisfies readonly ResultCode[];

export const CONTACTS_RESULT_CODES = [
  { status: 'Success', code: '00', meaning: 'new contact added' },
  { status: 'Error', code: '01', meaning: NO_KEY },
  { status: 'Error', code: '02', meaning: WRONG_KEY },
  { status: 'Error', code: '03', meaning: 'first name empty (missing name): give the full name, first and last' },
  {
    status: 'Error',
    code: '04',
    meaning: 'last name empty (missing name): the name must hold a first and a last name',
  },
  { status: 'Error', code: '05', meaning: 'contact number empty (missing contact)' },
  { status: 'Error', code: '97', meaning: 'the number already exists in this account' },
  {
    status: 'Error',
    code: '99',
    meaning:
      'an error occurred: a field is malformed (number, email, custom field, length) or not known; the message names it',
  },
  { status: 'Error', code: '401', meaning: INVALID_CREDENTIALS },
  { status: 'Error', code: '500', meaning: BACKEND_ERROR },
] as const satisfies readonly ResultCode[];

// Codes 03–16 mean the same in send and bulk; in bulk the message also names the entry.
const SEND_SHARED = {
  sender: {
    status: 'Error',
    code: '03',
    meaning: 'sender ID empty or not a phone number (missing senderid): give your approved sender number',
  },
  text: { status: 'Error', code: '04', meaning: 'message text empty (missing msg)' },
  recipients: {
    status: 'Error',
    code: '05',
    meaning: 'no recipients: give contacts (comma-separated numbers) or a groupid',
  },
  tooMany: {
    status: 'Error',
    code: '06',
    meaning: 'too many numbers: at most 1000 per request; split the list (500 per submission is recommended)',
  },
  tooLong: {
    status: 'Error',
    code: '07',
    meaning: 'message too long: msg takes at most 740 characters (counted after URL-decoding, not bytes)',
  },
  time: {
    status: 'Error',
    code: '11',
    meaning:
      'time is not in the form YYYY-MM-DD H:I (24-hour, e.g. 2026-12-01 9:05), is not a real date, or does not exist in time_zone (skipped by a daylight-saving change)',
  },
  zone: {
    status: 'Error',
    code: '12',
    meaning: 'time zone missing or unknown: with a time, give time_zone as Country/City, e.g. Europe/London',
  },
  numbers: {
    status: 'Error',
    code: '13',
    meaning: 'invalid contact numbers: each must be 7 to 15 digits with an optional leading +; the answer lists them',
  },
  group: { status: 'Error', code: '14', meaning: 'unknown group: no contact has that group ID' },
  past: {
    status: 'Error',
    code: '15',
    meaning: 'the scheduled time has passed: give a future time, or leave time blank to send now',
  },
  payload: {
    status: 'Error',
    code: '16',
    meaning: 'invalid request payload: a field is not known, given twice or of the wrong type; the message names it',
  },
} as const satisfies Record<string, ResultCode>;

/** POST /app/smsapi/sms/post and GET /app/smsapi/sms/get. */
export const SEND_RESULT_CODES = [
  { status: 'Success', code: '00', meaning: 'messages accepted: queued to send now, or scheduled' },
  { status: 'Error', code: '01', meaning: NO_KEY },
  { status: 'Error', code: '02', meaning: WRONG_KEY },
  SEND_SHARED.sender,
  SEND_SHARED.text,
  SEND_SHARED.recipients,
  SEND_SHARED.tooMany,
  SEND_SHARED.tooLong,
  { status: 'Error', code: '08', meaning: 'type missing or unknown: use text or mms' },
  {
    status: 'Error',
    code: '09',
    meaning:
      'MMS file missing or not media: type mms needs an image, video or audio file as the multipart part "mms" (POST only); type text takes no file',
  },
  { status: 'Error', code: '10', meaning: 'MMS file too large: at most 2,000,000 bytes' },
  SEND_SHARED.time,
  SEND_SHARED.zone,
  SEND_SHARED.numbers,
  SEND_SHARED.group,
  SEND_SHARED.past,
  SEND_SHARED.payload,
  { status: 'Error', code: '401', meaning: INVALID_CREDENTIALS },
  { status: 'Error', code: '500', meaning: 'backend error: nothing was sent; try again later' },
] as const satisfies readonly ResultCode[];

/** POST /app/smsapi/sms/bulk: different texts to many numbers, all accepted or none. */
export const BULK_RESULT_CODES = [
  {
    status: 'Success',
    code: '00',
    meaning: 'every message of the submission accepted: queued to send now, or scheduled',
  },
  { status: 'Error', code: '01', meaning: NO_KEY },
  { status: 'Error', code: '02', meaning: WRONG_KEY },
  SEND_SHARED.sender,
  SEND_SHARED.text,
  SEND_SHARED.recipients,
  {
    status: 'Error',
    code: '06',
    meaning:
      'too many numbers: a submission takes at most 1000 numbers across its messages; split it (500 per submission is recommended)',
  },
  SEND_SHARED.tooLong,
  { status: 'Error', code: '08', meaning: 'type missing or not text: a bulk submission sends text only' },
  SEND_SHARED.time,
  SEND_SHARED.zone,
  SEND_SHARED.numbers,
  SEND_SHARED.group,
  SEND_SHARED.past,
  {
    status: 'Error',
    code: '16',
    meaning: 'invalid request payload: send JSON with a non-empty messages list; the message names the field',
  },
  { status: 'Error', code: '401', meaning: INVALID_CREDENTIALS },
  { status: 'Error', code: '500', meaning: 'backend error: nothing was sent; try again later' },
] as const satisfies readonly ResultCode[];

/** GET /app/smsapi/sms/list: the messages sent so far, newest first. */
export const LIST_RESULT_CODES = [
  { status: 'Success', code: '00', meaning: 'a page of sent messages' },
  { status: 'Error', code: '01', meaning: NO_KEY },
  { status: 'Error', code: '02', meaning: WRONG_KEY },
  {
    status: 'Error',
    code: '16',
    meaning: 'invalid request: limit must be 1 to 100 and after a previous nextCursor; the message names the field',
  },
  { status: 'Error', code: '401', meaning: INVALID_CREDENTIALS },
  { status: 'Error', code: '500', meaning: BACKEND_ERROR },
] as const satisfies readonly ResultCode[];

/** Answers that come before any operation is chosen. */
export const ROUTE_RESULT_CODES = [
  { status: 'Error', code: '400', meaning: 'the request target is not a valid URL: percent-encode the path and query' },
  { status: 'Error', code: '404', meaning: 'no such operation at this address' },
  { status: 'Error', code: '405', meaning: 'this operation does not take that HTTP method' },
  {
    status: 'Error',
    code: '414',
    meaning: 'the request line and headers are too long (over 64 KiB): send the fields in a POST body instead',
  },
  { status: 'Error', code: '500', meaning: BACKEND_ERROR },
] as const satisfies readonly ResultCode[];

/** The sandbox-only controls under /_sandbox/messaging (not part of the real service). */
export const SANDBOX_ADMIN_RESULT_CODES = [
  { status: 'Success', code: '00', meaning: 'done' },
  { status: 'Error', code: '16', meaning: 'invalid request payload: the message names the field' },
  {
    status: 'Error',
    code: '401',
    meaning: 'the X-Sandbox-Admin header must carry the admin token from the READY line',
  },
  { status: 'Error', code: '500', meaning: BACKEND_ERROR },
] as const satisfies readonly ResultCode[];

export const MESSAGING_RESULT_TABLES = {
  calendar: CALENDAR_RESULT_CODES,
  contacts: CONTACTS_RESULT_CODES,
  send: SEND_RESULT_CODES,
  bulk: BULK_RESULT_CODES,
  list: LIST_RESULT_CODES,
  route: ROUTE_RESULT_CODES,
  admin: SANDBOX_ADMIN_RESULT_CODES,
} as const;

export type MessagingOperation = keyof typeof MESSAGING_RESULT_TABLES;

/** The codes one operation can answer with, e.g. ResultCodeOf<'calendar'> is '00' | '01' | … */
export type ResultCodeOf<Op extends MessagingOperation> = (typeof MESSAGING_RESULT_TABLES)[Op][number]['code'];

/** The table row for a code, or undefined for a code this table does not know (show it as it came). */
export function findResultCode(operation: MessagingOperation, code: string): ResultCode | undefined {
  return (MESSAGING_RESULT_TABLES[operation] as readonly ResultCode[]).find((row) => row.code === code);
}

/** The HTTP status an answer with this code carries (400, 401, 404, 405, 414, 500 are their own). */
export function resultHttpStatus(code: string): number {
  return /^[45]\d\d$/.test(code) ? Number(code) : 200;
}
