// What main tells the timeline screen beyond the service's own resources: the edits of a
// project still in the journal, how each edit ended, the strips drawn along clips
// (thumbnails, waveform peaks) and the bytes of a render to play. Plain data, no secrets.
import { z } from 'zod';
import { AppErrorSchema } from '../appErrorSchema.ts';
import { EditorCommandSchema } from './editorCommands.ts';
import { EditAckSchema } from './timelineChanges.ts';
import { TimelineSchema } from './timelineTypes.ts';

/** Where an edit stands: waiting in the journal, being sent (again), or ended. */
export const EDIT_STATES = ['queued', 'sending', 'retrying', 'acked', 'conflict', 'rejected', 'cancelled'] as const;
export type EditState = (typeof EDIT_STATES)[number];
export const OPEN_EDIT_STATES: readonly EditState[] = ['queued', 'sending', 'retrying'];

/** An edit as the journal holds it: its intent, the revision it was sent against and its commands. */
export const JournaledEditSchema = z.object({
  intentId: z.string(),
  projectId: z.number().int(),
  revision: z.string(),
  commands: z.array(EditorCommandSchema),
  state: z.enum(EDIT_STATES),
  /** Why it failed, or why the last attempt failed while it is retried. */
  error: AppErrorSchema.nullable(),
  /** The edit whose failure held this one back: it was cancelled before it was sent. */
  heldBy: z.string().nullable(),
});
export type JournaledEdit = z.infer<typeof JournaledEditSchema>;

/** `timeline.edit`: an edit moved on. A conflict's error keeps details.currentRevision, not the whole timeline. */
export const TimelineEditEventSchema = z.object({
  workspaceId: z.string(),
  projectId: z.number().int(),
  intentId: z.string(),
  state: z.enum(EDIT_STATES),
  error: AppErrorSchema.nullable(),
  heldBy: z.string().nullable(),
  /** The request ID of the answer that applied it, when acked. */
  requestId: z.string().nullable(),
  /** When acked: the new revision and what changed, from the service's answer (null if it said neither). */
  ack: EditAckSchema.nullable().default(null),
});
export type TimelineEditEvent = z.infer<typeof TimelineEditEventSchema>;

export const TimelineViewSchema = z.object({
  timeline: TimelineSchema,
  /** The project's edits still in the journal, in the order they are sent: apply them on top, shown as pending. */
  pending: z.array(JournaledEditSchema),
  /** Edits that failed (a conflict, a refusal, or held back by one) and await the user's review. */
  failed: z.array(JournaledEditSchema),
});
export type TimelineView = z.infer<typeof TimelineViewSchema>;

/** What is drawn along a clip of an asset, made once per asset in main (ffmpeg) and cached. */
export const ClipStripSchema = z.object({
  assetId: z.number().int(),
  /** How long the media lasts, as ffmpeg read it; null for an image. */
  durationMs: z.number().nullable(),
  /** Frames along the media as small JPEG data: URLs, each at its source time. */
  frames: z.array(z.object({ atMs: z.number(), image: z.string() })),
  /** Waveform peaks (0..1), `peaksPerSecond` of them per second of the media; null without sound. */
  peaks: z.array(z.number()).nullable(),
  peaksPerSecond: z.number(),
  /** Why there is no strip, in words (too large, not readable as media). */
  unavailable: z.string().nullable(),
});
export type ClipStrip = z.infer<typeof ClipStripSchema>;

/** A piece of a render's video, read by the page into a Blob to play (the key stays in main). */
export const MediaChunkSchema = z.object({
  assetId: z.number().int(),
  offset: z.number().int(),
  totalBytes: z.number().int(),
  contentType: z.string(),
  /** base64 */
  data: z.string(),
  done: z.boolean(),
});
export type MediaChunk = z.infer<typeof MediaChunkSchema>;
