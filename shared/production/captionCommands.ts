// A transcript (or a translation's cues) turned into caption entries on the timeline: the
// words the clip plays are grouped into cues the way caption files are (at most two lines
// of 42 characters, a new cue after a pause of a second or when a cue would pass six
// seconds), moved to where the clip plays them, and added with addCaption — a transcript's
// cues with the timing of each word (karaoke draws them; and they let the captions follow
// the words when the clip is cut: shared/transcript/captionFollow.ts). They go on the
// first caption track they fit on without overlapping its captions, or on a new caption
// track; a long transcript becomes several edits, each within the per-request limit.
import { EDITOR_LIMITS } from '../limits.ts';
import type { EditorCommand } from '../timeline/editorCommands.ts';
import type { MediaClip, Timeline, Track } from '../timeline/timelineTypes.ts';
import { captionLines } from '../transcript/captionLines.ts';
import { clipsPlaying, timelineSpanOf } from './clipTime.ts';
import { wordGroups, type WordGrouping } from './wordGroups.ts';

export const CUE_RULES = { lineChars: 42, lines: 2, breakAtPauseMs: 1000, maxCueMs: 6000 } as const;

export interface TimedText {
  readonly text: string;
  readonly startMs: number;
  readonly endMs: number;
}

/** A cue: its text, and (from a transcript) the timing of each of its words, in the same time. */
export interface Cue extends TimedText {
  readonly words?: readonly TimedText[];
}

/** A word as a caption holds it (a word longer than a line is cut to the line). */
const captionWord = (text: string) => text.slice(0, CUE_RULES.lineChars);

const wrap = (words: readonly string[]): string[] => captionLines(words.map(captionWord), CUE_RULES.lineChars);

/** Words as a caption's text: lines of at most 42 characters (two balanced) joined by \n. */
export function cueText(words: readonly string[]): string {
  return wrap(words).join('\n');
}

/**
 * Words grouped into cues (lines joined by \n), in the words' own time, each with its words'
 * timings: as caption files group them, or in short groups (wordGroups.ts) when `grouping` says.
 */
export function cuesOf(words: readonly TimedText[], grouping?: WordGrouping): Cue[] {
  if (grouping)
    return wordGroups(words, grouping).map((group) => ({
      startMs: group[0]!.startMs,
      endMs: group.at(-1)!.endMs,
      text: cueText(group.map((w) => w.text)),
      words: group.map((w) => ({ text: captionWord(w.text), startMs: w.startMs, endMs: w.endMs })),
    }));
  const cues: Cue[] = [];
  let current: TimedText[] = [];
  const flush = () => {
    if (current.length === 0) return;
    cues.push({
      startMs: current[0]!.startMs,
      endMs: current.at(-1)!.endMs,
      text: cueText(current.map((w) => w.text)),
      words: current.map((w) => ({ text: captionWord(w.text), startMs: w.startMs, endMs: w.endMs })),
    });
    current = [];
  };
  for (const word of words) {
    const previous = current.at(-1);
    const fits =
      previous !== undefined &&
      word.startMs - previous.endMs <= CUE_RULES.breakAtPauseMs &&
      word.endMs - current[0]!.startMs <= CUE_RULES.maxCueMs &&
      wrap([...current, word].map((w) => w.text)).length <= CUE_RULES.lines;
    if (!fits) flush();
    current.push(word);
  }
  flush();
  return cues;
}

/** The cue from `startMs` on: its words kept inside it (a word across its start begins with it). */
function startingAt<T extends Cue>(cue: T, startMs: number): T {
  if (!cue.words || startMs <= cue.startMs) return cue;
  const words = cue.words.map((w) => ({
    ...w,
    startMs: Math.max(w.startMs, startMs),
    endMs: Math.max(w.endMs, startMs),
  }));
  return { ...cue, startMs, words };
}

