// What an uploaded file declares about itself, read from its headers before anything decodes
// it: a picture's width and height (PNG, GIF, JPEG, WebP, and an MP4/QuickTime track's), and an
// MP4/QuickTime file's sample tables. A decompression bomb is small on disk and huge once
// decoded: a 2 MB PNG declaring 16000×16000 16-bit RGBA makes its decoder ask for 2 GiB, a
// 46 KB MP4 whose tables claim 50 million samples makes ffprobe build an index of 2.7 GiB.
// These are refused on their declarations (MEDIA_LIMITS), before ffprobe or ffmpeg sees them.
import { open, type FileHandle } from 'node:fs/promises';

export const MEDIA_LIMITS = {
  /** The widest or tallest picture taken, in pixels. */
  maxSide: 16_384,
  /** The most pixels in one picture: 8192². */
  maxPixels: 8_192 * 8_192,
  /** Samples per second of a track's duration: video frames and compressed-audio packets. */
  maxSamplesPerSecond: 1_000,
  /** The same for fixed-size samples (uncompressed sound: one sample per channel set, up to 384 kHz). */
  maxFixedSamplesPerSecond: 400_000,
  /** The largest MP4/QuickTime index (moov box) read. */
  maxIndexBytes: 64 * 1024 * 1024,
} as const;

/** A declaration past a limit, in words that name the limit. */
export class DeclaredTooLarge extends Error {}
/** Headers that contradict themselves (a table longer than its box): the file cannot be decoded. */
export class DeclaredCorrupt extends Error {}

function checkPicture(width: number, height: number, what: string): void {
  const { maxSide, maxPixels } = MEDIA_LIMITS;
  if (width > maxSide || height > maxSide) {
    throw new DeclaredTooLarge(
      `${what} declares ${width}×${height} pixels; the most taken is ${maxSide} pixels per side: scale it down.`,
    );
  }
  if (width * height > maxPixels) {
    throw new DeclaredTooLarge(
      `${what} declares ${width}×${height} pixels (${width * height}); the most taken is 8192² (${maxPixels}) pixels: scale it down.`,
    );
  }
}

async function readAt(file: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await file.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

function imageSize(head: Buffer, extension: string): { width: number; height: number } | null {
  if (
    (extension === 'png' || extension === 'apng') &&
    head.length >= 24 &&
    head.toString('latin1', 12, 16) === 'IHDR'
  ) {
    return { width: head.readUInt32BE(16), height: head.readUInt32BE(20) };
  }
  if (extension === 'gif' && head.length >= 10) return { width: head.readUInt16LE(6), height: head.readUInt16LE(8) };
  if (extension === 'webp' && head.length >= 30) {
    const chunk = head.toString('latin1', 12, 16);
    if (chunk === 'VP8X') return { width: head.readUIntLE(24, 3) + 1, height: head.readUIntLE(27, 3) + 1 };
    if (chunk === 'VP8 ') return { width: head.readUInt16LE(26) & 0x3fff, height: head.readUInt16LE(28) & 0x3fff };
    if (chunk === 'VP8L') {
      const bits = head.readUInt32LE(21);
      return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
    }
  }
  if (extension === 'jpg') {
    // Markers until the first start-of-frame (SOF0–SOF15 but DHT, JPG and DAC), which holds the size.
    let at = 2;
    while (at + 9 < head.length && head[at] === 0xff) {
      const marker = head[at + 1]!;
      if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
        return { width: head.readUInt16BE(at + 7), height: head.readUInt16BE(at + 5) };
      }
      at += 2 + head.readUInt16BE(at + 2);
    }
  }
  return null;
}

/** Full boxes whose entry tables ffmpeg allocates by their declared count: the bytes per entry. */
const TABLE_ENTRY_BYTES: Record<string, number> = { stts: 8, ctts: 8, stsc: 12, stco: 4, co64: 8, stss: 4, stps: 4 };
const CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl', 'edts', 'dinf']);

interface Track {
  handler: string;
  timescale: number;
  duration: number;
  width: number;
  height: number;
  sampleSize: number;
  sampleCount: number;
}

