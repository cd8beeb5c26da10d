// The timeline's toolbar: playback and the playhead's time, the edits (undo, redo, split,
// delete, ripple delete, copy, paste), zoom from the whole project to a single frame,
// snapping, and the shortcuts. Each button does what its shortcut does.
import { useEffect, useState } from 'react';
import { useTimeline } from '../../stores/timelineStore.ts';
import { useTimelineView, zoomBounds } from '../../stores/timelineViewStore.ts';
import { copySelection, deleteSelection, pasteAtPlayhead, splitAtPlayhead } from './timelineActions.ts';
import { formatTime, parseTime } from './timelineGeometry.ts';

function PlayheadField() {
  const playheadMs = useTimelineView((s) => s.playheadMs);
  const playing = useTimelineView((s) => s.playRate !== 0);
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

export function TimelineToolbar({ onHelp }: { onHelp: () => void }) {
  const playRate = useTimelineView((s) => s.playRate);
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
        <button type="button" aria-label="Play backwards" title="J" onClick={() => view().play(-1)}>
          ◀
        </button>
        <button
          type="button"
          aria-label={playRate === 0 ? 'Play' : 'Pause'}
          title="Space"
          onClick={() => view().play(playRate === 0 ? 1 : 0)}
        >
          {playRate === 0 ? '▶' : '❚❚'}
        </button>
        <PlayheadField />
        {playRate !== 0 && <span className="tl-rate">{playRate}×</span>}
      </span>
      <span className="tl-group">
        <button
          type="button"
          onClick={() => useTimeline.getState().undo()}
          disabled={!canUndo}
          title={undoLabel ? `Undo ${undoLabel} (Ctrl+Z)` : 'Undo (Ctrl+Z)'}
        >
          Undo
        </button>
        <button
          type="button"
          onClick={() => useTimeline.getState().redo()}
          disabled={!canRedo}
          title={redoLabel ? `Redo ${redoLabel} (Ctrl+Shift+Z)` : 'Redo (Ctrl+Shift+Z)'}
        >
          Redo
        </button>
      </span>
      <span className="tl-group">
        <button type="button" onClick={splitAtPlayhead} title="S">
          Split
        </button>
        <button type="button" onClick={() => deleteSelection(false)} disabled={!hasSelection} title="Delete">
          Delete
        </button>
        <button type="button" onClick={() => deleteSelection(true)} disabled={!hasSelection} title="Shift+Delete">
          Ripple delete
        </button>
        <button type="button" onClick={() => void copySelection()} disabled={!hasSelection} title="Ctrl+C">
          Copy
        </button>
        <button type="button" onClick={pasteAtPlayhead} disabled={!canPaste} title="Ctrl+V">
          Paste
        </button>
      </span>
      <span className="tl-group">
        <button type="button" aria-label="Zoom out" title="−" onClick={() => view().zoomBy(1 / 1.5)}>
          −
        </button>
        <ZoomSlider />
        <button type="button" aria-label="Zoom in" title="+" onClick={() => view().zoomBy(1.5)}>
          +
        </button>
        <button type="button" onClick={() => view().zoomToFit()} title="Z">
          Whole project
        </button>
        <button type="button" onClick={() => view().zoomToFrame()} title="Shift+Z">
          Frame
        </button>
        <button type="button" aria-pressed={snapping} onClick={() => view().setSnapping(!snapping)} title="N">
          Snap
        </button>
      </span>
      <span className="tl-group tl-group-end">
        <button
          type="button"
          onClick={() => void useTimeline.getState().reload()}
          title="Read the timeline from the service again"
        >
          Reload
        </button>
        <button type="button" onClick={onHelp} title="?">
          Shortcuts
        </button>
      </span>
    </div>
  );
}
