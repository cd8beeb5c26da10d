// Keyframed effect parameters (`effect:<effectId>.<param>`) in the filtergraph: the effect's
// filter gets a name, and its options are set frame by frame from valueAt where the value
// changes (sendcmd; lutrgb, colorchannelmixer and gblur all take runtime commands), by the
// same formulas as a static effect (videoLayers.ts, docs/render-semantics.md step 5).
import { valueAt } from '../../shared/timeline/keyframes.ts';
import type { Effect, Layer } from './composition.ts';
import { frameCommands, isAnimated } from './curveExpressions.ts';
import { expr, num } from './filterText.ts';

/** The parameter each effect animates. */
const PARAM: Record<string, string> = {
  brightness: 'amount',
  contrast: 'amount',
  saturation: 'amount',
  blur: 'radius',
};

/** The filter an effect is, and its options at a parameter value; null for one with no filter (speed). */
function effectOptions(
  effectId: string,
  v: number,
  frameHeight: number,
): { filter: string; options: [string, string][] } | null {
  switch (effectId) {
    case 'brightness': {
      const value = v < 0 ? `val*${num(1 + v)}` : `val+(255-val)*${num(v)}`;
      // lutrgb clamps its results to 0–255 itself; no commas, which would split a sendcmd command.
      const channel = `${value}+0.5`;
      return { filter: 'lutrgb', options: ['r', 'g', 'b'].map((c) => [c, channel]) };
    }
    case 'contrast': {
      const channel = `(val-127.5)*${num(v)}+128`;
      return { filter: 'lutrgb', options: ['r', 'g', 'b'].map((c) => [c, channel]) };
    }
    case 'saturation': {
      const [r, g, b] = [0.2126, 0.7152, 0.0722];
      const m = [
        [r + (1 - r) * v, g - g * v, b - b * v],
        [r - r * v, g + (1 - g) * v, b - b * v],
        [r - r * v, g - g * v, b + (1 - b) * v],
      ];
      const names = ['r', 'g', 'b'];
      return {
        filter: 'colorchannelmixer',
        options: m.flatMap((row, i) => row.map((x, j) => [`${names[i]}${names[j]}`, num(x)] as [string, string])),
      };
    }
    case 'blur':
      return { filter: 'gblur', options: [['sigma', num((v * frameHeight) / 1080)]] };
    default:
      return null;
  }
}

/** The keyframes of an effect's parameter, when they change over the layer. */
export const effectCurve = (layer: Layer, effect: Effect) => {
  const curve = layer.keyframes?.[`effect:${effect.effectId}.${PARAM[effect.effectId]}`];
  return isAnimated(curve) ? curve : null;
};

/**
 * The named filter of an animated effect (set to its value on the first frame) and the
 * commands that move it; frames as frameCommands takes them.
 */
export function animatedEffect(
  layer: Layer,
  effect: Effect,
  name: string,
  frames: Parameters<typeof frameCommands>[0],
  frameHeight: number,
): { filter: string; commands: string[] } | null {
  const curve = effectCurve(layer, effect);
  const param = PARAM[effect.effectId];
  if (!curve || !param) return null;
  const at = (tMs: number) => valueAt(curve, effect.params[param] ?? 0, tMs - layer.startMs);
  const first = effectOptions(effect.effectId, at(frames.timeOf(frames.from)), frameHeight);
  if (!first) return null;
  const target = `${first.filter}@${name}`;
  const commands: string[] = [];
  // One command per option where the value changes, all at the same frame time.
  first.options.forEach(([option], i) => {
    const value = (tMs: number) => at(tMs);
    const format = (v: number) => effectOptions(effect.effectId, v, frameHeight)!.options[i]![1];
    commands.push(...frameCommands(frames, value, target, option, format));
  });
  commands.sort((a, b) => Number(a.split(' ')[0]) - Number(b.split(' ')[0]));
  const options = first.options.map(([o, v]) => `${o}=${first.filter === 'gblur' ? v : expr(v)}`);
  return { filter: `${target}=${options.join(':')}${first.filter === 'gblur' ? ':steps=3' : ''}`, commands };
}
