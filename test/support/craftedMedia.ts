// Hostile media made at test time, small on disk: PNGs whose header declares what their data
// cannot give (a decompression bomb's size, or garbage in place of pixels), and a real MP4
// whose sample table is rewritten to claim fifty million samples.
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { crc32, deflateSync } from 'node:zlib';

const run = promisify(execFile);

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A PNG whose IHDR declares width×height at `bitDepth` in RGBA (colour type 6), followed by
 * `idat` as its compressed data (by default a few rows of zeros: small, and truncated).
 */
export function declaredPng(
  width: number,
  height: number,
  { bitDepth = 8, idat }: { bitDepth?: number; idat?: Buffer } = {},
): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = bitDepth;
  header[9] = 6;
  const rowBytes = 1 + Math.min(width, 4096) * 4 * (bitDepth / 8);
  const data = idat ?? deflateSync(Buffer.alloc(rowBytes * 4));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', data),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A 3 s MP4 (64×48, no sound) whose video track's stsz claims `samples` samples of one byte each. */
export async function sampleClaimMp4(dir: string, samples = 50_000_000): Promise<Buffer> {
  const path = join(dir, `claims-${process.pid}-${Date.now()}.mp4`);
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc=size=64x48:rate=10:duration=3'],
    ...['-c:v', 'mpeg4', '-movflags', '+faststart', path],
  ]);
  const bytes = readFileSync(path);
  const at = bytes.indexOf('stsz', 0, 'latin1');
  if (at < 0) throw new Error('no stsz box in the MP4 ffmpeg made');
  // stsz: version+flags (4), sample_size (4), sample_count (4).
  bytes.writeUInt32BE(1, at + 8);
  bytes.writeUInt32BE(samples, at + 12);
  writeFileSync(path, bytes);
  return bytes;
}
