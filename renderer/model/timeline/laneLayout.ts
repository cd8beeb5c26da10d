// Where each listed track's lane lies, top to bottom: each has its own height (dragged at its
// header's bottom edge), the default otherwise. The lanes, the headers, a drag to another
// track, a drop and the marquee all read rows from this one layout.

export const LANE_HEIGHTS = { min: 40, max: 240, default: 64, step: 8 } as const;

export interface LaneLayout {
  readonly tops: readonly number[];
  readonly heights: readonly number[];
  readonly total: number;
}

export const clampLaneHeight = (px: number): number =>
  Math.round(Math.min(LANE_HEIGHTS.max, Math.max(LANE_HEIGHTS.min, px)));

export function laneLayout(tracks: readonly { id: string }[], heights: Readonly<Record<string, number>>): LaneLayout {
  const tops: number[] = [];
  const sizes: number[] = [];
  let y = 0;
  for (const track of tracks) {
    const height = heights[track.id] ?? LANE_HEIGHTS.default;
    tops.push(y);
    sizes.push(height);
    y += height;
  }
  return { tops, heights: sizes, total: y };
}

/** The row at `y` pixels from the top of the lanes: -1 above the first, the track count below the last. */
export function rowAt(layout: LaneLayout, y: number): number {
  if (y < 0) return -1;
  for (let row = 0; row < layout.tops.length; row++) if (y < layout.tops[row]! + layout.heights[row]!) return row;
  return layout.tops.length;
}
