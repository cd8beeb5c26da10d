// The timeline's keyboard shortcuts: one table the key handler runs and the help panel
// shows, so what is listed is exactly what works. "Mod" is Ctrl (⌘ on a Mac).
import { useTimeline } from '../../stores/timelineStore.ts';
import { stepFrames, useTimelineView } from '../../stores/timelineViewStore.ts';
import {
  copySelection,
  cutSelection,
  deleteSelection,
  nudgeSelection,
  pasteAtPlayhead,
  selectAdjacent,
  selectAll,
  splitAtPlayhead,
  trimSelectionToPlayhead,
} from './timelineActions.ts';

export interface Shortcut {
  /** As shown: "Mod+Z", "Shift+Delete". */
  readonly keys: string;
  readonly action: string;
  readonly group: 'Playback' | 'Editing' | 'Selection' | 'View';
  readonly matches: (event: KeyboardEvent) => boolean;
  readonly run: () => void;
}

const mod = (e: KeyboardEvent) => e.ctrlKey || e.metaKey;
const plain = (e: KeyboardEvent) => !e.ctrlKey && !e.metaKey && !e.altKey;
const key =
  (name: string, test: (e: KeyboardEvent) => boolean = plain) =>
  (e: KeyboardEvent) =>
    e.key.toLowerCase() === name.toLowerCase() && test(e);
const view = () => useTimelineView.getState();

/** J and L speed up when pressed again (1×, 2×, 4×), K stops. */
function shuttle(direction: 1 | -1): void {
  const rate = view().playRate;
  const next = Math.sign(rate) === direction ? Math.min(4, Math.abs(rate) * 2) : 1;
  view().play(direction * next);
}

export const SHORTCUTS: readonly Shortcut[] = [
  {
    keys: 'Space',
    action: 'Play or pause',
    group: 'Playback',
    matches: key(' '),
    run: () => view().play(view().playRate === 0 ? 1 : 0),
  },
  { keys: 'L', action: 'Play forwards (again: faster)', group: 'Playback', matches: key('l'), run: () => shuttle(1) },
  { keys: 'J', action: 'Play backwards (again: faster)', group: 'Playback', matches: key('j'), run: () => shuttle(-1) },
  { keys: 'K', action: 'Pause', group: 'Playback', matches: key('k'), run: () => view().play(0) },
  {
    keys: '← / →',
    action: 'Playhead one frame back / on',
    group: 'Playback',
    matches: (e) => (e.key === 'ArrowLeft' || e.key === 'ArrowRight') && plain(e) && !e.shiftKey,
    run: () => {},
  },
  {
    keys: 'Shift+← / →',
    action: 'Playhead one second back / on',
    group: 'Playback',
    matches: (e) => (e.key === 'ArrowLeft' || e.key === 'ArrowRight') && e.shiftKey && plain(e),
    run: () => {},
  },
  {
    keys: 'Home / End',
    action: 'Playhead to the start / end',
    group: 'Playback',
    matches: (e) => (e.key === 'Home' || e.key === 'End') && plain(e),
    run: () => {},
  },
  {
    keys: 'I / O',
    action: 'Preview range starts / ends at the playhead',
    group: 'Playback',
    matches: (e) => (e.key === 'i' || e.key === 'o') && plain(e),
    run: () => {},
  },
  { keys: 'S', action: 'Split at the playhead', group: 'Editing', matches: key('s'), run: splitAtPlayhead },
  { keys: 'Mod+B', action: 'Split at the playhead', group: 'Editing', matches: key('b', mod), run: splitAtPlayhead },
  {
    keys: 'Q',
    action: 'Trim the selection’s start to the playhead',
    group: 'Editing',
    matches: key('q'),
    run: () => trimSelectionToPlayhead('start'),
  },
  {
    keys: 'W',
    action: 'Trim the selection’s end to the playhead',
    group: 'Editing',
    matches: key('w'),
    run: () => trimSelectionToPlayhead('end'),
  },
  {
    keys: 'Delete',
    action: 'Delete the selection',
    group: 'Editing',
    matches: (e) => (e.key === 'Delete' || e.key === 'Backspace') && !e.shiftKey && plain(e),
    run: () => deleteSelection(false),
  },
  {
    keys: 'Shift+Delete',
    action: 'Ripple delete (close the gap)',
    group: 'Editing',
    matches: (e) => (e.key === 'Delete' || e.key === 'Backspace') && e.shiftKey && plain(e),
    run: () => deleteSelection(true),
  },
  {
    keys: ', / .',
    action: 'Move the selection one frame left / right',
    group: 'Editing',
    matches: (e) => (e.key === ',' || e.key === '.') && plain(e),
    run: () => {},
  },
  { keys: 'Mod+C', action: 'Copy', group: 'Editing', matches: key('c', mod), run: () => void copySelection() },
  { keys: 'Mod+X', action: 'Cut', group: 'Editing', matches: key('x', mod), run: cutSelection },
  { keys: 'Mod+V', action: 'Paste at the playhead', group: 'Editing', matches: key('v', mod), run: pasteAtPlayhead },
  {
    keys: 'Mod+Z',
    action: 'Undo',
    group: 'Editing',
    matches: (e) => e.key.toLowerCase() === 'z' && mod(e) && !e.shiftKey,
    run: () => useTimeline.getState().undo(),
  },
  {
    keys: 'Mod+Shift+Z or Mod+Y',
    action: 'Redo',
    group: 'Editing',
    matches: (e) => mod(e) && ((e.key.toLowerCase() === 'z' && e.shiftKey) || e.key.toLowerCase() === 'y'),
    run: () => useTimeline.getState().redo(),
  },
  { keys: 'Mod+A', action: 'Select every clip', group: 'Selection', matches: key('a', mod), run: selectAll },
  {
    keys: 'Alt+← / →',
    action: 'Select the previous / next clip',
    group: 'Selection',
    matches: (e) => (e.key === 'ArrowLeft' || e.key === 'ArrowRight') && e.altKey,
    run: () => {},
  },
  {
    keys: 'Escape',
    action: 'Clear the selection',
    group: 'Selection',
    matches: key('Escape'),
    run: () => view().select([]),
  },
  {
    keys: '+ / −',
    action: 'Zoom in / out',
    group: 'View',
    matches: (e) => ['+', '=', '-'].includes(e.key) && plain(e),
    run: () => {},
  },
  {
    keys: 'Z',
    action: 'Zoom to the whole project',
    group: 'View',
    matches: key('z', (e) => plain(e) && !e.shiftKey),
    run: () => view().zoomToFit(),
  },
  {
    keys: 'Shift+Z',
    action: 'Zoom to a frame',
    group: 'View',
    matches: (e) => e.key === 'Z' && e.shiftKey && plain(e),
    run: () => view().zoomToFrame(),
  },
  {
    keys: 'N',
    action: 'Snapping on / off',
    group: 'View',
    matches: key('n'),
    run: () => view().setSnapping(!view().snapping),
  },
  { keys: '?', action: 'Show these shortcuts', group: 'View', matches: (e) => e.key === '?', run: () => {} },
];

