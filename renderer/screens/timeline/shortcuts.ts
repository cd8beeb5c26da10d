// The Timeline screen's keyboard shortcuts: the one table the keymap runs (renderer/keymap),
// the help panel lists, the toolbar's tooltips name and Settings › Shortcuts rebinds. Each row
// is one default key of a command ("Mod" is Ctrl, ⌘ on a Mac); a command with two keys has two
// rows with one id. One command does one thing, so any key the user gives it does that thing.
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
import { linkSelection, unlinkSelection } from './linkActions.ts';

export const SHORTCUT_GROUPS = ['Playback', 'Editing', 'Trimming', 'Markers', 'Selection', 'View'] as const;

const view = () => useTimelineView.getState();
const duration = () => useTimeline.getState().timeline?.durationMs ?? 0;

const transport = () => usePlayback.getState();

const frameBy = (frames: number) => view().setPlayhead(stepFrames(view().playheadMs, frames));

/** A tool's command: "toolRoll" (command names are camelCase words: Settings and files name them). */
export const toolCommand = (tool: TrimTool): string => `tool${tool[0]!.toUpperCase()}${tool.slice(1)}`;

/** A tool's key (as in Premiere Pro, but R for the roll tool: N is snapping here). */
const tool = (id: TrimTool, keys: string, action: string): Shortcut => ({
  id: toolCommand(id),
  keys,
  action,
  group: 'Trimming',
  run: () => view().setTool(id),
});

/** The trim tools and keys (docs/decisions.md, "Trimming"). */
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
    run: () => rippleTrimToPlayhead('start'),
  },
  {
    id: 'rippleTrimEnd',
    keys: 'Shift+W',
    action: 'Ripple trim the selection’s end to the playhead (what follows moves up)',
    group: 'Trimming',
    run: () => rippleTrimToPlayhead('end'),
  },
  {
    id: 'roll',
    keys: 'E',
    action: 'Roll the selected clip’s nearest cut to the playhead',
    group: 'Trimming',
    run: rollToPlayhead,
  },
  {
    id: 'slideLeft',
    keys: 'Alt+,',
    action: 'Slide the selected clip one frame left',
    group: 'Trimming',
    run: () => nudgeTrim('slide', -1),
  },
  {
    id: 'slideRight',
    keys: 'Alt+.',
    action: 'Slide the selected clip one frame right',
    group: 'Trimming',
    run: () => nudgeTrim('slide', 1),
  },
  {
    id: 'slipLeft',
    keys: 'Mod+Alt+ArrowLeft',
    action: 'Slip the selected clip one frame left (its media moves under it)',
    group: 'Trimming',
    run: () => nudgeTrim('slip', -1),
  },
  {
    id: 'slipRight',
    keys: 'Mod+Alt+ArrowRight',
    action: 'Slip the selected clip one frame right (its media moves under it)',
    group: 'Trimming',
    run: () => nudgeTrim('slip', 1),
  },
];

