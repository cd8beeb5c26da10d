// Editing by the text: the words of every clip on the timeline, in the order it plays them,
// as a list the user selects in like text (click a word, Shift+click or Shift+arrows to
// grow the selection, Ctrl+click to add a word elsewhere, double-click a sentence,
// triple-click a paragraph) and cuts with
// Delete or Backspace — one edit, one undo, sent as editor commands like any edit, played
// at once in the monitor. The word under the playhead is highlighted and kept in view while
// playing; clicking a word (or Enter) moves the playhead to it. Fillers, repeats and long
// pauses are marked, and cut in one edit each ("Remove all fillers", "Shorten pauses");
// passages cut out of a clip stay struck through, with Restore, while both pieces are there.
// The list is one tab stop (aria-activedescendant): thousands of words are not thousands of
// stops, and only the words near the view are in the page (useWordWindow.ts).
import { Eraser, RotateCcw, Scissors, Timer } from 'lucide-react';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { TEXT_CUT_RULES } from '../../../shared/transcript/textCuts.ts';
import {
  deleteItems,
  removeFillers,
  restorePassage,
  shortenPauses,
  speechCounts,
  type TextEditPlan,
} from '../../../shared/transcript/textEdits.ts';
import type { CutItem, TimelineTranscript, TranscriptItem } from '../../../shared/transcript/timelineTranscript.ts';
import { wordAt } from '../../../shared/transcript/timelineTranscript.ts';
import {
  moved,
  paragraphAround,
  selectedSpan,
  sentenceAround,
  type Step,
  type WordSelection,
} from '../../../shared/transcript/wordSelection.ts';
import { Button } from '../../components/Button.tsx';
import { Field } from '../../components/Field.tsx';
import { usePlayback } from '../../stores/playbackStore.ts';
import { applyContext, useTimeline } from '../../stores/timelineStore.ts';
import { useTimelineView } from '../../stores/timelineViewStore.ts';
import { useToasts } from '../../stores/toastStore.ts';
import { Block, chosenIn, itemId } from './TranscriptBlock.tsx';
import { TranscriptFind } from './TranscriptFind.tsx';
import { useWordWindow } from './useWordWindow.ts';

/** Applies a planned text edit through the timeline (one edit), or says why there is none. */
function run(plan: TextEditPlan): boolean {
  const toasts = useToasts.getState();
  if ('nothing' in plan) {
    toasts.showWarning('Nothing to cut', plan.nothing);
    return false;
  }
  if (!useTimeline.getState().edit(plan.commands, plan.label)) return false;
  if (plan.skipped.length > 0)
    toasts.showWarning(
      `${plan.skipped.length} part${plan.skipped.length === 1 ? ' was' : 's were'} not cut`,
      [...new Set(plan.skipped.map((s) => s.why))].join(' '),
    );
  return true;
}

function context() {
  const { timeline, catalog } = useTimeline.getState();
  return timeline ? { timeline, ctx: applyContext(catalog) } : null;
}

/** The keys of the list, as the hint under it says them. */
function stepOf(event: KeyboardEvent): Step | null {
  const mod = event.ctrlKey || event.metaKey || event.altKey;
  switch (event.key) {
    case 'ArrowLeft':
      return mod ? 'sentence-start' : 'previous';
    case 'ArrowRight':
      return mod ? 'sentence-end' : 'next';
    case 'ArrowUp':
      return mod ? 'paragraph-start' : 'sentence-start';
    case 'ArrowDown':
      return mod ? 'paragraph-end' : 'sentence-end';
    case 'Home':
      return 'first';
    case 'End':
      return 'last';
    default:
      return null;
  }
}

