// The time ruler: ticks and time labels for what is on screen (a canvas redrawn at most once
// a frame as the view moves), the preview range, and the playhead — a slider a keyboard
// moves frame by frame, and a pointer clicks or scrubs — and over it the markers
// (MarkerStrip.tsx), beside the slider rather than in it, so each is a control of its own.
import { useEffect, useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { usePlayback } from '../../stores/playbackStore.ts';
import { usePreferences } from '../../stores/preferencesStore.ts';
import { stepFrames, useTimelineView } from '../../stores/timelineViewStore.ts';
import { formatTime } from '../../model/timeline/timelineGeometry.ts';
import { MarkerEditor } from './MarkerEditor.tsx';
import { MarkerStrip } from './MarkerStrip.tsx';

const STEPS_MS = [
  1000 / 30,
  100,
  200,
  500,
  1000,
  2000,
  5000,
  10_000,
  15_000,
  30_000,
  60_000,
  120_000,
  300_000,
  600_000,
  1_800_000,
  3_600_000,
];

function label(ms: number, step: number): string {
  const text = formatTime(ms);
  if (step >= 60_000) return text.slice(0, 5);
  if (step >= 1000) return text.slice(3, 8);
  return text.slice(3, 12);
}

function draw(canvas: HTMLCanvasElement): void {
  const { viewStartMs, pxPerMs, viewportPx } = useTimelineView.getState();
  const { range } = usePlayback.getState();
  const height = canvas.clientHeight || 28;
  if (canvas.width !== viewportPx) canvas.width = viewportPx;
  if (canvas.height !== height) canvas.height = height;
  const g = canvas.getContext('2d');
  if (!g) return;
  const style = getComputedStyle(canvas);
  g.clearRect(0, 0, viewportPx, height);
  if (range) {
    // The range's colour is the canvas's outline colour (timeline.css): a property the browser resolves to rgb.
    g.fillStyle = style.outlineColor;
    g.fillRect((range.startMs - viewStartMs) * pxPerMs, 0, (range.endMs - range.startMs) * pxPerMs, height);
  }
  g.fillStyle = style.color;
  g.strokeStyle = style.color;
  g.font = `11px ${style.fontFamily}`;
  // Labelled ticks about every 90 px, small ones between.
  const step = STEPS_MS.find((s) => s * pxPerMs >= 90) ?? STEPS_MS.at(-1)!;
  const minor = step / 5;
  const first = Math.floor(viewStartMs / minor) * minor;
  g.beginPath();
  for (let ms = first; ms <= viewStartMs + viewportPx / pxPerMs; ms += minor) {
    const x = Math.round((ms - viewStartMs) * pxPerMs) + 0.5;
    const major = Math.abs(ms / step - Math.round(ms / step)) < 1e-6;
    g.moveTo(x, height);
    g.lineTo(x, major ? height - 12 : height - 5);
    if (major) g.fillText(label(ms, step), x + 3, 11);
  }
  g.stroke();
}

export function TimeRuler() {
  const canvas = useRef<HTMLCanvasElement>(null);
  const playheadMs = useTimelineView((s) => s.playheadMs);
  const contentMs = useTimelineView((s) => s.contentMs);
  // A new theme changes the colours the canvas reads.
  const theme = usePreferences((s) => s.theme);

  useEffect(() => {
    let frame: number | null = null;
    const redraw = () => {
      if (frame !== null) return;
      frame = requestAnimationFrame(() => {
        frame = null;
        if (canvas.current) draw(canvas.current);
      });
    };
    redraw();
    const off = useTimelineView.subscribe((s, before) => {
      if (s.viewStartMs !== before.viewStartMs || s.pxPerMs !== before.pxPerMs || s.viewportPx !== before.viewportPx)
        redraw();
    });
    const offRange = usePlayback.subscribe((s, before) => {
      if (s.range !== before.range) redraw();
    });
    return () => {
      off();
      offRange();
      if (frame !== null) cancelAnimationFrame(frame);
    };
  }, [theme]);

  function seek(event: PointerEvent<HTMLDivElement>) {
    const { viewStartMs, pxPerMs, setPlayhead } = useTimelineView.getState();
    setPlayhead(viewStartMs + (event.clientX - event.currentTarget.getBoundingClientRect().left) / pxPerMs, false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    // Arrows with Alt, Ctrl or ⌘ are the keymap's (select the next clip, slip): not a step of the playhead.
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const { playheadMs: at, setPlayhead } = useTimelineView.getState();
    const frames = event.shiftKey ? 30 : 1;
    if (event.key === 'ArrowRight') setPlayhead(stepFrames(at, frames));
    else if (event.key === 'ArrowLeft') setPlayhead(stepFrames(at, -frames));
    else return;
    event.preventDefault();
    event.stopPropagation();
  }

  return (
    <div className="tl-ruler-area">
      <div
        className="tl-ruler"
        role="slider"
        tabIndex={0}
        aria-label="Playhead"
        aria-valuemin={0}
        aria-valuemax={Math.round(contentMs)}
        aria-valuenow={playheadMs}
        aria-valuetext={formatTime(playheadMs)}
        onPointerDown={(event) => {
          event.currentTarget.setPointerCapture(event.pointerId);
          seek(event);
        }}
        onPointerMove={(event) => {
          if (event.buttons & 1) seek(event);
        }}
        onKeyDown={onKeyDown}
      >
        <canvas ref={canvas} className="tl-ruler-canvas" aria-hidden="true" />
      </div>
      <MarkerStrip />
      <MarkerEditor />
    </div>
  );
}
