// ffmpeg and ffprobe, run as child processes: the sandbox makes and measures real media.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Runs ffmpeg; `signal` ends it (a cancelled render). Rejects with ffmpeg's stderr on the error. */
export async function ffmpeg(args: string[], options: { signal?: AbortSignal } = {}): Promise<void> {
  await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...args], {
    maxBuffer: 16 * 1024 * 1024,
    ...(options.signal && { signal: options.signal }),
  });
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

/** What ffprobe sees in a file; null when it cannot read it as media at all. */
export async function probe(path: string): Promise<MediaProbe | null> {
  try {
    const { stdout } = await run('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'stream=codec_type,codec_name,pix_fmt,width,height,sample_aspect_ratio,color_space,channels:stream_side_data=rotation:stream_tags=rotate,alpha_mode:format=duration',
      '-of',
      'json',
      path,
    ]);
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
