// Caption cues from timed words, and the two caption file formats (SubRip and WebVTT).
// A cue holds at most two lines of at most 42 characters, the usual broadcast limits, and
// breaks at pauses so a caption never stays up across a silence; two lines are balanced.
import { z } from 'zod';
import { WORD_GROUP_LIMITS, wordGroups, type WordGrouping } from '../../shared/production/wordGroups.ts';
import { captionLines } from '../../shared/transcript/captionLines.ts';
import { ApiError } from '../http/apiError.ts';
import { intQuery } from '../http/pagination.ts';

export const CAPTION_LIMITS = {
  lineChars: 42,
  lines: 2,
  /** A pause longer than this starts a new cue. */
  breakAtPauseMs: 1000,
  maxCueMs: 6000,
} as const;

export interface TimedText {
  text: string;
  startMs: number;
  endMs: number;
}

export interface Cue {
  startMs: number;
  endMs: number;
  lines: string[];
}

/** Lines of at most `CAPTION_LIMITS.lineChars`, two of them balanced; a longer single word is cut. */
const wrap = (words: string[]): string[] => captionLines(words, CAPTION_LIMITS.lineChars);

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

export function buildCues(words: TimedText[], grouping?: WordGrouping): Cue[] {
  if (grouping)
    return wordGroups(words, grouping).map((group) => ({
      startMs: group[0]!.startMs,
      endMs: group.at(-1)!.endMs,
      lines: wrap(group.map((w) => w.text)),
    }));
  const cues: Cue[] = [];
  let current: TimedText[] = [];
  const flush = () => {
    if (current.length === 0) return;
    cues.push({
      startMs: current[0]!.startMs,
      endMs: current[current.length - 1]!.endMs,
      lines: wrap(current.map((w) => w.text)),
    });
    current = [];
  };
  for (const word of words) {
    const previous = current[current.length - 1];
    const fits =
      previous !== undefined &&
      word.startMs - previous.endMs <= CAPTION_LIMITS.breakAtPauseMs &&
      word.endMs - current[0]!.startMs <= CAPTION_LIMITS.maxCueMs &&
      wrap([...current, word].map((w) => w.text)).length <= CAPTION_LIMITS.lines;
    if (!fits) flush();
    current.push(word);
  }
  flush();
  return cues;
}

function timestamp(ms: number, separator: ',' | '.'): string {
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const hours = Math.floor(ms / 3_600_000);
  const minutes = Math.floor((ms % 3_600_000) / 60_000);
  const seconds = Math.floor((ms % 60_000) / 1000);
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}${separator}${pad(ms % 1000, 3)}`;
}

/** SubRip: numbered cues, `00:00:01,000 --> 00:00:02,500`, a blank line after each. */
export function toSrt(cues: Cue[]): string {
  return cues
    .map(
      (cue, i) =>
        `${i + 1}\n${timestamp(cue.startMs, ',')} --> ${timestamp(cue.endMs, ',')}\n${cue.lines.join('\n')}\n`,
    )
    .join('\n');
}

/** WebVTT: the WEBVTT header, then cues with `00:00:01.000 --> 00:00:02.500`. */
export function toVtt(cues: Cue[]): string {
  const body = cues.map(
    (cue, i) => `${i + 1}\n${timestamp(cue.startMs, '.')} --> ${timestamp(cue.endMs, '.')}\n${cue.lines.join('\n')}\n`,
  );
  return ['WEBVTT\n', ...body].join('\n');
}
