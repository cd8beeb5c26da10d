// The AppError codes of the Messaging API client. A refusal from the service becomes
// `messaging.<operation>.<result code>` (e.g. `messaging.contacts.97`), explained by its row
// in shared/messagingCodes.ts; an unknown result code keeps the same form and is shown as it
// came. The client's own refusals (bad input caught before sending, an outcome it cannot
// know, a resend without the user's word) have the word codes below.
import { findResultCode, MESSAGING_RESULT_TABLES, type MessagingOperation, type ResultCode } from './messagingCodes.ts';
import { MESSAGING_LIMITS } from './limits.ts';

const { contactsPerRequest, contactsPerBulkSubmission, messageLength, mmsMaxBytes } = MESSAGING_LIMITS;

export const MESSAGING_CLIENT_CODES = {
  'messaging.outcome_unknown':
    'No answer came after the request was sent (a timeout or a dropped connection): it may or may not have taken effect. Check the sent messages; Clipdesk sends it again only if you say so.',
  'messaging.input.invalid': 'A field is missing or of the wrong kind: the message names it.',
  'messaging.input.no_recipients': 'Give at least one contact number, or a group ID.',
  'messaging.input.too_many_numbers': `A message goes to at most ${contactsPerRequest} numbers: split the list, or use a bulk send (it sends ${contactsPerBulkSubmission} numbers per submission).`,
  'messaging.input.invalid_number':
    'A phone number is not valid for the default country: write it with its country code (e.g. +44 20 7946 0000) or correct it.',
  'messaging.input.invalid_sender': 'The sender ID must be your approved sender number, as a valid phone number.',
  'messaging.input.text_empty': 'The message text is empty: write the message.',
  'messaging.input.text_too_long': `A message takes at most ${messageLength} characters: shorten it.`,
  'messaging.input.invalid_type': 'The message type must be text or mms.',
  'messaging.input.mms_missing': 'An MMS needs its file: choose an image, video or audio file.',
  'messaging.input.mms_not_allowed': 'A text message takes no file: choose the type mms to send a file.',
  'messaging.input.mms_unreadable': 'The MMS file cannot be read: check that it still exists and can be opened.',
  'messaging.input.mms_too_large': `An MMS file takes at most ${mmsMaxBytes.toLocaleString('en-US')} bytes: choose a smaller file.`,
  'messaging.input.mms_not_media': 'An MMS file must be an image, video or audio file.',
  'messaging.input.invalid_time':
    'The time must be a real date and time written YYYY-MM-DD H:I (24-hour), e.g. 2026-12-01 9:05.',
  'messaging.input.unknown_time_zone': 'The time zone is not one the system knows: use a name like Europe/London.',
  'messaging.input.invalid_time_range': 'The event must end after it starts: move the end later.',
  'messaging.input.name_incomplete': 'A contact needs a first and a last name: give the full name.',
  'messaging.resend.confirmation_required':
    'A submission whose outcome is unknown is sent again only when you confirm it: its messages may already have gone out.',
  'messaging.resend.not_unknown': 'Only a submission whose outcome is unknown can be sent again.',
  'messaging.send_log.not_found': 'There is no such bulk send or submission in the send log.',
  'messaging.not_configured':
    'This workspace has no Messaging API address: add it (with its key) to the workspace in Settings.',
  'messaging.key_missing': 'No Messaging API key is saved for this workspace: add it in Settings.',
  'messaging.sender_missing': 'No sender ID is set: enter your approved sender number in the messaging settings.',
  'messaging.import.not_found': 'There is no such contact import: choose the file again.',
  'messaging.import.incomplete':
    'Not every row of the file reached Clipdesk yet: wait for it, or import the file again.',
  'messaging.import.out_of_order': 'The rows of an import must arrive in order: import the file again.',
  'messaging.mms.not_found': 'The MMS file is no longer staged (sent, discarded or expired): attach it again.',
  'messaging.mms.incomplete': 'The MMS file did not arrive whole: attach it again.',
  'messaging.draft.not_found': 'The bulk send was not prepared (or expired): start it again.',
  'messaging.draft.incomplete': 'Not every message of the bulk send reached Clipdesk: start it again.',
} as const satisfies Record<string, string>;

export type MessagingClientCode = keyof typeof MESSAGING_CLIENT_CODES;

const OPERATIONS = Object.keys(MESSAGING_RESULT_TABLES) as MessagingOperation[];

/** The AppError code of a result code an operation answered with, e.g. messaging.calendar.03. */
export function resultFailureCode(operation: MessagingOperation, code: string): string {
  return `messaging.${operation}.${code}`;
}

/** The operation and result code inside a `messaging.<operation>.<code>` AppError code, or null. */
export function parseResultFailureCode(code: string): { operation: MessagingOperation; resultCode: string } | null {
  const match = /^messaging\.([a-z]+)\.(.+)$/.exec(code);
  if (!match || !(OPERATIONS as string[]).includes(match[1]!)) return null;
  return { operation: match[1] as MessagingOperation, resultCode: match[2]! };
}

/** The table row of a result code, looking in the route table too (404, 405 and 500 come from there). */
export function findOperationResult(operation: MessagingOperation, code: string): ResultCode | undefined {
  return findResultCode(operation, code) ?? findResultCode('route', code);
}

export function isMessagingClientCode(code: string): code is MessagingClientCode {
  return Object.hasOwn(MESSAGING_CLIENT_CODES, code);
}

/** What a messaging AppError code means; null for a code nobody here knows (show its message as it came). */
export function explainMessagingCode(code: string): string | null {
  if (isMessagingClientCode(code)) return MESSAGING_CLIENT_CODES[code];
  const parsed = parseResultFailureCode(code);
  if (!parsed) return null;
  return findOperationResult(parsed.operation, parsed.resultCode)?.meaning ?? null;
}
