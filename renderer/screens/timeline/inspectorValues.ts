// What the Inspector shows of the selection: each setting's value when every selected clip
// has the same one (or "mixed"), and the catalog's settings named in words. Pure.
import type { NumberParam } from '../../../shared/timeline/timelineTypes.ts';

/** The one value all share; null when they differ ("mixed"); undefined when there are none. */
export function common<T>(values: readonly T[]): T | null | undefined {
  if (values.length === 0) return undefined;
  const [first] = values;
  return values.every((v) => v === first) ? first! : null;
}

/** "positionX" → "Position x": for a service whose catalog names a setting but gives no label. */
export function words(name: string): string {
  const spaced = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

export function labelOf(def: { name: string; label?: string | undefined }): string {
  return def.label ?? words(def.name);
}

const number = (n: number) => String(n).replace('-', '−');

/** "−1 to 1 frame widths · 0 by default". */
export function rangeHint(def: Pick<NumberParam, 'min' | 'max' | 'default' | 'unit'>): string {
  const unit = def.unit && def.unit !== 'x' ? ` ${def.unit}` : def.unit === 'x' ? '×' : '';
  return `${number(def.min)} to ${number(def.max)}${unit} · ${number(def.default)} by default`;
}

/** A step that suits the range: whole numbers for wide ones, hundredths for narrow ones. */
export function stepOf(def: Pick<NumberParam, 'min' | 'max'>): number {
  const span = def.max - def.min;
  return span > 20 ? 1 : span > 2 ? 0.1 : 0.01;
}

/** The typed text as a value of the setting, or why it is not one. */
export function readNumber(text: string, def: Pick<NumberParam, 'min' | 'max'>, label: string): number | string {
  const value = Number(text.replace('−', '-').replace(',', '.'));
  if (text.trim() === '' || !Number.isFinite(value)) return `${label} takes a number.`;
  if (value < def.min || value > def.max) return `${label} goes from ${number(def.min)} to ${number(def.max)}.`;
  return value;
}
