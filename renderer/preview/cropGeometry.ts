// The monitor's crop mode, as pure geometry: how far a pointer's way moves one edge of a
// clip's crop, measured along the clip's own (turned) axes as a fraction of its box, and the
// crop with that edge moved, kept so opposite sides leave some picture.
import type { CropWindow } from '../../shared/timeline/crop.ts';
import type { Box } from './transformGeometry.ts';

export type CropEdge = keyof CropWindow;
export const CROP_EDGES: readonly CropEdge[] = ['left', 'right', 'top', 'bottom'];

const OPPOSITE: Record<CropEdge, CropEdge> = { left: 'right', right: 'left', top: 'bottom', bottom: 'top' };
/** The least of the picture a hand-made crop keeps on either axis. */
const LEAST_KEPT = 0.02;

const round = (v: number) => Math.round(v * 1e4) / 1e4;

/** The pointer's way (dx, dy in frame pixels) along the box's own axes, inwards from `edge`, as a fraction of the box. */
export function inwardsOf(box: Box, edge: CropEdge, dx: number, dy: number): number {
  const angle = (box.rotation * Math.PI) / 180;
  const x = dx * Math.cos(angle) + dy * Math.sin(angle);
  const y = -dx * Math.sin(angle) + dy * Math.cos(angle);
  if (edge === 'left') return x / box.width;
  if (edge === 'right') return -x / box.width;
  if (edge === 'top') return y / box.height;
  return -y / box.height;
}

/** The crop with one edge moved inwards by `by` (negative: outwards), within 0 and what the opposite side leaves. */
export function movedEdge(crop: CropWindow, edge: CropEdge, by: number): CropWindow {
  const most = 1 - LEAST_KEPT - crop[OPPOSITE[edge]];
  return { ...crop, [edge]: round(Math.min(Math.max(0, most), Math.max(0, crop[edge] + by))) };
}
