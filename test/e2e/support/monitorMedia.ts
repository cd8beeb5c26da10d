// Media and measures for comparing the live monitor with the service's render: moving test
// pictures with tones (ffmpeg's testsrc: bars, a scrolling gradient; testsrc2: shapes that
// move every frame; gradients: soft colour fields, like most footage), a still, a tone; a
// frame of a rendered file at a chosen size; and the PSNR of two pictures. All through real
// ffmpeg.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const QUIET = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y'];

async function ffmpeg(args: string[]): Promise<void> {
  await run('ffmpeg', [...QUIET, ...args], { maxBuffer: 16 * 1024 * 1024 });
}

/** A moving H.264 picture with a tone, a keyframe every half second (so the monitor plays it as it is). */
export async function movingVideo(
  dir: string,
  name: string,
  options: { source: 'testsrc' | 'testsrc2' | 'gradients'; size: string; seconds: number; tone: number },
): Promise<string> {
  const path = join(dir, name);
  await ffmpeg([
    ...['-f', 'lavfi', '-i', `${options.source}=size=${options.size}:rate=30`],
    ...['-f', 'lavfi', '-i', `sine=frequency=${options.tone}:sample_rate=48000`],
    ...['-t', String(options.seconds), '-c:v', 'libx264', '-preset', 'veryfast', '-g', '15', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-b:a', '96k', '-movflags', '+faststart', path],
  ]);
  return path;
}

export async function stillPicture(dir: string, name: string, size: string): Promise<string> {
  const path = join(dir, name);
  await ffmpeg(['-f', 'lavfi', '-i', `testsrc=size=${size}`, '-frames:v', '1', path]);
  return path;
}

export async function toneFile(dir: string, name: string, seconds: number): Promise<string> {
  const path = join(dir, name);
  await ffmpeg(['-f', 'lavfi', '-i', `sine=frequency=330:sample_rate=48000:duration=${seconds}`, path]);
  return path;
}

/** Frame `index` of a video as a PNG of `width`×`height`. */
export async function frameOf(video: string, index: number, width: number, height: number, out: string) {
  await ffmpeg([
    ...['-i', video, '-vf', `select=eq(n\\,${index}),scale=${width}:${height}:flags=area`],
    ...['-frames:v', '1', '-fps_mode', 'passthrough', out],
  ]);
  return out;
}

/** PSNR (dB; identical pictures: Infinity) and SSIM of two pictures, both scaled to `size` first (area average). */
export async function compare(
  a: string,
  b: string,
  size: { width: number; height: number },
): Promise<{ psnr: number; ssim: number }> {
  const scale = `scale=${size.width}:${size.height}:flags=area`;
  const { stderr } = await run('ffmpeg', [
    ...['-hide_banner', '-nostdin', '-i', a, '-i', b],
    ...['-lavfi', `[0]${scale},split[a1][a2];[1]${scale},split[b1][b2];[a1][b1]psnr;[a2][b2]ssim`, '-f', 'null', '-'],
  ]);
  const psnr = /average:(inf|[\d.]+)/.exec(stderr);
  const ssim = /All:([\d.]+)/.exec(stderr);
  if (!psnr || !ssim) throw new Error(`no PSNR or SSIM in ffmpeg's output: ${stderr.slice(-500)}`);
  return { psnr: psnr[1] === 'inf' ? Infinity : Number(psnr[1]), ssim: Number(ssim[1]) };
}
