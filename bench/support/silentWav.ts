// Large media files without waiting for an encoder: a WAV is a 44-byte RIFF/WAVE header
// and then raw PCM, so a file of any size (up to 4 GiB) is written at disk speed, and both
// the sandbox's sniffing (its first bytes) and ffprobe (the whole file) accept it as audio.
// The samples are silence (zeros), written for real rather than left sparse.
import { open } from 'node:fs/promises';

const SAMPLE_RATE = 48_000;
const CHANNELS = 2;
const BYTES_PER_SAMPLE = 2;
const HEADER_BYTES = 44;

function header(dataBytes: number): Buffer {
  const h = Buffer.alloc(HEADER_BYTES);
  h.write('RIFF', 0, 'ascii');
  h.writeUInt32LE(36 + dataBytes, 4);
  h.write('WAVE', 8, 'ascii');
  h.write('fmt ', 12, 'ascii');
  h.writeUInt32LE(16, 16); // PCM format chunk size
  h.writeUInt16LE(1, 20); // PCM
  h.writeUInt16LE(CHANNELS, 22);
  h.writeUInt32LE(SAMPLE_RATE, 24);
  h.writeUInt32LE(SAMPLE_RATE * CHANNELS * BYTES_PER_SAMPLE, 28);
  h.writeUInt16LE(CHANNELS * BYTES_PER_SAMPLE, 32);
  h.writeUInt16LE(8 * BYTES_PER_SAMPLE, 34);
  h.write('data', 36, 'ascii');
  h.writeUInt32LE(dataBytes, 40);
  return h;
}

/** Writes a 48 kHz stereo 16-bit WAV of silence that is exactly `totalBytes` long (a multiple of 4). */
export async function writeSilentWav(path: string, totalBytes: number): Promise<void> {
  const frame = CHANNELS * BYTES_PER_SAMPLE;
  if (totalBytes < HEADER_BYTES + frame || totalBytes % frame !== 0 || totalBytes > 0xffff_ffff) {
    throw new Error(
      `a WAV of ${totalBytes} bytes cannot be made: use a multiple of ${frame} from ${HEADER_BYTES + frame} to 4 GiB`,
    );
  }
  const file = await open(path, 'w');
  try {
    await file.write(header(totalBytes - HEADER_BYTES));
    const zeros = Buffer.alloc(4 * 1024 * 1024);
    let left = totalBytes - HEADER_BYTES;
    while (left > 0) {
      const { bytesWritten } = await file.write(zeros, 0, Math.min(left, zeros.length));
      left -= bytesWritten;
    }
  } finally {
    await file.close();
  }
}

/** A WAV of `seconds` of silence. */
export function silentWavBytes(seconds: number): number {
  return HEADER_BYTES + Math.round(seconds * SAMPLE_RATE) * CHANNELS * BYTES_PER_SAMPLE;
}
