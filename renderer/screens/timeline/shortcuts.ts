// The Timeline screen's keyboard shortcuts: the one table the keymap runs (renderer/keymap),
// the help panel lists and the toolbar's tooltips name. "Mod" is Ctrl (⌘ on a Mac).
import { useKeymap, type Shortcut } from '../../keymap/keymap.ts';
import { usePlayback } from '../../stores/playbackStore.ts';
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
import { addMarkerAtPlayhead, jumpToMarker } from './markerActions.ts';

export const SHORTCUT_GROUPS = ['Playback', 'Editing', 'Markers', 'Selection', 'View'] as const;

const mod = (e: KeyboardEvent) => e.ctrlKey || e.metaKey;
const plain = (e: KeyboardEvent) => !e.ctrlKey && !e.metaKey && !e.altKey;
const key =
  (name: string, test: (e: KeyboardEvent) => boolean = plain) =>
  (e: KeyboardEvent) =>
    e.key.toLowerCase() === name.toLowerCase() && test(e);
const arrow = (e: KeyboardEvent) => e.key === 'ArrowLeft' || e.key === 'ArrowRight';
const direction = (e: KeyboardEvent): 1 | -1 => (e.key === 'ArrowRight' ? 1 : -1);
const view = () => useTimelineView.getState();
const duration = () => useTimeline.getState().timeline?.durationMs ?? 0;

const transport = () => usePlayback.getState();