/** The keys whose action depends on the key pressed (arrows, nudges, zoom, range): run here. */
function runVariable(e: KeyboardEvent): boolean {
  const v = view();
  const duration = useTimeline.getState().timeline?.durationMs ?? 0;
  if ((e.key === 'ArrowLeft' || e.key === 'ArrowRight') && e.altKey) selectAdjacent(e.key === 'ArrowRight' ? 1 : -1);
  else if (e.key === 'ArrowLeft' || e.key === 'ArrowRight')
    v.setPlayhead(stepFrames(v.playheadMs, (e.key === 'ArrowRight' ? 1 : -1) * (e.shiftKey ? 30 : 1)));
  else if (e.key === 'Home') v.setPlayhead(0);
  else if (e.key === 'End') v.setPlayhead(duration);
  else if (e.key === ',' || e.key === '.') nudgeSelection(e.key === '.' ? 1 : -1);
  else if (e.key === '+' || e.key === '=') v.zoomBy(1.5);
  else if (e.key === '-') v.zoomBy(1 / 1.5);
  else if (e.key === 'i' || e.key === 'o') {
    const range = v.range ?? { startMs: v.playheadMs, endMs: Math.min(duration, v.playheadMs + 5000) };
    const next =
      e.key === 'i'
        ? { startMs: v.playheadMs, endMs: Math.max(range.endMs, v.playheadMs + 100) }
        : { startMs: Math.min(range.startMs, v.playheadMs - 100), endMs: v.playheadMs };
    v.setRange({ startMs: Math.max(0, next.startMs), endMs: next.endMs });
  } else return false;
  return true;
}

/** Runs the shortcut for a key press; true when one ran (the event is then handled). */
export function runShortcut(event: KeyboardEvent, openHelp: () => void): boolean {
  const shortcut = SHORTCUTS.find((s) => s.matches(event));
  if (!shortcut) return false;
  if (shortcut.keys === '?') openHelp();
  else if (!runVariable(event)) shortcut.run();
  return true;
}
