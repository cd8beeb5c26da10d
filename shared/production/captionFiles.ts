// A timeline's caption track as a caption file: SubRip (SRT) or WebVTT, each cue timed to
// the timeline (where the caption shows in the edit, not where its words were in a clip's
// media). The app's Export dialog saves these; the local service serves the same text
// (GET /projects/{id}/editor/captions.srt|.vtt), so both write a caption file one way.
import type { Track } from '../timeline/timelineTypes.ts';

export const CAPTION_FILE_FORMATS = ['srt', 'vtt'] as const;
export type CaptionFileFormat = (typeof CAPTION_FILE_FORMATS)[number];

export const CAPTION_FILE_TYPES: Record<CaptionFileFormat, string> = {
  srt: 'application/x-subrip',
  vtt: 'text/vtt',
};

export interface CaptionCue {
  startMs: number;
  endMs: number;
  text: string;
}

type CaptionTrackLike = Pick<Track, 'kind' | 'id' | 'clips'>;

/** The captions of `trackId` (or of every caption track), in time order; empty captions left out. */
export function captionCues(tracks: readonly CaptionTrackLike[], trackId?: string): CaptionCue[] {
  return tracks
    .filter((t) => t.kind === 'caption' && (trackId === undefined || t.id === trackId))
    .flatMap((t) => t.clips.flatMap((c) => (c.kind === 'caption' ? [c] : [])))
    .map((c) => ({ startMs: Math.round(c.startMs), endMs: Math.round(c.endMs), text: c.text.trim() }))
    .filter((c) => c.text !== '' && c.endMs > c.startMs)
    .sort((a, b) => a.startMs - b.startMs || a.endMs - b.endMs);
}

function timestamp(ms: number, separator: ',' | '.'): string {
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const hours = Math.floor(ms / 3_600_000);
  const minutes = Math.floor((ms % 3_600_000) / 60_000);
  const seconds = Math.floor((ms % 60_000) / 1000);
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}${separator}${pad(ms % 1000, 3)}`;
}

/**
 * A cue's text as both formats take it: no blank line inside (a blank line ends a cue), and
 * for WebVTT no "-->" and no bare "<" or "&" (they would be read as markup).
 */
function cueText(text: string, format: CaptionFileFormat): string {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const joined = lines.join('\n');
  return format === 'vtt'
    ? joined.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/-->/g, '--&gt;')
    : joined.replace(/-->/g, '->');
}

/** The cues as a caption file: SRT (numbered, `00:00:01,000 --> …`) or WebVTT (a header, `00:00:01.000 --> …`). */
export function captionFile(cues: readonly CaptionCue[], format: CaptionFileFormat): string {
  const separator = format === 'srt' ? ',' : '.';
  const blocks = cues.map(
    (cue, i) =>
      `${i + 1}\n${timestamp(cue.startMs, separator)} --> ${timestamp(cue.endMs, separator)}\n${cueText(cue.text, format)}\n`,
  );
  return format === 'vtt' ? ['WEBVTT\n', ...blocks].join('\n') : blocks.join('\n');
}
