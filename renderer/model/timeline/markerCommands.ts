// The markers' pure rules for the app: the name a new marker gets, and the marker before or
// after a moment (jumping from marker to marker).
import type { Marker } from '../../../shared/timeline/timelineTypes.ts';

/** "Marker 1", "Marker 2", …: the first number no marker's name uses. */
export function nextMarkerName(markers: readonly Pick<Marker, 'name'>[]): string {
  const used = new Set(markers.map((m) => m.name));
  let n = markers.length + 1;
  while (used.has(`Marker ${n}`)) n++;
  return `Marker ${n}`;
}

/**
 * The nearest marker strictly after `atMs` (direction 1) or strictly before it (-1); null
 * when there is none that way. Markers are in time order.
 */
export function adjacentMarker(markers: readonly Marker[], atMs: number, direction: 1 | -1): Marker | null {
  if (direction === 1) return markers.find((m) => m.atMs > atMs + 0.5) ?? null;
  return markers.findLast((m) => m.atMs < atMs - 0.5) ?? null;
}
