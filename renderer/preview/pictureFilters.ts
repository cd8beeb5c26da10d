// A picture layer's effects (and a fade's colour factor) as one SVG filter, applied to the
// clip's element with `filter: url(#…)`. Every primitive works on the picture's non-linear
// sRGB values (color-interpolation-filters="sRGB") and clamps its result to [0, 1], as the
// semantics say; the filter region is the clip's box, so nothing spills out of it.
//   brightness a ≤ 0: v × (1 + a);  a > 0: v + (1 − v) × a   (linear transfer)
//   contrast c: (v − 0.5) × c + 0.5                           (linear transfer)
//   saturation s: the CSS saturate matrix with 0.2126 / 0.7152 / 0.0722
//   blur: a Gaussian of σ frame pixels; colours are averaged over the picture only (the
//         weights renormalised where the kernel leaves the box), so edges neither darken
//         nor turn transparent — Chromium ignores feGaussianBlur's edgeMode
//   fade p: v × p
import type { PictureEffect } from './composeFrame.ts';

const R = 0.2126;
const G = 0.7152;
const B = 0.0722;

const number = (value: number) => String(Math.round(value * 1e6) / 1e6);

function linear(slope: number, intercept: number): string {
  const f = `type="linear" slope="${number(slope)}" intercept="${number(intercept)}"`;
  return `<feComponentTransfer><feFuncR ${f}/><feFuncG ${f}/><feFuncB ${f}/></feComponentTransfer>`;
}

function saturate(s: number): string {
  const rows = [
    [R + (1 - R) * s, G - G * s, B - B * s],
    [R - R * s, G + (1 - G) * s, B - B * s],
    [R - R * s, G - G * s, B + (1 - B) * s],
  ];
  const values = rows.map((row) => `${row.map(number).join(' ')} 0 0`).join(' ');
  return `<feColorMatrix type="matrix" values="${values} 0 0 0 1 0"/>`;
}

function primitive(effect: PictureEffect): string {
  switch (effect.kind) {
    case 'brightness':
      return effect.amount <= 0 ? linear(1 + effect.amount, 0) : linear(1 - effect.amount, effect.amount);
    case 'contrast':
      return linear(effect.amount, 0.5 - 0.5 * effect.amount);
    case 'saturation':
      return saturate(effect.amount);
    case 'blur':
      return effect.sigmaPx <= 0
        ? ''
        : `<feGaussianBlur stdDeviation="${number(effect.sigmaPx)}"/>` +
            '<feComponentTransfer><feFuncA type="table" tableValues="1 1"/></feComponentTransfer>';
  }
}

/** The filter's primitives for a layer; empty when it needs none (the fast path: no filter at all). */
export function filterPrimitives(effects: readonly PictureEffect[], fade: number | null): string {
  const parts = effects.map(primitive);
  if (fade !== null) parts.push(linear(fade, 0));
  return parts.join('');
}

/** The <filter> element's markup; `id` is used in `filter: url(#id)`. */
export function filterMarkup(id: string, primitives: string): string {
  return `<filter id="${id}" color-interpolation-filters="sRGB" x="0" y="0" width="1" height="1">${primitives}</filter>`;
}
