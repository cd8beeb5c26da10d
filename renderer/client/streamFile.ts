// Sends a file that exists only in the page (a drop, a file input in browser mode) to main:
// assets.streamBegin, then ordered base64 chunks, then assets.streamEnd, which starts the
// upload (its progress then comes as upload.* events). Aborted on the first failure, so
// main drops what it staged.
import { STREAM_CHUNK_MAX_BYTES } from '../../shared/limits.ts';
import { invoke } from './clipdesk.ts';

export interface StreamOwner {
  readonly projectId?: number;
  readonly brandId?: number;
}

function base64(bytes: Uint8Array): string {
  let binary = '';
  // In slices: String.fromCharCode takes a bounded number of arguments.
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}

/** Resolves with the upload's id once every byte reached main; reports the bytes sent so far. */
export async function streamFileToMain(
  file: Blob & { readonly name: string },
  owner: StreamOwner,
  onStaged?: (sentBytes: number, totalBytes: number) => void,
): Promise<{ uploadId: string }> {
  const { streamId } = await invoke('assets.streamBegin', { filename: file.name, sizeBytes: file.size, ...owner });
  try {
    for (let offset = 0; offset < file.size; offset += STREAM_CHUNK_MAX_BYTES) {
      const chunk = new Uint8Array(await file.slice(offset, offset + STREAM_CHUNK_MAX_BYTES).arrayBuffer());
      const { receivedBytes } = await invoke('assets.streamChunk', { streamId, offset, data: base64(chunk) });
      onStaged?.(receivedBytes, file.size);
    }
    return await invoke('assets.streamEnd', { streamId });
  } catch (err) {
    await invoke('assets.streamAbort', { streamId }).catch(() => undefined);
    throw err;
  }
}
