// The monitor's crop mode as geometry: a pointer's way along a turned box moves the edge it
// holds by a fraction of the box, and a moved edge stays within 0 and what the other side leaves.
import { describe, expect, it } from 'vitest';
import { inwardsOf, movedEdge } from '../../renderer/preview/cropGeometry.ts';

const box = { width: 400, height: 200, centerX: 320, centerY: 180, rotation: 0 };
const none = { left: 0, right: 0, top: 0, bottom: 0 };

describe('crop edges by hand', () => {
  it("measures the pointer's way inwards from each edge along the box's own axes", () => {
    expect(inwardsOf(box, 'left', 40, 0)).toBeCloseTo(0.1, 9);
    expect(inwardsOf(box, 'right', 40, 0)).toBeCloseTo(-0.1, 9);
    expect(inwardsOf(box, 'top', 0, 20)).toBeCloseTo(0.1, 9);
    expect(inwardsOf(box, 'bottom', 0, -20)).toBeCloseTo(0.1, 9);
    // Turned a quarter clockwise, the box's left edge faces up: moving down moves it inwards.
    expect(inwardsOf({ ...box, rotation: 90 }, 'left', 0, 40)).toBeCloseTo(0.1, 9);
  });

  it('keeps a moved edge within 0 and what the opposite side leaves', () => {
    expect(movedEdge(none, 'left', 0.25)).toEqual({ ...none, left: 0.25 });
    expect(movedEdge({ ...none, left: 0.1 }, 'left', -0.5).left).toBe(0);
    expect(movedEdge({ ...none, right: 0.5 }, 'left', 0.9).left).toBe(0.48);
  });
});
