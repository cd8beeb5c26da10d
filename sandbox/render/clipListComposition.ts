// An export's clip list (POST /exports with clips) as a Composition: the clips one after
// another on a single track, each fitted to the frame, coming in by its transition (fade
// from black, or a dissolve over the clip before, held), with its look as colour effects,
// its motion, its volume, and its title drawn as a subtitle caption. The same renderer
// draws it as a timeline, so a timeline of one video track holding the same clips gives
// the same picture.
import type { Clip } from '../create/exportInput.ts';
import {
  frameCount,
  type Caption,
  type Composition,
  type Effect,
  type Layer,
  type Sound,
  type SourceFacts,
} from './composition.ts';

/** A clip's transition lasts 0.5 s, and at most a third of the clip. */
export const CLIP_TRANSITION_MAX_MS = 500;
/** Titles are drawn as captions of this style and font. */
export const TITLE_STYLE = 'subtitle';
export const TITLE_FONT = 'inter';

const LOOK_EFFECTS: Record<Clip['look'], Effect[]> = {
  none: [],
  mono: [{ effectId: 'saturation', params: { amount: 0 } }],
  vivid: [
    { effectId: 'saturation', params: { amount: 1.5 } },
    { effectId: 'contrast', params: { amount: 1.08 } },
  ],
  warm: [],
  cool: [],
};

export function transitionMsOf(clip: Clip): number {
  return clip.transition === 'none' ? 0 : Math.min(CLIP_TRANSITION_MAX_MS, Math.floor(clip.durationMs / 3));
}

export function clipListComposition(
  clips: readonly Clip[],
  frame: { width: number; height: number; fps: number },
  source: (assetId: number) => SourceFacts,
): Composition {
  const layers: Layer[] = [];
  const sounds: Sound[] = [];
  const captions: Caption[] = [];
  let at = 0;
  clips.forEach((clip, i) => {
    const facts = source(clip.assetId);
    const startMs = at;
    const endMs = at + clip.durationMs;
    at = endMs;
    const transitionMs = transitionMsOf(clip);
    const next = clips[i + 1];
    if (clip.kind !== 'audio' && facts.hasVideo) {
      layers.push({
        source: facts,
        startMs,
        endMs,
        inMs: clip.trimStartMs,
        outMs: clip.trimEndMs,
        rate: 1,
        fit: clip.fit,
        scale: 1,
        positionX: 0,
        positionY: 0,
        rotation: 0,
        opacity: 1,
        effects: LOOK_EFFECTS[clip.look],
        transition:
          transitionMs > 0 ? { kind: clip.transition as 'fade' | 'dissolve', durationMs: transitionMs } : null,
        holdMs: next?.transition === 'dissolve' ? transitionMsOf(next) : 0,
        ...(clip.motion !== 'none' && { motion: clip.motion }),
        ...((clip.look === 'warm' || clip.look === 'cool') && { look: clip.look }),
      });
    }
    if (facts.hasAudio && clip.volume > 0) {
      sounds.push({
        source: facts,
        startMs,
        endMs,
        inMs: clip.trimStartMs,
        outMs: clip.trimEndMs,
        rate: 1,
        volume: clip.volume,
        fadeInMs: transitionMs,
      });
    }
    if (clip.title) captions.push({ startMs, endMs, text: clip.title, style: TITLE_STYLE, font: TITLE_FONT });
  });
  return { ...frame, startMs: 0, frames: frameCount(0, at, frame.fps), layers, captions, sounds };
}
