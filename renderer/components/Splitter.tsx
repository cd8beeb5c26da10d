// A separator that resizes the panel beside it (the WAI-ARIA window splitter): drag it, or
// focus it and use the arrow keys (Shift: bigger steps), Home and End; a double-click gives
// the panel its default size back. The size is the panel's, in pixels, kept by name in the
// preferences (saved across restarts): read it with usePanelSize, clamp it to what fits.
//
//   const binWidth = clampSize(usePanelSize('timeline.bin', 220), 140, 480);
//   <aside id="tl-bin" style={{ width: binWidth }}>…</aside>
//   <Splitter panel="timeline.bin" label="Media bin width" controls="tl-bin"
//             orientation="vertical" side="start" size={binWidth} min={140} max={480} defaultSize={220} />
//
// orientation is the separator's own (vertical: a line between columns, it changes widths);
// side says where the panel is: start (left or above the separator) or end (right or below).
import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { usePreferences } from '../stores/preferencesStore.ts';
import './splitter.css';

export interface SplitterProps {
  /** The preference the size is kept under ("timeline.bin"). */
  panel: string;
  /** The separator's accessible name ("Media bin width"). */
  label: string;
  /** The id of the panel it resizes. */
  controls: string;
  orientation: 'vertical' | 'horizontal';
  side: 'start' | 'end';
  size: number;
  min: number;
  max: number;
  defaultSize: number;
  className?: string;
}

const STEP_PX = 16;
const BIG_STEP_PX = 64;

export function clampSize(size: number, min: number, max: number): number {
  return Math.round(Math.min(Math.max(size, min), Math.max(min, max)));
}

export function Splitter({
  panel,
  label,
  controls,
  orientation,
  side,
  size,
  min,
  max,
  defaultSize,
  className,
}: SplitterProps) {
  const setPanelSize = usePreferences((s) => s.setPanelSize);
  const drag = useRef<{ start: number; size: number } | null>(null);
  const set = (next: number) => setPanelSize(panel, clampSize(next, min, max));
  // Moving towards the end (right, down) grows a panel at the start and shrinks one at the end.
  const direction = side === 'start' ? 1 : -1;
  const along = (event: { clientX: number; clientY: number }) =>
    orientation === 'vertical' ? event.clientX : event.clientY;

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    event.currentTarget.focus();
    drag.current = { start: along(event), size };
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    if (!drag.current) return;
    set(drag.current.size + direction * (along(event) - drag.current.start));
  }

  function onPointerEnd() {
    drag.current = null;
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const step = event.shiftKey ? BIG_STEP_PX : STEP_PX;
    const towardsEnd = orientation === 'vertical' ? 'ArrowRight' : 'ArrowDown';
    const towardsStart = orientation === 'vertical' ? 'ArrowLeft' : 'ArrowUp';
    let next: number | null = null;
    if (event.key === towardsEnd) next = size + direction * step;
    else if (event.key === towardsStart) next = size - direction * step;
    else if (event.key === 'Home') next = min;
    else if (event.key === 'End') next = max;
    else if (event.key === 'Enter') next = defaultSize;
    if (next === null) return;
    event.preventDefault();
    // The screen's own shortcuts (arrows move the playhead) must not see this key.
    event.stopPropagation();
    set(next);
  }

  return (
    <div
      role="separator"
      tabIndex={0}
      aria-label={label}
      aria-controls={controls}
      aria-orientation={orientation}
      aria-valuenow={clampSize(size, min, max)}
      aria-valuemin={min}
      aria-valuemax={Math.max(min, max)}
      aria-valuetext={`${clampSize(size, min, max)} pixels`}
      className={['ui-splitter', `ui-splitter--${orientation}`, className].filter(Boolean).join(' ')}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      onDoubleClick={() => set(defaultSize)}
      onKeyDown={onKeyDown}
    />
  );
}
