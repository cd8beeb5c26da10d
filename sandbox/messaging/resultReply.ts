// Every Messaging API answer is `{status, code, message, requestId, ...}` with a code from the
// operation's table in shared/messagingCodes.ts; the HTTP status follows from the code.
import type { ServerResponse } from 'node:http';
import {
  findResultCode,
  resultHttpStatus,
  type MessagingOperation,
  type ResultStatus,
} from '../../shared/messagingCodes.ts';
import { sendJson } from '../http/envelope.ts';

export type ResultExtra = Record<string, unknown>;

/** A refusal with a result code; thrown anywhere below an operation, answered by the server. */
export class ResultError extends Error {
  readonly code: string;
  readonly extra: ResultExtra;

  constructor(code: string, message: string, extra: ResultExtra = {}) {
    super(message);
    this.code = code;
    this.extra = extra;
  }
}

export interface ResultBody {
  status: ResultStatus;
  code: string;
  message: string;
  requestId: string;
  [field: string]: unknown;
}

/** Builds an answer; a code missing from the operation's table is a bug, so it throws. */
export function resultBody(
  operation: MessagingOperation,
  code: string,
  message: string,
  requestId: string,
  extra: ResultExtra = {},
): ResultBody {
  const row = findResultCode(operation, code);
  if (!row) throw new Error(`result code ${code} is not in the ${operation} table`);
  return { status: row.status, code, message, requestId, ...extra };
}

export function sendResult(res: ServerResponse, body: ResultBody, headers: Record<string, string> = {}): void {
  sendJson(res, resultHttpStatus(body.code), body, { 'x-request-id': body.requestId, ...headers });
}