export const TIMELINE_SHORTCUTS: readonly Shortcut[] = [
  { id: 'play', keys: 'Space', action: 'Play or pause', group: 'Playback', run: () => transport().togglePlay() },
  {
    id: 'forwards',
    keys: 'L',
    action: 'Play forwards (again: faster)',
    group: 'Playback',
    run: () => transport().shuttle(1),
  },
  {
    id: 'backwards',
    keys: 'J',
    action: 'Play backwards (again: faster)',
    group: 'Playback',
    run: () => transport().shuttle(-1),
  },
  { id: 'pause', keys: 'K', action: 'Pause', group: 'Playback', run: () => transport().pause() },
  { id: 'frameBack', keys: 'ArrowLeft', action: 'Playhead one frame back', group: 'Playback', run: () => frameBy(-1) },
  { id: 'frameForward', keys: 'ArrowRight', action: 'Playhead one frame on', group: 'Playback', run: () => frameBy(1) },
  {
    id: 'secondBack',
    keys: 'Shift+ArrowLeft',
    action: 'Playhead one second back',
    group: 'Playback',
    run: () => frameBy(-30),
  },
  {
    id: 'secondForward',
    keys: 'Shift+ArrowRight',
    action: 'Playhead one second on',
    group: 'Playback',
    run: () => frameBy(30),
  },
  { id: 'toStart', keys: 'Home', action: 'Playhead to the start', group: 'Playback', run: () => view().setPlayhead(0) },
  {
    id: 'toEnd',
    keys: 'End',
    action: 'Playhead to the end',
    group: 'Playback',
    run: () => view().setPlayhead(duration()),
  },
  {
    id: 'markIn',
    keys: 'I',
    action: 'Range starts at the playhead (it loops, and Render preview renders it)',
    group: 'Playback',
    run: () => transport().markIn(view().playheadMs, duration()),
  },
  {
    id: 'markOut',
    keys: 'O',
    action: 'Range ends at the playhead',
    group: 'Playback',
    run: () => transport().markOut(view().playheadMs),
  },
  {
    id: 'loop',
    keys: 'Shift+L',
    action: 'Loop the range on / off',
    group: 'Playback',
    run: () => transport().toggleLoop(),
  },
  ...TRIMMING,
  { id: 'split', keys: 'S', action: 'Split at the playhead', group: 'Editing', run: splitAtPlayhead },
  // The other keys of Split (one command, so one row in the help panel and Settings).
  { id: 'split', keys: 'Mod+K', action: 'Split at the playhead', group: 'Editing', run: splitAtPlayhead },
  { id: 'split', keys: 'Mod+B', action: 'Split at the playhead', group: 'Editing', run: splitAtPlayhead },
  {
    id: 'trimStart',
    keys: 'Q',
    action: 'Trim the selection’s start to the playhead',
    group: 'Editing',
    run: () => trimSelectionToPlayhead('start'),
  },
  {
    id: 'trimEnd',
    keys: 'W',
    action: 'Trim the selection’s end to the playhead',
    group: 'Editing',
    run: () => trimSelectionToPlayhead('end'),
  },
  { id: 'delete', keys: 'Delete', action: 'Delete the selection', group: 'Editing', run: () => deleteSelection(false) },
  {
    id: 'delete',
    keys: 'Backspace',
    action: 'Delete the selection',
    group: 'Editing',
    run: () => deleteSelection(false),
  },
  {
    id: 'rippleDelete',
    keys: 'Shift+Delete',
    action: 'Ripple delete (close the gap)',
    group: 'Editing',
    run: () => deleteSelection(true),
  },
  {
    id: 'rippleDelete',
    keys: 'Shift+Backspace',
    action: 'Ripple delete (close the gap)',
    group: 'Editing',
    run: () => deleteSelection(true),
  },
  {
    id: 'nudgeLeft',
    keys: ',',
    action: 'Move the selection one frame left',
    group: 'Editing',
    run: () => nudgeSelection(-1),
  },
  {
    id: 'nudgeRight',
    keys: '.',
    action: 'Move the selection one frame right',
    group: 'Editing',
    run: () => nudgeSelection(1),
  },
  {
    id: 'freeze',
    keys: 'F',
    action: 'Freeze frame at the playhead (holds it 2 s; the Inspector sets another length)',
    group: 'Editing',
    run: () => freezeFrameAtPlayhead(),
  },
  {
    id: 'keyframe',
    keys: 'Alt+K',
    action: 'Add / remove a keyframe at the playhead (the property in the keyframe lane)',
    group: 'Editing',
    run: toggleKeyframeAtPlayhead,
  },
  {
    id: 'previousKeyframe',
    keys: 'Alt+[',
    action: 'Playhead to the previous keyframe',
    group: 'Playback',
    run: () => jumpToKeyframe(-1),
  },
  {
    id: 'nextKeyframe',
    keys: 'Alt+]',
    action: 'Playhead to the next keyframe',
    group: 'Playback',
    run: () => jumpToKeyframe(1),
  },
  {
    id: 'linkClips',
    keys: 'Alt+L',
    action: 'Link the selected clips (one per track): they move, trim and delete together',
    group: 'Editing',
    run: linkSelection,
  },
  {
    id: 'unlinkClips',
    keys: 'Alt+Shift+L',
    action: 'Unlink the selected clips',
    group: 'Editing',
    run: unlinkSelection,
  },
  { id: 'copy', keys: 'Mod+C', action: 'Copy', group: 'Editing', run: () => copySelection() },
  { id: 'cut', keys: 'Mod+X', action: 'Cut', group: 'Editing', run: cutSelection },
  { id: 'paste', keys: 'Mod+V', action: 'Paste at the playhead', group: 'Editing', run: pasteAtPlayhead },
  { id: 'undo', keys: 'Mod+Z', action: 'Undo', group: 'Editing', run: () => useTimeline.getState().undo() },
  { id: 'redo', keys: 'Mod+Shift+Z', action: 'Redo', group: 'Editing', run: () => useTimeline.getState().redo() },
  { id: 'redo', keys: 'Mod+Y', action: 'Redo', group: 'Editing', run: () => useTimeline.getState().redo() },
  {
    id: 'addMarker',
    keys: 'M',
    action: 'Add a marker at the playhead (and name it)',
    group: 'Markers',
    run: addMarkerAtPlayhead,
  },
  // As in Premiere Pro: Shift+M goes on to the next marker, Mod+Shift+M back to the previous.
  {
    id: 'nextMarker',
    keys: 'Shift+M',
    action: 'Playhead to the next marker',
    group: 'Markers',
    run: () => jumpToMarker(1),
  },
  {
    id: 'previousMarker',
    keys: 'Mod+Shift+M',
    action: 'Playhead to the previous marker',
    group: 'Markers',
    run: () => jumpToMarker(-1),
  },
  { id: 'selectAll', keys: 'Mod+A', action: 'Select every clip', group: 'Selection', run: selectAll },
  {
    id: 'selectPrevious',
    keys: 'Alt+ArrowLeft',
    action: 'Select the previous clip',
    group: 'Selection',
    run: () => selectAdjacent(-1),
  },
  {
    id: 'selectNext',
    keys: 'Alt+ArrowRight',
    action: 'Select the next clip',
    group: 'Selection',
    run: () => selectAdjacent(1),
  },
  { id: 'deselect', keys: 'Escape', action: 'Clear the selection', group: 'Selection', run: () => view().select([]) },
  { id: 'zoomIn', keys: '+', action: 'Zoom in', group: 'View', run: () => view().zoomBy(1.5) },
  { id: 'zoomIn', keys: '=', action: 'Zoom in', group: 'View', run: () => view().zoomBy(1.5) },
  { id: 'zoomOut', keys: '-', action: 'Zoom out', group: 'View', run: () => view().zoomBy(1 / 1.5) },
  { id: 'zoomToFit', keys: 'Z', action: 'Zoom to the whole project', group: 'View', run: () => view().zoomToFit() },
  { id: 'zoomToFrame', keys: 'Shift+Z', action: 'Zoom to a frame', group: 'View', run: () => view().zoomToFrame() },
  {
    id: 'snapping',
    keys: 'N',
    action: 'Snapping on / off',
    group: 'View',
    run: () => view().setSnapping(!view().snapping),
  },
  {
    id: 'help',
    keys: '?',
    action: 'Show these shortcuts',
    group: 'View',
    run: () => useKeymap.getState().setHelpOpen(true),
  },
];
