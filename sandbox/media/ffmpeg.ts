// ffmpeg and ffprobe, run as child processes: the sandbox makes and measures real media.
// Probes of files from outside (and the decode that proves an upload playable) run at most
// PROBE_CONCURRENCY at a time, each under an address-space cap (prlimit --as): a file built to
// blow up when decoded ends its own probe, not the machine.
import { existsSync } from 'node:fs';
import { runChild } from './childProcess.ts';

/** The address space one probe may map (ffprobe itself maps some 400 MiB of libraries). */
export const PROBE_MEMORY_BYTES = 1536 * 1024 * 1024;
export const PROBE_CONCURRENCY = 2;
const PROBE_TIMEOUT_MS = 60_000;
const PRLIMIT = ['/usr/bin/prlimit', '/bin/prlimit'].find((path) => existsSync(path));

let probesRunning = 0;
const probesWaiting: (() => void)[] = [];

/** Runs `task` when one of PROBE_CONCURRENCY places is free. */
async function inProbeSlot<T>(task: () => Promise<T>): Promise<T> {
  if (probesRunning >= PROBE_CONCURRENCY) await new Promise<void>((resolve) => probesWaiting.push(resolve));
  else probesRunning++;
  try {
    return await task();
  } finally {
    const next = probesWaiting.shift();
    if (next) next();
    else probesRunning--;
  }
}

/** A command run under the probe memory cap, where prlimit exists. */
function capped(command: string, args: string[]): [string, string[]] {
  return PRLIMIT ? [PRLIMIT, [`--as=${PROBE_MEMORY_BYTES}`, command, ...args]] : [command, args];
}

/** Runs ffmpeg; `signal` (by default the current job's) ends it. Rejects with ffmpeg's stderr on the error. */
export async function ffmpeg(args: string[], options: { signal?: AbortSignal } = {}): Promise<void> {
  await runChild('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...args], options);
}

export interface MediaProbe {
  width: number | null;
  height: number | null;
  durationMs: number | null;
  hasVideo: boolean;
  hasAudio: boolean;
  /** The picture as shown: sample aspect ratio and rotation applied. */
  displayWidth: number | null;
  displayHeight: number | null;
  /** Channels of the first sound stream (0 without sound). */
  channels: number;
  /** The picture's YUV matrix tag as ffprobe names it (bt709, smpte170m, …); null when untagged. */
  colorSpace: string | null;
  /** Whether the picture has an alpha plane (a PNG with transparency, ProRes 4444, VP9 with alpha). */
  alpha: boolean;
  /**
   * The decoder that keeps that alpha, where ffmpeg's default one drops it: VP8 and VP9 carry
   * alpha beside the picture (WebM's alpha_mode), and only libvpx decodes it. Null otherwise.
   */
  alphaDecoder: string | null;
}

interface ProbedStream {
  codec_type?: string;
  codec_name?: string;
  pix_fmt?: string;
  width?: number;
  height?: number;
  sample_aspect_ratio?: string;
  color_space?: string;
  channels?: number;
  side_data_list?: { rotation?: number }[];
  tags?: { rotate?: string; alpha_mode?: string; ALPHA_MODE?: string };
}

/** Pixel formats with an alpha plane: yuva…, rgba/bgra/argb/abgr, gbrap…, ya8/ya16, pal8 (PNG palettes may be transparent). */
const ALPHA_PIXELS = /^(yuva|gbrap|ya\d|rgba|bgra|argb|abgr|pal8)/;
const LIBVPX_ALPHA: Record<string, string> = { vp8: 'libvpx', vp9: 'libvpx-vp9' };

function alphaOf(video: ProbedStream | undefined): { alpha: boolean; alphaDecoder: string | null } {
  if (!video) return { alpha: false, alphaDecoder: null };
  const mode = video.tags?.alpha_mode ?? video.tags?.ALPHA_MODE;
  const decoder = LIBVPX_ALPHA[video.codec_name ?? ''];
  if (mode === '1' && decoder) return { alpha: true, alphaDecoder: decoder };
  return { alpha: ALPHA_PIXELS.test(video.pix_fmt ?? ''), alphaDecoder: null };
}

/** The size a player shows: the sample aspect ratio widens (or narrows) it; a quarter turn swaps it. */
function displaySize(video: ProbedStream | undefined): { displayWidth: number | null; displayHeight: number | null } {
  if (!video?.width || !video.height) return { displayWidth: null, displayHeight: null };
  const [num, den] = (video.sample_aspect_ratio ?? '1:1').split(':').map(Number) as [number, number];
  const sar = num > 0 && den > 0 ? num / den : 1;
  const width = Math.max(1, Math.round(video.width * sar));
  const rotation = Number(
    video.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? video.tags?.rotate ?? 0,
  );
  const quarter = Math.abs(Math.round(rotation / 90)) % 2 === 1;
  return quarter
    ? { displayWidth: video.height, displayHeight: width }
    : { displayWidth: width, displayHeight: video.height };
}

/** What ffprobe sees in a file; null when it cannot read it as media at all (or hits the memory cap). */
export async function probe(path: string): Promise<MediaProbe | null> {
  try {
    const [command, args] = capped('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'stream=codec_type,codec_name,pix_fmt,width,height,sample_aspect_ratio,color_space,channels:stream_side_data=rotation:stream_tags=rotate,alpha_mode:format=duration',
      '-of',
      'json',
      path,
    ]);
    const { stdout } = await inProbeSlot(() =>
      runChild(command, args, { timeoutMs: PROBE_TIMEOUT_MS, maxBuffer: 4 * 1024 * 1024 }),
    );
    const info = JSON.parse(stdout) as { streams?: ProbedStream[]; format?: { duration?: string } };
    const streams = info.streams ?? [];
    const video = streams.find((s) => s.codec_type === 'video');
    const audio = streams.find((s) => s.codec_type === 'audio');
    const seconds = Number(info.format?.duration);
    return {
      width: video?.width ?? null,
      height: video?.height ?? null,
      durationMs: Number.isFinite(seconds) ? Math.round(seconds * 1000) : null,
      hasVideo: Boolean(video),
      hasAudio: Boolean(audio),
      ...displaySize(video),
      channels: audio?.channels ?? 0,
      colorSpace: video?.color_space && video.color_space !== 'unknown' ? video.color_space : null,
      ...alphaOf(video),
    };
  } catch {
    return null;
  }
}

