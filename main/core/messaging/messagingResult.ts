// Reads a Messaging API answer {status, code, message, requestId, ...}: the code's row in
// shared/messagingCodes.ts gives its status word and meaning; an unknown code keeps the
// status word and message it came with. A refusal becomes an AppError coded
// messaging.<operation>.<code> whose message is the meaning, never the bare code.
import type { z } from 'zod';
import { AppFailure, appError, type AppError } from '../../../shared/appError.ts';
import { ResultAnswerSchema, type MessagingResult, type ResultFields } from '../../../shared/api/messagingTypes.ts';
import type { MessagingOperation } from '../../../shared/messagingCodes.ts';
import { findOperationResult, resultFailureCode } from '../../../shared/messagingFailures.ts';
import type { RawAnswer } from './messagingHttp.ts';

export type Outcome = 'success' | 'busy' | 'error';

export interface ReadAnswer {
  operation: MessagingOperation;
  outcome: Outcome;
  fields: ResultFields;
  /** Every other field of the answer, as it came. */
  extra: Record<string, unknown>;
  httpStatus: number;
}

function firstUpper(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function invalid(operation: MessagingOperation, answer: RawAnswer, why: string): AppFailure {
  return new AppFailure(
    appError(
      'response.invalid',
      `The Messaging API's ${operation} answer (HTTP ${answer.status}) is not one it gives: ${why}. Check the workspace's Messaging API address.`,
      { status: answer.status, requestId: answer.requestId },
    ),
  );
}

export function readAnswer(operation: MessagingOperation, answer: RawAnswer): ReadAnswer {
  const parsed = ResultAnswerSchema.safeParse(answer.body);
  if (!parsed.success) throw invalid(operation, answer, 'it has no result code');
  const { status, code, message, requestId, ...extra } = parsed.data;
  const row = findOperationResult(operation, code);
  const statusWord = row?.status ?? status ?? 'Error';
  const outcome: Outcome = statusWord === 'Success' ? 'success' : statusWord === 'Busy' ? 'busy' : 'error';
  const serviceMessage = message ?? '';
  return {
    operation,
    outcome,
    fields: {
      status: statusWord,
      code,
      // An unknown code is shown as it came: its message, or the code itself when there is none.
      meaning: row ? firstUpper(row.meaning) : serviceMessage || `Result code ${code} (not one Clipdesk knows)`,
      message: serviceMessage,
      requestId: requestId ?? answer.requestId,
    },
    extra,
    httpStatus: answer.status,
  };
}

/** The AppError of a refusal (Error) or a Busy answer. */
export function failureOf(read: ReadAnswer): AppError {
  const { fields, extra } = read;
  return appError(resultFailureCode(read.operation, fields.code), fields.meaning, {
    status: read.httpStatus,
    requestId: fields.requestId,
    details: {
      resultStatus: fields.status,
      resultCode: fields.code,
      ...(fields.message && fields.message !== fields.meaning ? { serviceMessage: fields.message } : {}),
      ...extra,
    },
  });
}

/** A success's fields checked against what the operation returns (extra fields kept). */
export function successOf<Schema extends z.ZodType>(
  read: ReadAnswer,
  schema: Schema,
): MessagingResult<z.output<Schema>> {
  const extra = schema.safeParse(read.extra);
  if (!extra.success) {
    const issue = extra.error.issues[0];
    const where = issue?.path.map(String).join('.') || 'body';
    throw invalid(
      read.operation,
      { status: read.httpStatus, body: null, requestId: read.fields.requestId },
      `${where}: ${issue?.message ?? 'unexpected'}`,
    );
  }
  return { ...(extra.data as object), ...read.fields } as MessagingResult<z.output<Schema>>;
}
