// The Inspector's values and words (renderer/screens/timeline/inspectorValues.ts).
import { describe, expect, it } from 'vitest';
import { common, labelOf, rangeHint, readNumber } from '../../renderer/screens/timeline/inspectorValues.ts';

describe('the inspector values', () => {
  it('shows the value the selected clips share, or says they differ', () => {
    expect(common([0.5, 0.5])).toBe(0.5);
    expect(common([0.5, 1])).toBeNull();
    expect(common([])).toBeUndefined();
  });

  it('names settings in words: the catalog label, else the name made readable', () => {
    expect(labelOf({ name: 'positionX', label: 'Horizontal position' })).toBe('Horizontal position');
    expect(labelOf({ name: 'positionX' })).toBe('Position x');
    expect(rangeHint({ min: -1, max: 1, default: 0, unit: 'frame widths' })).toBe(
      '−1 to 1 frame widths · 0 by default',
    );
    expect(rangeHint({ min: 0.1, max: 10, default: 1, unit: 'x' })).toBe('0.1 to 10× · 1 by default');
  });

  it('reads what was typed, or says what the setting takes', () => {
    const def = { min: -1, max: 1 };
    expect(readNumber('0,25', def, 'Horizontal position')).toBe(0.25);
    expect(readNumber('−0.5', def, 'Horizontal position')).toBe(-0.5);
    expect(readNumber('2', def, 'Horizontal position')).toBe('Horizontal position goes from −1 to 1.');
    expect(readNumber('far', def, 'Horizontal position')).toBe('Horizontal position takes a number.');
  });
});
