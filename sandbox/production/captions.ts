// A transcript's captions in the local service: its cues and its SRT and WebVTT files, made
// by the one set of caption rules the app uses too (shared/production/captionCommands.ts
// groups words into cues of at most two balanced lines of 42 characters, breaking at pauses;
// captionFiles.ts writes the files, keeping a cue's text from being read as markup or as a
// cue's end). The review's reading-speed findings read the same cues.
import { cuesOf, type TimedText } from '../../shared/production/captionCommands.ts';
import { captionFile, type CaptionFileFormat } from '../../shared/production/captionFiles.ts';

export interface Cue {
  startMs: number;
  endMs: number;
  lines: string[];
}

export function buildCues(words: readonly TimedText[]): Cue[] {
  return cuesOf(words).map((cue) => ({ startMs: cue.startMs, endMs: cue.endMs, lines: cue.text.split('\n') }));
}

/** The transcript's words as a caption file, timed to the media. */
export function transcriptCaptionFile(words: readonly TimedText[], format: CaptionFileFormat): string {
  return captionFile(cuesOf(words), format);
}
