// Which media Clipdesk uploads, and how (DESIGN.md rule 7): the accepted formats, the size
// limits, and the one decision "multipart, resumable, or refused — and what to change". Pure,
// so the renderer gives the same answer for a drag-and-drop (from the file's name and size)
// as main gives before sending (from the file's first bytes, sniffed with `file-type`).
import { CREATE_LIMITS, UPLOAD_LIMITS } from './limits.ts';

export type MediaKind = 'image' | 'video' | 'audio';

export interface AcceptedMedia {
  kind: MediaKind;
  /** The media type sent as the upload's filetype. */
  contentType: string;
}

/**
 * The formats the Create API takes, keyed by the `ext` that `file-type` reports for the
 * file's bytes (the same table the sandbox judges uploads by).
 */
export const ACCEPTED_MEDIA: Readonly<Record<string, AcceptedMedia>> = {
  png: { kind: 'image', contentType: 'image/png' },
  apng: { kind: 'image', contentType: 'image/apng' },
  jpg: { kind: 'image', contentType: 'image/jpeg' },
  gif: { kind: 'image', contentType: 'image/gif' },
  webp: { kind: 'image', contentType: 'image/webp' },
  mp4: { kind: 'video', contentType: 'video/mp4' },
  m4v: { kind: 'video', contentType: 'video/mp4' },
  mov: { kind: 'video', contentType: 'video/quicktime' },
  webm: { kind: 'video', contentType: 'video/webm' },
  mkv: { kind: 'video', contentType: 'video/matroska' },
  wav: { kind: 'audio', contentType: 'audio/wav' },
  mp3: { kind: 'audio', contentType: 'audio/mpeg' },
  mp2: { kind: 'audio', contentType: 'audio/mpeg' },
  ogg: { kind: 'audio', contentType: 'audio/ogg' },
  oga: { kind: 'audio', contentType: 'audio/ogg' },
  opus: { kind: 'audio', contentType: 'audio/ogg' },
  flac: { kind: 'audio', contentType: 'audio/flac' },
  aac: { kind: 'audio', contentType: 'audio/aac' },
  m4a: { kind: 'audio', contentType: 'audio/mp4' },
};

/** File-name extensions that usually hold an accepted format, for pickers and drag-and-drop hints. */
const EXTENSION_ALIASES: Readonly<Record<string, string>> = { jpeg: 'jpg', qt: 'mov', mka: 'mkv' };

/** Every extension a file picker should offer. */
export const ACCEPTED_EXTENSIONS: readonly string[] = [
  ...Object.keys(ACCEPTED_MEDIA),
  ...Object.keys(EXTENSION_ALIASES),
];

/** In words, for messages. */
export const ACCEPTED_MEDIA_DESCRIPTION =
  'images (PNG, JPEG, GIF, WebP), video (MP4, QuickTime/MOV, WebM, Matroska) or audio (WAV, MP3, Ogg, FLAC, AAC, M4A)';

/** How many of a file's first bytes are read to judge its format (ID3 tags and MP4 headers fit). */
export const MEDIA_SNIFF_BYTES = 64 * 1024;

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;

/** What `file-type` reported for the bytes (undefined: no format it knows), as accepted media or null. */
export function acceptedMediaFor(detectedExt: string | undefined): AcceptedMedia | null {
  // Own keys only: a plain object also answers for "constructor", "toString", …
  return detectedExt !== undefined && Object.hasOwn(ACCEPTED_MEDIA, detectedExt) ? ACCEPTED_MEDIA[detectedExt]! : null;
}

/** A guess from the name alone, for feedback while a file is dragged; the bytes decide before sending. */
export function guessMediaFromName(filename: string): AcceptedMedia | null {
  const dot = filename.lastIndexOf('.');
  if (dot < 0) return null;
  const ext = filename.slice(dot + 1).toLowerCase();
  return acceptedMediaFor(Object.hasOwn(EXTENSION_ALIASES, ext) ? EXTENSION_ALIASES[ext] : ext);
}

/** The largest file POST /assets (multipart) takes for a kind of media. */
export function multipartLimitFor(kind: MediaKind): number {
  return kind === 'image' ? CREATE_LIMITS.imageMaxBytes : CREATE_LIMITS.videoAudioMaxBytes;
}

/** "12.4 MiB", "10 MiB", "2.3 GiB", "812 bytes". */
export function formatBytes(bytes: number): string {
  const format = (value: number, unit: string) => `${Number(value.toFixed(1))} ${unit}`;
  if (bytes >= GiB) return format(bytes / GiB, 'GiB');
  if (bytes >= MiB) return format(bytes / MiB, 'MiB');
  if (bytes >= 1024) return format(bytes / 1024, 'KiB');
  return `${bytes} bytes`;
}

export type UploadMethod = 'multipart' | 'resumable';

export type UploadPlan =
  | { ok: true; method: UploadMethod; media: AcceptedMedia }
  | { ok: false; code: 'media.unsupported_type' | 'upload.too_large' | 'request.invalid'; message: string };

export interface PlanInput {
  /** Shown in the message. */
  filename: string;
  sizeBytes: number;
  /** What the bytes (or, in the renderer, the name) say it is; null when not accepted media. */
  media: AcceptedMedia | null;
  /** In words when `media` is null, e.g. "plain text" or "application/pdf (.pdf)". */
  detected?: string;
  /** The caller asked for the resumable path even where multipart would do. */
  preferResumable?: boolean;
}

/**
 * How a file is uploaded, or why it is not. Multipart takes images up to 10 MiB and video or
 * audio up to 100 MiB; larger video and audio go resumable on their own (the spec's "larger
 * files use the resumable upload"); an image over 10 MiB is refused, since the spec limits
 * image uploads to 10 MiB.
 */
export function planUpload(input: PlanInput): UploadPlan {
  const { filename, sizeBytes, media } = input;
  const name = `"${filename}"`;
  if (sizeBytes === 0) {
    return { ok: false, code: 'request.invalid', message: `${name} is empty (0 bytes) — choose the complete file.` };
  }
  // A size that is no whole number of bytes (NaN, negative, fractional) is no file at all.
  if (!Number.isInteger(sizeBytes) || sizeBytes < 1) {
    return {
      ok: false,
      code: 'request.invalid',
      message: `${name} has no readable size (${sizeBytes} bytes) — choose the file again.`,
    };
  }
  if (!media) {
    const what = input.detected ? ` (it looks like ${input.detected})` : '';
    return {
      ok: false,
      code: 'media.unsupported_type',
      message: `${name} is not a media file Clipdesk can upload${what} — use ${ACCEPTED_MEDIA_DESCRIPTION}.`,
    };
  }
  const size = formatBytes(sizeBytes);
  if (media.kind === 'image' && sizeBytes > CREATE_LIMITS.imageMaxBytes) {
    return {
      ok: false,
      code: 'upload.too_large',
      message: `${name} is ${size}; images can be at most ${formatBytes(CREATE_LIMITS.imageMaxBytes)} — use a smaller file.`,
    };
  }
  if (sizeBytes > UPLOAD_LIMITS.resumableMaxBytes) {
    return {
      ok: false,
      code: 'upload.too_large',
      message: `${name} is ${size}; video and audio can be at most ${formatBytes(UPLOAD_LIMITS.resumableMaxBytes)} — split or compress the file.`,
    };
  }
  const resumable = input.preferResumable === true || sizeBytes > multipartLimitFor(media.kind);
  return { ok: true, method: resumable ? 'resumable' : 'multipart', media };
}
