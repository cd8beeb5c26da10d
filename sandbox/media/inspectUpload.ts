// The judgement every uploaded file passes before it becomes an asset (POST /assets and the end
// of a resumable upload): its declared size within MEDIA_LIMITS (declaredSize.ts), then one
// probe and a decode of its first picture or second of sound, both bounded (ffmpeg.ts). Each
// refusal says which rule the file broke.
import { ApiError } from '../http/apiError.ts';
import {
  checkDeclaredSize,
  checkProbedPicture,
  DeclaredCorrupt,
  DeclaredTooLarge,
  MEDIA_LIMITS,
} from './declaredSize.ts';
import { decodeProblem, probe, type MediaProbe } from './ffmpeg.ts';
import type { MediaKind } from './assetStore.ts';
import { confirmWithProbe, type SniffedMedia } from './sniffMedia.ts';

export interface InspectedUpload {
  kind: MediaKind;
  contentType: string;
  /** ffprobe's reading, handed to the asset store so the file is not probed twice. */
  info: MediaProbe;
}

function overLimit(message: string): ApiError {
  return new ApiError('media.limit_exceeded', message, {
    details: {
      maxSide: MEDIA_LIMITS.maxSide,
      maxPixels: MEDIA_LIMITS.maxPixels,
      maxSamplesPerSecond: MEDIA_LIMITS.maxSamplesPerSecond,
    },
  });
}

function undecodable(media: SniffedMedia, why: string, suffix: string): ApiError {
  return new ApiError(
    'media.unsupported_type',
    `The file starts like ${media.contentType} but cannot be decoded (${why}): upload a complete, uncorrupted file.${suffix}`,
    { details: { detected: media.contentType } },
  );
}

/** Judges a file on disk; throws the ApiError to answer. `suffix` ends each message (what became of the bytes). */
export async function inspectUpload(path: string, media: SniffedMedia, suffix = ''): Promise<InspectedUpload> {
  try {
    await checkDeclaredSize(path, media.extension);
  } catch (err) {
    if (err instanceof DeclaredTooLarge) throw overLimit(`${err.message}${suffix}`);
    if (err instanceof DeclaredCorrupt) throw undecodable(media, err.message, suffix);
    throw err;
  }
  const info = await probe(path);
  const confirmed = confirmWithProbe(media, info);
  if (!info || !confirmed) {
    throw new ApiError(
      'media.unsupported_type',
      `The file starts like ${media.contentType} but holds no playable media: upload a complete, uncorrupted file.${suffix}`,
      { details: { detected: media.contentType } },
    );
  }
  if (confirmed.kind !== 'audio') {
    try {
      checkProbedPicture(info.width, info.height);
    } catch (err) {
      if (err instanceof DeclaredTooLarge) throw overLimit(`${err.message}${suffix}`);
      throw err;
    }
    if (!info.width || !info.height) throw undecodable(media, 'its picture has no size', suffix);
  }
  const problem = await decodeProblem(path, confirmed.kind);
  if (problem) throw undecodable(media, problem, suffix);
  return { ...confirmed, info };
}
