// The crop of the selected clip by hand, in the monitor's crop mode: a handle on each edge of
// the part kept, inside the clip's box (so it turns with it). Dragging an edge moves that side
// (the pointer's way measured along the box's own axes); arrow keys on a handle move it by a
// hundredth (Shift: a tenth). The outline follows at once and the monitor's picture with it
// (a keyframed side's picture only once the edit is made); releasing makes ONE edit
// ("Crop clip": static sides set, keyframed ones keyed at the playhead, as the Inspector does).
// Opposite sides always leave some picture. Escape cancels.
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { cropAt, type CropProperty, type CropWindow } from '../../../shared/timeline/crop.ts';
import type { EditorCommand } from '../../../shared/timeline/editorCommands.ts';
import type { MediaClip } from '../../../shared/timeline/timelineTypes.ts';
import { CROP_EDGES, inwardsOf, movedEdge, type CropEdge } from '../../preview/cropGeometry.ts';
import type { Box, Placement } from '../../preview/transformGeometry.ts';
import { useTimeline } from '../../stores/timelineStore.ts';
import { useTimelineView } from '../../stores/timelineViewStore.ts';
import { keyframedCommit } from './InspectorKeyframes.tsx';

type Edge = CropEdge;
const PROPERTY: Record<Edge, CropProperty> = {
  left: 'cropLeft',
  right: 'cropRight',
  top: 'cropTop',
  bottom: 'cropBottom',
};

interface Drag {
  readonly edge: Edge;
  readonly pointerId: number;
  readonly from: { x: number; y: number };
  readonly start: CropWindow;
  latest: CropWindow;
}

export function CropHandles({
  clip,
  box,
  placement,
  name,
}: {
  clip: MediaClip;
  box: Box;
  placement: Placement;
  name: string;
}) {
  const playheadMs = useTimelineView((s) => s.playheadMs);
  const preview = useTimelineView((s) => (s.transform?.clipId === clip.id ? s.transform.crop : undefined));
  const [, redraw] = useState(0);
  const drag = useRef<Drag | null>(null);
  const keyed = useRef<{ start: CropWindow; latest: CropWindow } | null>(null);
  const shown = preview ?? cropAt(clip, playheadMs - clip.startMs);

  const show = (crop: CropWindow | null) =>
    useTimelineView.getState().setTransform(crop ? { clipId: clip.id, properties: placement, crop } : null);

  function commit(start: CropWindow, next: CropWindow) {
    show(null);
    const statics: Record<string, number> = {};
    const commands: EditorCommand[] = [];
    for (const edge of CROP_EDGES) {
      if (next[edge] === start[edge]) continue;
      const keyframed = keyframedCommit(clip, PROPERTY[edge], next[edge]);
      if (keyframed) commands.push(keyframed);
      else statics[PROPERTY[edge]] = next[edge];
    }
    if (Object.keys(statics).length > 0)
      commands.unshift({ type: 'setClipProperties', clipId: clip.id, properties: statics });
    if (commands.length > 0) useTimeline.getState().edit(commands, 'Crop clip');
  }

  function cancel() {
    drag.current = null;
    keyed.current = null;
    show(null);
    redraw((n) => n + 1);
  }

  const handlers = (edge: Edge) => ({
    tabIndex: 0,
    role: 'button',
    'aria-keyshortcuts': edge === 'left' || edge === 'right' ? 'ArrowLeft ArrowRight' : 'ArrowUp ArrowDown',
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      if (event.button !== 0 || useTimeline.getState().review) return;
      event.preventDefault();
      event.stopPropagation();
      event.currentTarget.focus();
      event.currentTarget.setPointerCapture(event.pointerId);
      drag.current = {
        edge,
        pointerId: event.pointerId,
        from: { x: event.clientX, y: event.clientY },
        start: shown,
        latest: shown,
      };
    },
    onPointerMove: (event: PointerEvent<HTMLElement>) => {
      const d = drag.current;
      if (!d || d.pointerId !== event.pointerId) return;
      d.latest = movedEdge(d.start, d.edge, inwardsOf(box, d.edge, event.clientX - d.from.x, event.clientY - d.from.y));
      show(d.latest);
    },
    onPointerUp: (event: PointerEvent<HTMLElement>) => {
      const d = drag.current;
      if (!d || d.pointerId !== event.pointerId) return;
      drag.current = null;
      commit(d.start, d.latest);
    },
    onPointerCancel: cancel,
    onLostPointerCapture: () => drag.current && cancel(),
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      if (event.key === 'Escape' && (drag.current || keyed.current)) {
        event.preventDefault();
        event.stopPropagation();
        return cancel();
      }
      const inwards: Record<Edge, Record<string, number>> = {
        left: { ArrowRight: 1, ArrowLeft: -1 },
        right: { ArrowLeft: 1, ArrowRight: -1 },
        top: { ArrowDown: 1, ArrowUp: -1 },
        bottom: { ArrowUp: 1, ArrowDown: -1 },
      };
      const way = inwards[edge][event.key];
      if (way === undefined || event.altKey || event.ctrlKey || event.metaKey || drag.current) return;
      event.preventDefault();
      event.stopPropagation();
      const from = keyed.current?.latest ?? shown;
      const next = movedEdge(from, edge, way * (event.shiftKey ? 0.1 : 0.01));
      keyed.current = { start: keyed.current?.start ?? shown, latest: next };
      show(next);
    },
    onKeyUp: () => {
      const k = keyed.current;
      keyed.current = null;
      if (k) commit(k.start, k.latest);
    },
  });

  const { left, right, top, bottom } = shown;
  const kept = {
    left: left * box.width,
    top: top * box.height,
    width: (1 - left - right) * box.width,
    height: (1 - top - bottom) * box.height,
  };
  return (
    <div className="tl-crop" style={{ left: kept.left, top: kept.top, width: kept.width, height: kept.height }}>
      {CROP_EDGES.map((edge) => (
        <div
          key={edge}
          {...handlers(edge)}
          className={`tl-transform-handle tl-crop-edge is-${edge}`}
          aria-label={`Crop ${name} from the ${edge}`}
        />
      ))}
    </div>
  );
}
