// The picture half of a render's filtergraph: a black frame at the output's size and rate,
// and each layer laid over it in order (docs/render-semantics.md, "The picture"). A layer's
// chain first puts its source frames on the render's clock — frame k shows the latest
// source frame at or before the clip's source time, and a held clip keeps its last one —
// then fits, scales, applies effects, turns it, and sets its opacity and transition, and
// an overlay places it. Frames are worked on as 4:2:0, the output's own format, so a
// full-frame clip of the output's size is never converted (bench/render.bench.ts: 4:4:4
// cost twice the compositing time); pictures are therefore placed on even pixels. A source
// with an alpha plane (a transparent PNG, VP9 with alpha, ProRes 4444) keeps it at every
// step — scale, effects (planar RGB with alpha), rotation, opacity, fade — and the overlay
// lays it over what is beneath; dropping it drew a transparent logo as a black square.
import { firstFrameAtOrAfter, type Composition, type Layer } from './composition.ts';
import { valueAt } from '../../shared/timeline/keyframes.ts';
import { clipTimeExpr, curveExpr, frameCommands, isAnimated, sendcmd } from './curveExpressions.ts';
import { animatedEffect, effectCurve } from './effectCurves.ts';
import { expr, type Inputs, num } from './filterText.ts';
import { layerGeometry, type LayerGeometry } from './layerGeometry.ts';
import { cropStrips, layerCropMoves, layerHasCrop } from './cropStrips.ts';

/** Filters of a clip's colour effects, in planar RGB (values 0–255). */
function effectFilters(layer: Layer, geometry: LayerGeometry, animate: AnimateEffects): string[] {
  const filters: string[] = [];
  const commands: string[] = [];
  layer.effects.forEach((effect, k) => {
    const animated = animatedEffect(layer, effect, `fx${animate.index}_${k}`, animate.frames, animate.frameHeight);
    if (animated) {
      filters.push(animated.filter);
      commands.push(...animated.commands);
    } else staticEffect(effect, geometry, filters);
  });
  if (layer.look === 'warm') filters.push('colorbalance=rs=0.12:gs=0.03:bs=-0.12:rm=0.08:bm=-0.08');
  if (layer.look === 'cool') filters.push('colorbalance=rs=-0.12:bs=0.12:rm=-0.08:bm=0.08');
  // Commands go before the filters they set, so each applies to the frame it was sent with.
  return [...sendcmd(commands.sort((a, b) => Number(a.split(' ')[0]) - Number(b.split(' ')[0]))), ...filters];
}

/** What an animated effect needs to know: the layer's number, its frames, the frame's height. */
interface AnimateEffects {
  index: number;
  frames: Parameters<typeof frameCommands>[0];
  frameHeight: number;
}

/** A colour or blur effect at its static parameters (none where it changes nothing). */
function staticEffect({ effectId, params }: Layer['effects'][number], geometry: LayerGeometry, filters: string[]) {
  switch (effectId) {
    case 'brightness': {
      const a = params.amount ?? 0;
      if (a === 0) break;
      const value = a < 0 ? `val*${num(1 + a)}` : `val+(255-val)*${num(a)}`;
      filters.push(
        `lutrgb=r=${expr(`clip(${value}+0.5,0,255)`)}:g=${expr(`clip(${value}+0.5,0,255)`)}:b=${expr(`clip(${value}+0.5,0,255)`)}`,
      );
      break;
    }
    case 'contrast': {
      const c = params.amount ?? 1;
      if (c === 1) break;
      const value = `clip((val-127.5)*${num(c)}+128,0,255)`;
      filters.push(`lutrgb=r=${expr(value)}:g=${expr(value)}:b=${expr(value)}`);
      break;
    }
    case 'saturation': {
      const s = params.amount ?? 1;
      if (s === 1) break;
      // The matrix of CSS saturate(s), with BT.709 luma weights.
      const [r, g, b] = [0.2126, 0.7152, 0.0722];
      const m = [
        [r + (1 - r) * s, g - g * s, b - b * s],
        [r - r * s, g + (1 - g) * s, b - b * s],
        [r - r * s, g - g * s, b + (1 - b) * s],
      ];
      const names = ['r', 'g', 'b'];
      const options = m.flatMap((row, i) => row.map((v, j) => `${names[i]}${names[j]}=${num(v)}`));
      filters.push(`colorchannelmixer=${options.join(':')}`);
      break;
    }
    case 'blur':
      if (geometry.blurSigma > 0) filters.push(`gblur=sigma=${num(geometry.blurSigma)}:steps=3`);
      break;
  }
}

