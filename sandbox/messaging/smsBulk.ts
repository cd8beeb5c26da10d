// POST /app/smsapi/sms/bulk: different texts to many numbers in one submission (the spec's
// "bulk interface"; its shape is ours). JSON only:
//   {key, senderid, type: "text", title?, messages: [{contacts | contact | groupid, msg, time?, time_zone?}]}
// A submission is accepted whole or refused whole: at most 1000 numbers across its messages
// (06 beyond), and one bad entry refuses all, naming the entry. The spec recommends at most
// 500 numbers per submission; more is accepted with a notice.
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
} from './messageDrafts.ts';
import type { Operation, OperationResult } from './operation.ts';
import { ResultError } from './resultReply.ts';
import { checkType, payloadError, SentMessage, textOrNumber } from './smsSend.ts';

export const BulkEntry = z.strictObject({
  contacts: z
    .union([textOrNumber, z.array(textOrNumber)])
    .optional()
    .describe('Comma-separated numbers, or a list.'),
  contact: textOrNumber.optional().describe('One number (instead of contacts).'),
  groupid: z.string().optional().describe('Every contact of this group; overrides contacts.'),
  msg: z.string().optional().describe('Required. At most 740 characters.'),
  time: z.string().optional().describe('YYYY-MM-DD H:I (24-hour); blank sends now.'),
  time_zone: z.string().optional().describe('Country/City; required with time.'),
});

export const BulkFields = z.strictObject({
  senderid: textOrNumber.optional().describe('Required. Your approved sender number.'),
  type: z.string().optional().describe('Required: text (a bulk submission carries no file).'),
  title: z.string().optional().describe('Campaign title, at most 200 characters.'),
  messages: z.array(z.unknown()).optional().describe('The messages: at least one; at most 1000 numbers across them.'),
});

const BulkOutput = z.object({
  submissionId: z.number().int().optional(),
  count: z.number().int().optional().describe('00: numbers across all messages.'),
  notice: z.string().optional().describe('00: set when the submission has more than the recommended 500 numbers.'),
  entries: z
    .array(
      z.object({
        index: z.number().int(),
        scheduledAt: z.string(),
        time: z.string().nullable(),
        timeZone: z.string().nullable(),
        duplicatesIgnored: z.number().int(),
        messages: z.array(SentMessage),
      }),
    )
    .optional()
    .describe('00: one entry per message of the request, in order, with its message IDs.'),
  index: z.number().int().optional().describe('Errors: the messages[] entry at fault, when one is.'),
  invalidNumbers: z.array(z.string()).optional().describe('13: the numbers refused.'),
});

export function bulkOperation(ctx: SandboxContext): Operation {
  const maxNumbers = MESSAGING_LIMITS.contactsPerRequest;
  const recommended = MESSAGING_LIMITS.contactsPerBulkSubmission;
  return {
    method: 'POST',
    path: '/app/smsapi/sms/bulk',
    table: 'bulk',
    summary: 'Send different texts to many numbers in one submission (all or none)',
    keyField: 'key',
    payloadCode: '16',
    source: 'json',
    input: BulkFields.extend({
      messages: z.array(BulkEntry).optional().describe(BulkFields.shape.messages.description!),
    }),
    output: BulkOutput,
    handle({ fields }): OperationResult {
      const parsed = BulkFields.safeParse(fields);
      if (!parsed.success) throw payloadError(parsed.error);
      const input = parsed.data;
      if (!input.messages || input.messages.length === 0) {
        throw new ResultError('16', 'Invalid request payload. messages: give at least one message ({contacts, msg}).');
      }
      const now = ctx.clock.now();
      const senderId = checkSender(input.senderid);
      checkType(input.type, ['text']);
      const title = checkTitle(input.title);

      const drafts: Draft[] = [];
      let total = 0;
      input.messages.forEach((raw, index) => {
        const where = `messages[${index}].`;
        const entry = BulkEntry.safeParse(raw);
        if (!entry.success) throw withIndex(payloadError(entry.error, where), index);
        const e = entry.data;
        if (e.contact !== undefined && e.contacts !== undefined) {
          throw withIndex(
            new ResultError('16', `Invalid request payload. ${where}: give contact or contacts, not both.`),
            index,
          );
        }
        try {
          const text = checkText(e.msg, where);
          const recipients = resolveRecipients(
            ctx.db,
            { contacts: e.contacts ?? e.contact, groupid: e.groupid },
            where,
          );
          const schedule = resolveSchedule(e, now, where);
          total += recipients.recipients.length;
          if (total > maxNumbers) {
            throw new ResultError(
              '06',
              `The submission has more than ${maxNumbers} numbers (the limit is passed at messages[${index}]): split it into submissions of at most ${recommended}.`,
            );
          }
          drafts.push({ text, ...recipients, ...schedule });
        } catch (err) {
          throw err instanceof ResultError ? withIndex(err, index) : err;
        }
      });

      const { submissionId, messages } = storeSubmission(
        ctx.db,
        now,
        { kind: 'bulk', title, senderId, type: 'text', mms: null },
        drafts,
      );
      const notice =
        total > recommended
          ? `More than ${recommended} numbers in one submission: ${recommended} per submission is recommended.`
          : undefined;
      return {
        code: '00',
        message: `${drafts.length} message${drafts.length === 1 ? '' : 's'} to ${total} number${total === 1 ? '' : 's'} accepted.`,
        extra: {
          submissionId,
          count: total,
          ...(notice ? { notice } : {}),
          entries: drafts.map((d, index) => {
            const status = messageStatus(d.scheduledAt, now, ctx.options.jobSeconds);
            return {
              index,
              scheduledAt: iso(d.scheduledAt),
              time: d.localTime,
              timeZone: d.timeZone,
              duplicatesIgnored: d.duplicatesIgnored,
              messages: messages[index]!.map((m) => ({ id: m.id, number: m.number, status })),
            };
          }),
        },
      };
    },
  };
}

function withIndex(err: ResultError, index: number): ResultError {
  return new ResultError(err.code, err.message, { ...err.extra, index });
}
