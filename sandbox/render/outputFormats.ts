// The files a render can make (docs/render-semantics.md, "Output formats"): per format its
// container, the encoder arguments for its picture and sound, and what it holds. Only
// encoders this machine's ffmpeg has (`ffmpeg -encoders`): libx264, libx265, libvpx-vp9,
// libopus, prores_ks, libmp3lame, aac, pcm_s16le, png. Anything a format adds to its file
// beyond the streams (chapters, faststart) goes in `containerArgs`, beside the encoders.
import { SAMPLE_RATE } from './soundMix.ts';

export const QUALITIES = ['draft', 'standard', 'high'] as const;
export type Quality = (typeof QUALITIES)[number];

export const VIDEO_FORMATS = ['mp4', 'mp4-h265', 'webm-vp9', 'mov-prores'] as const;
export const AUDIO_FORMATS = ['mp3', 'wav', 'm4a'] as const;
export const FORMATS = [...VIDEO_FORMATS, ...AUDIO_FORMATS] as const;

export type VideoFormat = (typeof VIDEO_FORMATS)[number];
export type AudioFormat = (typeof AUDIO_FORMATS)[number];
export type Format = (typeof FORMATS)[number];

/** What a render makes: a file of one of the formats, or one still frame (a PNG). */
export type Product = Format | 'png';

export const isAudioFormat = (format: Product): format is AudioFormat =>
  (AUDIO_FORMATS as readonly string[]).includes(format);

interface ProductFacts {
  extension: string;
  contentType: string;
  /** The asset kind the file is registered as. */
  kind: 'video' | 'audio' | 'image';
  /** The ffmpeg muxer that writes it. */
  muxer: string;
  /** In words, for /openapi.json and the docs. */
  words: string;
}

export const PRODUCTS: Record<Product, ProductFacts> = {
  mp4: {
    extension: '.mp4',
    contentType: 'video/mp4',
    kind: 'video',
    muxer: 'mp4',
    words: 'H.264 video (yuv420p, BT.601 limited range, tagged) and AAC audio, 48 kHz stereo, in MP4',
  },
  'mp4-h265': {
    extension: '.mp4',
    contentType: 'video/mp4',
    kind: 'video',
    muxer: 'mp4',
    words: "H.265/HEVC video (yuv420p, tagged hvc1 for Apple's players) and AAC audio in MP4",
  },
  'webm-vp9': {
    extension: '.webm',
    contentType: 'video/webm',
    kind: 'video',
    muxer: 'webm',
    words: 'VP9 video (yuv420p, constant quality) and Opus audio in WebM',
  },
  'mov-prores': {
    extension: '.mov',
    contentType: 'video/quicktime',
    kind: 'video',
    muxer: 'mov',
    words: 'Apple ProRes 422 video (yuv422p10le) and 16-bit PCM audio in QuickTime MOV: a master for further editing',
  },
  mp3: { extension: '.mp3', contentType: 'audio/mpeg', kind: 'audio', muxer: 'mp3', words: 'MP3 audio only' },
  wav: {
    extension: '.wav',
    contentType: 'audio/wav',
    kind: 'audio',
    muxer: 'wav',
    words: '16-bit PCM WAV audio only',
  },
  m4a: { extension: '.m4a', contentType: 'audio/mp4', kind: 'audio', muxer: 'ipod', words: 'AAC audio only in M4A' },
  png: { extension: '.png', contentType: 'image/png', kind: 'image', muxer: 'image2', words: 'one PNG frame' },
};

/**
 * The encoder's settings per quality level: x264's preset (its speed) and constant rate
 * factor (its picture quality), and the compressed sound's bit rate. Measured by bench/render.bench.ts.
 */
export const ENCODING: Record<Quality, { preset: string; crf: number; audioKbps: number }> = {
  draft: { preset: 'ultrafast', crf: 28, audioKbps: 128 },
  standard: { preset: 'veryfast', crf: 21, audioKbps: 160 },
  high: { preset: 'medium', crf: 18, audioKbps: 192 },
};

