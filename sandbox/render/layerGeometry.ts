// Where a clip's picture goes (docs/render-semantics.md, "The picture", steps 3–7): its box
// from fit and scale, turned by its rotation about its centre, the centre placed by its
// position. A box far larger than the frame (cover, or a large scale) is not scaled whole:
// only the part of the source that can reach the frame (with a margin for blur and
// interpolation) is cut out and scaled, and placed where it sits in the box.
import type { Layer } from './composition.ts';

export interface LayerGeometry {
  /** The part of the source picture used, in source pixels (the whole of it unless cut). */
  crop: { x: number; y: number; width: number; height: number } | null;
  /** Size the used part is scaled to, in frame pixels. */
  width: number;
  height: number;
  /** Where the centre of the scaled (and turned) picture lands in the frame. */
  centreX: number;
  centreY: number;
  /** Clockwise, radians. */
  angle: number;
  /** Blur radius in frame pixels (σ of the Gaussian), 0 without blur. */
  blurSigma: number;
}

/** Boxes up to this many times the frame's area are scaled whole. */
const WHOLE_BOX_AREA = 4;

export function blurSigmaOf(layer: Layer, frameHeight: number): number {
  const radius = layer.effects.find((e) => e.effectId === 'blur')?.params.radius ?? 0;
  return (radius * frameHeight) / 1080;
}

/** null when no part of the clip can be seen in the frame. */
export function layerGeometry(layer: Layer, frame: { width: number; height: number }): LayerGeometry | null {
  const sw = layer.source.width ?? 1;
  const sh = layer.source.height ?? 1;
  const { width: W, height: H } = frame;
  const fx =
    layer.fit === 'fill' ? W / sw : layer.fit === 'cover' ? Math.max(W / sw, H / sh) : Math.min(W / sw, H / sh);
  const fy = layer.fit === 'fill' ? H / sh : fx;
  const bw = sw * fx * layer.scale;
  const bh = sh * fy * layer.scale;
  const cx = W / 2 + layer.positionX * W;
  const cy = H / 2 + layer.positionY * H;
  const angle = (layer.rotation * Math.PI) / 180;
  const blurSigma = blurSigmaOf(layer, H);
  const whole = { crop: null, width: Math.max(1, Math.round(bw)), height: Math.max(1, Math.round(bh)) };
  if (bw * bh <= WHOLE_BOX_AREA * W * H) return { ...whole, centreX: cx, centreY: cy, angle, blurSigma };

  // The frame's corners in the box's own (unturned) coordinates, from its top-left corner.
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const local = [
    [0, 0],
    [W, 0],
    [0, H],
    [W, H],
  ].map(([X, Y]) => {
    const dx = X! - cx;
    const dy = Y! - cy;
    // Undo a clockwise turn (y points down): rotate by −angle.
    return [dx * cos + dy * sin + bw / 2, -dx * sin + dy * cos + bh / 2] as const;
  });
  const margin = 3 * blurSigma + 2;
  const u0 = Math.max(0, Math.min(...local.map((p) => p[0])) - margin);
  const u1 = Math.min(bw, Math.max(...local.map((p) => p[0])) + margin);
  const v0 = Math.max(0, Math.min(...local.map((p) => p[1])) - margin);
  const v1 = Math.min(bh, Math.max(...local.map((p) => p[1])) + margin);
  if (u1 <= u0 || v1 <= v0) return null;

  // Whole source pixels around that part, and where they sit in the box.
  const sx0 = Math.floor((u0 * sw) / bw);
  const sx1 = Math.min(sw, Math.ceil((u1 * sw) / bw));
  const sy0 = Math.floor((v0 * sh) / bh);
  const sy1 = Math.min(sh, Math.ceil((v1 * sh) / bh));
  const left = (sx0 * bw) / sw;
  const right = (sx1 * bw) / sw;
  const top = (sy0 * bh) / sh;
  const bottom = (sy1 * bh) / sh;
  // The part's centre relative to the box's centre, turned with the box.
  const ox = (left + right) / 2 - bw / 2;
  const oy = (top + bottom) / 2 - bh / 2;
  return {
    crop: { x: sx0, y: sy0, width: sx1 - sx0, height: sy1 - sy0 },
    width: Math.max(1, Math.round(right - left)),
    height: Math.max(1, Math.round(bottom - top)),
    centreX: cx + ox * cos - oy * sin,
    centreY: cy + ox * sin + oy * cos,
    angle,
    blurSigma,
  };
}
