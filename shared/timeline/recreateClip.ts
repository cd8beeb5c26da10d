// A clip made again by commands, as it is (source range, properties, effects, fit,
// transitions, keyframes): what undo sends for a clip that was taken off, and what
// restoreRanges runs for each clip it puts back, so every check of those commands applies.
import type { EditorCommand } from './editorCommands.ts';
import { fitOf, type Clip, type MediaClip, type Track } from './timelineTypes.ts';

/** The commands that make `clip` again on `track`, as it is (properties, effects, transition, link). */
export function recreateClip(
  track: Pick<Track, 'id'>,
  clip: Clip,
  defaults: Readonly<Record<string, number>>,
): EditorCommand[] {
  const made = makeClip(track, clip, defaults);
  return clip.linkId === undefined ? made : [...made, { type: 'linkClips', clipIds: [clip.id], linkId: clip.linkId }];
}

function makeClip(track: Pick<Track, 'id'>, clip: Clip, defaults: Readonly<Record<string, number>>): EditorCommand[] {
  if (clip.kind === 'caption') {
    return [
      {
        type: 'addCaption',
        trackId: track.id,
        clipId: clip.id,
        startMs: clip.startMs,
        endMs: clip.endMs,
        text: clip.text,
        style: clip.style,
        font: clip.font,
        ...(clip.captionStyle && { captionStyle: { ...clip.captionStyle } }),
        ...(clip.words && { words: clip.words.map((w) => ({ text: w.text, startMs: w.startMs, endMs: w.endMs })) }),
      },
    ];
  }
  return placeMedia(track.id, clip, clip.startMs, defaults);
}

/**
 * A media clip placed anew at `startMs` with the same source range, properties and effects.
 * It is added no longer than it will be (a speed-up would otherwise overlap its neighbour
 * before the speed applies), then trimmed back to its full source range. Only properties
 * that differ from their defaults are set (one that does not apply to the track, such as
 * opacity on audio, never differs).
 */
export function placeMedia(
  trackId: string,
  clip: MediaClip,
  startMs: number,
  defaults: Readonly<Record<string, number>>,
  clipId = clip.id,
): EditorCommand[] {
  const length = clip.endMs - clip.startMs;
  const interimOut = clip.inMs + Math.max(1, Math.min(clip.outMs - clip.inMs, length));
  const commands: EditorCommand[] = [
    {
      type: 'addClip',
      trackId,
      clipId,
      assetId: clip.assetId,
      startMs,
      inMs: clip.inMs,
      outMs: interimOut,
      ...(clip.freezeMs !== undefined && { freezeMs: clip.freezeMs }),
    },
  ];
  for (const effect of clip.effects)
    commands.push({ type: 'applyEffect', clipId, effectId: effect.effectId, params: { ...effect.params } });
  if (fitOf(clip) !== 'contain') commands.push({ type: 'setClipFit', clipId, fit: fitOf(clip) });
  if (interimOut !== clip.outMs) commands.push({ type: 'trimClip', clipId, outMs: clip.outMs });
  // Properties once the clip has its length (a fade may not outlast the clip).
  const changed = Object.fromEntries(
    Object.entries(clip.properties).filter(([name, value]) => defaults[name] !== value),
  );
  if (Object.keys(changed).length > 0) commands.push({ type: 'setClipProperties', clipId, properties: changed });
  if (clip.transitionIn)
    commands.push({
      type: 'setTransition',
      clipId,
      transitionId: clip.transitionIn.transitionId,
      durationMs: clip.transitionIn.durationMs,
    });
  if (clip.transitionOut)
    commands.push({
      type: 'setTransition',
      clipId,
      edge: 'out',
      transitionId: clip.transitionOut.transitionId,
      durationMs: clip.transitionOut.durationMs,
    });
  commands.push(...keyframesOf({ ...clip, id: clipId }));
  return commands;
}

/** The commands that set every keyframed property of the clip back to its list as it is now. */
export function keyframesOf(clip: MediaClip): EditorCommand[] {
  return Object.entries(clip.keyframes ?? {}).map(([property, list]) => ({
    type: 'setKeyframes',
    clipId: clip.id,
    property,
    keyframes: list.map((k) => ({ atMs: k.atMs, value: k.value, ...(k.easing && { easing: k.easing }) })),
  }));
}
