// The timeline's toolbar: the playhead's time (playing is the monitor's), the edits (undo, redo, split,
// delete, ripple delete, copy, paste), the trim tools (selection, ripple, roll, slip, slide), zoom from the whole project to a single frame,
// snapping, and the shortcuts. Each button does what its shortcut does.
import {
  ArrowLeftRight,
  ArrowLeftToLine,
  ChevronsLeftRight,
  Columns2,
  FoldHorizontal,
  MousePointer2,
  MoveHorizontal,
  ClipboardPaste,
  Copy,
  Crosshair,
  Keyboard,
  Magnet,
  MapPin,
  Redo2,
  RefreshCw,
  Scissors,
  Trash2,
  Undo2,
  ZoomIn,
  ZoomOut,
} from 'lucide-react';
import { useEffect, useState } from 'react';
import { IconButton } from '../../components/Button.tsx';
import { Menu } from '../../components/Menu.tsx';
import { ClipMenu } from './ClipMenu.tsx';
import { addMarkerAtPlayhead, copyYoutubeChapters, jumpToMarker } from './markerActions.ts';
import { useTimeline } from '../../stores/timelineStore.ts';
import { usePlayback } from '../../stores/playbackStore.ts';
import { useTimelineView, zoomBounds, type TrimTool } from '../../stores/timelineViewStore.ts';
import { TOOL_NAMES } from './trimActions.ts';
import { copySelection, deleteSelection, pasteAtPlayhead, splitAtPlayhead } from './timelineActions.ts';
import { useKeysOf, useKeymap } from '../../keymap/keymap.ts';
import { TIMELINE_SHORTCUTS, toolCommand } from './shortcuts.ts';
import { formatTime, parseTime } from '../../model/timeline/timelineGeometry.ts';

function PlayheadField() {
  const playheadMs = useTimelineView((s) => s.playheadMs);
  const playing = usePlayback((s) => s.rate !== 0);
  const [text, setText] = useState(formatTime(playheadMs));
  const [editing, setEditing] = useState(false);
  useEffect(() => {
    if (!editing) setText(formatTime(playheadMs));
  }, [playheadMs, editing]);
  function commit() {
    const ms = parseTime(text);
    if (ms !== null) useTimelineView.getState().setPlayhead(ms);
    setEditing(false);
  }
  return (
    <input
      className="tl-timecode"
      aria-label="Playhead time"
      value={playing && !editing ? formatTime(playheadMs) : text}
      onFocus={() => setEditing(true)}
      onChange={(event) => setText(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          commit();
          (event.target as HTMLInputElement).blur();
        }
        if (event.key === 'Escape') {
          setEditing(false);
          (event.target as HTMLInputElement).blur();
        }
      }}
    />
  );
}

const TOOLS: readonly { tool: TrimTool; icon: typeof MousePointer2; tip: string }[] = [
  { tool: 'select', icon: MousePointer2, tip: 'Drag a clip to move it, an edge to trim it' },
  { tool: 'ripple', icon: FoldHorizontal, tip: 'Drag an edge: what follows moves with it on every sync-locked track' },
  { tool: 'roll', icon: ChevronsLeftRight, tip: 'Drag a cut between two clips: both change, nothing else moves' },
  { tool: 'slip', icon: Columns2, tip: 'Drag a clip: the part of its media it shows moves, the clip stays' },
  { tool: 'slide', icon: MoveHorizontal, tip: 'Drag a clip between its neighbours, which give and take' },
];

/** What a drag on a clip does: one tool at a time, pressed (the monitor shows two frames while a trim tool drags). */
function ToolPicker() {
  const current = useTimelineView((s) => s.tool);
  const keys = useKeysOf(TIMELINE_SHORTCUTS);
  return (
    <span className="tl-group" role="group" aria-label="Trim tools">
      {TOOLS.map(({ tool, icon, tip }) => (
        <IconButton
          key={tool}
          icon={icon}
          label={TOOL_NAMES[tool]}
          tip={`${TOOL_NAMES[tool]}: ${tip}`}
          shortcut={keys(toolCommand(tool))}
          pressed={current === tool}
          onClick={() => useTimelineView.getState().setTool(tool)}
        />
      ))}
    </span>
  );
}

/** The zoom as a slider from the whole project (0) to one frame (100), on a log scale. */
function ZoomSlider() {
  const pxPerMs = useTimelineView((s) => s.pxPerMs);
  const viewportPx = useTimelineView((s) => s.viewportPx);
  const contentMs = useTimelineView((s) => s.contentMs);
  const { min, max } = zoomBounds(viewportPx, contentMs);
  const span = Math.log(max / min) || 1;
  const value = Math.round((Math.log(pxPerMs / min) / span) * 100);
  return (
    <input
      type="range"
      aria-label="Zoom"
      aria-valuetext={`${Math.round(pxPerMs * 1000)} pixels per second`}
      min={0}
      max={100}
      value={Math.max(0, Math.min(100, value))}
      onChange={(event) => useTimelineView.getState().zoomTo(min * Math.exp((Number(event.target.value) / 100) * span))}
    />
  );
}

/** Every key of an action, from the shortcut table (the tooltip names them and aria-keyshortcuts lists them). */