/** Walks the boxes of a moov box, checking every table against its own box and filling the tracks. */
function readMovieIndex(moov: Buffer): Track[] {
  const tracks: Track[] = [];
  const walk = (from: number, to: number, track: Track | null): void => {
    let at = from;
    while (at + 8 <= to) {
      let size = moov.readUInt32BE(at);
      const type = moov.toString('latin1', at + 4, at + 8);
      let header = 8;
      if (size === 1 && at + 16 <= to) {
        size = Number(moov.readBigUInt64BE(at + 8));
        header = 16;
      } else if (size === 0) size = to - at;
      if (size < header || at + size > to) throw new DeclaredCorrupt(`its ${type} box runs past its parent`);
      const body = at + header;
      const end = at + size;
      if (type === 'trak') {
        const next: Track = {
          handler: '',
          timescale: 0,
          duration: 0,
          width: 0,
          height: 0,
          sampleSize: 0,
          sampleCount: 0,
        };
        walk(body, end, next);
        tracks.push(next);
      } else if (CONTAINERS.has(type)) {
        walk(body, end, track);
      } else if (track && type === 'tkhd' && end - body >= 84) {
        const version = moov[body]!;
        const offset = version === 1 ? 88 : 76;
        if (body + offset + 8 <= end) {
          track.width = moov.readUInt32BE(body + offset) >>> 16;
          track.height = moov.readUInt32BE(body + offset + 4) >>> 16;
        }
      } else if (track && type === 'mdhd' && end - body >= 24) {
        const version = moov[body]!;
        track.timescale = moov.readUInt32BE(body + (version === 1 ? 20 : 12));
        track.duration = version === 1 ? Number(moov.readBigUInt64BE(body + 24)) : moov.readUInt32BE(body + 16);
      } else if (track && type === 'hdlr' && end - body >= 12) {
        track.handler = moov.toString('latin1', body + 8, body + 12);
      } else if (track && type === 'stsz' && end - body >= 12) {
        track.sampleSize = moov.readUInt32BE(body + 4);
        track.sampleCount = moov.readUInt32BE(body + 8);
        if (track.sampleSize === 0 && track.sampleCount * 4 > end - body - 12) {
          throw new DeclaredCorrupt(
            `its stsz table claims ${track.sampleCount} samples but holds ${Math.floor((end - body - 12) / 4)}`,
          );
        }
      } else if (TABLE_ENTRY_BYTES[type] && end - body >= 8) {
        const count = moov.readUInt32BE(body + 4);
        if (count * TABLE_ENTRY_BYTES[type] > end - body - 8) {
          throw new DeclaredCorrupt(`its ${type} table claims ${count} entries but its box holds fewer`);
        }
      }
      at = end;
    }
  };
  walk(0, moov.length, null);
  return tracks;
}

async function checkMovie(file: FileHandle, fileSize: number): Promise<void> {
  let at = 0;
  while (at + 8 <= fileSize) {
    const head = await readAt(file, at, 16);
    if (head.length < 8) return;
    let size = head.readUInt32BE(0);
    const type = head.toString('latin1', 4, 8);
    let header = 8;
    if (size === 1 && head.length >= 16) {
      size = Number(head.readBigUInt64BE(8));
      header = 16;
    } else if (size === 0) size = fileSize - at;
    if (size < header) throw new DeclaredCorrupt(`its ${type} box has an impossible size`);
    if (type === 'moov') {
      if (size > MEDIA_LIMITS.maxIndexBytes) {
        throw new DeclaredTooLarge(
          `The file's index (moov box) is ${size} bytes; the most read is ${MEDIA_LIMITS.maxIndexBytes / 1024 / 1024} MiB.`,
        );
      }
      const moov = await readAt(file, at + header, size - header);
      for (const track of readMovieIndex(moov)) checkTrack(track, fileSize);
      return;
    }
    at += size;
  }
}

function checkTrack(track: Track, fileSize: number): void {
  if (track.handler === 'vide' && track.width > 0 && track.height > 0) {
    checkPicture(track.width, track.height, 'A video track');
  }
  const seconds = track.timescale > 0 ? track.duration / track.timescale : 0;
  const perSecond = track.sampleSize > 0 ? MEDIA_LIMITS.maxFixedSamplesPerSecond : MEDIA_LIMITS.maxSamplesPerSecond;
  const allowed = Math.max(1, Math.ceil(seconds)) * perSecond;
  if (track.sampleCount > allowed) {
    throw new DeclaredTooLarge(
      `A track declares ${track.sampleCount} samples in ${seconds.toFixed(3)} s; the most taken is ${perSecond} samples per second of its duration.`,
    );
  }
  if (track.sampleSize > 0 && track.sampleSize * track.sampleCount > fileSize) {
    throw new DeclaredCorrupt(
      `it declares ${track.sampleCount} samples of ${track.sampleSize} bytes, more than the file's ${fileSize} bytes`,
    );
  }
}

/**
 * Throws DeclaredTooLarge (a declaration past MEDIA_LIMITS) or DeclaredCorrupt (headers that
 * contradict themselves) for the file at `path`, judged by its stored extension.
 */
export async function checkDeclaredSize(path: string, extension: string): Promise<void> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    if (['mp4', 'mov', 'm4v', 'm4a'].includes(extension)) return await checkMovie(file, size);
    const picture = imageSize(await readAt(file, 0, 256 * 1024), extension);
    if (picture) checkPicture(picture.width, picture.height, 'The image');
  } finally {
    await file.close();
  }
}

/** Checks a size ffprobe reported (formats whose headers are not read here: Matroska, WebM). */
export function checkProbedPicture(width: number | null, height: number | null): void {
  if (width && height) checkPicture(width, height, 'The video');
}
