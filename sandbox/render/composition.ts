// What one render draws and mixes, in the terms of docs/render-semantics.md: layers of
// pictures (bottom first), captions over them, and sounds. A timeline range and an export's
// clip list both become a Composition (timelineComposition.ts, clipListComposition.ts), and
// one renderer draws it (renderGraph.ts), so the two kinds of output cannot disagree.
import type { Fit } from '../editor/editorCatalog.ts';

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
}

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
