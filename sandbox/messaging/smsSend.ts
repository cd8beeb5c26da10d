// POST /app/smsapi/sms/post and GET /app/smsapi/sms/get: one text to many numbers, now or at
// a scheduled time. Both take the same fields (the GET as query parameters); only the POST
// can carry an MMS file, as the multipart part `mms`.
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { z } from 'zod';
import { MESSAGING_LIMITS } from '../../shared/limits.ts';
import { iso } from '../clock.ts';
import type { SandboxContext } from '../context.ts';
import {
  checkSender,
  checkText,
  checkTitle,
  messageStatus,
  resolveRecipients,
  resolveSchedule,
  storeSubmission,
  type Draft,
  type Submission,
} from './messageDrafts.ts';
import { describeIssues, isBlank, type Operation, type OperationInput, type OperationResult } from './operation.ts';
import type { UploadedFile } from './requestFields.ts';
import { ResultError } from './resultReply.ts';

/** JSON may carry numbers as numbers; forms always carry text. */
export const textOrNumber = z.union([z.string(), z.number().transform(String)]);

export const SendFields = z.strictObject({
  title: z.string().optional().describe('Campaign title, at most 200 characters.'),
  contacts: z
    .union([textOrNumber, z.array(textOrNumber)])
    .optional()
    .describe('Comma-separated numbers (JSON may send a list), at most 1000; 7 to 15 digits each, optional leading +.'),
  groupid: z.string().optional().describe('Send to every contact created with this group_id; overrides contacts.'),
  senderid: textOrNumber.optional().describe('Required. Your approved sender number.'),
  msg: z.string().optional().describe('Required. The text, at most 740 characters (after URL-decoding).'),
  type: z.string().optional().describe('Required. text or mms.'),
  time: z.string().optional().describe('YYYY-MM-DD H:I (24-hour) to schedule; blank sends now.'),
  time_zone: z.string().optional().describe('Country/City, e.g. Europe/London; required with time.'),
});

export const SentMessage = z.object({
  id: z.number().int().describe('The message ID (one per recipient).'),
  number: z.string(),
  status: z.enum(['scheduled', 'queued', 'sent', 'delivered']),
});

const SendOutput = z.object({
  submissionId: z.number().int().optional().describe("00: this request's submission."),
  type: z.enum(['text', 'mms']).optional(),
  count: z.number().int().optional().describe('00: how many numbers the message goes to; 06: how many were given.'),
  duplicatesIgnored: z.number().int().optional().describe('00: numbers listed more than once, sent once.'),
  scheduledAt: z.string().optional().describe('00: when it is sent, as a UTC instant (ISO 8601).'),
  time: z.string().nullable().optional().describe('00: the scheduled local time (YYYY-MM-DD HH:MM), or null for now.'),
  timeZone: z.string().nullable().optional().describe('00: the time zone of time, or null.'),
  messages: z.array(SentMessage).optional().describe('00: one message per recipient.'),
  invalidNumbers: z.array(z.string()).optional().describe('13: the numbers refused (at most 100).'),
});

export function payloadError(error: z.ZodError, where = ''): ResultError {
  return new ResultError('16', `Invalid request payload. ${describeIssues(error, where)}.`);
}

export function checkType(raw: string | undefined, allowed: readonly string[]): string {
  const type = raw?.trim().toLowerCase() ?? '';
  if (!allowed.includes(type)) {
    throw new ResultError(
      '08',
      isBlank(raw)
        ? `Type missing: give type (${allowed.join(' or ')}).`
        : `Type "${raw}" is not known: use ${allowed.join(' or ')}.`,
    );
  }
  return type;
}

/** Sniffs the bytes (never trusting the name or declared type) and stores an accepted file. */
async function acceptMms(
  ctx: SandboxContext,
  file: UploadedFile | undefined,
  viaQuery: boolean,
): Promise<Submission['mms']> {
  if (viaQuery)
    throw new ResultError(
      '09',
      'An MMS needs its file: send it with POST /app/smsapi/sms/post as multipart/form-data, part mms.',
    );
  if (!file)
    throw new ResultError('09', 'MMS file missing: with type mms, send the file as the multipart/form-data part mms.');
  const max = MESSAGING_LIMITS.mmsMaxBytes;
  if (file.truncated)
    throw new ResultError(
      '10',
      `The MMS file is larger than ${max.toLocaleString('en-US')} bytes: send a smaller file.`,
    );
  const sniffed = await fileTypeFromBuffer(file.data);
  if (!sniffed || !/^(image|video|audio)\//.test(sniffed.mime)) {
    const what = sniffed ? `a ${sniffed.mime} file` : 'not a file type we recognise';
    throw new ResultError('09', `The MMS file "${file.filename}" is ${what}: send an image, video or audio file.`);
  }
  const dir = join(ctx.mediaDir, 'messaging');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${randomUUID()}.${sniffed.ext}`);
  writeFileSync(path, file.data);
  return { path, contentType: sniffed.mime, bytes: file.data.length };
}

async function send(
  ctx: SandboxContext,
  { fields, file }: OperationInput,
  viaQuery: boolean,
): Promise<OperationResult> {
  if (fields.mms !== undefined) {
    throw new ResultError('09', 'mms must be a file: send it as the multipart/form-data file part mms of a POST.');
  }
  const parsed = SendFields.safeParse(fields);
  if (!parsed.success) throw payloadError(parsed.error);
  const input = parsed.data;
  const now = ctx.clock.now();

  const senderId = checkSender(input.senderid);
  const type = checkType(input.type, ['text', 'mms']) as Submission['type'];
  const text = checkText(input.msg);
  const title = checkTitle(input.title);
  const recipients = resolveRecipients(ctx.db, input);
  const schedule = resolveSchedule(input, now);
  if (type === 'text' && file)
    throw new ResultError('09', 'A text message takes no file: use type mms to send the file.');
  const mms = type === 'mms' ? await acceptMms(ctx, file, viaQuery) : null;

  const draft: Draft = { text, ...recipients, ...schedule };
  const { submissionId, messages } = storeSubmission(ctx.db, now, { kind: 'single', title, senderId, type, mms }, [
    draft,
  ]);
  const status = messageStatus(schedule.scheduledAt, now, ctx.options.jobSeconds);
  const n = messages[0]!.length;
  const when = schedule.localTime ? `scheduled for ${schedule.localTime} ${schedule.timeZone}` : 'queued to send now';
  return {
    code: '00',
    message: `${n} message${n === 1 ? '' : 's'} ${when}.`,
    extra: {
      submissionId,
      type,
      count: n,
      duplicatesIgnored: recipients.duplicatesIgnored,
      scheduledAt: iso(schedule.scheduledAt),
      time: schedule.localTime,
      timeZone: schedule.timeZone,
      messages: messages[0]!.map((m) => ({ id: m.id, number: m.number, status })),
    },
  };
}

export function sendOperations(ctx: SandboxContext): Operation[] {
  const common = { table: 'send', keyField: 'key', payloadCode: '16', input: SendFields, output: SendOutput } as const;
  return [
    {
      ...common,
      method: 'POST',
      path: '/app/smsapi/sms/post',
      summary: 'Send a text or MMS message to numbers or a group, now or scheduled',
      source: 'body',
      file: { field: 'mms', maxBytes: MESSAGING_LIMITS.mmsMaxBytes },
      handle: (input) => send(ctx, input, false),
    },
    {
      ...common,
      method: 'GET',
      path: '/app/smsapi/sms/get',
      summary: 'Send a text message with query parameters (no MMS file)',
      source: 'query',
      handle: (input) => send(ctx, input, true),
    },
  ];
}
