// The selected clip's box over the monitor, to move, scale and turn its picture by hand: drag
// the box to move it (snapping to the frame's centre lines and edges, with a guide; Alt holds
// snapping off), a corner to scale it (the opposite corner stays put; Shift keeps the centre
// instead), the handle above it to turn it (Shift: 15° steps). Arrow keys on any handle nudge
// the position by a pixel of the export's frame (Shift: 10). The monitor shows the result as it
// goes (timelineViewStore's `transform`, applied by the preview engine); releasing the pointer
// (or the arrow key) makes ONE edit of the clip's properties, one undo entry, and the Inspector
// follows through the timeline store. Escape cancels. Only for a visual media clip on a video
// track, under the playhead, and only when it is the one such clip selected; captions are
// placed by their style, not here. In crop mode the box offers its crop's edges instead
// (CropHandles.tsx).
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent, type RefObject } from 'react';
import type { Catalog, MediaClip } from '../../../shared/timeline/timelineTypes.ts';
import { fitOf } from '../../../shared/timeline/timelineTypes.ts';
import { locate } from '../../model/timeline/clipCommands.ts';
import { placementOf } from '../../preview/composeFrame.ts';
import { fitBox, type Size } from '../../preview/frameGeometry.ts';
import {
  CORNERS,
  DEFAULT_LIMITS,
  boxOf,
  changedProperties,
  cornerOf,
  isArrowKey,
  isWithin,
  moveBy,
  nudge,
  rotateBy,
  rotationHandleOffset,
  scaleFromCorner,
  type Box,
  type Corner,
  type Guide,
  type Limits,
  type Placement,
  type Point,
} from '../../preview/transformGeometry.ts';
import { usePreviewMedia } from '../../stores/previewMediaStore.ts';
import { useTimeline } from '../../stores/timelineStore.ts';
import { useTimelineMedia } from '../../stores/timelineMediaStore.ts';
import { useTimelineView } from '../../stores/timelineViewStore.ts';
import { CropHandles } from './CropHandles.tsx';

/**
 * How far past the stage the box is drawn: half a handle's 24 px target. A frame that fills the
 * monitor's height puts the corner handles on the stage's edge; cut there, half of each would
 * be gone (too small to hit, WCAG 2.5.8). They reach over the monitor's title and bar instead.
 */
const HANDLE_ROOM = 12;

/** How near (screen pixels) the box's centre or an edge must come to a frame line to snap to it. */
const SNAP_PX = 6;
/** How far above the box the rotation handle sits (screen pixels). */
const ROTATE_GAP_PX = 24;
const ROTATE_STEP_DEG = 15;
const NUDGE_KEYS =
  'ArrowLeft ArrowRight ArrowUp ArrowDown Shift+ArrowLeft Shift+ArrowRight Shift+ArrowUp Shift+ArrowDown';

/**
 * Where the frame lies in its stage (CSS pixels), and the area the box is drawn in and cut
 * to: the stage, or the zoomed frame where it is larger (the stage then scrolls).
 */
interface FrameRect {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
  readonly stageWidth: number;
  readonly stageHeight: number;
}

function useFrameRect(frameRef: RefObject<HTMLElement | null>): FrameRect | null {
  const [rect, setRect] = useState<FrameRect | null>(null);
  useEffect(() => {
    const frame = frameRef.current;
    const stage = frame?.parentElement;
    if (!frame || !stage) return;
    const measure = () =>
      setRect((before) => {
        const next = {
          left: frame.offsetLeft,
          top: frame.offsetTop,
          width: frame.clientWidth,
          height: frame.clientHeight,
          stageWidth: Math.max(stage.clientWidth, frame.offsetLeft + frame.offsetWidth),
          stageHeight: Math.max(stage.clientHeight, frame.offsetTop + frame.offsetHeight),
        };
        return before && Object.entries(next).every(([k, v]) => before[k as keyof FrameRect] === v) ? before : next;
      });
    const observer = new ResizeObserver(measure);
    observer.observe(frame);
    observer.observe(stage);
    measure();
    return () => observer.disconnect();
  }, [frameRef]);
  return rect;
}

function limitsOf(catalog: Catalog | null): Limits {
  const range = (name: keyof Limits) => {
    const def = catalog?.properties.find((p) => p.name === name);
    return def ? ([def.min, def.max] as const) : DEFAULT_LIMITS[name];
  };
  return {
    positionX: range('positionX'),
    positionY: range('positionY'),
    scale: range('scale'),
    rotation: range('rotation'),
  };
}