/**
 * A slow zoom or pan over the clip's picture (clip-list exports), one output frame per
 * input frame; zoompan numbers its frames from 0, so they are put back on the clock.
 */
function motionFilters(layer: Layer, geometry: LayerGeometry, clock: Clock, fps: number): string[] {
  if (!layer.motion) return [];
  const zoom = 1.2;
  const progress = `(on/${Math.max(1, clock.to - clock.from - 1)})`;
  const moves: Record<NonNullable<Layer['motion']>, [string, string]> = {
    'zoom-in': [`1+${num(zoom - 1)}*${progress}`, 'iw/2-(iw/zoom/2)'],
    'zoom-out': [`${num(zoom)}-${num(zoom - 1)}*${progress}`, 'iw/2-(iw/zoom/2)'],
    'pan-left': [num(zoom), `(iw-iw/zoom)*(1-${progress})`],
    'pan-right': [num(zoom), `(iw-iw/zoom)*${progress}`],
  };
  const [z, x] = moves[layer.motion];
  return [
    `zoompan=z=${expr(z)}:x=${expr(x)}:y=${expr('ih/2-(ih/zoom/2)')}:d=1:s=${geometry.width}x${geometry.height}:fps=${fps}`,
    `settb=1/${fps}`,
    `setpts=N+${clock.from}`,
  ];
}

interface Clock {
  /** Frames of the render this layer covers: [from, to). */
  from: number;
  to: number;
  /** Seconds of render time at which the clip starts (may be negative). */
  clipStart: number;
}

function clockOf(layer: Layer, composition: Composition): Clock | null {
  const from = Math.max(0, firstFrameAtOrAfter(composition, layer.startMs));
  const to = Math.min(composition.frames, firstFrameAtOrAfter(composition, layer.endMs + layer.holdMs));
  if (to <= from) return null;
  return { from, to, clipStart: (layer.startMs - composition.startMs) / 1000 };
}

/**
 * Frames on the render's clock, slot k at render time k / fps. A video's source time s is
 * at render time (s − inMs) / rate after the clip's start; frames from outMs − 1 ms on are
 * dropped, so the last one left is the held picture; each slot shows the latest frame at
 * or before it (fps with upward rounding), and the last is repeated to the layer's end. A
 * still image is one frame, repeated.
 */
function timingFilters(layer: Layer, clock: Clock, fps: number, seekMs: number): string[] {
  if (layer.source.kind === 'image')
    return [`loop=loop=${clock.to - clock.from - 1}:size=1:start=0`, `settb=1/${fps}`, `setpts=N+${clock.from}`];
  const lastSource = (layer.outMs - 0.5 - layer.inMs) / 1000 / layer.rate + clock.clipStart;
  if (layer.reverse) {
    // The stretch read (from seekMs to `reach`) is reversed in memory (reverseMaxMs bounds it):
    // its frame at offset P then shows the source at reach − P, played (outMs − reach) / rate in.
    const reach = reversedReach(layer, clock, seekMs);
    return [
      `trim=start=0:end=${num((reach - seekMs) / 1000)}`,
      'setpts=PTS-STARTPTS',
      'reverse',
      `setpts=${expr(`((PTS*TB+${num((layer.outMs - reach) / 1000)})/${num(layer.rate)}+${num(clock.clipStart)})/TB`)}`,
      `trim=end=${num(lastSource)}`,
      `fps=${fps}:round=up`,
      'tpad=stop_mode=clone:stop=-1',
      `trim=start_pts=${clock.from}:end_pts=${clock.to}`,
    ];
  }
  const offset = (seekMs - layer.inMs) / 1000;
  return [
    `setpts=${expr(`((PTS*TB+${num(offset)})/${num(layer.rate)}+${num(clock.clipStart)})/TB`)}`,
    `trim=end=${num(lastSource)}`,
    `fps=${fps}:round=up`,
    'tpad=stop_mode=clone:stop=-1',
    `trim=start_pts=${clock.from}:end_pts=${clock.to}`,
  ];
}

