// A clip's crop in the filtergraph (docs/render-semantics.md, "The picture", step 2): the
// cut parts of the picture are made transparent, at its box size, before rotation and the
// per-frame scale. The picture keeps its size, so what is kept stays exactly where it was
// whatever the fit, scale, rotation, position or transition, and a keyframed crop never
// changes a frame's size under the filters after it. Each edge is a drawbox strip of the
// picture's size that replaces colour and alpha with transparent black, slid in from its
// side; a keyframed edge's strip is moved frame by frame with sendcmd where it changes.
import { cropAt, cropChanges, hasCrop, NO_CROP, type CropWindow } from '../../shared/timeline/crop.ts';
import type { Layer } from './composition.ts';
import { frameCommands, sendcmd } from './curveExpressions.ts';
import type { LayerGeometry } from './layerGeometry.ts';

const asClip = (layer: Layer) => {
  const c = layer.crop ?? NO_CROP;
  return {
    properties: { cropLeft: c.left, cropRight: c.right, cropTop: c.top, cropBottom: c.bottom },
    keyframes: layer.keyframes,
  };
};

/** Whether the layer is cut at some moment (then its picture needs an alpha plane). */
export const layerHasCrop = (layer: Layer): boolean => hasCrop(asClip(layer));

/** Whether its crop changes over the clip (then its picture is worked frame by frame). */
export const layerCropMoves = (layer: Layer): boolean => cropChanges(asClip(layer));

type Edge = 'left' | 'right' | 'top' | 'bottom';

/**
 * The filters that cut the picture of `geometry` (the whole source, or the part of it the
 * geometry cut out) to the layer's crop; none without a crop. Edges land on whole pixels.
 */
export function cropStrips(
  layer: Layer,
  geometry: LayerGeometry,
  index: number,
  frames: Parameters<typeof frameCommands>[0],
): string[] {
  if (!layerHasCrop(layer)) return [];
  const clip = asClip(layer);
  const sw = layer.source.width ?? 1;
  const sh = layer.source.height ?? 1;
  const part = geometry.crop ?? { x: 0, y: 0, width: sw, height: sh };
  const { width: pw, height: ph } = geometry;
  // A fraction of the source, as a pixel of this picture.
  const px = (fraction: number) => Math.round(((fraction * sw - part.x) * pw) / part.width);
  const py = (fraction: number) => Math.round(((fraction * sh - part.y) * ph) / part.height);
  // Where each strip starts: it covers [start, start + picture size) along its axis.
  const start: Record<Edge, (c: CropWindow) => number> = {
    left: (c) => px(c.left) - pw,
    right: (c) => px(1 - c.right),
    top: (c) => py(c.top) - ph,
    bottom: (c) => py(1 - c.bottom),
  };
  const moves = layerCropMoves(layer);
  const at = (tMs: number) => cropAt(clip, tMs - layer.startMs);
  const first = at(frames.timeOf(frames.from));
  const filters: string[] = [];
  const commands: string[] = [];
  for (const edge of ['left', 'right', 'top', 'bottom'] as const) {
    const option = edge === 'left' || edge === 'right' ? 'x' : 'y';
    const name = `drawbox@crop${index}${edge}`;
    const position = (c: CropWindow) => start[edge](c);
    const placed = `${option}=${position(first)}:${option === 'x' ? 'y' : 'x'}=0`;
    filters.push(`${name}=${placed}:w=${pw}:h=${ph}:t=fill:c=black@0:replace=1`);
    if (moves) commands.push(...frameCommands(frames, (t) => position(at(t)), name, option, String, 0.5));
  }
  return [...sendcmd(commands.sort((a, b) => Number(a.split(' ')[0]) - Number(b.split(' ')[0]))), ...filters];
}
