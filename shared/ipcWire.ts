// Browser mode's WebSocket frames: the same contract as Electron IPC, as JSON messages.
// The page sends requests; main answers each by its id and pushes events. Main validates
// every incoming frame with RequestFrameSchema before it looks at anything in it.
import { z } from 'zod';
import { AppErrorSchema } from './appError.ts';

/** The largest frame either side sends: a streamed chunk (512 KiB as base64) plus its envelope. */
export const WIRE_MAX_FRAME_BYTES = 1024 * 1024;

/** The WebSocket's path; the per-launch token goes in its query as `token`. */
export const WIRE_PATH = '/ipc';

export const RequestFrameSchema = z.strictObject({
  type: z.literal('request'),
  /** Chosen by the page, echoed in the reply. */
  id: z.int().min(0).max(Number.MAX_SAFE_INTEGER),
  name: z.string().min(1).max(100),
  arg: z.unknown().optional(),
});
export type RequestFrame = z.infer<typeof RequestFrameSchema>;

export const ReplyFrameSchema = z.object({
  type: z.literal('reply'),
  id: z.number(),
  reply: z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), value: z.unknown() }),
    z.object({ ok: z.literal(false), error: AppErrorSchema }),
  ]),
});
export type ReplyFrame = z.infer<typeof ReplyFrameSchema>;

export const EventFrameSchema = z.object({ type: z.literal('event'), name: z.string(), payload: z.unknown() });
export type EventFrame = z.infer<typeof EventFrameSchema>;

export const ServerFrameSchema = z.discriminatedUnion('type', [ReplyFrameSchema, EventFrameSchema]);
export type ServerFrame = z.infer<typeof ServerFrameSchema>;
