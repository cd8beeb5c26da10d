// What the Messaging screen shows for an answer: every result code of the Messaging API
// (shared/messagingCodes.ts, one table per operation) with its status word and meaning,
// never the bare code; the client's own codes (checked before sending, unknown outcomes)
// with theirs. Pure, so a unit test can hold it to every code of every table.
import type { AppError } from '../../../shared/appError.ts';
import type { ResultFields } from '../../../shared/api/messagingTypes.ts';
import { type MessagingOperation } from '../../../shared/messagingCodes.ts';
import {
  explainMessagingCode,
  findOperationResult,
  parseResultFailureCode,
} from '../../../shared/messagingFailures.ts';

export type ResultTone = 'success' | 'busy' | 'error' | 'unknown';

export interface ResultLine {
  readonly tone: ResultTone;
  /** Success, Error, Busy; "Not sent" for a check before sending; "Outcome unknown". */
  readonly status: string;
  /** The service's result code (00, 97…) or the client's code. */
  readonly code: string;
  /** e.g. "Error 97": the status word and code, for the quiet line and for support. */
  readonly title: string;
  /** What happened, in words ("Added", "Already in contacts", "Sent"): what the notice leads with. */
  readonly headline: string;
  /** What the code means and what to change. */
  readonly meaning: string;
  /** The particulars (the service's message, or the check's), when they add to the meaning. */
  readonly detail: string | null;
  readonly requestId: string | null;
}

function firstUpper(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function toneOf(status: string): ResultTone {
  return status === 'Success' ? 'success' : status === 'Busy' ? 'busy' : 'error';
}

/** The words for an answer that went through, per operation. */
const SUCCESS_WORDS: Record<MessagingOperation, string> = {
  calendar: 'Event created',
  contacts: 'Added',
  send: 'Sent',
  bulk: 'Bulk send accepted',
  list: 'Listed',
  route: 'Done',
  admin: 'Done',
};

/** The words for a refusal, per operation: nothing was made or sent. */
const REFUSAL_WORDS: Record<MessagingOperation, string> = {
  calendar: 'Event not created',
  contacts: 'Not added',
  send: 'Not sent',
  bulk: 'Bulk send not accepted',
  list: 'Not listed',
  route: 'Refused',
  admin: 'Refused',
};

/** Codes whose meaning is the same whatever the operation, and codes worth their own words. */
function headlineOf(operation: MessagingOperation, code: string, status: string): string {
  if (status === 'Success') return SUCCESS_WORDS[operation];
  if (status === 'Busy') return operation === 'calendar' ? 'No free slot' : 'Busy';
  if (operation === 'contacts' && code === '97') return 'Already in contacts';
  if (code === '01' || code === '02' || code === '401') return 'Key not accepted';
  if (code === '500') return 'Service failed';
  return REFUSAL_WORDS[operation];
}

function detailOf(message: string | null | undefined, meaning: string): string | null {
  const text = message?.trim();
  return text && text.toLowerCase() !== meaning.toLowerCase() ? text : null;
}

/** A result code an operation answered with; a code no table knows is shown as it came. */
export function describeResultCode(
  operation: MessagingOperation,
  code: string,
  extra: { message?: string | null; requestId?: string | null; status?: string | null } = {},
): ResultLine {
  const row = findOperationResult(operation, code);
  const status = row?.status ?? extra.status ?? 'Error';
  const meaning = row
    ? firstUpper(row.meaning)
    : extra.message?.trim() || `Result code ${code} (not one Clipdesk knows)`;
  return {
    tone: toneOf(status),
    status,
    code,
    title: `${status} ${code}`,
    headline: headlineOf(operation, code, status),
    meaning,
    detail: row ? detailOf(extra.message, meaning) : null,
    requestId: extra.requestId ?? null,
  };
}

/** A successful (or Busy) answer as the client returns it. */
export function describeAnswer(operation: MessagingOperation, fields: ResultFields): ResultLine {
  return describeResultCode(operation, fields.code, {
    message: fields.message,
    requestId: fields.requestId,
    status: fields.status,
  });
}

/** Any failure of a messaging request: a result code's meaning, or the client's code's. */
export function describeFailure(error: AppError): ResultLine {
  const parsed = parseResultFailureCode(error.code);
  if (parsed) {
    const resultStatus = typeof error.details?.resultStatus === 'string' ? error.details.resultStatus : null;
    const serviceMessage = typeof error.details?.serviceMessage === 'string' ? error.details.serviceMessage : null;
    const line = describeResultCode(parsed.operation, parsed.resultCode, {
      message: serviceMessage ?? error.message,
      requestId: error.requestId,
      status: resultStatus,
    });
    return line;
  }
  const unknown = error.code === 'messaging.outcome_unknown';
  const notSent = error.code.startsWith('messaging.input.') || error.code === 'messaging.sender_missing';
  const status = unknown ? 'Outcome unknown' : notSent ? 'Not sent' : 'Error';
  const meaning = explainMessagingCode(error.code) ?? error.message;
  return {
    tone: unknown ? 'unknown' : 'error',
    status,
    code: error.code,
    title: status,
    headline: status,
    meaning,
    detail: detailOf(error.message, meaning),
    requestId: error.requestId,
  };
}
