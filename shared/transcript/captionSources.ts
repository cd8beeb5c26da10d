// Where the words of a caption come from, and where they play now. A caption made from a
// transcript carries each word's time on the timeline; under each word plays a media clip,
// which plays a moment of its recording. Those moments are the caption's source: after an
// edit, each is looked up again — on the same track, the clip of the same recording that
// plays it now (the piece of a split clip, the clip moved) — or it is no longer played.
import { speedOf } from '../production/clipTime.ts';
import type { CaptionClip, MediaClip, Timeline, Track } from '../timeline/timelineTypes.ts';
import { lowerBound } from '../timeline/trackIndex.ts';
import { plainWord } from './speechMarks.ts';
import type { SpokenWord, Transcripts } from './timelineTranscript.ts';

export interface PlacedMedia {
  readonly clip: MediaClip;
  readonly track: Track;
}

/** A caption word traced to its recording. */
export interface SourcedWord {
  readonly text: string;
  /** In the asset's time. */
  readonly sourceStartMs: number;
  readonly sourceEndMs: number;
  /** The transcript word it shows, when the transcript is known. */
  readonly index: number | null;
  /** The clip that played it before the edit (looked for first afterwards). */
  readonly clipId: string;
}

/** The caption's source: one recording on one track. */
export interface CaptionSource {
  readonly trackId: string;
  readonly assetId: number;
  /** Its words, in order; null where a word is not over that recording. */
  readonly words: (SourcedWord | null)[];
}

export const sourceMs = (clip: MediaClip, timelineMs: number) =>
  clip.inMs + (timelineMs - clip.startMs) * speedOf(clip);
export const timelineMs = (clip: MediaClip, assetMs: number) =>
  Math.round(clip.startMs + (assetMs - clip.inMs) / speedOf(clip));
const middle = (w: { startMs: number; endMs: number }) => (w.startMs + w.endMs) / 2;

/** The words of a caption's text, as karaoke counts them (split on spaces and line breaks). */
export const textWords = (text: string) => text.split(/\s+/).filter((w) => w !== '');

/** Lookups of a timeline's media clips: under a moment, by ID, and by recording on a track. */
export class MediaIndex {
  readonly #tracks: Track[];
  readonly #byId = new Map<string, PlacedMedia>();
  readonly #chains = new Map<string, MediaClip[]>();

  constructor(timeline: Timeline) {
    this.#tracks = timeline.tracks.filter((t) => t.kind !== 'caption');
    for (const track of this.#tracks)
      for (const clip of track.clips) if (clip.kind === 'media') this.#byId.set(clip.id, { clip, track });
  }

  byId(id: string): PlacedMedia | undefined {
    return this.#byId.get(id);
  }

  /** The media clips on screen at `ms`, in track order. */
  at(ms: number): PlacedMedia[] {
    const found: PlacedMedia[] = [];
    for (const track of this.#tracks) {
      const clip = track.clips[lowerBound(track.clips, Math.floor(ms) + 1) - 1];
      if (clip?.kind === 'media' && clip.startMs <= ms && ms < clip.endMs) found.push({ clip, track });
    }
    return found;
  }

  /** The clips of a recording on a track, in timeline order. */
  chain(trackId: string, assetId: number): MediaClip[] {
    const key = `${trackId}:${assetId}`;
    let clips = this.#chains.get(key);
    if (!clips) {
      const track = this.#tracks.find((t) => t.id === trackId);
      clips = (track?.clips ?? []).filter((c): c is MediaClip => c.kind === 'media' && c.assetId === assetId);
      this.#chains.set(key, clips);
    }
    return clips;
  }

  /** Whether the recording's moment plays on the track. */
  plays(trackId: string, assetId: number, assetMs: number): boolean {
    return this.chain(trackId, assetId).some((c) => c.inMs <= assetMs && assetMs < c.outMs);
  }

  /**
   * Where a moment of the recording plays now: on the clip that played it (wherever it
   * went), else on the clip of the same recording on the track that plays it nearest to
   * `nearMs`; null when no clip plays it.
   */
  find(trackId: string, assetId: number, assetMs: number, clipId: string, nearMs: number): MediaClip | null {
    const own = this.#byId.get(clipId)?.clip;
    if (own && own.assetId === assetId && own.inMs <= assetMs && assetMs < own.outMs) return own;
    let best: MediaClip | null = null;
    for (const clip of this.chain(trackId, assetId)) {
      if (clip.inMs > assetMs || assetMs >= clip.outMs) continue;
      if (!best || Math.abs(clip.startMs - nearMs) < Math.abs(best.startMs - nearMs)) best = clip;
    }
    return best;
  }
}

/** The transcript words whose middle lies in [fromMs, toMs] (asset time), with their indices. */
export function transcriptBetween(
  words: readonly SpokenWord[],
  fromMs: number,
  toMs: number,
): { word: SpokenWord; index: number }[] {
  const found: { word: SpokenWord; index: number }[] = [];
  // Words are in time order: start a little before, where a long word could still have its middle inside.
  let lo = 0;
  let hi = words.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (words[mid]!.endMs < fromMs) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < words.length && words[i]!.startMs <= toMs; i++) {
    const m = middle(words[i]!);
    if (m >= fromMs && m <= toMs) found.push({ word: words[i]!, index: i });
  }
  return found;
}

