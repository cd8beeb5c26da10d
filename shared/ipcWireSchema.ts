// What main accepts from the page over browser mode's WebSocket (ipcWire.ts): every incoming
// frame passes this schema before main looks at anything in it.
import { z } from 'zod';
import type { RequestFrame } from './ipcWire.ts';

export const RequestFrameSchema = z.strictObject({
  type: z.literal('request'),
  id: z.int().min(0).max(Number.MAX_SAFE_INTEGER),
  name: z.string().min(1).max(100),
  arg: z.unknown().optional(),
}) satisfies z.ZodType<RequestFrame>;
