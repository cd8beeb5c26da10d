// The picture of a timeline at time t, as docs/render-semantics.md writes it: which clips
// are drawn, bottom first, each with its source moment, box (fit × scale), centre
// (position, a slide's offset), rotation, opacity (a dissolve's alpha), effects in order (a
// blur's σ in frame pixels), a fade's colour factor, a wipe's edge and its crop; and the captions on
// top. Every value is the clip's at t (keyframes, fades, the transitions at either end:
// clipValues.ts), read once per layer. Pure: the drawing (frameView.ts) only applies it, and
// unit tests check it rule by rule. Sizes are in pixels of the frame given, so the same
// composition serves any size.
import { cropAt, type CropWindow } from '../../shared/timeline/crop.ts';
import { captionLookOf, hasWordLook, type CaptionLook } from '../../shared/timeline/captionStyle.ts';
import { trackMix } from '../../shared/timeline/timelineRules.ts';
import {
  fitOf,
  isMedia,
  type CaptionClip,
  type MediaClip,
  type Timeline,
  type Track,
} from '../../shared/timeline/timelineTypes.ts';
import {
  clipAt,
  lastSourceMs,
  pictureMsAt,
  playsForwards,
  predecessorOf,
  propertyOf,
  transitionAt,
} from './clipTiming.ts';
import { effectParamAt, outProgressAt, pictureFadeAt, propertyAt } from './clipValues.ts';
import { fitBox, type Size } from './frameGeometry.ts';
import { boxOf, type Placement } from './transformGeometry.ts';

/** What the composition needs to know of an asset: its kind and picture (from the media cache). */
export interface MediaShape {
  readonly kind: 'video' | 'audio' | 'image';
  readonly hasVideo: boolean;
  readonly width: number;
  readonly height: number;
}

export type PictureEffect =
  | { readonly kind: 'brightness'; readonly amount: number }
  | { readonly kind: 'contrast'; readonly amount: number }
  | { readonly kind: 'saturation'; readonly amount: number }
  | { readonly kind: 'blur'; readonly sigmaPx: number };

export interface PictureLayer {
  /** The clip's id: one element per clip, whether it plays or is held. */
  readonly clipId: string;
  readonly assetId: number;
  readonly image: boolean;
  /** The source moment to show (a held predecessor: its last picture). */
  readonly sourceMs: number;
  readonly held: boolean;
  /** Playing, its element plays along with the clock; false where each frame is sought (held, reversed, a freeze frame). */
  readonly plays: boolean;
  /** The box: fitted, then scaled. */
  readonly width: number;
  readonly height: number;
  /** Where the box's centre lands, in frame pixels (a slide's offset included). */
  readonly centerX: number;
  readonly centerY: number;
  /** Clockwise, degrees. */
  readonly rotation: number;
  /** The opacity property times a dissolve's progress (in or out) and the picture fades. */
  readonly opacity: number;
  readonly effects: readonly PictureEffect[];
  /** A fade from or to black (the transitions): colours multiplied by this; null when none runs. */
  readonly fade: number | null;
  /** A wipe: only what lies left of this x (frame pixels) is drawn; null when none runs. */
  readonly wipeRight: number | null;
  /** Fractions of the picture cut from each edge (its crop at t): the rest stays where it was in the box. */
  readonly crop: CropWindow;
}

export interface CaptionLayer {
  readonly clipId: string;
  readonly text: string;
  readonly style: string;
  readonly fontId: string;
  /** Its style's preset, its track's and its own style properties (captionStyle.ts). */
  readonly look: CaptionLook;
  /** A caption drawn word by word (karaoke, the active word): how many of its words have begun. 0 for others. */
  readonly highlighted: number;
}

export interface Composition {
  /** Bottom first. */
  readonly pictures: PictureLayer[];
  /** After (above) every picture, in track order. */
  readonly captions: CaptionLayer[];
}

export interface ComposeContext {
  readonly frame: Size;
  /** Null while the asset's media is not known yet: its clips are not drawn. */
  readonly shapeOf: (assetId: number) => MediaShape | null;
}

/** The words of a caption's text, split on spaces and line breaks. */
export function captionWords(text: string): string[] {
  return text.split(/[ \n]+/).filter((word) => word !== '');
}

/** Karaoke: how many words of the caption have begun at `t` (its own timings, else an even split). */
export function highlightedWords(clip: CaptionClip, t: number): number {
  const count = captionWords(clip.text).length;
  if (clip.words && clip.words.length > 0) {
    let begun = 0;
    for (const word of clip.words.slice(0, count)) if (word.startMs <= t) begun++;
    return begun;
  }
  const length = clip.endMs - clip.startMs;
  if (count === 0 || length <= 0) return 0;
  // Word i (from 0) begins at startMs + i × length / n: floor of the share of time gone, plus one.
  return Math.min(count, Math.floor(((t - clip.startMs) * count) / length) + 1);
}

