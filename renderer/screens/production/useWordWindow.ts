// The Transcript tab draws only the words near what is on screen: a two-hour interview is
// 25,000 words, and a page holding all of them takes seconds to lay out and to change. The
// paragraphs are cut into blocks of at most BLOCK_ITEMS words; the blocks in view (and
// OVERSCAN_PX either side) are drawn, the rest stand in as space of their measured (or,
// before they were ever drawn, estimated) height, so the scrollbar keeps its place.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { TimelineTranscript, TranscriptParagraph } from '../../../shared/transcript/timelineTranscript.ts';

const BLOCK_ITEMS = 200;
/** Drawn beyond the visible part, above and below, in pixels. */
const OVERSCAN_PX = 300;
/** Before a block is measured: its height from its word count (a line of about 8 words, 30 px). */
const estimate = (items: number, head: boolean) => Math.ceil(items / 8) * 30 + (head ? 28 : 0);

export interface WordBlock {
  readonly key: string;
  readonly paragraph: TranscriptParagraph;
  /** Items from..to-1 of the transcript. */
  readonly from: number;
  readonly to: number;
  /** The paragraph's first block: it carries the paragraph's heading. */
  readonly head: boolean;
}

export interface WordWindow {
  readonly blocks: readonly WordBlock[];
  /** Space standing in for the blocks above and below those drawn. */
  readonly above: number;
  readonly below: number;
  /** Call with each drawn block's element (it is measured). */
  measure(key: string): (element: HTMLElement | null) => void;
  /** Brings item `index` into view (drawing its block first when it is not drawn). */
  reveal(index: number): void;
}

function blocksOf(transcript: TimelineTranscript): WordBlock[] {
  const blocks: WordBlock[] = [];
  for (const paragraph of transcript.paragraphs)
    for (let from = paragraph.from; from < paragraph.to; from += BLOCK_ITEMS)
      blocks.push({
        key: `${paragraph.key}:${(from - paragraph.from) / BLOCK_ITEMS}`,
        paragraph,
        from,
        to: Math.min(paragraph.to, from + BLOCK_ITEMS),
        head: from === paragraph.from,
      });
  return blocks;
}

export function useWordWindow(transcript: TimelineTranscript, list: RefObject<HTMLElement | null>): WordWindow {
  const all = useMemo(() => blocksOf(transcript), [transcript]);
  const heights = useRef(new Map<string, number>());
  const [view, setView] = useState({ top: 0, height: 0 });
  const [measured, setMeasured] = useState(0);
  const pending = useRef<number | null>(null);

  useEffect(() => {
    const element = list.current;
    if (!element) return;
    let frame = 0;
    const read = () => {
      frame = 0;
      setView((v) =>
        v.top === element.scrollTop && v.height === element.clientHeight
          ? v
          : { top: element.scrollTop, height: element.clientHeight },
      );
    };
    const later = () => {
      if (frame === 0) frame = requestAnimationFrame(read);
    };
    read();
    element.addEventListener('scroll', later, { passive: true });
    const resized = new ResizeObserver(later);
    resized.observe(element);
    return () => {
      element.removeEventListener('scroll', later);
      resized.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [list]);

  const observer = useMemo(
    () =>
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver((entries) => {
            let changed = false;
            for (const entry of entries) {
              const key = (entry.target as HTMLElement).dataset.block;
              const height = (entry.target as HTMLElement).offsetHeight;
              if (key && heights.current.get(key) !== height) {
                heights.current.set(key, height);
                changed = true;
              }
            }
            if (changed) setMeasured((n) => n + 1);
          }),
    [],
  );
  useEffect(() => () => observer?.disconnect(), [observer]);

  const measure = useCallback(
    (key: string) => (element: HTMLElement | null) => {
      if (!element) return;
      element.dataset.block = key;
      observer?.observe(element);
    },
    [observer],
  );

  const offsets = useMemo(() => {
    const starts: number[] = [];
    let at = 0;
    for (const block of all) {
      starts.push(at);
      at += heights.current.get(block.key) ?? estimate(block.to - block.from, block.head);
    }
    starts.push(at);
    return starts;
    // `measured` counts the measurements that changed a height (read from the ref).
  }, [all, measured]);

  // Not laid out yet (no height): the first screens' worth, as if at the top.
  const height = view.height > 0 ? view.height : 2 * OVERSCAN_PX;
  const from = view.top - OVERSCAN_PX;
  const to = view.top + height + OVERSCAN_PX;
  let first = 0;
  while (first < all.length && offsets[first + 1]! <= from) first++;
  let last = first;
  while (last < all.length && offsets[last]! < to) last++;

  const blockOf = useCallback((index: number) => all.findIndex((b) => index >= b.from && index < b.to), [all]);

  const reveal = useCallback(
    (index: number) => {
      const element = document.getElementById(`tx-item-${index}`);
      if (element) {
        element.scrollIntoView({ block: 'nearest' });
        return;
      }
      const at = blockOf(index);
      if (at < 0 || !list.current) return;
      pending.current = index;
      list.current.scrollTop = offsets[at]!;
    },
    [blockOf, list, offsets],
  );

  // A reveal that had to draw its block first finishes once the block is drawn.
  useLayoutEffect(() => {
    if (pending.current === null) return;
    const element = document.getElementById(`tx-item-${pending.current}`);
    if (!element) return;
    pending.current = null;
    element.scrollIntoView({ block: 'nearest' });
  });

  return {
    blocks: all.slice(first, last),
    above: offsets[first]!,
    below: offsets[all.length]! - offsets[last]!,
    measure,
    reveal,
  };
}