export function TranscriptEditor({ transcript }: { transcript: TimelineTranscript }) {
  const [selection, setSelection] = useState<WordSelection | null>(null);
  // Items added to the selection one by one (Ctrl+click), apart from the span.
  const [extra, setExtra] = useState<ReadonlySet<number>>(new Set());
  const [keepMs, setKeepMs] = useState<number>(TEXT_CUT_RULES.keepPauseMs);
  const list = useRef<HTMLDivElement>(null);
  const count = transcript.items.length;
  const playing = usePlayback((s) => s.rate !== 0);
  const current = useTimelineView((s) => wordAt(transcript, s.playheadMs));

  // An edit changes the items: the selection is kept inside them.
  const clamped = useMemo(() => {
    if (!selection || count === 0) return null;
    const clamp = (i: number) => Math.min(count - 1, Math.max(0, i));
    return { anchor: clamp(selection.anchor), focus: clamp(selection.focus) };
  }, [selection, count]);
  const span = clamped ? selectedSpan(clamped) : null;
  const isChosen = chosenIn(span, extra);
  const focus = clamped?.focus ?? null;

  // Only the words near the view are drawn; the focused item in view (keys move it), and the
  // word being played while playing.
  const shown = useWordWindow(transcript, list);
  // The latest reveal, without making a new measurement scroll back to the focus.
  const reveal = useRef(shown.reveal);
  useLayoutEffect(() => {
    reveal.current = shown.reveal;
  });
  useEffect(() => {
    if (focus !== null) reveal.current(focus);
  }, [focus]);
  useEffect(() => {
    if (playing && current >= 0) reveal.current(current);
  }, [playing, current]);

  const counts = useMemo(() => speechCounts(transcript, keepMs), [transcript, keepMs]);
  // The chosen items from the span and the extra ones, not a pass over every item per render
  // (each frame of scrolling renders the editor).
  const spanFrom = span?.[0] ?? 0;
  const spanTo = span?.[1] ?? -1;
  const chosen = useMemo(() => {
    const at = new Set<number>();
    for (let i = spanFrom; i <= spanTo; i++) at.add(i);
    for (const i of extra) if (Number.isInteger(i) && i >= 0 && i < transcript.items.length) at.add(i);
    return [...at].sort((a, b) => a - b).map((i) => transcript.items[i]!);
  }, [transcript, spanFrom, spanTo, extra]);
  const chosenWords = chosen.filter((i) => i.kind === 'word').length;
  const chosenCut = chosen.find((i): i is CutItem => i.kind === 'cut') ?? null;

  function seek(item: TranscriptItem) {
    useTimelineView.getState().setPlayhead(item.startMs);
  }

  function onPick(index: number, event: MouseEvent) {
    list.current?.focus({ preventScroll: true });
    const item = transcript.items[index]!;
    if ((event.ctrlKey || event.metaKey) && clamped) {
      const next = new Set(extra);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      setExtra(next);
      return;
    }
    setExtra(new Set());
    if (event.shiftKey && clamped) {
      setSelection({ anchor: clamped.anchor, focus: index });
      return;
    }
    if (event.detail === 2 || event.detail >= 3) {
      const [from, to] = event.detail === 2 ? sentenceAround(transcript, index) : paragraphAround(transcript, index);
      setSelection({ anchor: from, focus: to });
      return;
    }
    setSelection({ anchor: index, focus: index });
    if (item.kind !== 'cut') seek(item);
  }

  // One callback for every word, however the selection changes (the words are memoised).
  const latestPick = useRef(onPick);
  useLayoutEffect(() => {
    latestPick.current = onPick;
  });
  const pick = useCallback((index: number, event: MouseEvent) => latestPick.current(index, event), []);

  function deleteSelected() {
    const c = context();
    if (!c || chosen.length === 0) return;
    const first = transcript.items.findIndex((_item, i) => isChosen(i));
    if (run(deleteItems(c.timeline, transcript, isChosen, c.ctx))) {
      setSelection({ anchor: first, focus: first });
      setExtra(new Set());
    }
  }

  function restore(item: CutItem) {
    const c = context();
    if (c) run(restorePassage(c.timeline, item.passage, item.text, c.ctx));
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (count === 0) return;
    const step = stepOf(event);
    const at = clamped ?? { anchor: 0, focus: 0 };
    if (step) {
      if (!event.shiftKey) setExtra(new Set());
      setSelection(moved(transcript, at, step, event.shiftKey));
    } else if ((event.key === 'a' || event.key === 'A') && (event.ctrlKey || event.metaKey)) {
      setSelection({ anchor: 0, focus: count - 1 });
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      deleteSelected();
    } else if (event.key === 'Enter') {
      const item = transcript.items[at.focus]!;
      if (item.kind === 'cut') restore(item);
      else seek(item);
    } else if (event.key === 'Escape' && clamped && (clamped.anchor !== clamped.focus || extra.size > 0)) {
      setSelection({ anchor: clamped.focus, focus: clamped.focus });
      setExtra(new Set());
    } else {
      return;
    }
    // The transcript's keys are its own: the timeline's shortcuts (Delete, arrows) do not run too.
    event.preventDefault();
    event.stopPropagation();
  }

  const keepValid = Number.isInteger(keepMs) && keepMs >= 0 && keepMs < 60_000;

  return (
    <div className="pr-tx-editor">
      <div className="pr-tx-toolbar" role="toolbar" aria-label="Edit by the text">
        <Button
          size="sm"
          icon={Scissors}
          disabled={chosenWords === 0 && !chosen.some((i) => i.kind === 'pause')}
          aria-keyshortcuts="Delete Backspace"
          onClick={deleteSelected}
        >
          {chosenWords > 0 ? `Delete ${chosenWords} word${chosenWords === 1 ? '' : 's'}` : 'Delete selection'}
        </Button>
        {chosenCut && (
          <Button size="sm" icon={RotateCcw} onClick={() => restore(chosenCut)}>
            Restore “{chosenCut.text.length > 40 ? `${chosenCut.text.slice(0, 40)}…` : chosenCut.text}”
          </Button>
        )}
        <TranscriptFind
          transcript={transcript}
          onFound={(from, to) => {
            setExtra(new Set());
            setSelection({ anchor: from, focus: to });
          }}
        />
        <span className="pr-tx-toolbar-gap" />
        <Button
          size="sm"
          icon={Eraser}
          disabled={counts.fillers === 0}
          onClick={() => {
            const c = context();
            if (c) run(removeFillers(c.timeline, transcript, c.ctx));
          }}
        >
          Remove all fillers ({counts.fillers})
        </Button>
        <Field
          label="Longest pause kept (ms)"
          inline
          className="pr-tx-keep"
          error={keepValid ? undefined : 'Whole milliseconds, 0 to 59999'}
        >
          {(control) => (
            <input
              {...control}
              type="number"
              min={0}
              max={59_999}
              step={100}
              value={Number.isNaN(keepMs) ? '' : keepMs}
              onChange={(e) => setKeepMs(e.target.valueAsNumber)}
            />
          )}
        </Field>
        <Button
          size="sm"
          icon={Timer}
          disabled={!keepValid || counts.pauses === 0}
          onClick={() => {
            const c = context();
            if (c) run(shortenPauses(c.timeline, transcript, keepMs, c.ctx));
          }}
        >
          {keepValid ? `Shorten pauses to ${keepMs} ms (${counts.pauses})` : 'Shorten pauses'}
        </Button>
      </div>
      <div
        ref={list}
        className="pr-tx-words"
        role="listbox"
        aria-label="Transcript"
        aria-multiselectable="true"
        aria-describedby="tx-keys"
        aria-activedescendant={focus !== null ? itemId(focus) : undefined}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onFocus={() => {
          if (!selection && count > 0) setSelection({ anchor: Math.max(0, current), focus: Math.max(0, current) });
        }}
      >
        <div aria-hidden="true" style={{ height: shown.above }} />
        {shown.blocks.map((block) => {
          const holds = (i: number | null) => i !== null && i >= block.from && i < block.to;
          const overlaps = span !== null && span[0] < block.to && span[1] >= block.from;
          return (
            <Block
              key={block.key}
              block={block}
              transcript={transcript}
              span={overlaps ? span : null}
              extra={extra}
              focus={holds(focus) ? focus : null}
              current={holds(current) ? current : -1}
              onPick={pick}
              measure={shown.measure}
            />
          );
        })}
        <div aria-hidden="true" style={{ height: shown.below }} />
      </div>
      <p id="tx-keys" className="pr-tx-hint">
        Click a word to play from it. Shift+click or Shift+arrows select more (with Ctrl: by sentence, paragraph),
        Ctrl+click adds a word, double-click takes a sentence. Delete cuts the selection: one undo.{' '}
        <span className="pr-tx-legend-filler">Fillers</span> and <span className="pr-tx-legend-pause">pauses</span> are
        marked; <s>struck-through</s> words are cut — select one and press Enter to restore it.
      </p>
    </div>
  );
}