/** The source ms a reversed layer reads up to: what its first frame in this render shows. */
function reversedReach(layer: Layer, clock: Clock, seekMs: number): number {
  const firstShown = Math.max(0, -clock.clipStart * 1000) * layer.rate;
  return Math.max(seekMs + 1, Math.min(layer.outMs, layer.outMs - firstShown + 1));
}

/** Alpha of a layer at timeline time tMs from its opacity curve, its fades and a dissolve out. */
export function layerAlphaAt(layer: Layer, tMs: number): number {
  const u = tMs - layer.startMs;
  const length = layer.endMs - layer.startMs;
  let alpha = valueAt(layer.keyframes?.opacity, layer.opacity, u);
  if (layer.fadeInMs) alpha *= Math.min(1, Math.max(0, u / layer.fadeInMs));
  if (layer.fadeOutMs) alpha *= Math.min(1, Math.max(0, (length - u) / layer.fadeOutMs));
  const out = layer.transitionOut;
  if (out?.kind === 'dissolve') alpha *= Math.min(1, Math.max(0, (length - u) / out.durationMs));
  return alpha;
}

/** Whether the layer's alpha changes over it (keyframed opacity, fades, a dissolve out). */
const alphaAnimated = (layer: Layer) =>
  isAnimated(layer.keyframes?.opacity) ||
  !!layer.fadeInMs ||
  !!layer.fadeOutMs ||
  layer.transitionOut?.kind === 'dissolve';

/** Opacity and the transitions, on a picture that has an alpha plane. */
function alphaFilters(layer: Layer, index: number, composition: Composition, clock: Clock): string[] {
  const filters: string[] = [];
  const { fps } = composition;
  if (alphaAnimated(layer)) {
    // lut takes no time: its alpha factor is set per frame, where it changes (curveExpressions.ts).
    const name = `lut@alpha${index}`;
    const frames = { ...clock, fps, timeOf: (k: number) => composition.startMs + (k * 1000) / fps };
    const factor = (v: number) => `val*${num(v)}`;
    const commands = frameCommands(frames, (t) => layerAlphaAt(layer, t), name, 'a', factor, 1 / 1024);
    filters.push(...sendcmd(commands), `${name}=a=${expr(factor(layerAlphaAt(layer, frames.timeOf(clock.from))))}`);
  } else if (layer.opacity < 1) filters.push(`lut=a=${expr(`val*${num(layer.opacity)}`)}`);
  const t = layer.transition;
  const fadeIn = t && (t.kind === 'fade' || t.kind === 'dissolve');
  const fadeOut = layer.transitionOut?.kind === 'fade';
  if (fadeIn || fadeOut) {
    // fade counts from a start at or after 0: its clock is the clip's own, in a time base fine
    // enough (1/(fps·1000) s) that clip starts in whole ms and frame times are exact.
    const shift = (layer.startMs - composition.startMs) * fps;
    const length = (layer.endMs - layer.startMs) / 1000;
    filters.push(`settb=1/${fps * 1000}`, `setpts=PTS-${shift}`);
    if (fadeIn) filters.push(`fade=t=in:st=0:d=${num(t.durationMs / 1000)}${t.kind === 'dissolve' ? ':alpha=1' : ''}`);
    if (fadeOut) {
      const d = layer.transitionOut!.durationMs / 1000;
      filters.push(`fade=t=out:st=${num(length - d)}:d=${num(d)}`);
    }
    filters.push(`setpts=PTS+${shift}`);
  }
  return filters;
}

