// Where the subject is in a clip's source, turned into the positionX / positionY that frame it
// in the project's frame (docs/render-semantics.md, "Fit" to "Position"): the clip's box is
// its source fitted and scaled; a point u of the source (0..1 across) lands at
// W/2 + positionX·W + (u − 0.5)·boxWidth, so positionX = −(u − 0.5)·boxWidth/W centres it, and
// the box keeps covering the frame while |positionX| ≤ (boxWidth/W − 1)/2. Pure.
import type { Fit } from '../../shared/timeline/timelineTypes.ts';
import type { FollowSettings } from './smoothPath.ts';

export interface Size {
  width: number;
  height: number;
}

/** The clip's box as multiples of the frame's width and height. */
export function boxInFrame(frame: Size, source: Size, fit: Fit, scale: number): Size {
  if (fit === 'fill') return { width: scale, height: scale };
  const f =
    fit === 'cover'
      ? Math.max(frame.width / source.width, frame.height / source.height)
      : Math.min(frame.width / source.width, frame.height / source.height);
  return { width: (source.width * f * scale) / frame.width, height: (source.height * f * scale) / frame.height };
}

/** The position value that centres source point `u` (0..1) on an axis whose box is `box` frames long. */
export const centringValue = (u: number, box: number): number => -(u - 0.5) * box;

const POSITION_MAX = 1;

/** Margin kept between the subject and the frame's edge, as a share of the frame. */
const EDGE_MARGIN = 0.03;

/**
 * How the camera may move on an axis: null when the box does not overflow the frame there (the
 * whole picture already shows: nothing to follow). `subject`: the subject's size as a share of the source.
 */
export function followSettings(box: number, subject: number): FollowSettings | null {
  // positionX / positionY take −1 to 1 (editorCatalog.ts): a picture over three frames wide cannot show its edges.
  const limit = Math.min(POSITION_MAX, (box - 1) / 2);
  if (limit <= 0.001) return null;
  const room = Math.max(0.05, 0.5 - (subject * box) / 2 - EDGE_MARGIN);
  const tolerance = Math.min(0.02, room / 8);
  return {
    limit,
    // The keyframes may stray from the path by the tolerance: the slack leaves room for it.
    slack: room - tolerance,
    deadZone: Math.min(0.06, room / 3),
    // A steady pan: at most one frame across per second.
    panPerSecond: 1,
    tolerance,
  };
}
