// What an uploaded file really is, judged from its first bytes (never from its name or the
// type the client declared), and then confirmed by what ffprobe can read in it.
import { fileTypeFromBuffer } from 'file-type';
import {
  ACCEPTED_MEDIA,
  ACCEPTED_MEDIA_DESCRIPTION,
  MEDIA_SNIFF_BYTES,
  multipartLimitFor,
} from '../../shared/mediaTypes.ts';
import type { MediaKind } from './assetStore.ts';
import type { MediaProbe } from './ffmpeg.ts';

/** How much of the file's start is held in memory to sniff it (ID3 tags and MP4 headers fit). */
export const SNIFF_BYTES = MEDIA_SNIFF_BYTES;

export interface SniffedMedia {
  kind: MediaKind;
  contentType: string;
  /** The file extension we store it under. */
  extension: string;
  /** For a video container: the type to report when it turns out to hold only sound. */
  audioOnlyType?: string;
}

/** How the sandbox stores each accepted format: the file extension, and the type a sound-only video container becomes. */
const STORAGE: Record<string, { extension: string; audioOnlyType?: string }> = {
  apng: { extension: 'png' },
  m4v: { extension: 'mp4', audioOnlyType: 'audio/mp4' },
  mp4: { extension: 'mp4', audioOnlyType: 'audio/mp4' },
  mov: { extension: 'mov', audioOnlyType: 'audio/mp4' },
  webm: { extension: 'webm', audioOnlyType: 'audio/webm' },
  mkv: { extension: 'mkv', audioOnlyType: 'audio/matroska' },
};

/** The formats POST /assets takes: the one table in shared/, which the app checks against too. */
const ACCEPTED: Record<string, SniffedMedia> = Object.fromEntries(
  Object.entries(ACCEPTED_MEDIA).map(([ext, media]) => [ext, { ...media, extension: ext, ...STORAGE[ext] }]),
);

/** The formats named in errors and in the OpenAPI document. */
export const ACCEPTED_FORMATS = ACCEPTED_MEDIA_DESCRIPTION;

export type SniffResult = { ok: true; media: SniffedMedia } | { ok: false; detected: string };

/** Judges the start of a file; `detected` says in words what it looked like when refused. */
export async function sniffMedia(head: Uint8Array): Promise<SniffResult> {
  const type = await fileTypeFromBuffer(head);
  const media = type ? ACCEPTED[type.ext] : undefined;
  if (media) return { ok: true, media };
  return { ok: false, detected: type ? `${type.mime} (.${type.ext})` : 'no known media format' };
}

/** The most bytes POST /assets takes for a kind of media. */
export const maxBytesFor: (kind: MediaKind) => number = multipartLimitFor;

/**
 * The kind and type the file is stored as once ffprobe has read it, or null when it holds
 * nothing a player could show (the sandbox keeps only playable media). A video container
 * with sound alone is stored as audio.
 */
export function confirmWithProbe(
  media: SniffedMedia,
  info: MediaProbe | null,
): { kind: MediaKind; contentType: string } | null {
  if (!info) return null;
  if (media.kind === 'image') return info.hasVideo ? media : null;
  if (media.kind === 'audio') return info.hasAudio ? media : null;
  if (info.hasVideo) return media;
  if (info.hasAudio && media.audioOnlyType) return { kind: 'audio', contentType: media.audioOnlyType };
  return null;
}