/** Keyframed geometry: which of scale, position and rotation change over the layer. */
function motionOf(layer: Layer) {
  const k = layer.keyframes;
  return {
    scale: isAnimated(k?.scale),
    positionX: isAnimated(k?.positionX),
    positionY: isAnimated(k?.positionY),
    rotation: isAnimated(k?.rotation),
  };
}

const needsAlpha = (layer: Layer) =>
  layer.source.alpha === true ||
  layerHasCrop(layer) ||
  alphaAnimated(layer) ||
  motionOf(layer).rotation ||
  layer.opacity < 1 ||
  layer.rotation % 360 !== 0 ||
  layer.transition?.kind === 'dissolve' ||
  layer.transition?.kind === 'wipe';

/** Transition progress p at render time t (seconds), as an expression. */
function progress(layer: Layer, clock: Clock): string {
  const d = layer.transition!.durationMs / 1000;
  return `clip((t-${num(clock.clipStart)})/${num(d)},0,1)`;
}

/** The chain of one layer, from its input to an overlay on `below`; returns the new main label. */
function layerChain(
  layer: Layer,
  index: number,
  composition: Composition,
  inputs: Inputs,
  below: string,
  chains: string[],
): string {
  const clock = clockOf(layer, composition);
  const motion = motionOf(layer);
  // A curve's picture is made at scale 1 and turned by 0, then turned and scaled frame by frame.
  const shape = {
    ...layer,
    ...(motion.scale && { scale: 1 }),
    ...(motion.rotation && { rotation: 0 }),
    ...((motion.positionX || motion.positionY) && { positionX: 0, positionY: 0 }),
  };
  const geometry = clock && layerGeometry(shape, composition);
  if (!clock || !geometry) return below;
  const u = clipTimeExpr(clock.clipStart);
  const { fps, width: W } = composition;
  const startSource = layer.inMs + Math.max(0, Math.min(composition.startMs, layer.endMs) - layer.startMs) * layer.rate;
  // Backwards, reading starts at the source the range's last frame shows.
  const renderEndMs = composition.startMs + (composition.frames * 1000) / fps;
  const reversedFrom = layer.outMs - (Math.min(renderEndMs, layer.endMs) - layer.startMs) * layer.rate;
  const seekMs =
    layer.source.kind === 'image'
      ? 0
      : layer.reverse
        ? Math.max(layer.inMs, reversedFrom)
        : Math.max(0, Math.min(layer.outMs - 1, startSource));
  const input =
    layer.source.kind === 'image'
      ? inputs.image(layer.source.path)
      : inputs.media(layer.source.path, seekMs, layer.source.decoder);

  const picture: string[] = [];
  if (geometry.crop) {
    const c = geometry.crop;
    picture.push(`crop=${c.width}:${c.height}:${c.x}:${c.y}:exact=1`);
  }
  const frames = { ...clock, fps, timeOf: (k: number) => composition.startMs + (k * 1000) / fps };
  const effects = effectFilters(layer, geometry, { index, frames, frameHeight: composition.height });
  // A still picture is worked once and repeated, unless an effect of it changes over time.
  // So is a reversed video's, frame by frame before the reversal holds them: at its box's size, not its source's.
  const animatedEffects = layer.effects.some((e) => effectCurve(layer, e));
  const stillFirst =
    (layer.source.kind === 'image' || layer.reverse === true) && !animatedEffects && !layerCropMoves(layer);
  // Effects work on planar RGB; a picture coded with another matrix than the output's goes through RGB too.
  const viaRgb = effects.length > 0 || layer.source.matrix !== 'bt601';
  picture.push(
    `scale=${geometry.width}:${geometry.height}:in_color_matrix=${layer.source.matrix}:out_color_matrix=bt601:flags=bicubic`,
    'setsar=1',
  );
  const alpha = needsAlpha(layer);
  if (viaRgb) picture.push(layer.source.alpha ? 'format=gbrap' : 'format=gbrp', ...effects);
  picture.push(`format=${alpha ? 'yuva420p' : 'yuv420p'}`);
  // The crop cuts the picture at its box size, after its effects and before it turns.
  picture.push(...cropStrips(layer, geometry, index, frames));
  if (geometry.angle !== 0 && layer.rotation % 360 !== 0)
    picture.push(
      `rotate=a=${num(geometry.angle)}:ow=${expr(`rotw(${num(geometry.angle)})`)}:oh=${expr(`roth(${num(geometry.angle)})`)}:c=none`,
    );

  const timing = timingFilters(layer, clock, fps, seekMs);
  const chain = stillFirst ? [...picture, ...timing] : [...timing, ...picture];
  chain.push(...motionFilters(layer, geometry, clock, fps));
  if (motion.rotation) {
    const angle = `(${curveExpr(layer.keyframes!.rotation, layer.rotation, u)})*PI/180`;
    chain.push(`rotate=a=${expr(angle)}:ow=${expr('hypot(iw,ih)')}:oh=${expr('hypot(iw,ih)')}:c=none`);
  }
  // Alpha before the per-frame scale: lut and fade are set up for one frame size and corrupt
  // memory when it changes under them (ffmpeg 5.1), so only overlay sees the changing size.
  chain.push(...alphaFilters(layer, index, composition, clock));
  if (motion.scale) {
    const factor = curveExpr(layer.keyframes!.scale, layer.scale, u);
    const side = (v: string) => expr(`max(2,2*round(${v}*${factor}/2))`);
    chain.push(`scale=w=${side('iw')}:h=${side('ih')}:eval=frame:flags=bicubic`);
  }

  // 4:2:0 pictures are placed on even pixels (overlay rounds down to them): the nearest ones.
  const even = (value: string) => `2*floor((${value})/2+0.5)`;
  const { height: H } = composition;
  // overlay evaluates x and y every frame, at render time t: a keyframed position is its curve.
  const centreX =
    motion.positionX || motion.positionY
      ? `(${num(geometry.centreX)}+${curveExpr(layer.keyframes?.positionX, layer.positionX, u)}*${W})`
      : num(geometry.centreX);
  const centreY =
    motion.positionX || motion.positionY
      ? `(${num(geometry.centreY)}+${curveExpr(layer.keyframes?.positionY, layer.positionY, u)}*${H})`
      : num(geometry.centreY);
  const left = even(`${centreX}-overlay_w/2`);
  const top = even(`${centreY}-overlay_h/2`);
  let x = left;
  if (layer.transition?.kind === 'wipe') {
    // Only the part left of x = p·W shows: the picture (made an even width) gets a
    // transparent twin on its left, and a window of its own width slides over the pair
    // (crop), placed to match; widths and offsets stay even, as 4:2:0 placement needs.
    const shown = (width: string) =>
      `2*floor(clip(${progress(layer, clock)}*${W}-${even(`${centreX}-${width}/2`)},0,${width})/2)`;
    chain.push(
      'pad=w=ceil(iw/2)*2:h=ih:x=0:y=0:color=black@0',
      'pad=w=2*iw:h=ih:x=iw:y=0:color=black@0',
      `crop=w=iw/2:h=ih:x=${expr(shown('(iw/2)'))}:y=0:exact=1`,
    );
    x = `${left}-overlay_w+${shown('overlay_w')}`;
  } else if (layer.transition?.kind === 'slide') {
    // On the nearest even pixel too (overlay would take the even pixel at or left of it).
    x = even(`${left}+(1-${progress(layer, clock)})*${W}`);
  }
  chains.push(`[${input}:v]${chain.join(',')}[l${index}]`);
  const out = `[m${index}]`;
  chains.push(`${below}[l${index}]overlay=x=${expr(x)}:y=${expr(top)}:eof_action=pass:format=yuv420${out}`);
  return out;
}

/** The picture's chains: a black frame, then every layer over it; returns the label of the result. */
export function videoLayers(composition: Composition, inputs: Inputs, chains: string[]): string {
  const { width, height, fps, frames } = composition;
  chains.push(`color=c=black:s=${width}x${height}:r=${fps},format=yuv420p,trim=end_frame=${frames}[base]`);
  let main = '[base]';
  composition.layers.forEach((layer, i) => {
    main = layerChain(layer, i, composition, inputs, main, chains);
  });
  return main;
}
