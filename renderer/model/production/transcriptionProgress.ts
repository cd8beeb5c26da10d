// How far a running transcription got, as the Transcript tab shows it (issue 26): a share of
// the recording (the sound its finished chunks cover against the media's length, or the
// chunks done of all when the length is not known), never "100%" while a part is still being
// recognised; and its words so far as a transcript the tab's word window draws
// (useWordWindow: a long recording's words so far are thousands).
import type { TranscriptionPartial, Word } from '../../../shared/production/productionTypes.ts';
import type { TimelineTranscript, WordItem } from '../../../shared/transcript/timelineTranscript.ts';

export interface TranscriptionProgress {
  /** 0..1. */
  readonly fraction: number;
  /** Whole per cent, rounded down: 99 until every part is done. */
  readonly percent: number;
  readonly partsDone: number;
  readonly partsTotal: number;
  readonly words: number;
}

/** The progress a partial shows; `durationMs` is the media's length (null or 0: not known). */
export function transcriptionProgress(
  partial: TranscriptionPartial,
  durationMs: number | null | undefined,
): TranscriptionProgress {
  const { done, total } = partial.chunks;
  const finished = done >= total;
  const byParts = total > 0 ? done / total : 0;
  const share =
    durationMs !== null && durationMs !== undefined && durationMs > 0 ? partial.doneMs / durationMs : byParts;
  // The chunks cover the sound as decoded, which can run a little past the container's length.
  const fraction = finished ? 1 : Math.min(0.99, Math.max(0, share));
  return {
    fraction,
    percent: Math.floor(fraction * 100),
    partsDone: done,
    partsTotal: total,
    words: partial.words.length,
  };
}

/** "3 of 7 parts". */
export function partsText({ partsDone, partsTotal }: TranscriptionProgress): string {
  return `${partsDone} of ${partsTotal} part${partsTotal === 1 ? '' : 's'}`;
}

const NO_WORDS: TimelineTranscript = { items: [], paragraphs: [], untranscribed: [], gaps: [] };

/**
 * The words so far as one paragraph of a transcript, in the asset's own time: read-only
 * (nothing in it is placed on the timeline), so clip and track are only names for the keys.
 */
export function wordsSoFar(words: readonly Word[], assetId: number): TimelineTranscript {
  if (words.length === 0) return NO_WORDS;
  const key = `partial:${assetId}`;
  const items = words.map((w, index): WordItem => ({
    kind: 'word',
    key: `${key}:${index}`,
    clipId: key,
    trackId: key,
    assetId,
    text: w.text,
    index,
    startMs: w.startMs,
    endMs: w.endMs,
    confidence: w.confidence,
    mark: null,
    sentenceEnd: false,
  }));
  return {
    items,
    paragraphs: [{ key, clipId: key, clipNumber: 0, assetId, from: 0, to: items.length }],
    untranscribed: [],
    gaps: [],
  };
}
