// The monitor's on-canvas transform, as pure geometry: where a clip's box and its handles
// lie in the frame (docs/render-semantics.md "The picture": the box is the fitted picture
// times `scale`, turned clockwise by `rotation` about its centre, its centre at
// (W/2 + positionX × W, H/2 + positionY × H)), and what a drag or a key makes of the
// clip's properties: a move (snapping the box's centre and edges to the frame's centre lines
// and edges), a corner drag (uniform scale; the opposite corner stays put, or the centre
// with Shift), the rotation handle (the pointer's turn about the centre; Shift in 15° steps)
// and a nudge of whole pixels of the export's frame. Everything is in pixels of the frame
// given (the monitor's, on screen), so the same functions serve any monitor size.
import type { Size } from './frameGeometry.ts';

export interface Point {
  readonly x: number;
  readonly y: number;
}

/** The clip properties the transform changes. */
export interface Placement {
  readonly positionX: number;
  readonly positionY: number;
  readonly scale: number;
  readonly rotation: number;
}

/** A clip's box in the frame: its size (fitted × scale), its centre and its clockwise turn. */
export interface Box {
  readonly centerX: number;
  readonly centerY: number;
  readonly width: number;
  readonly height: number;
  readonly rotation: number;
}

export type Corner = 'top-left' | 'top-right' | 'bottom-right' | 'bottom-left';
export const CORNERS: readonly Corner[] = ['top-left', 'top-right', 'bottom-right', 'bottom-left'];

/** A guide drawn while a move snaps: a vertical line at x (`axis` 'x') or a horizontal one at y. */
export interface Guide {
  readonly axis: 'x' | 'y';
  readonly at: number;
}

export type Range = readonly [min: number, max: number];
export type Limits = Readonly<Record<keyof Placement, Range>>;

/** The service's catalog ranges (sandbox/editor/editorCatalog.ts); a catalog's own replace them. */
export const DEFAULT_LIMITS: Limits = {
  positionX: [-1, 1],
  positionY: [-1, 1],
  scale: [0.1, 10],
  rotation: [-360, 360],
};

const clamp = (value: number, [min, max]: Range) => Math.min(max, Math.max(min, value));
/** Positions to a millionth of the frame (a nudge of 1/1920 adds up without drifting), scale to a thousandth, turns to a hundredth of a degree. */
const round = (value: number, places: number) => Number(value.toFixed(places));
const DEG = Math.PI / 180;

function tidy(p: Placement, limits: Limits): Placement {
  return {
    positionX: round(clamp(p.positionX, limits.positionX), 6),
    positionY: round(clamp(p.positionY, limits.positionY), 6),
    scale: round(clamp(p.scale, limits.scale), 3),
    rotation: round(clamp(p.rotation, limits.rotation), 2),
  };
}

/** The box of a picture whose fitted (unscaled) size is `fitted`, placed as `p` says. */
export function boxOf(fitted: Size, frame: Size, p: Placement): Box {
  return {
    centerX: frame.width / 2 + p.positionX * frame.width,
    centerY: frame.height / 2 + p.positionY * frame.height,
    width: fitted.width * p.scale,
    height: fitted.height * p.scale,
    rotation: p.rotation,
  };
}

/** A vector of the box's own (unturned) axes, turned clockwise by `degrees` into the frame's. */
function turn(v: Point, degrees: number): Point {
  const c = Math.cos(degrees * DEG);
  const s = Math.sin(degrees * DEG);
  return { x: v.x * c - v.y * s, y: v.x * s + v.y * c };
}

/** Which way each corner lies from the centre, in the box's own axes. */
const SIGNS: Record<Corner, Point> = {
  'top-left': { x: -1, y: -1 },
  'top-right': { x: 1, y: -1 },
  'bottom-right': { x: 1, y: 1 },
  'bottom-left': { x: -1, y: 1 },
};

export function cornerOf(box: Box, corner: Corner): Point {
  const sign = SIGNS[corner];
  const v = turn({ x: (sign.x * box.width) / 2, y: (sign.y * box.height) / 2 }, box.rotation);
  return { x: box.centerX + v.x, y: box.centerY + v.y };
}

/** Half the width and height of the upright rectangle around the turned box. */
function halfExtent(box: Box): Point {
  const c = Math.abs(Math.cos(box.rotation * DEG));
  const s = Math.abs(Math.sin(box.rotation * DEG));
  return { x: (box.width / 2) * c + (box.height / 2) * s, y: (box.width / 2) * s + (box.height / 2) * c };
}

/** The smallest shift (within `reach`) that puts one of `lines` on one of `targets`; 0 and null when none is near. */
function snapAxis(
  lines: readonly number[],
  targets: readonly number[],
  reach: number,
): { shift: number; at: number | null } {
  let best: { shift: number; at: number | null } = { shift: 0, at: null };
  for (const line of lines)
    for (const target of targets) {
      const shift = target - line;
      if (Math.abs(shift) <= reach && (best.at === null || Math.abs(shift) < Math.abs(best.shift)))
        best = { shift, at: target };
    }
  return best;
}

/**
 * A move by (dx, dy) frame pixels from where the drag began. The box's centre and its
 * outer edges snap to the frame's centre lines and edges within `snapPx` (0: no snapping);
 * each snap is returned as a guide to draw.
 */
