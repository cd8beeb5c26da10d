// Media made to be measured after a render, and the measures: solid colours and tones whose
// frequencies say which clip a sound came from, exact frames read back as RGB pixels, and
// the level of a tone in a stretch of the mix (Goertzel). Everything through real ffmpeg.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

async function ffmpeg(args: string[]): Promise<Buffer> {
  const { stdout } = await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...args], {
    encoding: 'buffer',
    maxBuffer: 64 * 1024 * 1024,
  });
  return stdout;
}

let made = 0;
const pathIn = (dir: string, ext: string) => join(dir, `render-fixture-${process.pid}-${++made}.${ext}`);

/**
 * An MP4 of solid colours, one after another (`[colour, seconds]`), with a sine tone of
 * `tone` Hz at `amplitude` (of full scale) throughout.
 */
export async function colourVideo(
  dir: string,
  options: { colours: [string, number][]; size: string; fps?: number; tone: number; amplitude?: number },
): Promise<string> {
  const path = pathIn(dir, 'mp4');
  const fps = options.fps ?? 25;
  const seconds = options.colours.reduce((sum, [, s]) => sum + s, 0);
  const parts = options.colours.map(([c, s], i) => `color=c=${c}:s=${options.size}:r=${fps}:d=${s}[c${i}]`);
  const join = `${options.colours.map((_c, i) => `[c${i}]`).join('')}concat=n=${options.colours.length}:v=1:a=0,format=yuv420p[v]`;
  const amplitude = options.amplitude ?? 0.25;
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=${options.tone}:sample_rate=48000:duration=${seconds}`,
    '-filter_complex',
    `${parts.join(';')};${join};[0:a]volume=${amplitude * 8}[a]`,
    '-map',
    '[v]',
    '-map',
    '[a]',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-g',
    String(fps),
    '-c:a',
    'aac',
    '-b:a',
    '96k',
    path,
  ]);
  return path;
}

/**
 * A silent, lossless MP4 whose frame n is grey at luma 16 + 3 × (n mod 60): each frame says
 * which one it is, so a frame repeated or skipped in a render shows.
 */
export async function rampVideo(dir: string, options: { seconds: number; size: string; fps?: number }) {
  const path = pathIn(dir, 'mp4');
  const fps = options.fps ?? 25;
  const source = `color=c=black:s=${options.size}:r=${fps}:d=${options.seconds}`;
  await ffmpeg([
    ...['-f', 'lavfi', '-i', `${source},format=yuv420p,geq=lum='16+3*mod(N,60)':cb=128:cr=128`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-qp', '0', '-g', String(fps), path],
  ]);
  return path;
}

/** The mean of each frame's pixels in `rect` (grey, or [r, g, b] with `rgb`), frame by frame. */
export async function meansOf(
  path: string,
  rect: { x: number; y: number; width: number; height: number },
  format: 'gray' | 'rgb24',
): Promise<number[][]> {
  const raw = await ffmpeg([
    ...['-i', path, '-vf', `crop=${rect.width}:${rect.height}:${rect.x}:${rect.y},scale=1:1:flags=area`],
    ...['-fps_mode', 'passthrough', '-f', 'rawvideo', '-pix_fmt', format, 'pipe:1'],
  ]);
  const channels = format === 'gray' ? 1 : 3;
  return Array.from({ length: raw.length / channels }, (_v, i) => [...raw.subarray(i * channels, (i + 1) * channels)]);
}

/** A PNG of one colour, or black on its left half and white on its right (`edge`). */
export async function stillImage(
  dir: string,
  options: { colour: string; size: string } | { edge: true; size: string },
): Promise<string> {
  const path = pathIn(dir, 'png');
  const source =
    'edge' in options
      ? `color=c=black:s=${options.size},geq=lum='if(lt(X,W/2),0,255)':cb=128:cr=128`
      : `color=c=${options.colour}:s=${options.size}`;
  await ffmpeg(['-f', 'lavfi', '-i', source, '-frames:v', '1', path]);
  return path;
}

/** A mono WAV of a sine tone at `amplitude` of full scale. */
export async function toneWav(dir: string, options: { frequency: number; seconds: number; amplitude?: number }) {
  const path = pathIn(dir, 'wav');
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=${options.frequency}:sample_rate=48000:duration=${options.seconds}`,
    '-af',
    `volume=${(options.amplitude ?? 0.25) * 8}`,
    '-c:a',
    'pcm_s16le',
    path,
  ]);
  return path;
}

