// A range of the timeline as a Composition, by the rules of docs/render-semantics.md: every
// video track's clips as layers in track order (a later track on top), each clip held
// frozen under its successor's dissolve, wipe or slide (a hidden track draws nothing); every
// shown caption track's captions; and the sound of every sounding track (unmuted, and soloed
// when any track is), at its track's gain and pan. Pure: the media files' facts come from `source`.
import { CROSSFADE } from '../../shared/timeline/crossfade.ts';
import { dbToGain, trackMix, trackSounds } from '../../shared/timeline/timelineRules.ts';
import type { CaptionClip, MediaClip, Track } from '../editor/timelineSchemas.ts';
import {
  frameCount,
  type Caption,
  type Composition,
  type Layer,
  type Sound,
  type SourceFacts,
  type TransitionKind,
} from './composition.ts';

export interface RenderRange {
  startMs: number;
  endMs: number;
}

/** Transitions that keep the clip before on screen, frozen, beneath the incoming one. */
const HOLDING = new Set(['dissolve', 'wipe', 'slide']);
/** Transitions that raise the incoming clip's sound from silence. */
const FADING_SOUND = new Set(['fade', 'dissolve']);

export const rateOf = (clip: MediaClip): number => clip.effects.find((e) => e.effectId === 'speed')?.params.rate ?? 1;

const property = (clip: MediaClip, name: string, fallback: number): number => clip.properties[name] ?? fallback;

/** The clip's transition, its length clamped to the clip's own (a crossfade is sound only). */
function transitionOf(clip: MediaClip): Layer['transition'] {
  const t = clip.transitionIn;
  if (!t || t.transitionId === CROSSFADE) return null;
  return { kind: t.transitionId as TransitionKind, durationMs: Math.min(t.durationMs, clip.endMs - clip.startMs) };
}

/** How long `clip` is held after its end: its successor's dissolve, wipe or slide, when one starts right there. */
function holdOf(next: MediaClip | undefined, clip: MediaClip): number {
  if (!next || next.startMs !== clip.endMs || !next.transitionIn || !transitionOf(next)) return 0;
  return HOLDING.has(next.transitionIn.transitionId) ? transitionOf(next)!.durationMs : 0;
}

/** The clip's transition out, when it shapes the picture and sound (a crossfade does the sound alone). */
function transitionOutOf(clip: MediaClip): Layer['transitionOut'] {
  const t = clip.transitionOut;
  if (!t || (t.transitionId !== 'fade' && t.transitionId !== 'dissolve')) return null;
  return { kind: t.transitionId, durationMs: Math.min(t.durationMs, clip.endMs - clip.startMs) };
}

/** The crossfade's length where `earlier` ends and `later` starts, meeting on one track (0: none). */
function crossfadeAt(earlier: MediaClip | undefined, later: MediaClip | undefined): number {
  if (!earlier || !later || earlier.endMs !== later.startMs) return 0;
  if (later.transitionIn?.transitionId === CROSSFADE) return later.transitionIn.durationMs;
  if (earlier.transitionOut?.transitionId === CROSSFADE) return earlier.transitionOut.durationMs;
  return 0;
}

/** Source ms beyond the clip's first (`head`) or last picture, in play order (Infinity: not known, the media ends it). */
function handleOf(clip: MediaClip, side: 'head' | 'tail'): number {
  const reversed = (clip.properties.reverse ?? 0) >= 0.5;
  return side === 'head' ? (reversed ? Infinity : clip.inMs) : reversed ? clip.inMs : Infinity;
}

const overlaps = (range: RenderRange, startMs: number, endMs: number) => startMs < range.endMs && endMs > range.startMs;

