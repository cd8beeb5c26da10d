// ffmpeg makes the previews the media grid shows, in main (never by decoding whole files in
// the page: wavesurfer.js #1498 spent 2 GB on an hour of audio): a small JPEG of an image or
// of a representative video frame, and an audio file's waveform as peaks — the loudest sample
// of each of `count` equal slices, from mono 8 kHz PCM read as a stream, so memory stays
// small whatever the length.
import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The longest side of a thumbnail, in pixels (the grid shows them at about 160). */
export const THUMBNAIL_MAX_SIDE = 320;
/** How many bars a waveform has. */
export const WAVEFORM_PEAKS = 120;
/** ffmpeg gets this long per preview; a file it cannot read in time gets none. */
const FFMPEG_TIMEOUT_MS = 60_000;
const PEAK_RATE = 8_000;
/** Peaks are first kept per window of this many samples (100 a second), then merged into `count`. */
const WINDOW_SAMPLES = PEAK_RATE / 100;

const BASE_ARGS = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y'];

/** Fits in THUMBNAIL_MAX_SIDE, never enlarged, even sides for every encoder. */
const SCALE = `scale='min(${THUMBNAIL_MAX_SIDE},iw)':'min(${THUMBNAIL_MAX_SIDE},ih)':force_original_aspect_ratio=decrease`;

/** A light and a darker grey in 8-pixel squares: where a picture is transparent, this shows (a JPEG has no alpha). */
const CHECKERBOARD = `if(mod(floor(X/8)+floor(Y/8),2),204,153)`;
const OVER_CHECKERBOARD = `format=rgba,split[picture][board];[board]geq=r='${CHECKERBOARD}':g='${CHECKERBOARD}':b='${CHECKERBOARD}':a=255[below];[below][picture]overlay=format=rgb`;

/** VP8/VP9 keep their alpha beside the picture (WebM's alpha_mode): only libvpx decodes it. */
async function alphaDecoderOf(input: string): Promise<string[]> {
  const { stdout } = await run(
    'ffprobe',
    [
      '-v',
      'error',
      '-select_streams',
      'v:0',
      '-show_entries',
      'stream=codec_name:stream_tags=alpha_mode',
      '-of',
      'csv=p=0',
      input,
    ],
    { timeout: FFMPEG_TIMEOUT_MS },
  ).catch(() => ({ stdout: '' }));
  const [codec, alphaMode] = stdout.trim().split(',');
  if (alphaMode !== '1') return [];
  return codec === 'vp9' ? ['-c:v', 'libvpx-vp9'] : codec === 'vp8' ? ['-c:v', 'libvpx'] : [];
}

/**
 * A JPEG thumbnail of an image, or of a video's most representative frame among its first
 * ones (ffmpeg's `thumbnail` filter skips a black first frame without seeking). A picture
 * with alpha is laid over a checkerboard, so its transparent parts never turn black.
 */
export async function makeThumbnail(input: string, output: string, kind: 'image' | 'video'): Promise<void> {
  const filter = `${kind === 'video' ? `thumbnail=24,${SCALE}` : SCALE},${OVER_CHECKERBOARD}`;
  const decoder = kind === 'video' ? await alphaDecoderOf(input) : [];
  await run(
    'ffmpeg',
    [
      ...BASE_ARGS,
      ...decoder,
      '-i',
      input,
      '-an',
      '-vf',
      filter,
      '-frames:v',
      '1',
      '-q:v',
      '5',
      '-f',
      'image2',
      output,
    ],
    { timeout: FFMPEG_TIMEOUT_MS, maxBuffer: 1024 * 1024 },
  );
}

/** `count` peaks from 0 to 1 (1 is full scale), evenly over the whole file. */
export function readPeaks(input: string, count: number = WAVEFORM_PEAKS): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'ffmpeg',
      [
        ...BASE_ARGS,
        '-i',
        input,
        '-vn',
        '-ac',
        '1',
        '-ar',
        String(PEAK_RATE),
        '-f',
        's16le',
        '-acodec',
        'pcm_s16le',
        '-',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const timer = setTimeout(() => child.kill('SIGKILL'), FFMPEG_TIMEOUT_MS);
    const windows: number[] = [];
    let windowPeak = 0;
    let inWindow = 0;
    let carry: Buffer | null = null;
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2000);
    });
    child.stdout.on('data', (chunk: Buffer) => {
      const data: Buffer = carry ? Buffer.concat([carry, chunk]) : chunk;
      const whole = data.length - (data.length % 2);
      carry = whole < data.length ? data.subarray(whole) : null;
      for (let at = 0; at < whole; at += 2) {
        const sample = Math.abs(data.readInt16LE(at));
        if (sample > windowPeak) windowPeak = sample;
        if (++inWindow === WINDOW_SAMPLES) {
          windows.push(windowPeak);
          windowPeak = 0;
          inWindow = 0;
        }
      }
    });
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      if (code !== 0) {
        reject(new Error(signal ? `ffmpeg stopped (${signal})` : `ffmpeg failed: ${stderr.trim() || `exit ${code}`}`));
        return;
      }
      if (inWindow > 0) windows.push(windowPeak);
      resolve(mergePeaks(windows, count));
    });
  });
}

/** Merges per-window peaks (16-bit magnitudes) into `count` slices scaled to 0..1, three decimals. */
export function mergePeaks(windows: readonly number[], count: number): number[] {
  if (windows.length === 0) return [];
  const slices = Math.min(count, windows.length);
  const peaks: number[] = [];
  for (let i = 0; i < slices; i++) {
    const from = Math.floor((i * windows.length) / slices);
    const to = Math.max(from + 1, Math.floor(((i + 1) * windows.length) / slices));
    let peak = 0;
    for (let w = from; w < to; w++) peak = Math.max(peak, windows[w]!);
    peaks.push(Math.round((Math.min(peak, 32767) / 32767) * 1000) / 1000);
  }
  return peaks;
}
