// Playback proxies: when the page could not play a cached file smoothly (too many lines to
// decode three at once, keyframes far apart so each seek decodes seconds of video, a codec
// Chromium lacks), ffmpeg makes once a copy it can: at most 720 lines, square pixels, a
// constant frame rate (frame k at k / fps, so the monitor can seek to the middle of a frame)
// and a keyframe every half second. Sound that will not play becomes AAC. A video whose only
// fault is that it carries no colour tags is copied without re-encoding, tagged BT.601: the
// semantics read an untagged source as BT.601, and Chromium would decode it as BT.709.
// A picture with alpha (ProRes 4444, VP9 with alpha, QuickTime Animation) keeps it: its proxy
// is VP9 with alpha in WebM (the one alpha Chromium plays), with Opus sound; an H.264 proxy
// would draw its transparent parts black.
import { spawn } from 'node:child_process';
import type { MediaProbe } from './mediaProbe.ts';

export const PROXY_MAX_LINES = 720;
/** A keyframe this often in a proxy; sources with keyframes further apart than MAX_KEYFRAME_GAP_MS get one. */
export const PROXY_KEYFRAME_MS = 500;
export const MAX_KEYFRAME_GAP_MS = 2000;

const PLAYABLE_VIDEO = new Set(['h264', 'vp8', 'vp9', 'av1']);
const PLAYABLE_PIXELS = new Set(['yuv420p', 'yuvj420p']);
const PLAYABLE_AUDIO = new Set([
  'aac',
  'mp3',
  'opus',
  'vorbis',
  'flac',
  'pcm_s16le',
  'pcm_s24le',
  'pcm_f32le',
  'pcm_u8',
]);
const PLAYABLE_CONTAINERS = ['mov', 'mp4', 'webm', 'matroska', 'mp3', 'wav', 'ogg', 'flac', 'aac'];

/** What the page plays instead of the original, and why; null when the original plays as it is. */
export interface ProxyPlan {
  /** transcode: a new encoding (proxyArgs) · retag: the same stream, colour tags added (retagArgs). */
  readonly kind: 'transcode' | 'retag';
  readonly reason: string;
  /** The original plays meanwhile: it only plays slowly, or with slightly wrong colours. */
  readonly originalPlays: boolean;
}

export function proxyPlan(probe: MediaProbe): ProxyPlan | null {
  const reason = transcodeReason(probe);
  if (reason) return { kind: 'transcode', reason, originalPlays: /lines|keyframes/.test(reason) };
  if (probe.kind !== 'video' || probe.colour) return null;
  const why = 'its colours carry no tags: a copy tagged BT.601 (as the render reads it) plays instead';
  // H.264 can be tagged in place; another codec is encoded again, tagged.
  return probe.videoCodec === 'h264'
    ? { kind: 'retag', reason: why, originalPlays: true }
    : { kind: 'transcode', reason: why, originalPlays: true };
}

/** Why a file must be encoded again to play well in the page, in words; null when it need not. */
function transcodeReason(probe: MediaProbe): string | null {
  if (probe.kind === 'image') return null;
  const containers = probe.container.split(',');
  if (!containers.some((c) => PLAYABLE_CONTAINERS.includes(c)))
    return `its container (${probe.container || 'unknown'}) does not play in the monitor`;
  if (probe.hasAudio && !PLAYABLE_AUDIO.has(probe.audioCodec ?? ''))
    return `its sound (${probe.audioCodec ?? 'unknown'}) does not play in the monitor`;
  if (probe.kind === 'audio') return null;
  if (!PLAYABLE_VIDEO.has(probe.videoCodec ?? ''))
    return `its video (${probe.videoCodec ?? 'unknown'}) does not play in the monitor`;
  if (!PLAYABLE_PIXELS.has(probe.pixelFormat ?? '')) return `its pictures (${probe.pixelFormat}) are slow to draw`;
  const lines = Math.min(probe.width, probe.height);
  if (lines > PROXY_MAX_LINES) return `it has ${lines} lines: a ${PROXY_MAX_LINES}p copy plays and seeks faster`;
  if (probe.keyframeGapMs !== null && probe.keyframeGapMs > MAX_KEYFRAME_GAP_MS)
    return `its keyframes are up to ${(probe.keyframeGapMs / 1000).toFixed(1)} s apart: seeking would be slow`;
  return null;
}

/** Square pixels, then at most PROXY_MAX_LINES on the short side, even sides. */
const SCALE =
  `scale=w='trunc(iw*sar/2)*2':h=ih,setsar=1,` +
  `scale=w='if(gte(iw,ih),-2,min(${PROXY_MAX_LINES},iw))':h='if(gte(iw,ih),min(${PROXY_MAX_LINES},ih),-2)'`;