export interface Frame {
  width: number;
  height: number;
  /** [r, g, b] at a pixel. */
  at(x: number, y: number): [number, number, number];
  /** How many pixels of the rectangle pass `test`. */
  count(
    rect: { x: number; y: number; width: number; height: number },
    test: (rgb: [number, number, number]) => boolean,
  ): number;
}

/** Frame number `n` of a video, decoded to RGB (BT.601, as the file is tagged). */
export async function frameOf(path: string, n: number, size: { width: number; height: number }): Promise<Frame> {
  const pixels = await ffmpeg([
    '-i',
    path,
    '-vf',
    `select=eq(n\\,${n})`,
    '-frames:v',
    '1',
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgb24',
    'pipe:1',
  ]);
  const at = (x: number, y: number): [number, number, number] => {
    const i = (y * size.width + x) * 3;
    return [pixels[i]!, pixels[i + 1]!, pixels[i + 2]!];
  };
  return {
    ...size,
    at,
    count(rect, test) {
      let n = 0;
      for (let y = rect.y; y < rect.y + rect.height; y++)
        for (let x = rect.x; x < rect.x + rect.width; x++) if (test(at(x, y))) n++;
      return n;
    },
  };
}

/** The sound of a file as 48 kHz mono float samples (left and right averaged). */
export async function samplesOf(path: string): Promise<Float32Array> {
  // pan, not -ac 1: ffmpeg's own downmix adds the channels at −3 dB each (1.41 × a centred sound).
  const raw = await ffmpeg([
    '-i',
    path,
    '-vn',
    '-af',
    'pan=mono|c0=0.5*c0+0.5*c1',
    '-ar',
    '48000',
    '-f',
    'f32le',
    'pipe:1',
  ]);
  return new Float32Array(raw.buffer, raw.byteOffset, raw.length / 4);
}

/** One channel of a file's sound (0 left, 1 right) as 48 kHz float samples. */
export async function channelSamplesOf(path: string, channel: 0 | 1): Promise<Float32Array> {
  const raw = await ffmpeg([
    '-i',
    path,
    '-vn',
    '-af',
    `pan=mono|c0=c${channel}`,
    '-ar',
    '48000',
    '-f',
    'f32le',
    'pipe:1',
  ]);
  return new Float32Array(raw.buffer, raw.byteOffset, raw.length / 4);
}

/** The amplitude of a `frequency` Hz tone between `from` and `to` seconds (Goertzel). */
export function toneLevel(samples: Float32Array, frequency: number, from: number, to: number, rate = 48_000): number {
  const start = Math.round(from * rate);
  const n = Math.round(to * rate) - start;
  const k = (2 * Math.cos((2 * Math.PI * frequency) / rate)) as number;
  let s1 = 0;
  let s2 = 0;
  for (let i = 0; i < n; i++) {
    const s0 = samples[start + i]! + k * s1 - s2;
    s2 = s1;
    s1 = s0;
  }
  const power = s1 * s1 + s2 * s2 - k * s1 * s2;
  return (2 * Math.sqrt(Math.max(0, power))) / n;
}

/** The largest sample, in full scale. */
export function peakOf(samples: Float32Array): number {
  let peak = 0;
  for (const s of samples) peak = Math.max(peak, Math.abs(s));
  return peak;
}

/** Width, height, frame rate, frame count and duration as ffprobe reads them. */
export async function videoFacts(
  path: string,
): Promise<{ width: number; height: number; fps: string; frames: number; seconds: number; colorSpace: string }> {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-count_frames',
    '-select_streams',
    'v:0',
    '-show_entries',
    'stream=width,height,avg_frame_rate,nb_read_frames,color_space:format=duration',
    '-of',
    'json',
    path,
  ]);
  const info = JSON.parse(stdout) as { streams: any[]; format: { duration: string } };
  const v = info.streams[0];
  return {
    width: v.width,
    height: v.height,
    fps: v.avg_frame_rate,
    frames: Number(v.nb_read_frames),
    seconds: Number(info.format.duration),
    colorSpace: v.color_space,
  };
}