// The pictures are tagged BT.601 limited range, as ffmpeg's drawing filters make them.
// prettier-ignore
const TAGS = ['-colorspace', 'smpte170m', '-color_primaries', 'smpte170m', '-color_trc', 'smpte170m', '-color_range', 'tv'];

/** VP9's constant quality (its scale runs to 63) and speed per quality level. */
const VP9: Record<Quality, { crf: number; cpuUsed: number }> = {
  draft: { crf: 40, cpuUsed: 8 },
  standard: { crf: 32, cpuUsed: 5 },
  high: { crf: 24, cpuUsed: 2 },
};

/** ProRes 422's profile in prores_ks (0 proxy, 1 LT, 2 standard, 3 HQ) per quality level. */
const PRORES_PROFILE: Record<Quality, number> = { draft: 1, standard: 2, high: 3 };

/** The picture's encoder arguments for a video format or a still. */
export function videoEncoderArgs(product: VideoFormat | 'png', quality: Quality, fps: number): string[] {
  const { preset, crf } = ENCODING[quality];
  const rate = ['-r', String(fps)];
  // prettier-ignore
  switch (product) {
    case 'mp4':
      return ['-c:v', 'libx264', '-preset', preset, '-crf', String(crf), '-pix_fmt', 'yuv420p', ...TAGS, ...rate];
    case 'mp4-h265':
      // x265's scale sits about 4 above x264's for the same picture.
      return [
        '-c:v', 'libx265', '-preset', preset, '-crf', String(crf + 4), '-pix_fmt', 'yuv420p', '-tag:v', 'hvc1',
        '-x265-params', 'log-level=error', ...TAGS, ...rate,
      ];
    case 'webm-vp9':
      return [
        '-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', String(VP9[quality].crf), '-deadline', 'good',
        '-cpu-used', String(VP9[quality].cpuUsed), '-row-mt', '1', '-pix_fmt', 'yuv420p', ...TAGS, ...rate,
      ];
    case 'mov-prores':
      return [
        '-c:v', 'prores_ks', '-profile:v', String(PRORES_PROFILE[quality]), '-vendor', 'apl0',
        '-pix_fmt', 'yuv422p10le', ...TAGS, ...rate,
      ];
    case 'png':
      return ['-c:v', 'png', '-pix_fmt', 'rgb24'];
  }
}

/** The sound's encoder arguments (48 kHz stereo) for a format. */
export function audioEncoderArgs(format: Format, quality: Quality): string[] {
  const layout = ['-ar', String(SAMPLE_RATE), '-ac', '2'];
  const kbps = `${ENCODING[quality].audioKbps}k`;
  switch (format) {
    case 'mp4':
    case 'mp4-h265':
    case 'm4a':
      return ['-c:a', 'aac', '-b:a', kbps, ...layout];
    case 'webm-vp9':
      return ['-c:a', 'libopus', '-b:a', kbps, ...layout];
    case 'mov-prores':
    case 'wav':
      return ['-c:a', 'pcm_s16le', ...layout];
    case 'mp3':
      return ['-c:a', 'libmp3lame', '-b:a', kbps, ...layout];
  }
}

/** What the container itself needs: the muxer, and an MP4's index up front (it plays while it downloads). */
export function containerArgs(product: Product): string[] {
  const { muxer } = PRODUCTS[product];
  if (muxer === 'mp4' || muxer === 'mov' || muxer === 'ipod') return ['-movflags', '+faststart', '-f', muxer];
  if (product === 'png') return ['-frames:v', '1', '-update', '1', '-f', muxer];
  return ['-f', muxer];
}

/** The container a part of a render in parts holds its picture in (it is copied into the file at the end). */
export function partMuxer(format: VideoFormat): string {
  return format === 'mp4' || format === 'mp4-h265' ? 'mpegts' : 'matroska';
}
