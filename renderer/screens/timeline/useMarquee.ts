// A box dragged on the tracks' background selects every clip it touches, across tracks
// (Shift, Ctrl or ⌘ add them to the selection). The box is drawn while the pointer moves;
// nothing is edited.
import { useRef, useState, type PointerEvent, type RefObject } from 'react';
import type { Track } from '../../../shared/timeline/timelineTypes.ts';
import { boxBetween, clipsInBox } from '../../model/timeline/marquee.ts';
import { useTimelineView } from '../../stores/timelineViewStore.ts';
import { laneLayout, rowAt } from '../../model/timeline/laneLayout.ts';

const START_PX = 4;

export interface MarqueeRect {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

export function useMarquee(lanesRef: RefObject<HTMLElement | null>, tracks: readonly Track[]) {
  const [rect, setRect] = useState<MarqueeRect | null>(null);
  const tracksRef = useRef(tracks);
  tracksRef.current = tracks;

  function onPointerDown(event: PointerEvent<HTMLElement>): void {
    const lanes = lanesRef.current;
    if (event.button !== 0 || !lanes || (event.target as Element).closest('.tl-clip, .tl-clip-automation')) return;
    const origin = lanes.getBoundingClientRect();
    const startX = event.clientX - origin.left;
    const startY = event.clientY - origin.top;
    const adding = event.shiftKey || event.ctrlKey || event.metaKey;
    const before = [...useTimelineView.getState().selection];
    const target = event.currentTarget;
    target.setPointerCapture(event.pointerId);
    let drawing = false;
    const layout = laneLayout(tracksRef.current, useTimelineView.getState().trackHeights);
    const corner = (x: number, y: number) => {
      const view = useTimelineView.getState();
      return { ms: view.viewStartMs + x / view.pxPerMs, row: rowAt(layout, y) };
    };
    const move = (e: globalThis.PointerEvent) => {
      const x = e.clientX - origin.left;
      const y = e.clientY - origin.top;
      if (!drawing && Math.abs(x - startX) < START_PX && Math.abs(y - startY) < START_PX) return;
      drawing = true;
      setRect({
        left: Math.min(x, startX),
        top: Math.min(y, startY),
        width: Math.abs(x - startX),
        height: Math.abs(y - startY),
      });
      const ids = clipsInBox(tracksRef.current, boxBetween(corner(startX, startY), corner(x, y)));
      useTimelineView.getState().select(adding ? [...before, ...ids] : ids);
    };
    const up = () => {
      target.removeEventListener('pointermove', move);
      target.removeEventListener('pointerup', up);
      target.removeEventListener('pointercancel', up);
      setRect(null);
    };
    target.addEventListener('pointermove', move);
    target.addEventListener('pointerup', up);
    target.addEventListener('pointercancel', up);
  }

  return { rect, onPointerDown };
}