function effectsOf(clip: MediaClip, frame: Size, t: number): PictureEffect[] {
  const effects: PictureEffect[] = [];
  for (const effect of clip.effects) {
    const params = effect.params;
    const number = (name: string, fallback: number) => {
      const value = typeof params[name] === 'number' && Number.isFinite(params[name]) ? params[name] : fallback;
      return clip.keyframes ? effectParamAt(clip, effect.effectId, name, value, t) : value;
    };
    if (effect.effectId === 'brightness') effects.push({ kind: 'brightness', amount: number('amount', 0) });
    else if (effect.effectId === 'contrast') effects.push({ kind: 'contrast', amount: number('amount', 1) });
    else if (effect.effectId === 'saturation') effects.push({ kind: 'saturation', amount: number('amount', 1) });
    else if (effect.effectId === 'blur')
      effects.push({ kind: 'blur', sigmaPx: (number('radius', 5) * frame.height) / 1080 });
    // speed changes time only; an effect this app does not know draws nothing.
  }
  return effects;
}

/** The properties that place a clip's box at `t` (their keyframes' values there). */
export function placementAt(clip: MediaClip, t: number): Placement {
  return {
    positionX: propertyAt(clip, 'positionX', t),
    positionY: propertyAt(clip, 'positionY', t),
    scale: propertyAt(clip, 'scale', t),
    rotation: propertyAt(clip, 'rotation', t),
  };
}

/** The properties that place a clip's box (their static values; defaults where unset). */
export function placementOf(clip: MediaClip): Placement {
  return {
    positionX: propertyOf(clip, 'positionX'),
    positionY: propertyOf(clip, 'positionY'),
    scale: propertyOf(clip, 'scale'),
    rotation: propertyOf(clip, 'rotation'),
  };
}

function pictureOf(
  clip: MediaClip,
  shape: MediaShape,
  frame: Size,
  t: number,
  held: boolean,
  transition: { transitionId: string; progress: number } | null,
): PictureLayer {
  const box = boxOf(fitBox(shape, frame, fitOf(clip)), frame, placementAt(clip, t));
  const p = transition?.progress ?? 1;
  const id = transition?.transitionId;
  const out = outProgressAt(clip, t);
  const gone = out?.progress ?? 0;
  const alpha =
    Math.max(0, Math.min(1, propertyAt(clip, 'opacity', t))) *
    (id === 'dissolve' ? p : 1) *
    (out?.transitionId === 'dissolve' ? 1 - gone : 1) *
    pictureFadeAt(clip, t);
  const fadeIn = id === 'fade' ? p : null;
  const fadeOut = out?.transitionId === 'fade' ? 1 - gone : null;
  return {
    clipId: clip.id,
    assetId: clip.assetId,
    image: shape.kind === 'image',
    sourceMs: held ? lastSourceMs(clip) : pictureMsAt(clip, t),
    held,
    plays: !held && shape.kind !== 'image' && playsForwards(clip),
    width: box.width,
    height: box.height,
    centerX: box.centerX + (id === 'slide' ? (1 - p) * frame.width : 0),
    centerY: box.centerY,
    rotation: box.rotation,
    opacity: alpha,
    effects: effectsOf(clip, frame, t),
    fade: fadeIn === null && fadeOut === null ? null : (fadeIn ?? 1) * (fadeOut ?? 1),
    wipeRight: id === 'wipe' ? p * frame.width : null,
    crop: cropAt(clip, t - clip.startMs),
  };
}

/** The transitions that keep the predecessor on screen beneath the incoming clip. */
const HOLDS_PREDECESSOR = new Set(['dissolve', 'wipe', 'slide']);

function picturesOfTrack(track: Track, t: number, ctx: ComposeContext): PictureLayer[] {
  const clip = clipAt(track, t);
  if (!clip || !isMedia(clip)) return [];
  const shape = ctx.shapeOf(clip.assetId);
  if (!shape?.hasVideo) return [];
  const transition = transitionAt(clip, t);
  const layers: PictureLayer[] = [];
  if (transition && HOLDS_PREDECESSOR.has(transition.transitionId)) {
    const before = predecessorOf(track, clip);
    const beforeShape = before && ctx.shapeOf(before.assetId);
    if (before && beforeShape?.hasVideo) layers.push(pictureOf(before, beforeShape, ctx.frame, t, true, null));
  }
  layers.push(pictureOf(clip, shape, ctx.frame, t, false, transition));
  return layers;
}

export function composeFrame(timeline: Timeline, t: number, ctx: ComposeContext): Composition {
  const pictures: PictureLayer[] = [];
  const captions: CaptionLayer[] = [];
  for (const track of timeline.tracks) {
    // A hidden track draws nothing (its sound still plays); muted does not touch the picture;
    // audio tracks draw nothing.
    if (trackMix(track).hidden) continue;
    if (track.kind === 'video') pictures.push(...picturesOfTrack(track, t, ctx));
    if (track.kind !== 'caption') continue;
    const clip = clipAt(track, t);
    if (!clip || clip.kind !== 'caption') continue;
    const look = captionLookOf(clip.style, track.captionStyle, clip.captionStyle);
    captions.push({
      clipId: clip.id,
      text: clip.text,
      style: clip.style,
      fontId: clip.font,
      look,
      highlighted: hasWordLook(look) ? highlightedWords(clip, t) : 0,
    });
  }
  return { pictures, captions };
}
