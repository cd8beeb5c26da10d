// Keyframed values in the filtergraph (docs/render-semantics.md, "Change over time"). Where
// a filter evaluates an expression per frame (overlay x/y, rotate's angle, scale with
// eval=frame, volume with eval=frame) the curve is written as one: the first value plus,
// for each segment, its change times its easing of the segment's progress (the same
// formulas as valueAt). Where a filter takes no time in its expressions (lut, the colour
// effects) the values are worked out here with valueAt itself, frame by frame, and sent as
// runtime commands (sendcmd) only when they change: cheap, unlike a per-pixel geq.
import { valueAt, type Keyframe } from '../../shared/timeline/keyframes.ts';
import { num } from './filterText.ts';

/** An easing of progress `p` (an expression in 0..1), as valueAt's ease(). */
function easeExpr(easing: Keyframe['easing'], p: string): string {
  switch (easing) {
    case 'easeIn':
      return `pow(${p},3)`;
    case 'easeOut':
      return `(1-pow(1-${p},3))`;
    case 'easeInOut':
      return `if(lt(${p},0.5),4*pow(${p},3),1-pow(2-2*${p},3)/2)`;
    case 'hold':
      return `gte(${p},1)`;
    default:
      return p;
  }
}

/** The value of the curve at clip time `u` (an expression in ms); the static value without keyframes. */
export function curveExpr(keyframes: readonly Keyframe[] | undefined, staticValue: number, u: string): string {
  if (!keyframes || keyframes.length === 0) return num(staticValue);
  const terms = [num(keyframes[0]!.value)];
  for (let i = 0; i + 1 < keyframes.length; i++) {
    const a = keyframes[i]!;
    const b = keyframes[i + 1]!;
    const change = b.value - a.value;
    if (change === 0) continue;
    const p = `clip((${u}-${num(a.atMs)})/${num(b.atMs - a.atMs)},0,1)`;
    terms.push(`(${num(change)})*${easeExpr(a.easing, p)}`);
  }
  return `(${terms.join('+')})`;
}

/** Clip time in ms at render time t (seconds), for a clip starting `clipStart` seconds into the render. */
export const clipTimeExpr = (clipStart: number): string => `(t-${num(clipStart)})*1000`;

/** Whether the curve changes at all (a list of one keyframe is a constant). */
export const isAnimated = (keyframes: readonly Keyframe[] | undefined): keyframes is Keyframe[] =>
  !!keyframes && keyframes.length > 1 && keyframes.some((k) => k.value !== keyframes[0]!.value);

/**
 * sendcmd commands that set `option` of the filter named `target` to `format(value)` at each
 * frame [from, to) where the value (at that frame's timeline time) changes by more than `step`.
 */
export function frameCommands(
  frames: { from: number; to: number; fps: number; timeOf: (frame: number) => number },
  value: (tMs: number) => number,
  target: string,
  option: string,
  format: (value: number) => string,
  step = 1e-4,
): string[] {
  const commands: string[] = [];
  let last = Number.NaN;
  for (let k = frames.from; k < frames.to; k++) {
    const v = value(frames.timeOf(k));
    if (Math.abs(v - last) <= step) continue;
    last = v;
    commands.push(`${num(k / frames.fps)} ${target} ${option} ${format(v)}`);
  }
  return commands;
}

/** A sendcmd filter running these commands (none: no filter). */
export const sendcmd = (commands: readonly string[]): string[] =>
  commands.length === 0 ? [] : [`sendcmd=c='${commands.join(';')}'`];

export { valueAt };
