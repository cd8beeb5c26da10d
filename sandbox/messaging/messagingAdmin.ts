// Sandbox-only controls of the Messaging API under /_sandbox/messaging, guarded by the
// X-Sandbox-Admin token (the same one as the Create API's). They do not exist on the real
// service: tests use them to force backend errors, rotate the key and count what was created.
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { z } from 'zod';
import type { SandboxContext } from '../context.ts';
import type { MessagingKeys } from './messagingKey.ts';
import { readBodyFields } from './requestFields.ts';
import { ResultError, type ResultExtra } from './resultReply.ts';
import { payloadError } from './smsSend.ts';

/** Faults of the Messaging API alone (latency and dropped connections come from ctx.faults). */
export interface MessagingFaults {
  /** Share (0..1) of operations answered with result code 500 before they do anything. */
  backendErrorShare: number;
}

export const FaultsInput = z.strictObject({
  backendErrorShare: z
    .number()
    .min(0, 'must be at least 0')
    .max(1, 'must be at most 1')
    .describe('Share (0..1) of operations answered 500.'),
});

export interface AdminRoute {
  method: 'GET' | 'POST';
  path: string;
  summary: string;
  handle(req: IncomingMessage): Promise<{ message: string; extra: ResultExtra }>;
}

export function adminTokenMatches(ctx: SandboxContext, req: IncomingMessage): boolean {
  const sent = Buffer.from(String(req.headers['x-sandbox-admin'] ?? ''));
  const expected = Buffer.from(ctx.adminToken);
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}

export function messagingAdminRoutes(ctx: SandboxContext, keys: MessagingKeys, faults: MessagingFaults): AdminRoute[] {
  const count = (table: string) => (ctx.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
  return [
    {
      method: 'POST',
      path: '/_sandbox/messaging/faults',
      summary: 'Set the share of Messaging API operations answered with result code 500',
      async handle(req) {
        const { fields } = await readBodyFields(req, { jsonOnly: true }).catch((err: Error) => {
          throw new ResultError('16', `Invalid request payload. ${err.message}`);
        });
        const parsed = FaultsInput.safeParse(fields);
        if (!parsed.success) throw payloadError(parsed.error);
        faults.backendErrorShare = parsed.data.backendErrorShare;
        return { message: 'Faults set.', extra: { ...faults } };
      },
    },
    {
      method: 'GET',
      path: '/_sandbox/messaging/stats',
      summary: 'Counts of what the Messaging API has stored, for exactly-once checks',
      async handle() {
        return {
          message: 'Counts.',
          extra: {
            contacts: count('messaging_contacts'),
            events: count('messaging_events'),
            messages: count('messaging_messages'),
            submissions: count('messaging_submissions'),
          },
        };
      },
    },
    {
      method: 'POST',
      path: '/_sandbox/messaging/rotate-key',
      summary: 'Replace the Messaging API key; the old key then answers 401',
      async handle(req) {
        req.resume();
        return { message: 'Key replaced.', extra: { apiKey: keys.rotate() } };
      },
    },
  ];
}
