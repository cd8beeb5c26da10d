// The uploads part of the contract between main and the renderer: what the renderer asks
// for (validated in main: the renderer is never trusted) and the events main sends while a
// file goes up.
import { z } from 'zod';
import { AppErrorSchema } from '../appErrorSchema.ts';
import { CREATE_LIMITS } from '../limits.ts';
import { AssetSchema } from './createTypes.ts';

const ownerId = z.number().int().min(1).max(CREATE_LIMITS.idMax);

/** Upload the file at `path` to a project, or to a brand as a reusable brand asset. */
export const UploadRequestSchema = z
  .object({
    path: z.string().min(1, 'path: give the file to upload'),
    projectId: ownerId.optional(),
    brandId: ownerId.optional(),
    /** Use the resumable path even for a file multipart would take (large video and audio go resumable anyway). */
    resumable: z.boolean().optional(),
  })
  .refine((r) => (r.projectId === undefined) !== (r.brandId === undefined), {
    message: 'Give projectId (the project the media is for) or brandId (for a reusable brand asset), not both.',
    path: ['projectId'],
  });
export type UploadRequest = z.infer<typeof UploadRequestSchema>;

export const UPLOAD_METHODS = ['multipart', 'resumable'] as const;

/**
 * uploading: bytes are going out · paused: stopped by the user, or waiting for the service
 * to answer again (resumable only) · finishing: every byte is sent, the asset is being read ·
 * completed · failed · cancelled.
 */
export const UPLOAD_PROGRESS_STATES = ['uploading', 'paused', 'finishing', 'completed', 'failed', 'cancelled'] as const;
export type UploadProgressState = (typeof UPLOAD_PROGRESS_STATES)[number];

const uploadId = z.string().min(1);
const bytes = z.number().int().nonnegative();

export const UploadProgressEventSchema = z.object({
  uploadId,
  method: z.enum(UPLOAD_METHODS),
  filename: z.string(),
  /** Bytes of the file sent so far (for a resumable upload: including those sent before a restart). */
  bytesSent: bytes,
  totalBytes: bytes,
  state: z.enum(UPLOAD_PROGRESS_STATES),
});
export type UploadProgressEvent = z.infer<typeof UploadProgressEventSchema>;

export const UploadFinishedEventSchema = z.object({ uploadId, asset: AssetSchema });
export type UploadFinishedEvent = z.infer<typeof UploadFinishedEventSchema>;

export const UploadFailedEventSchema = z.object({
  uploadId,
  error: AppErrorSchema,
  /** True when the upload is kept and can be resumed (the service could not be reached); false when it is over. */
  resumable: z.boolean(),
});
export type UploadFailedEvent = z.infer<typeof UploadFailedEventSchema>;

/** Event name → payload schema. */
export const UPLOAD_EVENTS = {
  'upload.progress': UploadProgressEventSchema,
  'upload.finished': UploadFinishedEventSchema,
  'upload.failed': UploadFailedEventSchema,
} as const;

export type UploadEventName = keyof typeof UPLOAD_EVENTS;
export type UploadEvent = {
  [Name in UploadEventName]: { name: Name; payload: z.infer<(typeof UPLOAD_EVENTS)[Name]> };
}[UploadEventName];