/** A cue's words as the clip plays them: those whose middle it plays, timed inside [startMs, endMs). */
function placedWords(clip: MediaClip, words: readonly TimedText[], startMs: number, endMs: number): TimedText[] {
  const placed: TimedText[] = [];
  for (const word of words) {
    const middle = (word.startMs + word.endMs) / 2;
    if (middle < clip.inMs || middle >= clip.outMs) continue;
    const span = timelineSpanOf(clip, word.startMs, word.endMs) ?? timelineSpanOf(clip, middle, middle + 1)!;
    const from = Math.min(Math.max(span.startMs, startMs), endMs);
    placed.push({ text: word.text, startMs: from, endMs: Math.max(from, Math.min(span.endMs, endMs)) });
  }
  return placed;
}

/**
 * Cues (asset time) as the clip plays them (timeline time); cues trimmed away are left out,
 * cut ones shortened — and a transcript's cue shows only the words the clip plays.
 */
export function placeCues(clip: MediaClip, cues: readonly Cue[]): Cue[] {
  const placed: Cue[] = [];
  for (const cue of cues) {
    const span = timelineSpanOf(clip, cue.startMs, cue.endMs);
    if (!span) continue;
    const previous = placed.at(-1);
    // Rounding may make two neighbours touch by a millisecond: captions of a track never overlap.
    const startMs = previous ? Math.max(span.startMs, previous.endMs) : span.startMs;
    if (span.endMs <= startMs) continue;
    if (cue.words) {
      const words = placedWords(clip, cue.words, startMs, span.endMs);
      if (words.length > 0) placed.push({ text: cueText(words.map((w) => w.text)), startMs, endMs: span.endMs, words });
      continue;
    }
    const text = cue.text.trim().slice(0, EDITOR_LIMITS.captionTextMax);
    if (text !== '') placed.push({ text, startMs, endMs: span.endMs });
  }
  return placed;
}

/** Cues as every clip of the asset on `track` plays them (a clip split or cut is several clips), in order. */
export function placeCuesOnTrack(track: Track, assetId: number, cues: readonly Cue[]): Cue[] {
  const all = clipsPlaying(track, assetId)
    .flatMap((clip) => placeCues(clip, cues))
    .sort((a, b) => a.startMs - b.startMs);
  const placed: Cue[] = [];
  for (const cue of all) {
    const startMs = Math.max(cue.startMs, placed.at(-1)?.endMs ?? 0);
    if (cue.endMs > startMs) placed.push(startingAt(cue, startMs));
  }
  return placed;
}

function fitsOn(track: Track, cues: readonly TimedText[]): boolean {
  if (track.kind !== 'caption' || track.locked) return false;
  return !track.clips.some((clip) => cues.some((cue) => cue.startMs < clip.endMs && clip.startMs < cue.endMs));
}

export interface CaptionPlan {
  /** One command list per edit, each within the per-request limit. */
  readonly edits: EditorCommand[][];
  readonly count: number;
  /** The track the captions go on (a new one when `newTrack`). */
  readonly trackId: string;
  readonly newTrack: boolean;
}

/** The edits that add `cues` (timeline time) as captions; null when there is nothing to add. */
export function captionPlan(
  timeline: Timeline,
  cues: readonly Cue[],
  newId: () => string,
  perEdit: number = EDITOR_LIMITS.commandsPerRequest,
): CaptionPlan | null {
  if (cues.length === 0) return null;
  const existing = timeline.tracks.find((track) => fitsOn(track, cues));
  const trackId = existing?.id ?? newId();
  const adds: EditorCommand[] = cues.map((cue) => ({
    type: 'addCaption',
    trackId,
    clipId: newId(),
    startMs: cue.startMs,
    endMs: cue.endMs,
    text: cue.text,
    ...(cue.words && { words: cue.words.map((w) => ({ text: w.text, startMs: w.startMs, endMs: w.endMs })) }),
  }));
  const all: EditorCommand[] = existing ? adds : [{ type: 'addTrack', kind: 'caption', trackId }, ...adds];
  const edits: EditorCommand[][] = [];
  for (let i = 0; i < all.length; i += perEdit) edits.push(all.slice(i, i + perEdit));
  return { edits, count: cues.length, trackId, newTrack: !existing };
}
