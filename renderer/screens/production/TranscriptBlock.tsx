// The words of the transcript as the list draws them: an item (a word, a pause, a passage
// cut) and a block of a paragraph (useWordWindow.ts draws the blocks near the view).
import { memo, type MouseEvent } from 'react';
import { clockText } from '../../../shared/production/clipTime.ts';
import { pauseText } from '../../../shared/transcript/textCuts.ts';
import type { TimelineTranscript, TranscriptItem } from '../../../shared/transcript/timelineTranscript.ts';
import { useTimelineMedia } from '../../stores/timelineMediaStore.ts';
import { assetName } from './clipChoice.ts';
import type { WordBlock, WordWindow } from './useWordWindow.ts';

export const itemId = (index: number) => `tx-item-${index}`;

function itemLabel(item: TranscriptItem): string {
  if (item.kind === 'pause') return `Pause of ${pauseText(item.endMs - item.startMs)}, at ${clockText(item.startMs)}`;
  if (item.kind === 'cut') return `Cut: ${item.text} — Enter restores it`;
  const mark = item.mark === 'filler' ? ', filler' : item.mark === 'repeat' ? ', repeated' : '';
  return `${item.text}, at ${clockText(item.startMs)}${mark}`;
}

interface ItemProps {
  item: TranscriptItem;
  index: number;
  selected: boolean;
  focused: boolean;
  current: boolean;
  onPick(index: number, event: MouseEvent): void;
}

const Item = memo(function Item({ item, index, selected, focused, current, onPick }: ItemProps) {
  const classes = [
    'pr-tx-item',
    `pr-tx-${item.kind}`,
    item.kind === 'word' && item.mark && `is-${item.mark}`,
    selected && 'is-selected',
    focused && 'is-focused',
    current && 'is-current',
  ]
    .filter(Boolean)
    .join(' ');
  const text =
    item.kind === 'pause' ? `${pauseText(item.endMs - item.startMs)}` : item.kind === 'cut' ? item.text : item.text;
  return (
    <span
      id={itemId(index)}
      role="option"
      aria-selected={selected}
      aria-current={current ? 'time' : undefined}
      aria-label={itemLabel(item)}
      className={classes}
      title={item.kind === 'cut' ? 'Cut from the timeline: select it and Restore (Enter) to bring it back' : undefined}
      onMouseDown={(event) => event.preventDefault()}
      onClick={(event) => onPick(index, event)}
    >
      {item.kind === 'cut' ? <s>{text}</s> : text}
    </span>
  );
});

/** Whether item `i` is selected: in the span from the anchor to the focus, or added by Ctrl+click. */
export const chosenIn = (span: [number, number] | null, extra: ReadonlySet<number>) => (i: number) =>
  (span !== null && i >= span[0] && i <= span[1]) || extra.has(i);

/**
 * A block of a paragraph of the transcript (useWordWindow.ts: a long paragraph is drawn in
 * blocks). Its props are plain values, and those about one item (the focus, the word
 * playing) are given only to the block that holds it: while playing, only the block of the
 * word under the playhead renders again.
 */
export const Block = memo(function Block({
  block,
  transcript,
  span,
  extra,
  focus,
  current,
  onPick,
  measure,
}: {
  block: WordBlock;
  transcript: TimelineTranscript;
  /** The selected span where it overlaps this block, else null. */
  span: [number, number] | null;
  extra: ReadonlySet<number>;
  focus: number | null;
  current: number;
  onPick(index: number, event: MouseEvent): void;
  measure: WordWindow['measure'];
}) {
  const isChosen = chosenIn(span, extra);
  const { paragraph } = block;
  const name = useTimelineMedia((s) => assetName(s.assets, paragraph.assetId));
  const label = `Clip ${paragraph.clipNumber}: ${name}`;
  const items = [];
  for (let i = block.from; i < block.to; i++)
    items.push(
      <Item
        key={transcript.items[i]!.key}
        item={transcript.items[i]!}
        index={i}
        selected={isChosen(i)}
        focused={focus === i}
        current={current === i}
        onPick={onPick}
      />,
    );
  return (
    <div ref={measure(block.key)} role="group" aria-label={label} className="pr-tx-paragraph">
      {block.head && (
        <span className="pr-tx-paragraph-head" aria-hidden="true">
          {label}
        </span>
      )}
      <p className="pr-tx-paragraph-text">{items}</p>
    </div>
  );
});
