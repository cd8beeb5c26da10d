// The transcript editor's actions, each as one edit (a command list with a label for the
// undo history): delete the selected words, remove every filler, shorten every long pause,
// restore a cut passage. Planned here, free and local (no text model, no service call); the
// app applies the list through the timeline store like any edit, and the captions made from
// a transcript follow it in the same edit (captionFollow.ts).
import { EDITOR_LIMITS } from '../limits.ts';
import type { ApplyContext } from '../timeline/applyCommands.ts';
import type { EditorCommand } from '../timeline/editorCommands.ts';
import type { Timeline } from '../timeline/timelineTypes.ts';
import {
  fillerRanges,
  pauseRanges,
  pauseText,
  planCuts,
  planRestore,
  rangesOf,
  type TimelineRange,
} from './textCuts.ts';
import { isFillerPhrase } from './speechMarks.ts';
import type { CutPassage, TimelineTranscript } from './timelineTranscript.ts';

export interface TextEdit {
  readonly commands: EditorCommand[];
  /** What the undo history calls it. */
  readonly label: string;
  /** Ranges that could not be cut, and what the user can do about each. */
  readonly skipped: readonly { range: TimelineRange; why: string }[];
}

/** The edit, or why there is none (said to the user as it is). */
export type TextEditPlan = TextEdit | { readonly nothing: string };

/** Words quoted for a label: the first few, then an ellipsis. */
export function quoted(words: readonly string[], most = 6): string {
  const shown = words.slice(0, most).join(' ');
  return `“${shown}${words.length > most ? ' …' : ''}”`;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function cutEdit(timeline: Timeline, ranges: TimelineRange[], label: string, ctx: ApplyContext): TextEditPlan {
  // One command cuts every range; more than it takes is said before anything is sent.
  if (ranges.length > EDITOR_LIMITS.rangesPerCut)
    return {
      nothing:
        `That is ${ranges.length} cuts, more than the ${EDITOR_LIMITS.rangesPerCut} one edit can hold: ` +
        'select a part of the transcript and cut there first, then the rest.',
    };
  const plan = planCuts(timeline, ranges, ctx);
  if (plan.commands.length === 0)
    return { nothing: plan.skipped[0] ? `Nothing was cut: ${plan.skipped[0].why}` : 'There is nothing to cut.' };
  return { commands: plan.commands, label, skipped: plan.skipped };
}

/** Deletes the chosen items (indices into the transcript's items): their words, with the pauses between them. */
export function deleteItems(
  timeline: Timeline,
  transcript: TimelineTranscript,
  chosen: (index: number) => boolean,
  ctx: ApplyContext,
): TextEditPlan {
  const picked = transcript.items.filter((_item, index) => chosen(index));
  const words = picked.flatMap((item) => (item.kind === 'word' ? [item.text] : []));
  const pauses = picked.filter((item) => item.kind === 'pause').length;
  if (words.length === 0 && pauses === 0)
    return { nothing: 'The struck-through words are already cut: choose Restore to bring them back.' };
  const ranges = rangesOf(transcript, (_item, index) => chosen(index));
  const label = words.length > 0 ? `Delete ${quoted(words)}` : `Shorten ${plural(pauses, 'pause')}`;
  return cutEdit(timeline, ranges, label, ctx);
}

/** How many fillers and repeated words, and pauses longer than `keepMs`, the transcript has. */
export function speechCounts(transcript: TimelineTranscript, keepMs: number): { fillers: number; pauses: number } {
  let fillers = 0;
  transcript.items.forEach((item, i) => {
    if (item.kind !== 'word' || item.mark === null) return;
    // The second word of a filler phrase ("you know") is the same filler.
    const before = transcript.items[i - 1];
    if (before?.kind === 'word' && before.mark === 'filler' && isFillerPhrase(before.text, item.text)) return;
    fillers++;
  });
  const pauses = transcript.gaps.filter((gap) => gap.endMs - gap.startMs > keepMs).length;
  return { fillers, pauses };
}

/** Every filler ("um", "uh", "you know") and the first of every repeated word, cut in one edit. */
export function removeFillers(timeline: Timeline, transcript: TimelineTranscript, ctx: ApplyContext): TextEditPlan {
  const { fillers } = speechCounts(transcript, Infinity);
  if (fillers === 0) return { nothing: 'The transcript has no fillers or repeated words.' };
  return cutEdit(timeline, fillerRanges(transcript), `Remove ${plural(fillers, 'filler')}`, ctx);
}

/** Every pause longer than `keepMs` cut down to it, in one edit. */
export function shortenPauses(
  timeline: Timeline,
  transcript: TimelineTranscript,
  keepMs: number,
  ctx: ApplyContext,
): TextEditPlan {
  const { pauses } = speechCounts(transcript, keepMs);
  if (pauses === 0) return { nothing: `No pause in the transcript is longer than ${pauseText(keepMs)}.` };
  return cutEdit(
    timeline,
    pauseRanges(transcript, keepMs),
    `Shorten ${plural(pauses, 'pause')} to ${pauseText(keepMs)}`,
    ctx,
  );
}

/** A cut passage brought back (on the tracks in step too), as a new edit. */
export function restorePassage(timeline: Timeline, passage: CutPassage, text: string, ctx: ApplyContext): TextEditPlan {
  const plan = planRestore(timeline, passage, ctx);
  if (typeof plan === 'string') return { nothing: `It cannot be restored: ${plan}` };
  return { commands: plan.commands, label: `Restore ${quoted(text.split(' '))}`, skipped: [] };
}
