// What a cached file is, read with ffprobe: its kind, display size (sample aspect and
// rotation applied, as a player shows it), length, frame rate, streams and codecs, and how
// far apart its keyframes are (a long GOP makes every seek decode many frames). From this
// the cache decides whether the page can play the file as it is, or needs a proxy.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { MediaInfo } from '../../../shared/preview/previewMedia.ts';

const run = promisify(execFile);
const PROBE_TIMEOUT_MS = 60_000;
/** Keyframes are looked for in this much of the file. */
const GOP_SCAN_SECONDS = 30;

/** A video's colour tags as ffprobe names them; null when it has none (the semantics read it as BT.601). */
export interface ColourTags {
  readonly space: string;
  readonly primaries: string;
  readonly transfer: string;
  readonly range: string;
}

export interface MediaProbe extends MediaInfo {
  readonly container: string;
  readonly colour: ColourTags | null;
  readonly videoCodec: string | null;
  readonly pixelFormat: string | null;
  readonly audioCodec: string | null;
  /** The longest gap between two keyframes seen in the first seconds; null without video. */
  readonly keyframeGapMs: number | null;
  /** Its picture has an alpha plane (absent in manifests written before alpha was probed: none). */
  readonly alpha?: boolean;
  /** The decoder that keeps that alpha where ffmpeg's default drops it (VP8/VP9 in WebM: libvpx). */
  readonly alphaDecoder?: string | null;
}

interface FfprobeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  sample_aspect_ratio?: string;
  r_frame_rate?: string;
  avg_frame_rate?: string;
  pix_fmt?: string;
  color_space?: string;
  color_primaries?: string;
  color_transfer?: string;
  color_range?: string;
  disposition?: { attached_pic?: number };
  tags?: { rotate?: string; alpha_mode?: string; ALPHA_MODE?: string };
  side_data_list?: { rotation?: number }[];
}

function ratio(text: string | undefined): number | null {
  const [num, den] = (text ?? '').split(/[:/]/).map(Number);
  return num && den && Number.isFinite(num / den) && num > 0 && den > 0 ? num / den : null;
}

function rotationOf(stream: FfprobeStream): number {
  const degrees = Number(stream.tags?.rotate ?? stream.side_data_list?.find((d) => d.rotation !== undefined)?.rotation);
  return Number.isFinite(degrees) ? ((Math.round(degrees) % 360) + 360) % 360 : 0;
}

/** The display size: the sample aspect applied to the width, a quarter turn swapping the sides. */
export function displaySize(stream: FfprobeStream): { width: number; height: number } {
  const sar = ratio(stream.sample_aspect_ratio) ?? 1;
  const width = Math.round((stream.width ?? 0) * sar);
  const height = stream.height ?? 0;
  return rotationOf(stream) % 180 === 90 ? { width: height, height: width } : { width, height };
}

async function keyframeGapMs(path: string): Promise<number | null> {
  const { stdout } = await run(
    'ffprobe',
    [
      ...['-v', 'error', '-select_streams', 'v:0', '-read_intervals', `%+${GOP_SCAN_SECONDS}`],
      ...['-show_entries', 'packet=pts_time,flags', '-of', 'csv=p=0', path],
    ],
    { timeout: PROBE_TIMEOUT_MS, maxBuffer: 16 * 1024 * 1024 },
  );
  let lastKey: number | null = null;
  let lastPacket = 0;
  let gap = 0;
  for (const line of stdout.split('\n')) {
    const [time, flags] = line.split(',');
    const at = Number(time);
    if (!Number.isFinite(at)) continue;
    lastPacket = Math.max(lastPacket, at);
    if (!flags?.includes('K')) continue;
    if (lastKey !== null) gap = Math.max(gap, at - lastKey);
    lastKey = at;
  }
  if (lastKey === null) return null;
  // Frames after the last keyframe seen are as far from a keyframe as the tail is long.
  return Math.round(Math.max(gap, lastPacket - lastKey) * 1000);
}

/** Pixel formats with an alpha plane (a PNG palette may hold transparency too). */
const ALPHA_PIXELS = /^(yuva|gbrap|ya\d|rgba|bgra|argb|abgr|pal8)/;
const LIBVPX: Record<string, string> = { vp8: 'libvpx', vp9: 'libvpx-vp9' };

function alphaOf(stream: FfprobeStream): { alpha: boolean; alphaDecoder: string | null } {
  const decoder = LIBVPX[stream.codec_name ?? ''];
  if ((stream.tags?.alpha_mode ?? stream.tags?.ALPHA_MODE) === '1' && decoder)
    return { alpha: true, alphaDecoder: decoder };
  return { alpha: ALPHA_PIXELS.test(stream.pix_fmt ?? ''), alphaDecoder: null };
}

const known = (value: string | undefined) => (value && value !== 'unknown' ? value : null);

function colourOf(stream: FfprobeStream): ColourTags | null {
  const space = known(stream.color_space);
  if (!space) return null;
  // A matrix without the rest: primaries and transfer follow it, the range is the usual limited one.
  return {
    space,
    primaries: known(stream.color_primaries) ?? space,
    transfer: known(stream.color_transfer) ?? space,
    range: known(stream.color_range) ?? 'tv',
  };
}

/** Reads a media file; `contentType` (the service's) decides an image from a one-frame video. */
export async function probeMedia(path: string, contentType: string): Promise<MediaProbe> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_streams', '-show_format', '-of', 'json', path], {
    timeout: PROBE_TIMEOUT_MS,
    maxBuffer: 16 * 1024 * 1024,
  });
  const parsed = JSON.parse(stdout) as {
    streams?: FfprobeStream[];
    format?: { format_name?: string; duration?: string };
  };
  const streams = parsed.streams ?? [];
  // Cover art in a sound file is a "video" stream that is a still: not a picture to play.
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  const audio = streams.find((s) => s.codec_type === 'audio');
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  const kind: MediaInfo['kind'] = type.startsWith('image/') ? 'image' : video ? 'video' : 'audio';
  const size = video ? displaySize(video) : { width: 0, height: 0 };
  const seconds = Number(parsed.format?.duration);
  const frameRate = kind === 'video' && video ? (ratio(video.avg_frame_rate) ?? ratio(video.r_frame_rate)) : null;
  return {
    kind,
    ...size,
    durationMs: kind === 'image' || !Number.isFinite(seconds) ? null : Math.round(seconds * 1000),
    frameRate: frameRate === null ? null : Math.round(frameRate * 1000) / 1000,
    hasVideo: kind !== 'audio' && video !== undefined,
    hasAudio: kind !== 'image' && audio !== undefined,
    container: parsed.format?.format_name ?? '',
    colour: video ? colourOf(video) : null,
    videoCodec: video?.codec_name ?? null,
    pixelFormat: video?.pix_fmt ?? null,
    audioCodec: audio?.codec_name ?? null,
    keyframeGapMs: kind === 'video' && video ? await keyframeGapMs(path) : null,
    ...(video && kind !== 'audio' ? alphaOf(video) : { alpha: false, alphaDecoder: null }),
  };
}

/** What a plain info carries to the page (the probe's own fields stay in main). */
export function mediaInfoOf(probe: MediaProbe): MediaInfo {
  const { kind, width, height, durationMs, frameRate, hasVideo, hasAudio } = probe;
  return { kind, width, height, durationMs, frameRate, hasVideo, hasAudio };
}
