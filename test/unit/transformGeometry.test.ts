// The monitor's on-canvas transform as pure geometry (renderer/preview/transformGeometry.ts):
// a pointer delta gives positionX/Y as fractions of the frame; a corner drag scales
// uniformly about the opposite corner, or about the centre with Shift; the rotation handle
// turns by the angle swept about the centre; moves snap to the frame's centre lines and
// edges; arrow keys nudge by pixels of the export's frame.
import { describe, expect, it } from 'vitest';
import {
  boxOf,
  changedProperties,
  cornerOf,
  isWithin,
  moveBy,
  nudge,
  rotateBy,
  rotationHandleOffset,
  scaleFromCorner,
  type Placement,
} from '../../renderer/preview/transformGeometry.ts';

const FRAME = { width: 800, height: 450 };
const ORIGIN: Placement = { positionX: 0, positionY: 0, scale: 1, rotation: 0 };
/** A 16:9 picture fitted to the frame, at half size: a 400×225 box in the middle. */
const HALF: Placement = { ...ORIGIN, scale: 0.5 };
const boxFor = (p: Placement) => boxOf(FRAME, FRAME, p);

describe('boxOf', () => {
  it('places the centre at W/2 + positionX × W, H/2 + positionY × H and multiplies the fitted box by scale', () => {
    const box = boxOf({ width: 600, height: 450 }, FRAME, {
      positionX: 0.25,
      positionY: -0.1,
      scale: 0.5,
      rotation: 30,
    });
    expect(box).toEqual({ centerX: 600, centerY: 180, width: 300, height: 225, rotation: 30 });
  });
});

describe('moveBy', () => {
  it('turns a pointer delta into a change of position in frame widths and heights', () => {
    const { placement, guides } = moveBy(HALF, boxFor(HALF), FRAME, { x: 80, y: -45 }, 0);
    expect(placement).toEqual({ ...HALF, positionX: 0.1, positionY: -0.1 });
    expect(guides).toEqual([]);
  });

  it('snaps the centre to the frame’s centre lines when near, with a guide for each', () => {
    const start = { ...HALF, positionX: 0.1, positionY: 0.1 };
    // Back by 77 px and 43 px: 3 and 2 px from the centre lines.
    const { placement, guides } = moveBy(start, boxFor(start), FRAME, { x: -77, y: -43 }, 6);
    expect(placement.positionX).toBe(0);
    expect(placement.positionY).toBe(0);
    expect(guides).toEqual([
      { axis: 'x', at: 400 },
      { axis: 'y', at: 225 },
    ]);
  });

  it('snaps the box’s edges to the frame’s edges', () => {
    // The box's left edge at 200; moved 197 px left it is 3 px from the frame's left edge.
    const { placement, guides } = moveBy(HALF, boxFor(HALF), FRAME, { x: -197, y: 0 }, 6);
    expect(placement.positionX).toBe(-0.25);
    expect(guides).toContainEqual({ axis: 'x', at: 0 });
  });

  it('snaps the edges of a turned box by the upright rectangle around it', () => {
    const turned = { ...HALF, rotation: 90 };
    // Turned a quarter, the 400×225 box covers 225 across: its left edge at 400 − 112.5.
    const { placement } = moveBy(turned, boxFor(turned), FRAME, { x: -285, y: 0 }, 6);
    expect(placement.positionX).toBeCloseTo(-287.5 / 800, 6);
  });

  it('does not snap beyond the reach, nor with snapping off', () => {
    expect(moveBy(HALF, boxFor(HALF), FRAME, { x: 10, y: 0 }, 6).placement.positionX).toBe(0.0125);
    expect(moveBy(HALF, boxFor(HALF), FRAME, { x: 3, y: 0 }, 0).placement.positionX).toBe(0.00375);
  });

  it('keeps the position inside the property’s range', () => {
    expect(moveBy(HALF, boxFor(HALF), FRAME, { x: 5000, y: -5000 }, 0).placement).toMatchObject({
      positionX: 1,
      positionY: -1,
    });
  });
});