export function moveBy(
  start: Placement,
  box: Box,
  frame: Size,
  delta: Point,
  snapPx: number,
  limits: Limits = DEFAULT_LIMITS,
): { placement: Placement; guides: Guide[] } {
  let dx = delta.x;
  let dy = delta.y;
  const guides: Guide[] = [];
  if (snapPx > 0) {
    const half = halfExtent(box);
    const cx = box.centerX + dx;
    const cy = box.centerY + dy;
    const x = snapAxis([cx, cx - half.x, cx + half.x], [frame.width / 2, 0, frame.width], snapPx);
    const y = snapAxis([cy, cy - half.y, cy + half.y], [frame.height / 2, 0, frame.height], snapPx);
    dx += x.shift;
    dy += y.shift;
    if (x.at !== null) guides.push({ axis: 'x', at: x.at });
    if (y.at !== null) guides.push({ axis: 'y', at: y.at });
  }
  const placement = tidy(
    { ...start, positionX: start.positionX + dx / frame.width, positionY: start.positionY + dy / frame.height },
    limits,
  );
  return { placement, guides };
}

/**
 * A corner dragged to `pointer` (frame pixels). The scale is uniform (one property), so the
 * corner follows the pointer along the box's diagonal: the pointer's projection on it gives
 * the new size. Without `keepCentre` the opposite corner stays where it was (the centre
 * moves along the diagonal); with it the centre stays.
 */
export function scaleFromCorner(
  start: Placement,
  box: Box,
  frame: Size,
  corner: Corner,
  pointer: Point,
  keepCentre: boolean,
  limits: Limits = DEFAULT_LIMITS,
): Placement {
  const sign = SIGNS[corner];
  const half = { x: (sign.x * box.width) / 2, y: (sign.y * box.height) / 2 };
  // The pointer in the box's own axes, from its centre.
  const local = turn({ x: pointer.x - box.centerX, y: pointer.y - box.centerY }, -box.rotation);
  const from = keepCentre ? { x: 0, y: 0 } : { x: -half.x, y: -half.y };
  const diagonal = keepCentre ? half : { x: 2 * half.x, y: 2 * half.y };
  const length2 = diagonal.x ** 2 + diagonal.y ** 2;
  if (length2 === 0 || start.scale <= 0) return start;
  const wanted = ((local.x - from.x) * diagonal.x + (local.y - from.y) * diagonal.y) / length2;
  const scale = clamp(start.scale * wanted, limits.scale);
  const k = scale / start.scale;
  // The new centre, in the box's axes: the fixed point plus k times its way to the old centre.
  const centre = keepCentre ? { x: 0, y: 0 } : { x: from.x + k * half.x, y: from.y + k * half.y };
  const moved = turn(centre, box.rotation);
  return tidy(
    {
      ...start,
      scale,
      positionX: start.positionX + moved.x / frame.width,
      positionY: start.positionY + moved.y / frame.height,
    },
    limits,
  );
}

/** Degrees, clockwise on screen, of the way from `centre` to `p`. */
const angleOf = (centre: Point, p: Point) => Math.atan2(p.y - centre.y, p.x - centre.x) / DEG;

/**
 * The rotation handle dragged from `from` to `to` (frame pixels): the clip turns by the
 * angle the pointer swept about the box's centre (the short way), in `stepDeg` steps when
 * given (Shift: 15°), kept inside the property's range by whole turns.
 */
export function rotateBy(
  start: Placement,
  box: Box,
  from: Point,
  to: Point,
  stepDeg: number | null,
  limits: Limits = DEFAULT_LIMITS,
): Placement {
  const centre = { x: box.centerX, y: box.centerY };
  let swept = angleOf(centre, to) - angleOf(centre, from);
  swept = ((((swept + 180) % 360) + 360) % 360) - 180;
  let rotation = start.rotation + swept;
  if (stepDeg) rotation = Math.round(rotation / stepDeg) * stepDeg;
  const [min, max] = limits.rotation;
  while (rotation > max) rotation -= 360;
  while (rotation < min) rotation += 360;
  return tidy({ ...start, rotation }, limits);
}

export type ArrowKey = 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown';
const ARROWS: Record<ArrowKey, Point> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
};

export function isArrowKey(key: string): key is ArrowKey {
  return key in ARROWS;
}

/** An arrow key: the position moves by `pixels` pixels of the export's frame (`exportFrame`, e.g. 1920×1080). */
export function nudge(
  start: Placement,
  key: ArrowKey,
  pixels: number,
  exportFrame: Size,
  limits: Limits = DEFAULT_LIMITS,
): Placement {
  const way = ARROWS[key];
  return tidy(
    {
      ...start,
      positionX: start.positionX + (way.x * pixels) / exportFrame.width,
      positionY: start.positionY + (way.y * pixels) / exportFrame.height,
    },
    limits,
  );
}

/** What of the monitor can be seen, in frame pixels (the stage around the frame). */
export interface Bounds {
  readonly min: Point;
  readonly max: Point;
}

export const isWithin = (p: Point, bounds: Bounds) =>
  p.x >= bounds.min.x && p.x <= bounds.max.x && p.y >= bounds.min.y && p.y <= bounds.max.y;

/**
 * Where the rotation handle sits: `gap` pixels beyond the middle of the box's top edge, in
 * the box's own "up". When that point would fall outside `bounds` (what of the monitor can be
 * seen), it sits as far inside the box instead, so it can always be reached. Returns the
 * offset from the top edge's middle along "up" (positive: outside the box).
 */
export function rotationHandleOffset(box: Box, gap: number, bounds: Bounds): number {
  const outside = turn({ x: 0, y: -box.height / 2 - gap }, box.rotation);
  return isWithin({ x: box.centerX + outside.x, y: box.centerY + outside.y }, bounds) ? gap : -gap;
}

/** The properties of `next` that differ from `start`: what one edit sets. */
export function changedProperties(start: Placement, next: Placement): Partial<Placement> {
  const changed: Partial<Record<keyof Placement, number>> = {};
  for (const name of ['positionX', 'positionY', 'scale', 'rotation'] as const)
    if (next[name] !== start[name]) changed[name] = next[name];
  return changed;
}
