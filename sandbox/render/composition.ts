// What one render draws and mixes, in the terms of docs/render-semantics.md: layers of
// pictures (bottom first), captions over them, and sounds. A timeline range and an export's
// clip list both become a Composition (timelineComposition.ts, clipListComposition.ts), and
// one renderer draws it (renderGraph.ts), so the two kinds of output cannot disagree.
import type { CaptionStyle } from '../../shared/timeline/captionStyle.ts';
import type { Chapter } from './chapters.ts';
import type { CropWindow } from '../../shared/timeline/crop.ts';
import type { ClipKeyframes, Keyframe } from '../../shared/timeline/keyframes.ts';
import type { Fit } from '../../shared/timeline/timelineTypes.ts';

/** What the renderer needs to know of a media file (media/ffmpeg.ts probes it). */
export interface SourceFacts {
  path: string;
  kind: 'video' | 'image' | 'audio';
  /** Display size (square pixels; sample aspect ratio and rotation applied); null without a picture. */
  width: number | null;
  height: number | null;
  hasVideo: boolean;
  hasAudio: boolean;
  /** Channels of its sound (1: mono, played in both channels). */
  channels: number;
  /** The YUV matrix its picture is coded with, as ffmpeg's scale filter names it ('bt601' when untagged). */
  matrix: string;
  /** Its picture has an alpha plane, kept through every step (docs/render-semantics.md, "The picture"). */
  alpha?: boolean;
  /** The decoder that keeps that alpha, where ffmpeg's default drops it (libvpx-vp9 for VP9 with alpha). */
  decoder?: string | null;
}

export interface Effect {
  effectId: string;
  params: Record<string, number>;
}

export type TransitionKind = 'fade' | 'dissolve' | 'wipe' | 'slide';

/** A clip's picture on screen from startMs to endMs (timeline time). */
export interface Layer {
  source: SourceFacts;
  startMs: number;
  endMs: number;
  /** The used source range and its playback rate (speed effect). */
  inMs: number;
  outMs: number;
  rate: number;
  fit: Fit;
  scale: number;
  positionX: number;
  positionY: number;
  rotation: number;
  opacity: number;
  /** Colour and blur effects, in order (speed is in `rate`). */
  effects: Effect[];
  transition: { kind: TransitionKind; durationMs: number } | null;
  /** How long after endMs the clip stays, frozen on its last picture, under a successor's transition. */
  holdMs: number;
  /** Fractions of the source cut from each edge (static values; keyframes may change them): none when absent. */
  crop?: CropWindow;
  /** Keyframed properties and effect parameters (clip time); the static values above apply without. */
  keyframes?: ClipKeyframes;
  /** Alpha ramps over the clip's first and last ms. */
  fadeInMs?: number;
  fadeOutMs?: number;
  /** How it goes out: fade (colours to black) or dissolve (alpha to 0) over its last durationMs. */
  transitionOut?: { kind: 'fade' | 'dissolve'; durationMs: number } | null;
  /** Plays its range backwards. */
  reverse?: boolean;
  /** Clip-list exports only: a slow zoom or pan over the clip, and a colour look. */
  motion?: 'zoom-in' | 'zoom-out' | 'pan-left' | 'pan-right';
  look?: 'warm' | 'cool';
}

export interface CaptionWord {
  text: string;
  startMs: number;
  endMs: number;
}

export interface Caption {
  startMs: number;
  endMs: number;
  text: string;
  style: string;
  font: string;
  words?: CaptionWord[];
  /** Its track's style properties with its own over them (captionStyle.ts); absent when neither has any. */
  captionStyle?: CaptionStyle;
}

/** A clip's sound from startMs to endMs (timeline time). */
export interface Sound {
  source: SourceFacts;
  startMs: number;
  endMs: number;
  inMs: number;
  outMs: number;
  rate: number;
  volume: number;
  /** Its gain rises from 0 to 1 over this long from startMs (fade and dissolve). */
  fadeInMs: number;
  /** Keyframed volume (clip time); `volume` without. */
  keyframes?: Keyframe[];
  /** Equal-power fades over its first and last ms. */
  audioFadeInMs?: number;
  audioFadeOutMs?: number;
  /** Its gain falls from 1 to 0 over its last ms (a fade or dissolve out). */
  outFadeMs?: number;
  /** Crossfades at its start and end (their whole durations): it sounds from startMs − leadMs to endMs + tailMs. */
  crossInMs?: number;
  crossOutMs?: number;
  leadMs?: number;
  tailMs?: number;
  /** Plays its range backwards. */
  reverse?: boolean;
  /** Its track's gain as a linear factor (1 when absent). */
  trackGain?: number;
  /** Its track's pan, −1 (left) to 1 (right); 0 when absent. */
  pan?: number;
}