export function timelineComposition(
  tracks: readonly Track[],
  range: RenderRange,
  frame: { width: number; height: number; fps: number },
  source: (assetId: number) => SourceFacts,
): Composition {
  const layers: Layer[] = [];
  const sounds: Sound[] = [];
  const captions: Caption[] = [];

  for (const track of tracks) {
    if (track.kind === 'caption') continue;
    const clips = track.clips.filter((c): c is MediaClip => c.kind === 'media');
    const mix = trackMix(track);
    // Solo: when any track is soloed only soloed tracks sound; a hidden track still sounds.
    const sounding = trackSounds(track, tracks);
    clips.forEach((clip, i) => {
      const facts = source(clip.assetId);
      const transition = transitionOf(clip);
      if (track.kind === 'video' && !mix.hidden && facts.hasVideo) {
        const holdMs = holdOf(clips[i + 1], clip);
        if (overlaps(range, clip.startMs, clip.endMs + holdMs)) {
          layers.push({
            source: facts,
            startMs: clip.startMs,
            endMs: clip.endMs,
            inMs: clip.inMs,
            outMs: clip.outMs,
            rate: rateOf(clip),
            fit: clip.fit,
            scale: property(clip, 'scale', 1),
            positionX: property(clip, 'positionX', 0),
            positionY: property(clip, 'positionY', 0),
            rotation: property(clip, 'rotation', 0),
            opacity: property(clip, 'opacity', 1),
            crop: {
              left: property(clip, 'cropLeft', 0),
              right: property(clip, 'cropRight', 0),
              top: property(clip, 'cropTop', 0),
              bottom: property(clip, 'cropBottom', 0),
            },
            effects: clip.effects.filter((e) => e.effectId !== 'speed'),
            transition,
            holdMs,
            ...(clip.keyframes && { keyframes: clip.keyframes }),
            fadeInMs: property(clip, 'fadeInMs', 0),
            fadeOutMs: property(clip, 'fadeOutMs', 0),
            transitionOut: transitionOutOf(clip),
            reverse: property(clip, 'reverse', 0) >= 0.5,
          });
        }
      }
      const volume = property(clip, 'volume', 1);
      const volumeKeys = clip.keyframes?.volume;
      const audible = volume > 0 || (volumeKeys?.some((k) => k.value > 0) ?? false);
      // A crossfade reaches half its length past each edge, as far as the media goes.
      const crossInMs = crossfadeAt(clips[i - 1], clip);
      const crossOutMs = crossfadeAt(clip, clips[i + 1]);
      const rate = rateOf(clip);
      const leadMs = Math.min(crossInMs / 2, handleOf(clip, 'head') / rate);
      const tailMs = Math.min(crossOutMs / 2, handleOf(clip, 'tail') / rate);
      const heard = overlaps(range, clip.startMs - leadMs, clip.endMs + tailMs);
      if (sounding && facts.hasAudio && clip.freezeMs === undefined && audible && heard) {
        const out = transitionOutOf(clip);
        sounds.push({
          source: facts,
          startMs: clip.startMs,
          endMs: clip.endMs,
          inMs: clip.inMs,
          outMs: clip.outMs,
          rate: rateOf(clip),
          volume,
          fadeInMs: transition && FADING_SOUND.has(transition.kind) ? transition.durationMs : 0,
          ...(volumeKeys && { keyframes: volumeKeys }),
          audioFadeInMs: property(clip, 'audioFadeInMs', 0),
          audioFadeOutMs: property(clip, 'audioFadeOutMs', 0),
          outFadeMs: out?.durationMs ?? 0,
          crossInMs,
          crossOutMs,
          leadMs,
          tailMs,
          reverse: property(clip, 'reverse', 0) >= 0.5,
          ...(mix.gainDb !== 0 && { trackGain: dbToGain(mix.gainDb) }),
          ...(mix.pan !== 0 && { pan: mix.pan }),
        });
      }
    });
  }
  for (const track of tracks) {
    if (track.kind !== 'caption' || trackMix(track).hidden) continue;
    for (const clip of track.clips as CaptionClip[]) {
      if (!overlaps(range, clip.startMs, clip.endMs)) continue;
      const captionStyle = (track.captionStyle || clip.captionStyle) && {
        ...track.captionStyle,
        ...clip.captionStyle,
      };
      captions.push({
        startMs: clip.startMs,
        endMs: clip.endMs,
        text: clip.text,
        style: clip.style,
        font: clip.font,
        ...(clip.words && { words: clip.words }),
        ...(captionStyle && { captionStyle }),
      });
    }
  }
  return {
    ...frame,
    startMs: range.startMs,
    frames: frameCount(range.startMs, range.endMs, frame.fps),
    layers,
    captions,
    sounds,
  };
}
