// The timeline's toolbar: the playhead's time (playing is the monitor's), the edits (undo, redo, split,
// delete, ripple delete, copy, paste), zoom from the whole project to a single frame,
// snapping, and the shortcuts. Each button does what its shortcut does.
import { useEffect, useState } from 'react';
import { useTimeline } from '../../stores/timelineStore.ts';
import { usePlayback } from '../../stores/playbackStore.ts';
import { useTimelineView, zoomBounds } from '../../stores/timelineViewStore.ts';
import { copySelection, deleteSelection, pasteAtPlayhead, splitAtPlayhead } from './timelineActions.ts';
import { useKeymap, withKeys } from '../../keymap/keymap.ts';
import { TIMELINE_SHORTCUTS } from './shortcuts.ts';
import { formatTime, parseTime } from './timelineGeometry.ts';

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

/** The tooltip of a tool: what it does and every key that does it, from the shortcut table. */
const tip = (id: string, text?: string) => withKeys(TIMELINE_SHORTCUTS, id, text);

export function TimelineToolbar() {
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
      <span className="tl-group">
        <button
          type="button"
          onClick={() => useTimeline.getState().undo()}
          disabled={!canUndo}
          title={tip('undo', undoLabel ? `Undo ${undoLabel}` : 'Undo')}
        >
          Undo
        </button>
        <button
          type="button"
          onClick={() => useTimeline.getState().redo()}
          disabled={!canRedo}
          title={tip('redo', redoLabel ? `Redo ${redoLabel}` : 'Redo')}
        >
          Redo
        </button>
      </span>
      <span className="tl-group">
        <button type="button" onClick={splitAtPlayhead} title={tip('split', 'Split at the playhead')}>
          Split
        </button>
        <button type="button" onClick={() => deleteSelection(false)} disabled={!hasSelection} title={tip('delete')}>
          Delete
        </button>
        <button
          type="button"
          onClick={() => deleteSelection(true)}
          disabled={!hasSelection}
          title={tip('rippleDelete')}
        >
          Ripple delete
        </button>
        <button type="button" onClick={() => void copySelection()} disabled={!hasSelection} title={tip('copy')}>
          Copy
        </button>
        <button type="button" onClick={pasteAtPlayhead} disabled={!canPaste} title={tip('paste')}>
          Paste
        </button>
      </span>
      <span className="tl-group">
        <button
          type="button"
          aria-label="Zoom out"
          title={tip('zoom', 'Zoom out')}
          onClick={() => view().zoomBy(1 / 1.5)}
        >
          −
        </button>
        <ZoomSlider />
        <button type="button" aria-label="Zoom in" title={tip('zoom', 'Zoom in')} onClick={() => view().zoomBy(1.5)}>
          +
        </button>
        <button type="button" onClick={() => view().zoomToFit()} title={tip('zoomToFit')}>
          Whole project
        </button>
        <button type="button" onClick={() => view().zoomToFrame()} title={tip('zoomToFrame')}>
          Frame
        </button>
        <button
          type="button"
          aria-pressed={snapping}
          onClick={() => view().setSnapping(!snapping)}
          title={tip('snapping')}
        >
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
        <button type="button" onClick={() => useKeymap.getState().setHelpOpen(true)} title={tip('help')}>
          Shortcuts
        </button>
      </span>
    </div>
  );
}
