// The selection in the transcript, as in a text editor but by whole words: an anchor and a
// focus (indices into the transcript's items); everything between them is selected. Keys
// move the focus by a word, to a sentence's or a paragraph's edge, or to either end; with
// Shift the anchor stays (the selection grows), without it both move (a caret).
import type { TimelineTranscript } from './timelineTranscript.ts';

export interface WordSelection {
  readonly anchor: number;
  readonly focus: number;
}

export type Step =
  'previous' | 'next' | 'sentence-start' | 'sentence-end' | 'paragraph-start' | 'paragraph-end' | 'first' | 'last';

/** The selected items, first and last (inclusive). */
export function selectedSpan(selection: WordSelection): [number, number] {
  return [Math.min(selection.anchor, selection.focus), Math.max(selection.anchor, selection.focus)];
}

export function isSelected(selection: WordSelection | null, index: number): boolean {
  if (!selection) return false;
  const [from, to] = selectedSpan(selection);
  return index >= from && index <= to;
}

function paragraphOf(transcript: TimelineTranscript, index: number): { from: number; to: number } {
  return transcript.paragraphs.find((p) => index >= p.from && index < p.to) ?? { from: 0, to: transcript.items.length };
}

const endsAt = (transcript: TimelineTranscript, index: number) => {
  const item = transcript.items[index];
  return item?.kind === 'word' && item.sentenceEnd;
};

/** The sentence around `index`: after the last sentence end before it, through the next one (within its paragraph). */
export function sentenceAround(transcript: TimelineTranscript, index: number): [number, number] {
  const paragraph = paragraphOf(transcript, index);
  let from = index;
  while (from > paragraph.from && !endsAt(transcript, from - 1)) from--;
  let to = index;
  while (to < paragraph.to - 1 && !endsAt(transcript, to)) to++;
  // A pause or a cut passage at either edge is not part of the sentence.
  while (from < to && transcript.items[from]!.kind !== 'word') from++;
  while (to > from && transcript.items[to]!.kind !== 'word') to--;
  return [from, to];
}

export function paragraphAround(transcript: TimelineTranscript, index: number): [number, number] {
  const paragraph = paragraphOf(transcript, index);
  return [paragraph.from, paragraph.to - 1];
}

/** Where the focus goes from `index` by `step` (the next edge when it is already at one). */
export function stepFrom(transcript: TimelineTranscript, index: number, step: Step): number {
  const last = transcript.items.length - 1;
  const clamp = (i: number) => Math.max(0, Math.min(last, i));
  switch (step) {
    case 'previous':
      return clamp(index - 1);
    case 'next':
      return clamp(index + 1);
    case 'first':
      return 0;
    case 'last':
      return last;
    case 'sentence-start': {
      const [from] = sentenceAround(transcript, index);
      return from < index || index === 0 ? from : sentenceAround(transcript, clamp(index - 1))[0];
    }
    case 'sentence-end': {
      const [, to] = sentenceAround(transcript, index);
      return to > index || index === last ? to : sentenceAround(transcript, clamp(index + 1))[1];
    }
    case 'paragraph-start': {
      const [from] = paragraphAround(transcript, index);
      return from < index || index === 0 ? from : paragraphAround(transcript, clamp(index - 1))[0];
    }
    case 'paragraph-end': {
      const [, to] = paragraphAround(transcript, index);
      return to > index || index === last ? to : paragraphAround(transcript, clamp(index + 1))[1];
    }
  }
}

/** The selection after a step: grown from the anchor (`extend`), or a caret at the new place. */
export function moved(
  transcript: TimelineTranscript,
  selection: WordSelection,
  step: Step,
  extend: boolean,
): WordSelection {
  const focus = stepFrom(transcript, selection.focus, step);
  return extend ? { anchor: selection.anchor, focus } : { anchor: focus, focus };
}
