// Export presets for where a video goes: each one the output settings it sends and what it
// makes (its frame, frame rate, codecs and bit rates, in words), and the shape it wants.
// A preset whose shape the project does not have would letterbox or crop nothing: the
// service draws the project's own frame, so it is the project's shape at the preset's
// lines, and the dialog says so (a reframed copy of the project is the remedy).
import { FORMAT_FACTS, frameSizeOf, type OutputSettings } from '../api/outputSettings.ts';

export interface ExportPreset {
  id: string;
  name: string;
  /** The output settings sent. */
  output: Required<Pick<OutputSettings, 'resolution' | 'frameRate' | 'quality' | 'format'>> &
    Pick<OutputSettings, 'loudnessLufs'>;
  /** The project shape it is made for ("W:H"); null for any (a master, audio). */
  aspectRatio: string | null;
  /** The picture's bit rate as the encoder makes it (constant quality: it varies with the picture). */
  videoRate: string | null;
  /** The sound's bit rate and loudness. */
  audioRate: string;
}

// The sound's bit rate follows quality: 128, 160 or 192 kb/s (docs/render-semantics.md).
export const EXPORT_PRESETS: readonly ExportPreset[] = [
  {
    id: 'youtube-1080p',
    name: 'YouTube 1080p',
    output: { resolution: '1080p', frameRate: 30, quality: 'high', format: 'mp4' },
    aspectRatio: '16:9',
    videoRate: 'variable bit rate at constant quality (x264 CRF 18)',
    audioRate: 'AAC 192 kb/s',
  },
  {
    id: 'youtube-4k',
    name: 'YouTube 4K',
    output: { resolution: '2160p', frameRate: 30, quality: 'high', format: 'mp4' },
    aspectRatio: '16:9',
    videoRate: 'variable bit rate at constant quality (x264 CRF 18)',
    audioRate: 'AAC 192 kb/s',
  },
  {
    id: 'vertical-1080x1920',
    name: 'Shorts / TikTok / Reels',
    output: { resolution: '1080p', frameRate: 30, quality: 'high', format: 'mp4' },
    aspectRatio: '9:16',
    videoRate: 'variable bit rate at constant quality (x264 CRF 18)',
    audioRate: 'AAC 192 kb/s',
  },
  {
    id: 'instagram-4x5',
    name: 'Instagram feed 4:5',
    output: { resolution: '1080p', frameRate: 30, quality: 'high', format: 'mp4' },
    aspectRatio: '4:5',
    videoRate: 'variable bit rate at constant quality (x264 CRF 18)',
    audioRate: 'AAC 192 kb/s',
  },
  {
    id: 'instagram-1x1',
    name: 'Instagram feed square',
    output: { resolution: '1080p', frameRate: 30, quality: 'high', format: 'mp4' },
    aspectRatio: '1:1',
    videoRate: 'variable bit rate at constant quality (x264 CRF 18)',
    audioRate: 'AAC 192 kb/s',
  },
  {
    id: 'podcast',
    name: 'Podcast audio',
    output: { resolution: '1080p', frameRate: 30, quality: 'standard', format: 'mp3', loudnessLufs: -16 },
    aspectRatio: null,
    videoRate: null,
    audioRate: 'MP3 160 kb/s, 48 kHz stereo, −16 LUFS',
  },
  {
    id: 'master-prores',
    name: 'High-quality master (ProRes)',
    output: { resolution: '1080p', frameRate: 30, quality: 'high', format: 'mov-prores' },
    aspectRatio: null,
    videoRate: 'ProRes 422 HQ, about 220 Mb/s at 1080p30 (Apple’s figure)',
    audioRate: '16-bit PCM, 1536 kb/s',
  },
];

/** "W:H" as one number, or null when it is not that shape. */
function ratioOf(aspectRatio: string): number | null {
  const match = /^(\d+):(\d+)$/.exec(aspectRatio);
  return match && Number(match[2]) > 0 ? Number(match[1]) / Number(match[2]) : null;
}

/** What the preset makes, in one line: frame, frame rate, codecs and bit rates. */
export function presetSummary(preset: ExportPreset, projectAspectRatio: string | null): string {
  const { codecs } = FORMAT_FACTS[preset.output.format];
  if (preset.videoRate === null) return `${codecs}: ${preset.audioRate}`;
  const size = frameSizeOf(projectAspectRatio ?? preset.aspectRatio ?? '16:9', preset.output.resolution);
  const frame = size ? `${size.width} × ${size.height}` : preset.output.resolution;
  return `${frame}, ${preset.output.frameRate} fps, ${codecs}; video ${preset.videoRate}; audio ${preset.audioRate}`;
}

/** Why the project's shape does not fit the preset, with the remedy; null when it fits (or the preset takes any). */
export function presetShapeWarning(preset: ExportPreset, projectAspectRatio: string | null): string | null {
  if (preset.aspectRatio === null || projectAspectRatio === null) return null;
  const wanted = ratioOf(preset.aspectRatio);
  const have = ratioOf(projectAspectRatio);
  if (wanted === null || have === null || Math.abs(wanted - have) < 0.01) return null;
  const size = frameSizeOf(projectAspectRatio, preset.output.resolution);
  const made = size ? ` (${size.width} × ${size.height})` : '';
  return `${preset.name} is ${preset.aspectRatio}; this project is ${projectAspectRatio}, so the export keeps its ${projectAspectRatio} frame${made}. Make a ${preset.aspectRatio} copy of the project (reframe) to fill the ${preset.aspectRatio} frame.`;
}