/** When a sound is heard: its clip, and its crossfades' reach beyond it. */
export const soundSpan = (s: Sound): [number, number] => [s.startMs - (s.leadMs ?? 0), s.endMs + (s.tailMs ?? 0)];

export interface Composition {
  width: number;
  height: number;
  fps: number;
  /** Timeline time of frame 0 (the range's start), ms. */
  startMs: number;
  /** How many frames the render has. */
  frames: number;
  layers: Layer[];
  captions: Caption[];
  sounds: Sound[];
  /** The file's chapters (render/chapters.ts); none when absent. */
  chapters?: Chapter[];
}

/** round((end − start) × fps / 1000), in integers so no float rounding can slip. */
export function frameCount(startMs: number, endMs: number, fps: number): number {
  return Math.floor(((endMs - startMs) * fps * 2 + 1000) / 2000);
}

/** The first frame shown at or after timeline time `ms` (frame k is at startMs + k × 1000 / fps). */
export function firstFrameAtOrAfter(composition: Pick<Composition, 'startMs' | 'fps'>, ms: number): number {
  const numerator = (ms - composition.startMs) * composition.fps;
  return Math.ceil(numerator / 1000);
}

/**
 * Where each layer and sound of a composition is, in its frames: a layer over the frames
 * it is drawn on (whole numbers), a sound over the stretch of time it sounds (fractions:
 * it is heard between frames too). Parts of a render are cut by these.
 */
function spansOf(composition: Composition) {
  const { fps, frames, startMs } = composition;
  const frame = (ms: number) => Math.min(frames, Math.max(0, firstFrameAtOrAfter(composition, ms)));
  const time = (ms: number) => Math.min(frames, Math.max(0, ((ms - startMs) * fps) / 1000));
  return {
    layers: composition.layers.map((l) => [frame(l.startMs), frame(l.endMs + l.holdMs)] as const),
    sounds: composition.sounds.map((s) => soundSpan(s).map(time) as unknown as readonly [number, number]),
  };
}

/** Whether a span has something in frames [from, to) (a clip between two frames has none). */
const overlaps = ([start, end]: readonly [number, number], from: number, to: number) =>
  end > start && start < to && end > from;

/** Frames [from, to) of a composition, as a composition of their own (`from` must start a whole ms). */
export function compositionPart(composition: Composition, from: number, to: number): Composition {
  const startMs = composition.startMs + (from * 1000) / composition.fps;
  const endMs = composition.startMs + (to * 1000) / composition.fps;
  const spans = spansOf(composition);
  return {
    ...composition,
    startMs,
    frames: to - from,
    layers: composition.layers.filter((_l, i) => overlaps(spans.layers[i]!, from, to)),
    captions: composition.captions.filter((c) => c.startMs < endMs && c.endMs > startMs),
    sounds: composition.sounds.filter((_s, i) => overlaps(spans.sounds[i]!, from, to)),
  };
}

/** The files a run of this composition opens: one per layer and one per sound. */
export const inputsOf = (composition: Composition): number => composition.layers.length + composition.sounds.length;

/**
 * Where to cut a composition so that no part opens more than `maxInputs` files (a moment
 * holding more than that is a part of its own anyway). Cuts fall on frames that start a
 * whole millisecond, so each part's clock is exact. Returns the frame numbers that start
 * parts, then the end: [0, …, frames].
 */
export function partBoundaries(composition: Composition, maxInputs: number): number[] {
  const { fps, frames } = composition;
  let a = 1000;
  let b = fps;
  while (b) [a, b] = [b, a % b];
  const step = fps / a;
  const { layers, sounds } = spansOf(composition);
  const spans = [...layers, ...sounds].filter(([from, to]) => to > from);
  const cuts = [...new Set([...spans.flat().map((f) => Math.floor(f / step) * step), frames])]
    .filter((f) => f > 0 && f <= frames)
    .sort((x, y) => x - y);
  const opened = (from: number, to: number) => spans.filter((span) => overlaps(span, from, to)).length;
  const bounds = [0];
  let start = 0;
  while (start < frames) {
    const ahead = cuts.filter((c) => c > start);
    let end = ahead[0]!;
    for (const c of ahead) {
      if (opened(start, c) > maxInputs) break;
      end = c;
    }
    bounds.push(end);
    start = end;
  }
  return bounds;
}
