// Real, small media files made with ffmpeg for tests: every upload, probe and export test
// works on files a real player would open, never on fake bytes.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

let counter = 0;
function nextPath(dir: string, name: string | undefined, extension: string): string {
  counter += 1;
  return join(dir, name ?? `fixture-${process.pid}-${counter}.${extension}`);
}

async function ffmpeg(args: string[]): Promise<void> {
  await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...args], {
    maxBuffer: 16 * 1024 * 1024,
  });
}

/** A temporary folder for fixtures; call `cleanup()` in afterAll. */
export function makeFixtureDir(): { readonly dir: string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'clipdesk-media-'));
  return {
    // Made again when a test needs it after a cleanup: Playwright (fullyParallel) runs a file's
    // afterAll each time a worker leaves the file, while the module (and this folder's name)
    // stays loaded for the file's later tests in that worker.
    get dir() {
      mkdirSync(dir, { recursive: true });
      return dir;
    },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export interface ImageOptions {
  width?: number;
  height?: number;
  /** File name inside `dir`; a unique one by default. */
  name?: string;
}

/** A PNG test pattern (default 64×48). */
export async function makePng(dir: string, { width = 64, height = 48, name }: ImageOptions = {}): Promise<string> {
  const path = nextPath(dir, name, 'png');
  await ffmpeg(['-f', 'lavfi', '-i', `testsrc=size=${width}x${height}`, '-frames:v', '1', path]);
  return path;
}

/** A JPEG test pattern (default 64×48). */
export async function makeJpeg(dir: string, { width = 64, height = 48, name }: ImageOptions = {}): Promise<string> {
  const path = nextPath(dir, name, 'jpg');
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=${width}x${height}`,
    '-frames:v',
    '1',
    '-pix_fmt',
    'yuvj420p',
    path,
  ]);
  return path;
}

export interface VideoOptions {
  seconds?: number;
  width?: number;
  height?: number;
  fps?: number;
  /** A keyframe this often (the encoder's default otherwise: one in 250 frames). */
  keyframeSeconds?: number;
  name?: string;
}

/** An MP4 with H.264 video (default 160×90, 10 fps) and a 440 Hz AAC tone, `seconds` long (default 1). */
export async function makeMp4(
  dir: string,
  { seconds = 1, width = 160, height = 90, fps = 10, keyframeSeconds, name }: VideoOptions = {},
): Promise<string> {
  const path = nextPath(dir, name, 'mp4');
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=${width}x${height}:rate=${fps}:duration=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:sample_rate=44100:duration=${seconds}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    ...(keyframeSeconds ? ['-g', String(Math.max(1, Math.round(keyframeSeconds * fps)))] : []),
    '-c:a',
    'aac',
    '-b:a',
    '64k',
    '-shortest',
    '-movflags',
    '+faststart',
    path,
  ]);
  return path;
}

export interface AudioOptions {
  seconds?: number;
  frequency?: number;
  name?: string;
}

/** A mono 16-bit PCM WAV with a sine tone (default 1 s, 440 Hz, 44.1 kHz). */
export async function makeWav(dir: string, { seconds = 1, frequency = 440, name }: AudioOptions = {}): Promise<string> {
  const path = nextPath(dir, name, 'wav');
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=${frequency}:sample_rate=44100:duration=${seconds}`,
    '-ac',
    '1',
    '-c:a',
    'pcm_s16le',
    path,
  ]);
  return path;
}

/** The hex SHA-256 of a file (fixtures are small, so it is read whole). */
export function sha256OfFile(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

/** A FormData with the text fields first, then the file under `file` (named as on disk unless `filename`). */
export function mediaForm(path: string, fields: Record<string, string | number> = {}, filename?: string): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
  form.append('file', new Blob([readFileSync(path)]), filename ?? basename(path));
  return form;
}
