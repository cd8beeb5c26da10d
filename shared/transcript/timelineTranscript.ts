// The timeline as text: the transcript words of every media clip, in the order the timeline
// plays them, each at its place on the timeline (a clip plays its asset from inMs to outMs,
// from startMs on, at its speed). What the transcript editor shows and edits:
// - words (marked when they are fillers or repeats), and long pauses between them; and
//   apart, every pause (the shorter ones, and the silence at a clip's edges) to shorten;
// - passages cut out of a clip: where two pieces of one recording touch on a track but skip
//   part of it (a split and ripple delete made that), the skipped words are shown struck
//   through and can be restored, as long as both pieces are there;
// - paragraphs (a clip, or the pieces of one recording that play one after the other, broken
//   at a long pause) and sentence ends, for selecting a sentence or a paragraph.
// A clip that plays the same recording in step with one listed already (the recording's
// sound on an audio track under its picture) is not listed twice.
import { mediaClipsOf, speedOf, type PlacedClip } from '../production/clipTime.ts';
import type { MediaClip, Timeline, Track } from '../timeline/timelineTypes.ts';
import { sentenceEnds, SPEECH_RULES, speechMarks, type SpeechMark } from './speechMarks.ts';

/** A word of a transcript, in its asset's time. */
export interface SpokenWord {
  readonly text: string;
  readonly startMs: number;
  readonly endMs: number;
  readonly confidence?: number | undefined;
}

/** Each asset's transcript words (its latest completed transcription). */
export type Transcripts = ReadonlyMap<number, readonly SpokenWord[]>;

interface ItemBase {
  /** Stable while the clip is on the timeline. */
  readonly key: string;
  readonly clipId: string;
  readonly trackId: string;
  readonly assetId: number;
}

export interface WordItem extends ItemBase {
  readonly kind: 'word';
  readonly text: string;
  /** Its index in the asset's transcript. */
  readonly index: number;
  /** On the timeline. */
  readonly startMs: number;
  readonly endMs: number;
  readonly confidence: number | undefined;
  readonly mark: SpeechMark | null;
  /** The last word of a sentence (its punctuation, a pause after it, or the end of a paragraph). */
  readonly sentenceEnd: boolean;
}

export interface PauseItem extends ItemBase {
  readonly kind: 'pause';
  /** From the end of the word before to the start of the word after, on the timeline. */
  readonly startMs: number;
  readonly endMs: number;
}

/** Part of a recording cut out between two pieces of it that now play one after the other. */
export interface CutPassage {
  readonly trackId: string;
  readonly assetId: number;
  readonly leftClipId: string;
  readonly rightClipId: string;
  /** Where the pieces meet on the timeline. */
  readonly atMs: number;
  /** What was cut, in the asset's time: the left piece's outMs to the right piece's inMs. */
  readonly sourceStartMs: number;
  readonly sourceEndMs: number;
}

export interface CutItem extends ItemBase {
  readonly kind: 'cut';
  readonly passage: CutPassage;
  /** The words cut, as they are spoken. */
  readonly text: string;
  readonly startMs: number;
  readonly endMs: number;
}

export type TranscriptItem = WordItem | PauseItem | CutItem;

export interface TranscriptParagraph {
  readonly key: string;
  /** The clip it starts in, numbered as the timeline plays them. */
  readonly clipId: string;
  readonly clipNumber: number;
  readonly assetId: number;
  /** Indices into TimelineTranscript.items, in order. */
  readonly from: number;
  readonly to: number;
}

export interface TimelineTranscript {
  /** Every item in timeline order (paragraph after paragraph). */
  readonly items: readonly TranscriptItem[];
  readonly paragraphs: readonly TranscriptParagraph[];
  /** Listed clips whose asset has no transcript (yet). */
  readonly untranscribed: readonly { clip: MediaClip; track: Track; number: number }[];
  /**
   * Every pause, in timeline order: each gap between words of SPEECH_RULES.pauseMs or more,
   * and the silence before a clip's first word or after its last when it is longPauseMs or
   * more. What "Shorten pauses" shortens; the long ones are also among `items`.
   */
  readonly gaps: readonly PauseItem[];
}

const midpoint = (w: { startMs: number; endMs: number }) => (w.startMs + w.endMs) / 2;

/** Where the clip plays `sourceMs` on the timeline (not clamped). */
function timelineAt(clip: MediaClip, sourceMs: number): number {
  return Math.round(clip.startMs + (sourceMs - clip.inMs) / speedOf(clip));
}

/** Same recording, same speed, same place: the sound or picture of a clip on another track. */
export function playsInStep(a: MediaClip, b: MediaClip): boolean {
  return (
    a.assetId === b.assetId &&
    speedOf(a) === speedOf(b) &&
    Math.abs(timelineAt(a, 0) - timelineAt(b, 0)) <= 1 &&
    a.startMs < b.endMs &&
    b.startMs < a.endMs
  );
}