interface Gesture {
  readonly kind: 'move' | 'scale' | 'rotate';
  readonly corner: Corner | null;
  readonly pointerId: number;
  readonly element: HTMLElement;
  /** The frame's top-left corner on the page when the drag began. */
  readonly origin: Point;
  readonly from: Point;
  readonly start: Placement;
  readonly box: Box;
  latest: Placement;
}

const LABELS = { move: 'Move clip', scale: 'Scale clip', rotate: 'Rotate clip' } as const;

export function TransformOverlay({
  frameRef,
  exportFrame,
  cropping = false,
}: {
  frameRef: RefObject<HTMLElement | null>;
  exportFrame: Size;
  /** Crop mode: the box offers its crop's edges instead of move, scale and turn. */
  cropping?: boolean;
}) {
  const rect = useFrameRect(frameRef);
  const timeline = useTimeline((s) => s.timeline);
  const catalog = useTimeline((s) => s.catalog);
  const selection = useTimelineView((s) => s.selection);
  const preview = useTimelineView((s) => s.transform);
  // The one selected picture: a media clip on a video track (captions are not placed by hand).
  const clip = useMemo(() => {
    const pictures = timeline ? locate(timeline, selection).filter((i) => i.track.kind === 'video') : [];
    return pictures.length === 1 && pictures[0]!.clip.kind === 'media' ? (pictures[0]!.clip as MediaClip) : null;
  }, [timeline, selection]);
  const underPlayhead = useTimelineView((s) => !!clip && s.playheadMs >= clip.startMs && s.playheadMs < clip.endMs);
  const shape = usePreviewMedia((s) => (clip ? (s.media.get(clip.assetId)?.info ?? null) : null));
  const name = useTimelineMedia((s) => (clip ? (s.assets.get(clip.assetId)?.filename ?? `Asset ${clip.assetId}`) : ''));
  const [guides, setGuides] = useState<Guide[]>([]);
  /** The corner being dragged stays on the page even past the monitor's edge, or the drag would be lost with it. */
  const [dragged, setDragged] = useState<Corner | null>(null);
  const gesture = useRef<Gesture | null>(null);
  const nudging = useRef<{ start: Placement; latest: Placement } | null>(null);
  const limits = useMemo(() => limitsOf(catalog), [catalog]);

  // The drag ends with the clip gone or deselected: nothing is left previewed.
  useEffect(() => () => useTimelineView.getState().setTransform(null), [clip?.id]);

  if (!clip || !underPlayhead || !shape?.hasVideo || !rect || rect.width === 0) return null;
  const clipId = clip.id;
  const frame = { width: rect.width, height: rect.height };
  const placement: Placement = preview?.clipId === clipId ? preview.properties : placementOf(clip);
  const box = boxOf(fitBox(shape, frame, fitOf(clip)), frame, placement);
  const bounds = {
    min: { x: -rect.left, y: -rect.top },
    max: { x: rect.stageWidth - rect.left, y: rect.stageHeight - rect.top },
  };
  const rotateOffset = rotationHandleOffset(box, ROTATE_GAP_PX, bounds);
  // A corner off the monitor is not offered: it could be focused but neither seen nor reached.
  const corners = CORNERS.filter((corner) => corner === dragged || isWithin(cornerOf(box, corner), bounds));

  const show = (properties: Placement) => useTimelineView.getState().setTransform({ clipId, properties });

  function finish(start: Placement, next: Placement, label: string) {
    const properties = changedProperties(start, next);
    if (Object.keys(properties).length > 0)
      useTimeline.getState().edit([{ type: 'setClipProperties', clipId, properties }], label);
    useTimelineView.getState().setTransform(null);
  }

  function cancel() {
    const g = gesture.current;
    gesture.current = null;
    nudging.current = null;
    setGuides([]);
    setDragged(null);
    if (g?.element.hasPointerCapture(g.pointerId)) g.element.releasePointerCapture(g.pointerId);
    useTimelineView.getState().setTransform(null);
  }

  function begin(event: PointerEvent<HTMLElement>, kind: Gesture['kind'], corner: Corner | null = null) {
    if (event.button !== 0 || useTimeline.getState().review) return;
    event.preventDefault();
    event.stopPropagation();
    const element = event.currentTarget;
    element.focus();
    element.setPointerCapture(event.pointerId);
    setDragged(corner);
    const at = frameRef.current!.getBoundingClientRect();
    const origin = { x: at.left, y: at.top };
    gesture.current = {
      kind,
      corner,
      pointerId: event.pointerId,
      element,
      origin,
      from: { x: event.clientX - origin.x, y: event.clientY - origin.y },
      start: placement,
      box,
      latest: placement,
    };
  }

  function move(event: PointerEvent<HTMLElement>) {
    const g = gesture.current;
    if (!g || event.pointerId !== g.pointerId) return;
    const to = { x: event.clientX - g.origin.x, y: event.clientY - g.origin.y };
    let next: Placement;
    let snapped: Guide[] = [];
    if (g.kind === 'move') {
      const delta = { x: to.x - g.from.x, y: to.y - g.from.y };
      ({ placement: next, guides: snapped } = moveBy(g.start, g.box, frame, delta, event.altKey ? 0 : SNAP_PX, limits));
    } else if (g.kind === 'scale') {
      // The corner follows the pointer's way from where it took hold, so grabbing the knob off its centre does not jump.
      const corner = cornerOf(g.box, g.corner!);
      const pointer = { x: corner.x + to.x - g.from.x, y: corner.y + to.y - g.from.y };
      next = scaleFromCorner(g.start, g.box, frame, g.corner!, pointer, event.shiftKey, limits);
    } else next = rotateBy(g.start, g.box, g.from, to, event.shiftKey ? ROTATE_STEP_DEG : null, limits);
    g.latest = next;
    setGuides(snapped);
    show(next);
  }

  function end(event: PointerEvent<HTMLElement>) {
    const g = gesture.current;
    if (!g || event.pointerId !== g.pointerId) return;
    gesture.current = null;
    setGuides([]);
    setDragged(null);
    finish(g.start, g.latest, LABELS[g.kind]);
  }

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === 'Escape' && (gesture.current || nudging.current)) {
      event.preventDefault();
      event.stopPropagation();
      cancel();
      return;
    }
    if (!isArrowKey(event.key) || event.altKey || event.ctrlKey || event.metaKey || gesture.current) return;
    event.preventDefault();
    event.stopPropagation();
    const from = nudging.current?.latest ?? placement;
    const next = nudge(from, event.key, event.shiftKey ? 10 : 1, exportFrame, limits);
    nudging.current = { start: nudging.current?.start ?? placement, latest: next };
    show(next);
  }

  /** A held arrow key repeats; releasing it makes the one edit. */
  function commitNudge() {
    const n = nudging.current;
    nudging.current = null;
    if (n) finish(n.start, n.latest, 'Nudge clip');
  }

  const handlers = (kind: Gesture['kind'], corner: Corner | null = null) => ({
    tabIndex: 0,
    role: 'button',
    'aria-keyshortcuts': NUDGE_KEYS,
    onPointerDown: (e: PointerEvent<HTMLElement>) => begin(e, kind, corner),
    onPointerMove: move,
    onPointerUp: end,
    onPointerCancel: cancel,
    // Capture taken away without a release (the element left the page, the window lost it): nothing is edited.
    onLostPointerCapture: () => gesture.current && cancel(),
    onKeyDown,
    onKeyUp: (e: KeyboardEvent<HTMLElement>) => isArrowKey(e.key) && commitNudge(),
    onBlur: commitNudge,
  });

  return (
    <div
      className="tl-transform"
      style={{
        left: -HANDLE_ROOM,
        top: -HANDLE_ROOM,
        width: rect.stageWidth + 2 * HANDLE_ROOM,
        height: rect.stageHeight + 2 * HANDLE_ROOM,
      }}
    >
      <div
        className="tl-transform-frame"
        style={{ left: rect.left + HANDLE_ROOM, top: rect.top + HANDLE_ROOM, width: rect.width, height: rect.height }}
      >
        {guides.map((g) => (
          <div
            key={`${g.axis}${g.at}`}
            className={`tl-transform-guide is-${g.axis}`}
            style={g.axis === 'x' ? { left: g.at } : { top: g.at }}
            aria-hidden="true"
            data-testid="snap-guide"
          />
        ))}
        <div
          role="group"
          aria-label={`Place ${name} in the frame`}
          className="tl-transform-box"
          style={{
            width: box.width,
            height: box.height,
            transform: `translate(${box.centerX - box.width / 2}px, ${box.centerY - box.height / 2}px) rotate(${box.rotation}deg)`,
          }}
        >
          {cropping && <CropHandles clip={clip} box={box} placement={placement} name={name} />}
          {!cropping && <div {...handlers('move')} className="tl-transform-move" aria-label={`Move ${name}`} />}
          {!cropping &&
            corners.map((corner) => (
              <div
                key={corner}
                {...handlers('scale', corner)}
                className={`tl-transform-handle tl-transform-corner is-${corner}`}
                aria-label={`Scale ${name} from the ${corner.replace('-', ' ')} corner`}
              />
            ))}
          {!cropping && (
            <div
              {...handlers('rotate')}
              className={`tl-transform-handle tl-transform-rotate${rotateOffset > 0 ? '' : ' is-inside'}`}
              aria-label={`Rotate ${name}`}
            />
          )}
        </div>
      </div>
    </div>
  );
}
