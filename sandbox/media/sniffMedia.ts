// What an uploaded file really is, judged from its first bytes (never from its name or the
// type the client declared), and then confirmed by what ffprobe can read in it.
import { fileTypeFromBuffer } from 'file-type';
import { CREATE_LIMITS } from '../../shared/limits.ts';
import type { MediaKind } from './assetStore.ts';
import type { MediaProbe } from './ffmpeg.ts';

/** How much of the file's start is held in memory to sniff it (ID3 tags and MP4 headers fit). */
export const SNIFF_BYTES = 64 * 1024;

export interface SniffedMedia {
  kind: MediaKind;
  contentType: string;
  /** The file extension we store it under. */
  extension: string;
  /** For a video container: the type to report when it turns out to hold only sound. */
  audioOnlyType?: string;
}

/** The formats POST /assets takes, keyed by file-type's `ext`. */
const ACCEPTED: Record<string, SniffedMedia> = {
  png: { kind: 'image', contentType: 'image/png', extension: 'png' },
  apng: { kind: 'image', contentType: 'image/apng', extension: 'png' },
  jpg: { kind: 'image', contentType: 'image/jpeg', extension: 'jpg' },
  gif: { kind: 'image', contentType: 'image/gif', extension: 'gif' },
  webp: { kind: 'image', contentType: 'image/webp', extension: 'webp' },
  mp4: { kind: 'video', contentType: 'video/mp4', extension: 'mp4', audioOnlyType: 'audio/mp4' },
  m4v: { kind: 'video', contentType: 'video/mp4', extension: 'mp4', audioOnlyType: 'audio/mp4' },
  mov: { kind: 'video', contentType: 'video/quicktime', extension: 'mov', audioOnlyType: 'audio/mp4' },
  webm: { kind: 'video', contentType: 'video/webm', extension: 'webm', audioOnlyType: 'audio/webm' },
  mkv: { kind: 'video', contentType: 'video/matroska', extension: 'mkv', audioOnlyType: 'audio/matroska' },
  wav: { kind: 'audio', contentType: 'audio/wav', extension: 'wav' },
  mp3: { kind: 'audio', contentType: 'audio/mpeg', extension: 'mp3' },
  mp2: { kind: 'audio', contentType: 'audio/mpeg', extension: 'mp2' },
  ogg: { kind: 'audio', contentType: 'audio/ogg', extension: 'ogg' },
  oga: { kind: 'audio', contentType: 'audio/ogg', extension: 'oga' },
  opus: { kind: 'audio', contentType: 'audio/ogg', extension: 'opus' },
  flac: { kind: 'audio', contentType: 'audio/flac', extension: 'flac' },
  aac: { kind: 'audio', contentType: 'audio/aac', extension: 'aac' },
  m4a: { kind: 'audio', contentType: 'audio/mp4', extension: 'm4a' },
};

/** The formats named in errors and in the OpenAPI document. */
export const ACCEPTED_FORMATS = 'images (PNG, JPEG, GIF, WebP), video (MP4, QuickTime/MOV, WebM, Matroska) and audio (WAV, MP3, Ogg, FLAC, AAC, M4A)';

export type SniffResult = { ok: true; media: SniffedMedia } | { ok: false; detected: string };

/** Judges the start of a file; `detected` says in words what it looked like when refused. */
export async function sniffMedia(head: Uint8Array): Promise<SniffResult> {
  const type = await fileTypeFromBuffer(head);
  const media = type ? ACCEPTED[type.ext] : undefined;
  if (media) return { ok: true, media };
  return { ok: false, detected: type ? `${type.mime} (.${type.ext})` : 'no known media format' };
}

/** The most bytes POST /assets takes for a kind of media. */
export function maxBytesFor(kind: MediaKind): number {
  return kind === 'image' ? CREATE_LIMITS.imageMaxBytes : CREATE_LIMITS.videoAudioMaxBytes;
}

/**
 * The kind and type the file is stored as once ffprobe has read it, or null when it holds
 * nothing a player could show (the sandbox keeps only playable media). A video container
 * with sound alone is stored as audio.
 */
export function confirmWithProbe(media: SniffedMedia, info: MediaProbe | null): { kind: MediaKind; contentType: string } | null {
  if (!info) return null;
  if (media.kind === 'image') return info.hasVideo ? media : null;
  if (media.kind === 'audio') return info.hasAudio ? media : null;
  if (info.hasVideo) return media;
  if (info.hasAudio && media.audioOnlyType) return { kind: 'audio', contentType: media.audioOnlyType };
  return null;
}
