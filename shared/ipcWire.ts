// Browser mode's WebSocket frames: the same contract as Electron IPC, as JSON messages.
// The page sends requests; main answers each by its id and pushes events. Main validates
// every incoming frame with RequestFrameSchema (ipcWireSchema.ts) before it looks at anything
// in it; the page reads main's frames with readServerFrame. No zod here: the page's first
// screen loads this file.
import { readAppError, type AppError } from './appError.ts';
import type { IpcReply } from './ipc.ts';

/** The largest frame either side sends: a streamed chunk (512 KiB as base64) plus its envelope. */
export const WIRE_MAX_FRAME_BYTES = 1024 * 1024;

/** The WebSocket's path; the per-launch token goes in its query as `token`. */
export const WIRE_PATH = '/ipc';

export interface RequestFrame {
  type: 'request';
  /** Chosen by the page, echoed in the reply. */
  id: number;
  name: string;
  arg?: unknown;
}

export interface ReplyFrame {
  type: 'reply';
  id: number;
  reply: IpcReply;
}

export interface EventFrame {
  type: 'event';
  name: string;
  payload: unknown;
}

export type ServerFrame = ReplyFrame | EventFrame;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A frame from main, or null for anything else (the page ignores what it cannot read). */
export function readServerFrame(value: unknown): ServerFrame | null {
  if (!isRecord(value)) return null;
  if (value.type === 'event') {
    return typeof value.name === 'string' ? { type: 'event', name: value.name, payload: value.payload } : null;
  }
  if (value.type !== 'reply' || typeof value.id !== 'number' || !isRecord(value.reply)) return null;
  const { ok } = value.reply;
  if (ok === true) return { type: 'reply', id: value.id, reply: { ok: true, value: value.reply.value } };
  const error: AppError | null = ok === false ? readAppError(value.reply.error) : null;
  return error ? { type: 'reply', id: value.id, reply: { ok: false, error } } : null;
}
