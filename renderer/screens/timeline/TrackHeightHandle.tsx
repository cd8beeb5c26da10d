// The bottom edge of a track's header: drag it to make the track taller or shorter, or focus
// it and use the arrow keys (Home: the default height). A window splitter, as WAI-ARIA says.
import type { KeyboardEvent, PointerEvent } from 'react';
import { LANE_HEIGHTS } from '../../model/timeline/laneLayout.ts';
import { useTimelineView } from '../../stores/timelineViewStore.ts';

export function TrackHeightHandle({ trackId, name, height }: { trackId: string; name: string; height: number }) {
  const set = (px: number | null) => useTimelineView.getState().setTrackHeight(trackId, px);

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (event.button !== 0) return;
    event.preventDefault();
    const target = event.currentTarget;
    target.setPointerCapture(event.pointerId);
    const startY = event.clientY;
    const move = (e: globalThis.PointerEvent) => set(height + e.clientY - startY);
    const up = () => {
      target.removeEventListener('pointermove', move);
      target.removeEventListener('pointerup', up);
      target.removeEventListener('pointercancel', up);
    };
    target.addEventListener('pointermove', move);
    target.addEventListener('pointerup', up);
    target.addEventListener('pointercancel', up);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const step = event.shiftKey ? LANE_HEIGHTS.step * 4 : LANE_HEIGHTS.step;
    if (event.key === 'ArrowDown') set(height + step);
    else if (event.key === 'ArrowUp') set(height - step);
    else if (event.key === 'Home') set(null);
    else return;
    event.preventDefault();
    event.stopPropagation();
  }

  return (
    <div
      className="tl-track-height"
      role="separator"
      aria-orientation="horizontal"
      aria-label={`Height of ${name}`}
      aria-valuenow={height}
      aria-valuemin={LANE_HEIGHTS.min}
      aria-valuemax={LANE_HEIGHTS.max}
      tabIndex={0}
      title="Drag to make the track taller or shorter (double-click: the usual height)"
      onPointerDown={onPointerDown}
      onKeyDown={onKeyDown}
      onDoubleClick={() => set(null)}
    />
  );
}