/**
 * Decodes the first picture (or the first second of sound) of a file, under the probe cap: null
 * when it decodes, else ffmpeg's reason. A header can promise what the data cannot give.
 */
export async function decodeProblem(path: string, kind: 'image' | 'video' | 'audio'): Promise<string | null> {
  const select = kind === 'audio' ? ['-map', '0:a:0', '-t', '1'] : ['-map', '0:v:0', '-frames:v', '1'];
  const [command, args] = capped('ffmpeg', [
    '-hide_banner',
    '-v',
    'error',
    '-xerror',
    '-nostdin',
    '-threads',
    '1',
    '-i',
    path,
    ...select,
    '-f',
    'null',
    '-',
  ]);
  try {
    await inProbeSlot(() => runChild(command, args, { timeoutMs: PROBE_TIMEOUT_MS, maxBuffer: 4 * 1024 * 1024 }));
    return null;
  } catch (err) {
    const { stderr, signal } = err as { stderr?: string; signal?: string };
    const reason = (stderr ?? '').trim().split('\n')[0] || (signal ? `ended by ${signal}` : 'it failed');
    return reason.slice(0, 200);
  }
}

/**
 * How long the first sound track of a file really plays, decoded (not what its header claims),
 * stopping at `capMs`: `{ ms, capped }`, capped when there is at least that much. Runs as a probe
 * (bounded in memory and number); decoding to nothing is fast.
 */
export async function decodedSoundMs(path: string, capMs: number): Promise<{ ms: number; capped: boolean }> {
  const [command, args] = capped('ffmpeg', [
    ...['-hide_banner', '-v', 'error', '-nostdin', '-nostats', '-threads', '1', '-i', path],
    ...['-map', '0:a:0', '-t', String(capMs / 1000), '-f', 'null', '-progress', 'pipe:1', '-'],
  ]);
  const { stdout } = await inProbeSlot(() => runChild(command, args, { timeoutMs: 5 * PROBE_TIMEOUT_MS }));
  const times = [...stdout.matchAll(/^out_time_us=(\d+)$/gm)];
  const ms = times.length ? Math.round(Number(times[times.length - 1]![1]) / 1000) : 0;
  return { ms, capped: ms >= capMs };
}