export const TIMELINE_SHORTCUTS: readonly Shortcut[] = [
  {
    id: 'play',
    keys: 'Space',
    action: 'Play or pause',
    group: 'Playback',
    matches: key(' '),
    run: () => transport().togglePlay(),
  },
  {
    id: 'forwards',
    keys: 'L',
    action: 'Play forwards (again: faster)',
    group: 'Playback',
    matches: key('l', (e) => plain(e) && !e.shiftKey),
    run: () => transport().shuttle(1),
  },
  {
    id: 'backwards',
    keys: 'J',
    action: 'Play backwards (again: faster)',
    group: 'Playback',
    matches: key('j'),
    run: () => transport().shuttle(-1),
  },
  { id: 'pause', keys: 'K', action: 'Pause', group: 'Playback', matches: key('k'), run: () => transport().pause() },
  {
    id: 'frame',
    keys: '← / →',
    action: 'Playhead one frame back / on',
    group: 'Playback',
    matches: (e) => arrow(e) && plain(e) && !e.shiftKey,
    run: (e) => view().setPlayhead(stepFrames(view().playheadMs, direction(e))),
  },
  {
    id: 'second',
    keys: 'Shift+← / →',
    action: 'Playhead one second back / on',
    group: 'Playback',
    matches: (e) => arrow(e) && e.shiftKey && plain(e),
    run: (e) => view().setPlayhead(stepFrames(view().playheadMs, direction(e) * 30)),
  },
  {
    id: 'ends',
    keys: 'Home / End',
    action: 'Playhead to the start / end',
    group: 'Playback',
    matches: (e) => (e.key === 'Home' || e.key === 'End') && plain(e),
    run: (e) => view().setPlayhead(e.key === 'Home' ? 0 : duration()),
  },
  {
    id: 'range',
    keys: 'I / O',
    action: 'Range starts / ends at the playhead (it loops, and Render preview renders it)',
    group: 'Playback',
    matches: (e) => (e.key === 'i' || e.key === 'o') && plain(e),
    run: (e) =>
      e.key === 'i' ? transport().markIn(view().playheadMs, duration()) : transport().markOut(view().playheadMs),
  },
  {
    id: 'loop',
    keys: 'Shift+L',
    action: 'Loop the range on / off',
    group: 'Playback',
    matches: (e) => e.key === 'L' && e.shiftKey && plain(e),
    run: () => transport().toggleLoop(),
  },
  {
    id: 'split',
    keys: 'S',
    action: 'Split at the playhead',
    group: 'Editing',
    matches: key('s'),
    run: splitAtPlayhead,
  },
  {
    id: 'split',
    keys: 'Mod+K',
    action: 'Split at the playhead (the selected clips, or every unlocked clip under it)',
    group: 'Editing',
    matches: key('k', mod),
    run: splitAtPlayhead,
  },
  {
    id: 'split',
    keys: 'Mod+B',
    action: 'Split at the playhead',
    group: 'Editing',
    matches: key('b', mod),
    run: splitAtPlayhead,
  },
  {
    id: 'trimStart',
    keys: 'Q',
    action: 'Trim the selection’s start to the playhead',
    group: 'Editing',
    matches: key('q'),
    run: () => trimSelectionToPlayhead('start'),
  },
  {
    id: 'trimEnd',
    keys: 'W',
    action: 'Trim the selection’s end to the playhead',
    group: 'Editing',
    matches: key('w'),
    run: () => trimSelectionToPlayhead('end'),
  },
  {
    id: 'delete',
    keys: 'Delete',
    action: 'Delete the selection',
    group: 'Editing',
    matches: (e) => (e.key === 'Delete' || e.key === 'Backspace') && !e.shiftKey && plain(e),
    run: () => deleteSelection(false),
  },
  {
    id: 'rippleDelete',
    keys: 'Shift+Delete',
    action: 'Ripple delete (close the gap)',
    group: 'Editing',
    matches: (e) => (e.key === 'Delete' || e.key === 'Backspace') && e.shiftKey && plain(e),
    run: () => deleteSelection(true),
  },
  {
    id: 'nudge',
    keys: ', / .',
    action: 'Move the selection one frame left / right',
    group: 'Editing',
    matches: (e) => (e.key === ',' || e.key === '.') && plain(e),
    run: (e) => nudgeSelection(e.key === '.' ? 1 : -1),
  },
  { id: 'copy', keys: 'Mod+C', action: 'Copy', group: 'Editing', matches: key('c', mod), run: () => copySelection() },
  { id: 'cut', keys: 'Mod+X', action: 'Cut', group: 'Editing', matches: key('x', mod), run: cutSelection },
  {
    id: 'paste',
    keys: 'Mod+V',
    action: 'Paste at the playhead',
    group: 'Editing',
    matches: key('v', mod),
    run: pasteAtPlayhead,
  },
  {
    id: 'undo',
    keys: 'Mod+Z',
    action: 'Undo',
    group: 'Editing',
    matches: (e) => e.key.toLowerCase() === 'z' && mod(e) && !e.shiftKey,
    run: () => useTimeline.getState().undo(),
  },
  {
    id: 'redo',
    keys: 'Mod+Shift+Z',
    action: 'Redo',
    group: 'Editing',
    matches: (e) => e.key.toLowerCase() === 'z' && mod(e) && e.shiftKey,
    run: () => useTimeline.getState().redo(),
  },
  {
    id: 'redo',
    keys: 'Mod+Y',
    action: 'Redo',
    group: 'Editing',
    matches: key('y', mod),
    run: () => useTimeline.getState().redo(),
  },
  {
    id: 'addMarker',
    keys: 'M',
    action: 'Add a marker at the playhead (and name it)',
    group: 'Markers',
    matches: key('m', (e) => plain(e) && !e.shiftKey),
    run: addMarkerAtPlayhead,
  },
  // As in Premiere Pro: Shift+M goes on to the next marker, Mod+Shift+M back to the previous.
  {
    id: 'nextMarker',
    keys: 'Shift+M',
    action: 'Playhead to the next marker',
    group: 'Markers',
    matches: (e) => e.key.toLowerCase() === 'm' && e.shiftKey && plain(e),
    run: () => jumpToMarker(1),
  },
  {
    id: 'previousMarker',
    keys: 'Mod+Shift+M',
    action: 'Playhead to the previous marker',
    group: 'Markers',
    matches: (e) => e.key.toLowerCase() === 'm' && e.shiftKey && mod(e) && !e.altKey,
    run: () => jumpToMarker(-1),
  },
  {
    id: 'selectAll',
    keys: 'Mod+A',
    action: 'Select every clip',
    group: 'Selection',
    matches: key('a', mod),
    run: selectAll,
  },
  {
    id: 'selectAdjacent',
    keys: 'Alt+← / →',
    action: 'Select the previous / next clip',
    group: 'Selection',
    matches: (e) => arrow(e) && e.altKey,
    run: (e) => selectAdjacent(direction(e)),
  },
  {
    id: 'deselect',
    keys: 'Escape',
    action: 'Clear the selection',
    group: 'Selection',
    matches: key('Escape'),
    run: () => view().select([]),
  },
  {
    id: 'zoom',
    keys: '+ / −',
    action: 'Zoom in / out',
    group: 'View',
    matches: (e) => ['+', '=', '-'].includes(e.key) && plain(e),
    run: (e) => view().zoomBy(e.key === '-' ? 1 / 1.5 : 1.5),
  },
  {
    id: 'zoomToFit',
    keys: 'Z',
    action: 'Zoom to the whole project',
    group: 'View',
    matches: key('z', (e) => plain(e) && !e.shiftKey),
    run: () => view().zoomToFit(),
  },
  {
    id: 'zoomToFrame',
    keys: 'Shift+Z',
    action: 'Zoom to a frame',
    group: 'View',
    matches: (e) => e.key === 'Z' && e.shiftKey && plain(e),
    run: () => view().zoomToFrame(),
  },
  {
    id: 'snapping',
    keys: 'N',
    action: 'Snapping on / off',
    group: 'View',
    matches: key('n'),
    run: () => view().setSnapping(!view().snapping),
  },
  {
    id: 'help',
    keys: '?',
    action: 'Show these shortcuts',
    group: 'View',
    matches: (e) => e.key === '?',
    run: () => useKeymap.getState().setHelpOpen(true),
  },
];