/** The transcript word a caption word at `assetMs` shows: same word, its middle within it (or close). */
function matchIn(words: readonly SpokenWord[] | undefined, text: string, fromMs: number, toMs: number): number | null {
  if (!words) return null;
  const plain = plainWord(text);
  const near = transcriptBetween(words, fromMs - 150, toMs + 150);
  const found = near.find((c) => plainWord(c.word.text) === plain) ?? (near.length === 1 ? near[0] : undefined);
  return found ? found.index : null;
}

const audible = (p: PlacedMedia) => !p.track.muted && (p.clip.properties.volume ?? 1) > 0;

/**
 * The recording a caption shows, as `index` (the timeline before the edit) plays it: of the
 * media under its words, the recording whose transcript has most of them, then the one under
 * most of them, then one heard, then the upper track. Null when no media is under it.
 */
export function captionSource(caption: CaptionClip, index: MediaIndex, transcripts: Transcripts): CaptionSource | null {
  const timed = caption.words ?? [];
  const texts = textWords(caption.text);
  if (timed.length === 0 || texts.length !== timed.length) return null;
  const scores = new Map<string, { placed: PlacedMedia; matched: number; under: number; order: number }>();
  timed.forEach((word, i) => {
    index.at(middle(word)).forEach((placed, order) => {
      const key = `${placed.track.id}:${placed.clip.assetId}`;
      const score = scores.get(key) ?? { placed, matched: 0, under: 0, order };
      score.under++;
      const from = sourceMs(placed.clip, word.startMs);
      const to = sourceMs(placed.clip, word.endMs);
      if (matchIn(transcripts.get(placed.clip.assetId), texts[i]!, from, to) !== null) score.matched++;
      scores.set(key, score);
    });
  });
  const best = [...scores.values()].sort(
    (a, b) =>
      b.matched - a.matched ||
      b.under - a.under ||
      Number(audible(b.placed)) - Number(audible(a.placed)) ||
      a.order - b.order,
  )[0];
  if (!best) return null;
  const { track } = best.placed;
  const assetId = best.placed.clip.assetId;
  const transcript = transcripts.get(assetId);
  const words = timed.map((word, i): SourcedWord | null => {
    const placed = index.at(middle(word)).find((p) => p.track.id === track.id && p.clip.assetId === assetId);
    if (!placed) return null;
    const { clip } = placed;
    const sourceStartMs = Math.max(clip.inMs, sourceMs(clip, word.startMs));
    const sourceEndMs = Math.min(clip.outMs, Math.max(sourceStartMs, sourceMs(clip, word.endMs)));
    const text = texts[i]!;
    return {
      text,
      sourceStartMs,
      sourceEndMs,
      index: matchIn(transcript, text, sourceStartMs, sourceEndMs),
      clipId: clip.id,
    };
  });
  return { trackId: track.id, assetId, words };
}