export function TimelineToolbar() {
  const keys = useKeysOf(TIMELINE_SHORTCUTS);
  const snapping = useTimelineView((s) => s.snapping);
  const hasSelection = useTimelineView((s) => s.selection.size > 0);
  const canPaste = useTimelineView((s) => s.clipboard.length > 0);
  const canUndo = useTimeline((s) => s.history.undo.length > 0);
  const canRedo = useTimeline((s) => s.history.redo.length > 0);
  const undoLabel = useTimeline((s) => s.history.undo.at(-1)?.label);
  const redoLabel = useTimeline((s) => s.history.redo.at(-1)?.label);
  const view = useTimelineView.getState;
  return (
    <div className="tl-toolbar" role="toolbar" aria-label="Timeline tools">
      <span className="tl-group">
        <PlayheadField />
      </span>
      <span className="tl-separator" aria-hidden="true" />
      <span className="tl-group">
        <IconButton
          icon={Undo2}
          label="Undo"
          tip={undoLabel ? `Undo ${undoLabel}` : 'Undo'}
          shortcut={keys('undo')}
          onClick={() => useTimeline.getState().undo()}
          disabled={!canUndo}
        />
        <IconButton
          icon={Redo2}
          label="Redo"
          tip={redoLabel ? `Redo ${redoLabel}` : 'Redo'}
          shortcut={keys('redo')}
          onClick={() => useTimeline.getState().redo()}
          disabled={!canRedo}
        />
      </span>
      <span className="tl-separator" aria-hidden="true" />
      <span className="tl-group">
        <IconButton
          icon={Scissors}
          label="Split"
          tip="Split at the playhead"
          shortcut={keys('split')}
          onClick={splitAtPlayhead}
        />
        <IconButton
          icon={Trash2}
          label="Delete"
          tip="Delete the selected clips"
          shortcut={keys('delete')}
          onClick={() => deleteSelection(false)}
          disabled={!hasSelection}
        />
        <IconButton
          icon={ArrowLeftToLine}
          label="Ripple delete"
          tip="Delete the selected clips and close the gap"
          shortcut={keys('rippleDelete')}
          onClick={() => deleteSelection(true)}
          disabled={!hasSelection}
        />
        <IconButton
          icon={Copy}
          label="Copy"
          tip="Copy the selected clips"
          shortcut={keys('copy')}
          onClick={() => void copySelection()}
          disabled={!hasSelection}
        />
        <IconButton
          icon={ClipboardPaste}
          label="Paste"
          tip="Paste at the playhead"
          shortcut={keys('paste')}
          onClick={pasteAtPlayhead}
          disabled={!canPaste}
        />
      </span>
      <span className="tl-separator" aria-hidden="true" />
      <ToolPicker />
      <span className="tl-separator" aria-hidden="true" />
      <span className="tl-group">
        <IconButton icon={ZoomOut} label="Zoom out" shortcut={keys('zoomOut')} onClick={() => view().zoomBy(1 / 1.5)} />
        <ZoomSlider />
        <IconButton icon={ZoomIn} label="Zoom in" shortcut={keys('zoomIn')} onClick={() => view().zoomBy(1.5)} />
        <IconButton
          icon={ArrowLeftRight}
          label="Whole project"
          tip="Zoom to the whole project"
          shortcut={keys('zoomToFit')}
          onClick={() => view().zoomToFit()}
        />
        <IconButton
          icon={Crosshair}
          label="Frame"
          tip="Zoom to single frames"
          shortcut={keys('zoomToFrame')}
          onClick={() => view().zoomToFrame()}
        />
        <IconButton
          icon={Magnet}
          label="Snap"
          tip="Snap to clip edges and the playhead"
          shortcut={keys('snapping')}
          pressed={snapping}
          onClick={() => view().setSnapping(!snapping)}
        />
      </span>
      <span className="tl-separator" aria-hidden="true" />
      <span className="tl-group">
        <ClipMenu />
        <Menu
          label="Markers"
          text="Markers"
          icon={MapPin}
          size="sm"
          variant="ghost"
          items={[
            {
              id: 'add',
              label: 'Add marker at playhead',
              shortcut: keys('addMarker'),
              onSelect: addMarkerAtPlayhead,
            },
            {
              id: 'previous',
              label: 'Previous marker',
              shortcut: keys('previousMarker'),
              onSelect: () => jumpToMarker(-1),
            },
            { id: 'next', label: 'Next marker', shortcut: keys('nextMarker'), onSelect: () => jumpToMarker(1) },
            { id: 'sep', separator: true },
            {
              id: 'youtube',
              label: 'Copy YouTube chapters',
              onSelect: () => void copyYoutubeChapters(),
            },
          ]}
        />
      </span>
      <span className="tl-group tl-group-end">
        <IconButton
          icon={RefreshCw}
          label="Reload"
          tip="Read the timeline from the service again"
          onClick={() => void useTimeline.getState().reload()}
        />
        <IconButton
          icon={Keyboard}
          label="Shortcuts"
          tip="Keyboard shortcuts"
          shortcut={keys('help')}
          onClick={() => useKeymap.getState().setHelpOpen(true)}
        />
      </span>
    </div>
  );
}