/** A transcript's word indices in order of their middles, and those middles: sorted once per transcript. */
interface MiddleOrder {
  readonly order: Int32Array;
  readonly middles: Float64Array;
  /** The words come in order of their middles already (a transcript's usual order). */
  readonly inOrder: boolean;
}

const middleOrders = new WeakMap<readonly SpokenWord[], MiddleOrder>();

function middleOrder(words: readonly SpokenWord[]): MiddleOrder {
  let known = middleOrders.get(words);
  if (known) return known;
  const order = Int32Array.from(words, (_word, i) => i);
  let inOrder = true;
  for (let i = 1; i < words.length && inOrder; i++) inOrder = midpoint(words[i - 1]!) <= midpoint(words[i]!);
  if (!inOrder) order.sort((a, b) => midpoint(words[a]!) - midpoint(words[b]!) || a - b);
  known = { order, middles: Float64Array.from(order, (i) => midpoint(words[i]!)), inOrder };
  middleOrders.set(words, known);
  return known;
}

/** First position in `sorted` holding `value` or more. */
function firstAtLeast(sorted: Float64Array, value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The words whose middle the clip's source range [fromMs, toMs) holds, with their indices, in
 * transcript order. By binary search: a two-hour recording cut in a thousand pieces scanned
 * every word for every piece (seconds on each edit).
 */
function wordsBetween(words: readonly SpokenWord[], fromMs: number, toMs: number): [SpokenWord, number][] {
  const { order, middles, inOrder } = middleOrder(words);
  const from = firstAtLeast(middles, fromMs);
  const to = Math.max(from, firstAtLeast(middles, toMs));
  const indices = order.subarray(from, to);
  const found: [SpokenWord, number][] = [];
  for (const index of inOrder ? indices : indices.slice().sort()) found.push([words[index]!, index]);
  return found;
}

/** The pieces of one recording that play one after the other: the right starts where the left ends. */
function continues(left: MediaClip, leftTrack: Track, right: MediaClip, rightTrack: Track): boolean {
  return (
    leftTrack.id === rightTrack.id &&
    left.assetId === right.assetId &&
    right.startMs === left.endMs &&
    speedOf(left) === speedOf(right) &&
    right.inMs >= left.outMs
  );
}

/** `placed`: the timeline's media clips in play order, when the caller has them already (mediaClipsOf). */
export function timelineTranscript(
  timeline: Timeline,
  transcripts: Transcripts,
  placed: readonly PlacedClip[] = mediaClipsOf(timeline),
): TimelineTranscript {
  const listed: { clip: MediaClip; track: Track; number: number }[] = [];
  // The listed clips a later one could play in step with, by asset: those still playing where
  // it starts (clips come in start order, so one that ended before cannot overlap any later
  // one). Comparing each clip with every listed one cost seconds on a 5,000-clip timeline.
  const playing = new Map<number, PlacedClip[]>();
  for (const one of placed) {
    const { assetId, startMs } = one.clip;
    const candidates = (playing.get(assetId) ?? []).filter((l) => l.clip.endMs > startMs);
    playing.set(assetId, candidates);
    if (candidates.some((l) => l.track.id !== one.track.id && playsInStep(l.clip, one.clip))) continue;
    listed.push(one);
    candidates.push(one);
  }
  const items: TranscriptItem[] = [];
  const gaps: PauseItem[] = [];
  const paragraphs: TranscriptParagraph[] = [];
  const untranscribed: TimelineTranscript['untranscribed'][number][] = [];
  let previous: { clip: MediaClip; track: Track } | null = null;
  let paragraphStart = 0;
  let paragraphClip: { clip: MediaClip; number: number } | null = null;

  const closeParagraph = () => {
    if (paragraphClip && items.length > paragraphStart) {
      const at: number[] = [];
      for (let i = paragraphStart; i < items.length; i++) if (items[i]!.kind === 'word') at.push(i);
      const ends = sentenceEnds(at.map((i) => items[i] as WordItem));
      // Set on the items made here (still this function's own), not on copies of 25,000 words.
      at.forEach((i, k) => ((items[i] as { sentenceEnd: boolean }).sentenceEnd = ends[k]!));
      paragraphs.push({
        key: `${paragraphClip.clip.id}:${paragraphStart}`,
        clipId: paragraphClip.clip.id,
        clipNumber: paragraphClip.number,
        assetId: paragraphClip.clip.assetId,
        from: paragraphStart,
        to: items.length,
      });
    }
    paragraphStart = items.length;
    paragraphClip = null;
  };

  for (const { clip, track, number } of listed) {
    const words = transcripts.get(clip.assetId);
    if (!words) {
      untranscribed.push({ clip, track, number });
      continue;
    }
    const base = { clipId: clip.id, trackId: track.id, assetId: clip.assetId };
    const continuing = previous !== null && continues(previous.clip, previous.track, clip, track);
    if (!continuing) closeParagraph();
    if (continuing && previous && clip.inMs > previous.clip.outMs) {
      const cut = wordsBetween(words, previous.clip.outMs, clip.inMs);
      if (cut.length > 0) {
        items.push({
          ...base,
          kind: 'cut',
          key: `${previous.clip.id}|${clip.id}`,
          text: cut.map(([w]) => w.text).join(' '),
          startMs: clip.startMs,
          endMs: clip.startMs,
          passage: {
            trackId: track.id,
            assetId: clip.assetId,
            leftClipId: previous.clip.id,
            rightClipId: clip.id,
            atMs: clip.startMs,
            sourceStartMs: previous.clip.outMs,
            sourceEndMs: clip.inMs,
          },
        });
      }
    }
    paragraphClip ??= { clip, number };
    const own = wordsBetween(words, clip.inMs, clip.outMs);
    const marks = speechMarks(own.map(([w]) => w));
    // Every gap of pauseMs or more is a pause to shorten; a long one is shown among the words
    // too. At a clip's edge only a long one counts: a shorter one is the margin left at a cut.
    const pause = (key: string, startMs: number, endMs: number, edge = false) => {
      const item: PauseItem = { ...base, kind: 'pause', key, startMs, endMs };
      if (endMs - startMs >= (edge ? SPEECH_RULES.longPauseMs : SPEECH_RULES.pauseMs)) gaps.push(item);
      if (!edge && endMs - startMs >= SPEECH_RULES.longPauseMs) items.push(item);
    };
    if (own[0])
      pause(`${clip.id}:p-start`, clip.startMs, Math.max(clip.startMs, timelineAt(clip, own[0][0].startMs)), true);
    own.forEach(([word, index], k) => {
      const startMs = Math.max(clip.startMs, timelineAt(clip, word.startMs));
      const endMs = Math.min(clip.endMs, Math.max(startMs, timelineAt(clip, word.endMs)));
      const next = own[k + 1];
      const nextStart = next ? Math.max(clip.startMs, timelineAt(clip, next[0].startMs)) : null;
      const gap = nextStart === null ? 0 : nextStart - endMs;
      items.push({
        ...base,
        kind: 'word',
        key: `${clip.id}:${index}`,
        text: word.text,
        index,
        startMs,
        endMs,
        confidence: word.confidence,
        mark: marks[k] ?? null,
        // Set when its paragraph closes (sentenceEnds).
        sentenceEnd: false,
      });
      if (nextStart === null) pause(`${clip.id}:p-end`, endMs, clip.endMs, true);
      else pause(`${clip.id}:p${index}`, endMs, nextStart);
      if (nextStart !== null && gap >= SPEECH_RULES.paragraphPauseMs) {
        closeParagraph();
        paragraphClip = { clip, number };
      }
    });
    previous = { clip, track };
  }
  closeParagraph();
  return { items, paragraphs, untranscribed, gaps };
}

/** A transcript's words by their start on the timeline, with the latest end of those before each. */
interface WordStarts {
  readonly at: Int32Array;
  readonly starts: Float64Array;
  readonly endsUpTo: Float64Array;
}

const wordStarts = new WeakMap<TimelineTranscript, WordStarts>();

function wordStartsOf(transcript: TimelineTranscript): WordStarts {
  let known = wordStarts.get(transcript);
  if (known) return known;
  const at: number[] = [];
  transcript.items.forEach((item, i) => {
    if (item.kind === 'word') at.push(i);
  });
  const startOf = (i: number) => transcript.items[i]!.startMs;
  at.sort((a, b) => startOf(a) - startOf(b) || a - b);
  const endsUpTo = new Float64Array(at.length);
  let latest = -Infinity;
  at.forEach((i, k) => (endsUpTo[k] = latest = Math.max(latest, transcript.items[i]!.endMs)));
  known = { at: Int32Array.from(at), starts: Float64Array.from(at, startOf), endsUpTo };
  wordStarts.set(transcript, known);
  return known;
}

/**
 * The word under the playhead, as an index into `items` (-1 when none): the first in the
 * list whose [startMs, endMs) holds `atMs`. By binary search over an index made once per
 * transcript: it is asked on every move of the playhead, over 25,000 words.
 */
export function wordAt(transcript: TimelineTranscript, atMs: number): number {
  const { at, starts, endsUpTo } = wordStartsOf(transcript);
  let lo = 0;
  let hi = starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (starts[mid]! <= atMs) lo = mid + 1;
    else hi = mid;
  }
  let found = -1;
  for (let k = lo - 1; k >= 0 && endsUpTo[k]! > atMs; k--)
    if (transcript.items[at[k]!]!.endMs > atMs && (found < 0 || at[k]! < found)) found = at[k]!;
  return found;
}
