// How the meters beside the monitor show a level: a height on a scale linear in dB from
// −60 to 0 dBFS (an editor's usual meter range; quieter is the bottom), and a number with a
// real minus sign and one decimal, a dash for silence.

export const SCALE_BOTTOM_DB = -60;
export const SCALE_TOP_DB = 0;
/** Where the scale is labelled (dB). */
export const SCALE_TICKS_DB = [0, -6, -12, -18, -24, -36, -48, -60] as const;
/** Colour bands of the bars: safe below −18 dBFS, caution to −6 dBFS, hot above. */
export const CAUTION_FROM_DB = -18;
export const HOT_FROM_DB = -6;

/** The share of the bar's height a level fills (0 at the bottom of the scale or for silence, 1 at full scale). */
export function scaleFraction(db: number): number {
  if (!(db > SCALE_BOTTOM_DB)) return 0;
  return Math.min(1, (db - SCALE_BOTTOM_DB) / (SCALE_TOP_DB - SCALE_BOTTOM_DB));
}

/** "−18.2" ("+0.4" over full scale); "—" for silence (−∞) or nothing measured. */
export function levelText(db: number): string {
  if (!Number.isFinite(db)) return '—';
  const rounded = Math.round(db * 10) / 10;
  if (rounded === 0) return '0.0';
  return `${rounded < 0 ? '−' : '+'}${Math.abs(rounded).toFixed(1)}`;
}