describe('scaleFromCorner', () => {
  it('without Shift keeps the opposite corner where it was', () => {
    const box = boxFor(HALF);
    const fixed = cornerOf(box, 'top-left');
    // The bottom-right corner (600, 337.5) dragged to (800, 450): the 400×225 diagonal from the fixed corner grows by a half.
    const next = scaleFromCorner(HALF, box, FRAME, 'bottom-right', { x: 800, y: 450 }, false);
    expect(next.scale).toBe(0.75);
    const after = cornerOf(boxFor(next), 'top-left');
    expect(after.x).toBeCloseTo(fixed.x, 3);
    expect(after.y).toBeCloseTo(fixed.y, 3);
    expect(next.rotation).toBe(0);
  });

  it('with Shift keeps the centre', () => {
    const next = scaleFromCorner(HALF, boxFor(HALF), FRAME, 'bottom-right', { x: 700, y: 393.75 }, true);
    // From the centre the half-diagonal grew from 200 to 300 px across: × 1.5.
    expect(next).toEqual({ ...HALF, scale: 0.75 });
  });

  it('follows the pointer along the diagonal only (the scale is uniform)', () => {
    // Straight right from the bottom-right corner: the projection on the diagonal.
    const box = boxFor(HALF);
    const next = scaleFromCorner(HALF, box, FRAME, 'bottom-right', { x: 700, y: 337.5 }, true);
    const half = { x: 200, y: 112.5 };
    const expected = 0.5 * ((300 * half.x + 112.5 * half.y) / (half.x ** 2 + half.y ** 2));
    expect(next.scale).toBeCloseTo(expected, 3);
  });

  it('scales a turned box along its own diagonal, the opposite corner fixed', () => {
    const turned = { ...HALF, rotation: 90 };
    const box = boxFor(turned);
    const fixed = cornerOf(box, 'top-left');
    const corner = cornerOf(box, 'bottom-right');
    // Out along the diagonal by half its length again.
    const pointer = { x: corner.x + (corner.x - fixed.x) / 2, y: corner.y + (corner.y - fixed.y) / 2 };
    const next = scaleFromCorner(turned, box, FRAME, 'bottom-right', pointer, false);
    expect(next.scale).toBe(0.75);
    const after = cornerOf(boxFor(next), 'top-left');
    expect(after.x).toBeCloseTo(fixed.x, 2);
    expect(after.y).toBeCloseTo(fixed.y, 2);
  });

  it('never goes below the smallest scale, even past the opposite corner', () => {
    const next = scaleFromCorner(HALF, boxFor(HALF), FRAME, 'top-left', { x: 900, y: 600 }, false);
    expect(next.scale).toBe(0.1);
  });
});

describe('rotateBy', () => {
  const box = boxFor(HALF);
  const above = { x: 400, y: 225 - 150 };

  it('turns by the angle the pointer swept about the centre, clockwise positive', () => {
    expect(rotateBy(HALF, box, above, { x: 550, y: 225 }, null).rotation).toBe(90);
    expect(rotateBy(HALF, box, above, { x: 250, y: 225 }, null).rotation).toBe(-90);
    expect(rotateBy(HALF, box, above, { x: 500, y: 125 }, null).rotation).toBe(45);
  });

  it('with Shift turns in 15° steps', () => {
    const to = { x: 400 + 150 * Math.sin(0.4), y: 225 - 150 * Math.cos(0.4) }; // 22.9°
    expect(rotateBy(HALF, box, above, to, null).rotation).toBeCloseTo(22.92, 2);
    expect(rotateBy(HALF, box, above, to, 15).rotation).toBe(30);
  });

  it('adds to the rotation the clip had, kept within −360…360 by whole turns', () => {
    const turned = { ...HALF, rotation: 350 };
    expect(rotateBy(turned, boxFor(turned), above, { x: 550, y: 225 }, null).rotation).toBe(80);
  });
});

describe('nudge', () => {
  const EXPORT = { width: 1920, height: 1080 };
  it('moves by whole pixels of the export’s frame', () => {
    expect(nudge(ORIGIN, 'ArrowRight', 1, EXPORT)).toMatchObject({ positionX: 0.000521, positionY: 0 });
    expect(nudge(ORIGIN, 'ArrowUp', 10, EXPORT)).toMatchObject({ positionX: 0, positionY: -0.009259 });
  });

  it('adds up without drifting over many presses', () => {
    let p = ORIGIN;
    for (let i = 0; i < 192; i++) p = nudge(p, 'ArrowLeft', 1, EXPORT);
    expect(p.positionX).toBeCloseTo(-0.1, 4);
  });
});

describe('the rotation handle and the edit', () => {
  const bounds = { min: { x: 0, y: 0 }, max: { x: 800, y: 450 } };
  it('sits above the box, or inside it when above would be off the monitor', () => {
    expect(rotationHandleOffset(boxFor(HALF), 24, bounds)).toBe(24);
    expect(rotationHandleOffset(boxFor(ORIGIN), 24, bounds)).toBe(-24);
  });

  it('tells a corner on the monitor from one off it', () => {
    expect(isWithin(cornerOf(boxFor(HALF), 'top-left'), bounds)).toBe(true);
    const off = { ...HALF, positionY: 0.5 };
    expect(isWithin(cornerOf(boxFor(off), 'bottom-left'), bounds)).toBe(false);
    expect(isWithin(cornerOf(boxFor(off), 'top-left'), bounds)).toBe(true);
  });

  it('sets only the properties that changed', () => {
    expect(changedProperties(HALF, { ...HALF, positionX: 0.1 })).toEqual({ positionX: 0.1 });
    expect(changedProperties(HALF, HALF)).toEqual({});
  });
});
