// A transcript's captions in the local service: its cues and its SRT and WebVTT files, made
// by the one set of caption rules the app uses too (shared/production/captionCommands.ts
// groups words into cues of at most two balanced lines of 42 characters, breaking at pauses,
// or into short word groups when asked; captionFiles.ts writes the files, keeping a cue's
// text from being read as markup or as a cue's end). The review's reading-speed findings
// read the same cues.
import { z } from 'zod';
import { cuesOf, type TimedText } from '../../shared/production/captionCommands.ts';
import { captionFile, type CaptionFileFormat } from '../../shared/production/captionFiles.ts';
import { WORD_GROUP_LIMITS, type WordGrouping } from '../../shared/production/wordGroups.ts';
import { ApiError } from '../http/apiError.ts';
import { intQuery } from '../http/pagination.ts';

export interface Cue {
  startMs: number;
  endMs: number;
  lines: string[];
}

/** Short captions (shared/production/wordGroups.ts): at most maxWords words or maxChars characters a cue. */
export const WordGroupQuery = z.object({
  maxWords: intQuery(WORD_GROUP_LIMITS.words.min, WORD_GROUP_LIMITS.words.max)
    .optional()
    .describe(
      `Short captions: at most this many words a cue (${WORD_GROUP_LIMITS.words.min} to ${WORD_GROUP_LIMITS.words.max}), never across a sentence end (. ! ? …) or a pause of more than a second. Not with maxChars.`,
    ),
  maxChars: intQuery(WORD_GROUP_LIMITS.chars.min, WORD_GROUP_LIMITS.chars.max)
    .optional()
    .describe(
      `Short captions: at most this many characters a cue, spaces counted (${WORD_GROUP_LIMITS.chars.min} to ${WORD_GROUP_LIMITS.chars.max}); a longer word stands alone. Not with maxWords.`,
    ),
});

export function groupingOf(query: z.infer<typeof WordGroupQuery>): WordGrouping | undefined {
  if (query.maxWords !== undefined && query.maxChars !== undefined)
    throw new ApiError('request.invalid', 'query.maxChars: give maxWords or maxChars, not both.', {
      details: { issues: [{ path: 'maxChars', message: 'give maxWords or maxChars, not both' }] },
    });
  if (query.maxWords !== undefined) return { by: 'words', max: query.maxWords };
  if (query.maxChars !== undefined) return { by: 'chars', max: query.maxChars };
  return undefined;
}

export function buildCues(words: readonly TimedText[], grouping?: WordGrouping): Cue[] {
  return cuesOf(words, grouping).map((cue) => ({
    startMs: cue.startMs,
    endMs: cue.endMs,
    lines: cue.text.split('\n'),
  }));
}

/** The transcript's words as a caption file, timed to the media. */
export function transcriptCaptionFile(
  words: readonly TimedText[],
  format: CaptionFileFormat,
  grouping?: WordGrouping,
): string {
  return captionFile(cuesOf(words, grouping), format);
}
