// The tus checksum extension: a chunk may carry `Upload-Checksum: <algorithm> <base64 digest>`;
// a chunk that does not match is discarded (460) and the offset stays where it was.
import { createHash, type Hash } from 'node:crypto';
import { ApiError } from '../http/apiError.ts';

export const CHECKSUM_ALGORITHMS = ['sha1', 'sha256', 'sha512', 'md5'] as const;

export interface ExpectedChecksum {
  algorithm: (typeof CHECKSUM_ALGORITHMS)[number];
  /** Base64, as sent. */
  digest: string;
}

/** Reads the header; undefined when absent, a 400 when malformed or of an algorithm we lack. */
export function parseUploadChecksum(header: string | string[] | undefined): ExpectedChecksum | undefined {
  if (header === undefined) return undefined;
  const value = Array.isArray(header) ? header.join(',') : header;
  const match = /^([a-z0-9-]+) ([A-Za-z0-9+/]+={0,2})$/.exec(value.trim());
  if (!match) {
    throw new ApiError(
      'request.invalid',
      'Upload-Checksum must be "<algorithm> <base64 digest>", e.g. "sha1 Kq5sNclPz7QV2+lfQIuc6R7oRu0=".',
    );
  }
  const algorithm = match[1] as ExpectedChecksum['algorithm'];
  if (!CHECKSUM_ALGORITHMS.includes(algorithm)) {
    throw new ApiError(
      'request.invalid',
      `Upload-Checksum uses ${match[1]}; use one of ${CHECKSUM_ALGORITHMS.join(', ')} (Tus-Checksum-Algorithm).`,
    );
  }
  return { algorithm, digest: match[2]! };
}

export function startHash(expected: ExpectedChecksum): Hash {
  return createHash(expected.algorithm);
}

export function checksumMismatch(expected: ExpectedChecksum, actual: string, offset: number): ApiError {
  return new ApiError(
    'upload.checksum_mismatch',
    `The chunk's ${expected.algorithm} is ${actual}, not ${expected.digest} as Upload-Checksum says: it was discarded; send it again from offset ${offset}.`,
    { details: { uploadOffset: offset } },
  );
}
