// The Timeline screen's keyboard shortcuts: the one table the keymap runs (renderer/keymap),
// the help panel lists and the toolbar's tooltips name. "Mod" is Ctrl (⌘ on a Mac).
import { useKeymap, type Shortcut } from '../../keymap/keymap.ts';
import { usePlayback } from '../../stores/playbackStore.ts';
import { useTimeline } from '../../stores/timelineStore.ts';
import { stepFrames, useTimelineView, type TrimTool } from '../../stores/timelineViewStore.ts';
import {
  copySelection,
  cutSelection,
  deleteSelection,
  freezeFrameAtPlayhead,
  jumpToKeyframe,
  toggleKeyframeAtPlayhead,
  nudgeSelection,
  pasteAtPlayhead,
  selectAdjacent,
  selectAll,
  splitAtPlayhead,
  trimSelectionToPlayhead,
} from './timelineActions.ts';
import { addMarkerAtPlayhead, jumpToMarker } from './markerActions.ts';
import { nudgeTrim, rippleTrimToPlayhead, rollToPlayhead } from './trimActions.ts';

export const SHORTCUT_GROUPS = ['Playback', 'Editing', 'Trimming', 'Markers', 'Selection', 'View'] as const;

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

/** A tool's key (as in Premiere Pro, but R for the roll tool: N is snapping here). */
const tool = (id: TrimTool, keys: string, action: string): Shortcut => ({
  id: `tool-${id}`,
  keys,
  action,
  group: 'Trimming',
  matches: key(keys.toLowerCase(), (e) => plain(e) && !e.shiftKey),
  run: () => view().setTool(id),
});

/**
 * The trim tools and keys. They come before the plain keys they share a letter with (Q, W,
 * arrows), so Shift+Q is a ripple trim, not a trim.
 */
const TRIMMING: readonly Shortcut[] = [
  tool('select', 'V', 'Selection tool: drag a clip to move it, an edge to trim it'),
  tool('ripple', 'B', 'Ripple trim tool: drag an edge; what follows moves with it on every sync-locked track'),
  tool('roll', 'R', 'Roll tool: drag a cut between two clips; both change, nothing else moves'),
  tool('slip', 'Y', 'Slip tool: drag a clip to change the part of its media it shows'),
  tool('slide', 'U', 'Slide tool: drag a clip between its neighbours, which give and take'),
  {
    id: 'rippleTrimStart',
    keys: 'Shift+Q',
    action: 'Ripple trim the selection’s start to the playhead (what follows moves up)',
    group: 'Trimming',
    matches: (e) => e.code === 'KeyQ' && e.shiftKey && plain(e),
    run: () => rippleTrimToPlayhead('start'),
  },
  {
    id: 'rippleTrimEnd',
    keys: 'Shift+W',
    action: 'Ripple trim the selection’s end to the playhead (what follows moves up)',
    group: 'Trimming',
    matches: (e) => e.code === 'KeyW' && e.shiftKey && plain(e),
    run: () => rippleTrimToPlayhead('end'),
  },
  {
    id: 'roll',
    keys: 'E',
    action: 'Roll the selected clip’s nearest cut to the playhead',
    group: 'Trimming',
    matches: key('e', (e) => plain(e) && !e.shiftKey),
    run: rollToPlayhead,
  },
  {
    id: 'slide',
    keys: 'Alt+, / .',
    action: 'Slide the selected clip one frame left / right',
    group: 'Trimming',
    matches: (e) => (e.code === 'Comma' || e.code === 'Period') && e.altKey && !e.ctrlKey && !e.metaKey,
    run: (e) => nudgeTrim('slide', e.code === 'Period' ? 1 : -1),
  },
  {
    id: 'slip',
    keys: 'Mod+Alt+← / →',
    action: 'Slip the selected clip one frame left / right (its media moves under it)',
    group: 'Trimming',
    matches: (e) => arrow(e) && e.altKey && mod(e),
    run: (e) => nudgeTrim('slip', direction(e)),
  },
];

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
  ...TRIMMING,
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
  {
    id: 'freeze',
    keys: 'F',
    action: 'Freeze frame at the playhead (holds it 2 s; the Inspector sets another length)',
    group: 'Editing',
    matches: key('f', (e) => plain(e) && !e.shiftKey),
    run: () => freezeFrameAtPlayhead(),
  },
  {
    id: 'keyframe',
    keys: 'Alt+K',
    action: 'Add / remove a keyframe at the playhead (the property in the keyframe lane)',
    group: 'Editing',
    matches: (e) => e.code === 'KeyK' && e.altKey && !e.ctrlKey && !e.metaKey,
    run: toggleKeyframeAtPlayhead,
  },
  {
    id: 'jumpKeyframe',
    keys: 'Alt+[ / ]',
    action: 'Playhead to the previous / next keyframe',
    group: 'Playback',
    matches: (e) => (e.code === 'BracketLeft' || e.code === 'BracketRight') && e.altKey && !e.ctrlKey && !e.metaKey,
    run: (e) => jumpToKeyframe(e.code === 'BracketRight' ? 1 : -1),
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
