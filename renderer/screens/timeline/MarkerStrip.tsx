// The markers on the ruler: a flag per marker in the visible stretch, in its colour. A click
// (or Enter) opens its editor; a drag moves it (one edit when the pointer lets go, snapping
// to the playhead); Delete removes it; Alt+← / → moves it a frame. Each flag is a button
// named by the marker's name and time.
import { useState, type KeyboardEvent, type PointerEvent } from 'react';
import { markersOf, MARKER_COLORS, type Marker } from '../../../shared/timeline/timelineTypes.ts';
import { Tooltip } from '../../components/Tooltip.tsx';
import { FRAME_MS, formatTime } from '../../model/timeline/timelineGeometry.ts';
import { useMarkerEdit } from '../../stores/markerEditStore.ts';
import { useTimeline } from '../../stores/timelineStore.ts';
import { stepFrames, useTimelineView } from '../../stores/timelineViewStore.ts';
import { removeMarker, updateMarker } from './markerActions.ts';

/** How far (px) a pointer must go before a press on a flag is a drag, not a click. */
const DRAG_PX = 3;
/** A drag within this many pixels of the playhead lands on it. */
const SNAP_PX = 6;

interface Drag {
  id: string;
  fromX: number;
  startMs: number;
  atMs: number;
  moved: boolean;
}

const colorClass = (marker: Marker) =>
  `tl-marker is-${(MARKER_COLORS as readonly string[]).includes(marker.color) ? marker.color : MARKER_COLORS[0]}`;

export function markerLabel(marker: Marker): string {
  return `Marker ${marker.name} at ${formatTime(marker.atMs)}`;
}

export function MarkerStrip() {
  const markers = useTimeline((s) => markersOf(s.timeline ?? {}));
  const viewStartMs = useTimelineView((s) => s.viewStartMs);
  const pxPerMs = useTimelineView((s) => s.pxPerMs);
  const viewportPx = useTimelineView((s) => s.viewportPx);
  const [drag, setDrag] = useState<Drag | null>(null);

  function onPointerDown(event: PointerEvent<HTMLButtonElement>, marker: Marker) {
    if (event.button !== 0) return;
    event.stopPropagation();
    event.currentTarget.setPointerCapture(event.pointerId);
    setDrag({ id: marker.id, fromX: event.clientX, startMs: marker.atMs, atMs: marker.atMs, moved: false });
  }

  function onPointerMove(event: PointerEvent<HTMLButtonElement>) {
    if (!drag) return;
    const dx = event.clientX - drag.fromX;
    if (!drag.moved && Math.abs(dx) < DRAG_PX) return;
    const { playheadMs, snapping } = useTimelineView.getState();
    let atMs = Math.max(0, Math.round(drag.startMs + dx / pxPerMs));
    if (snapping && Math.abs(atMs - playheadMs) * pxPerMs <= SNAP_PX) atMs = Math.round(playheadMs);
    setDrag({ ...drag, atMs, moved: true });
  }

  function onPointerUp(marker: Marker) {
    if (!drag) return;
    setDrag(null);
    if (!drag.moved) useMarkerEdit.getState().open(marker.id);
    else if (drag.atMs !== marker.atMs) updateMarker(marker.id, { atMs: drag.atMs });
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, marker: Marker) {
    if (event.key === 'Delete' || event.key === 'Backspace') removeMarker(marker.id);
    else if ((event.key === 'ArrowLeft' || event.key === 'ArrowRight') && event.altKey)
      updateMarker(marker.id, {
        atMs: Math.max(0, Math.round(stepFrames(marker.atMs, event.key === 'ArrowRight' ? 1 : -1))),
      });
    else return;
    // Not also the timeline's own Delete (the clips) or Alt+arrows (the selection).
    event.preventDefault();
    event.stopPropagation();
  }

  const endMs = viewStartMs + viewportPx / pxPerMs;
  return (
    <div className="tl-markers" role="group" aria-label="Markers">
      {markers.map((marker) => {
        const atMs = drag?.id === marker.id ? drag.atMs : marker.atMs;
        if (atMs < viewStartMs - FRAME_MS * 10 || atMs > endMs) return null;
        return (
          <Tooltip key={marker.id} content={`${marker.name} · ${formatTime(atMs)}`}>
            <button
              type="button"
              className={`${colorClass(marker)}${drag?.id === marker.id && drag.moved ? ' is-dragging' : ''}`}
              style={{ left: (atMs - viewStartMs) * pxPerMs }}
              aria-label={markerLabel(marker)}
              aria-description={marker.note}
              aria-keyshortcuts="Enter Delete Alt+ArrowLeft Alt+ArrowRight"
              onPointerDown={(event) => onPointerDown(event, marker)}
              onPointerMove={onPointerMove}
              onPointerUp={() => onPointerUp(marker)}
              onPointerCancel={() => setDrag(null)}
              onKeyDown={(event) => onKeyDown(event, marker)}
              onClick={(event) => {
                // A pointer's click was handled on pointer up; this is Enter or Space.
                if (event.detail === 0) useMarkerEdit.getState().open(marker.id);
              }}
            />
          </Tooltip>
        );
      })}
    </div>
  );
}