/** What a proxy of this source is: MP4 (H.264, AAC), or WebM (VP9 with alpha, Opus) for a picture with alpha. */
export function proxyFormat(probe: MediaProbe): { format: 'mp4' | 'webm'; contentType: string } {
  return probe.kind === 'video' && probe.alpha
    ? { format: 'webm', contentType: 'video/webm' }
    : { format: 'mp4', contentType: 'video/mp4' };
}

export function proxyArgs(input: string, output: string, probe: MediaProbe): string[] {
  const fps = probe.frameRate && probe.frameRate <= 60 ? probe.frameRate : 30;
  const gop = String(Math.max(1, Math.round((fps * PROXY_KEYFRAME_MS) / 1000)));
  const { format } = proxyFormat(probe);
  const encoder =
    format === 'webm'
      ? [
          ...['-c:v', 'libvpx-vp9', '-pix_fmt', 'yuva420p', '-b:v', '0', '-crf', '32'],
          ...['-deadline', 'realtime', '-cpu-used', '8', '-row-mt', '1', '-g', gop, '-keyint_min', gop],
        ]
      : [
          ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p'],
          ...['-g', gop, '-keyint_min', gop, '-sc_threshold', '0'],
        ];
  const video = probe.kind === 'video' ? ['-vf', SCALE, '-fps_mode', 'cfr', '-r', String(fps), ...encoder] : ['-vn'];
  const sound = format === 'webm' ? ['-c:a', 'libopus', '-b:a', '160k'] : ['-c:a', 'aac', '-b:a', '160k'];
  const audio = probe.hasAudio ? [...sound, '-ar', '48000', '-ac', '2'] : ['-an'];
  // VP8/VP9 carry alpha beside the picture: only libvpx decodes it.
  const decoder = probe.alphaDecoder ? ['-c:v', probe.alphaDecoder] : [];
  // The source's own colour tags, kept (the pixels are not converted); BT.601 for an untagged one.
  const colour = probe.colour ?? BT601;
  const tags =
    probe.kind === 'video'
      ? ['-colorspace', colour.space, '-color_primaries', colour.primaries, '-color_trc', colour.transfer]
      : [];
  const muxer = format === 'webm' ? [] : ['-movflags', '+faststart+write_colr'];
  return [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...decoder, '-i', input],
    ...['-map', '0:v:0?', '-map', '0:a:0?', '-sn', '-dn', '-map_metadata', '-1'],
    ...video,
    ...tags,
    ...audio,
    ...['-threads', '2', ...muxer, '-progress', 'pipe:1', '-nostats', '-f', format, output],
  ];
}

const BT601 = { space: 'smpte170m', primaries: 'smpte170m', transfer: 'smpte170m', range: 'tv' } as const;

/** An H.264 stream copied untouched, tagged BT.601 both in its SPS and in the MP4's colr box. */
export function retagArgs(input: string, output: string): string[] {
  return [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-i', input],
    ...['-map', '0:v:0', '-map', '0:a:0?', '-sn', '-dn', '-map_metadata', '-1', '-c', 'copy'],
    ...['-bsf:v', 'h264_metadata=colour_primaries=6:transfer_characteristics=6:matrix_coefficients=6'],
    ...['-colorspace', BT601.space, '-color_primaries', BT601.primaries, '-color_trc', BT601.transfer],
    ...['-movflags', '+faststart+write_colr', '-progress', 'pipe:1', '-nostats', '-f', 'mp4', output],
  ];
}

/** Makes the proxy at `output`; `onProgress` hears 0..1 as ffmpeg goes through the file. */
export function makeProxy(
  input: string,
  output: string,
  probe: MediaProbe,
  plan: ProxyPlan,
  options: { signal: AbortSignal; onProgress?: (share: number) => void },
): Promise<void> {
  return new Promise((resolve, reject) => {
    const args = plan.kind === 'retag' ? retagArgs(input, output) : proxyArgs(input, output, probe);
    const child = spawn('ffmpeg', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const stop = () => child.kill('SIGKILL');
    options.signal.addEventListener('abort', stop, { once: true });
    let stderr = '';
    let pending = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2000);
    });
    child.stdout.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const match = /^out_time_us=(\d+)/.exec(line);
        if (match && probe.durationMs) options.onProgress?.(Math.min(1, Number(match[1]) / 1000 / probe.durationMs));
      }
    });
    child.once('error', (err) => {
      options.signal.removeEventListener('abort', stop);
      reject(err);
    });
    child.once('close', (code, signal) => {
      options.signal.removeEventListener('abort', stop);
      if (code === 0) resolve();
      else
        reject(
          new Error(
            options.signal.aborted
              ? 'The proxy was stopped.'
              : `ffmpeg could not make a proxy: ${stderr.trim().split('\n').slice(-2).join(' ') || `${signal ?? code}`}`,
          ),
        );
    });
  });
}
