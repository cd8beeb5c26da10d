// Swapping a finished (loudness-normalised) derivative into the timeline in place of its
// source: the clip is taken off and put back at the same place, with the same id, trims,
// properties, effects and transition, now playing the new asset. The finish keeps the
// media's length, so the clip lasts as long as before.
import { defaultProperties } from '../timeline/applyCommands.ts';
import type { EditorCommand } from '../timeline/editorCommands.ts';
import type { Catalog, MediaClip } from '../timeline/timelineTypes.ts';

export function swapAssetCommands(
  clip: MediaClip,
  trackId: string,
  assetId: number,
  catalog: Catalog | null,
): EditorCommand[] {
  const commands: EditorCommand[] = [
    { type: 'removeClip', clipId: clip.id },
    {
      type: 'addClip',
      trackId,
      clipId: clip.id,
      assetId,
      startMs: Math.round(clip.startMs),
      inMs: Math.round(clip.inMs),
      outMs: Math.round(clip.outMs),
    },
  ];
  const defaults = defaultProperties(catalog);
  const changed = Object.fromEntries(
    Object.entries(clip.properties).filter(([name, value]) => defaults[name] !== value),
  );
  if (Object.keys(changed).length > 0)
    commands.push({ type: 'setClipProperties', clipId: clip.id, properties: changed });
  for (const effect of clip.effects)
    commands.push({ type: 'applyEffect', clipId: clip.id, effectId: effect.effectId, params: effect.params });
  if (clip.transitionIn) {
    commands.push({
      type: 'setTransition',
      clipId: clip.id,
      transitionId: clip.transitionIn.transitionId,
      durationMs: Math.round(clip.transitionIn.durationMs),
    });
  }
  return commands;
}
