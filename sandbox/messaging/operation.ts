// What each Messaging API operation is: where its fields come from, which key field and which
// result table it uses, and the handler that turns the fields into a result code.
import type { z } from 'zod';
import type { MessagingOperation } from '../../shared/messagingCodes.ts';
import type { Fields, UploadedFile } from './requestFields.ts';
import type { ResultExtra } from './resultReply.ts';

export interface OperationInput {
  /** The request's fields with the key field already taken out (and checked). */
  fields: Fields;
  file?: UploadedFile;
}

export interface OperationResult {
  code: string;
  message: string;
  extra?: ResultExtra;
}

export interface Operation {
  method: 'GET' | 'POST';
  path: string;
  table: MessagingOperation;
  summary: string;
  /** `apiKey` for the calendar, `key` for the rest (spec: Authentication). */
  keyField: 'apiKey' | 'key';
  /** The code for a body or query that cannot be read at all (400, 99 or 16). */
  payloadCode: string;
  /** query: GET parameters · body: JSON, form or multipart · json: JSON only. */
  source: 'query' | 'body' | 'json';
  /** The one file part a multipart body may carry. */
  file?: { field: string; maxBytes: number };
  /** The fields besides the key, as /openapi.json describes them. */
  input: z.ZodType;
  /** The fields an answer may carry besides status, code, message and requestId (for /openapi.json). */
  output: z.ZodType;
  handle(input: OperationInput): Promise<OperationResult> | OperationResult;
}

/** null, undefined and whitespace-only text count as "not given". */
export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * One sentence naming each bad field (at most five), e.g. `msg: expected string, received
 * number; colour: not a field of this operation`. `where` prefixes the names ("messages[3].").
 */
export function describeIssues(error: z.ZodError, where = ''): string {
  const name = (path: PropertyKey[]) => {
    const joined = path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i > 0 ? '.' : ''}${String(p)}`)).join('');
    return `${where}${joined}`.replace(/\.$/, '') || 'body';
  };
  return error.issues
    .slice(0, 5)
    .map((issue) =>
      issue.code === 'unrecognized_keys'
        ? issue.keys.map((k) => `${name([...issue.path, k])}: not a field of this operation`).join('; ')
        : `${name(issue.path)}: ${issue.message.replace(/^Invalid input: /, '')}`,
    )
    .join('; ');
}
