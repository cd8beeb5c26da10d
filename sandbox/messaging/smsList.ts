// GET /app/smsapi/sms/list?key=…[&limit=25][&after=<nextCursor>][&submission=<id>]: the messages
// accepted so far, one row per recipient, newest first, so the app can show what was sent.
// Pagination is the Create API's cursor scheme: pass pagination.nextCursor as `after`.
import { z } from 'zod';
import { CREATE_LIMITS } from '../../shared/limits.ts';
import { iso } from '../clock.ts';
import type { SandboxContext } from '../context.ts';
import { intQuery, pageOf, pageQuery } from '../http/pagination.ts';
import { messageStatus } from './messageDrafts.ts';
import type { Operation, OperationResult } from './operation.ts';
import { payloadError } from './smsSend.ts';

export const ListQuery = z.strictObject({
  ...pageQuery.shape,
  submission: intQuery(1, CREATE_LIMITS.idMax).optional().describe('Only the messages of this submissionId.'),
});

const ListOutput = z.object({
  messages: z
    .array(
      z.object({
        id: z.number().int(),
        submissionId: z.number().int(),
        kind: z.enum(['single', 'bulk']),
        title: z.string().nullable(),
        senderId: z.string(),
        number: z.string(),
        groupId: z.string().nullable(),
        text: z.string(),
        type: z.enum(['text', 'mms']),
        status: z.enum(['scheduled', 'queued', 'sent', 'delivered']),
        scheduledAt: z.string(),
        time: z.string().nullable(),
        timeZone: z.string().nullable(),
        mms: z.object({ contentType: z.string(), bytes: z.number().int() }).nullable(),
        createdAt: z.string(),
      }),
    )
    .optional(),
  pagination: z
    .object({ nextCursor: z.string().nullable().describe('Pass as after for the next page; null on the last.') })
    .optional(),
});

interface MessageRow {
  id: number;
  submission_id: number;
  number: string;
  text: string;
  type: string;
  group_id: string | null;
  scheduled_at: number;
  local_time: string | null;
  time_zone: string | null;
  created_at: string;
  sender_id: string;
  title: string | null;
  kind: string;
  mms_content_type: string | null;
  mms_bytes: number | null;
}

export function listOperation(ctx: SandboxContext): Operation {
  const { db } = ctx;
  return {
    method: 'GET',
    path: '/app/smsapi/sms/list',
    table: 'list',
    summary: 'List the messages sent so far, newest first (paginated)',
    keyField: 'key',
    payloadCode: '16',
    source: 'query',
    input: ListQuery,
    output: ListOutput,
    handle({ fields }): OperationResult {
      const parsed = ListQuery.safeParse(fields);
      if (!parsed.success) throw payloadError(parsed.error);
      const query = parsed.data;
      const now = ctx.clock.now();
      const { items, pagination } = pageOf<MessageRow>((where, args, limit) => {
        const filter = query.submission ? ' AND m.submission_id = ?' : '';
        const extra = query.submission ? [query.submission] : [];
        return db
          .prepare(
            `SELECT m.*, s.sender_id, s.title, s.kind, s.mms_content_type, s.mms_bytes
             FROM messaging_messages m JOIN messaging_submissions s ON s.id = m.submission_id
             WHERE m.${where}${filter} ORDER BY m.id DESC LIMIT ?`,
          )
          .all(...args, ...extra, limit) as unknown as MessageRow[];
      }, query);
      const messages = items.map((row) => ({
        id: row.id,
        submissionId: row.submission_id,
        kind: row.kind,
        title: row.title,
        senderId: row.sender_id,
        number: row.number,
        groupId: row.group_id,
        text: row.text,
        type: row.type,
        status: messageStatus(row.scheduled_at, now, ctx.options.jobSeconds),
        scheduledAt: iso(row.scheduled_at),
        time: row.local_time,
        timeZone: row.time_zone,
        mms: row.mms_content_type ? { contentType: row.mms_content_type, bytes: row.mms_bytes } : null,
        createdAt: row.created_at,
      }));
      return {
        code: '00',
        message: `${messages.length} message${messages.length === 1 ? '' : 's'}.`,
        extra: { messages, pagination },
      };
    },
  };
}
