// Swapping a finished (loudness-normalised) derivative into the timeline in place of its
// source: the clip is taken off and put back at the same place, with the same id, trims,
// properties, effects and transition, now playing the new asset. A re-encoded derivative
// can be a little shorter than its source (an audio codec's last frame: tens of ms), so a
// clip that played to the source's end now ends where the derivative does.
import { defaultProperties, mediaLength } from '../timeline/timelineRules.ts';
import type { EditorCommand } from '../timeline/editorCommands.ts';
import { placeMedia } from '../timeline/inverseCommands.ts';
import type { Catalog, MediaClip } from '../timeline/timelineTypes.ts';

export function swapAssetCommands(
  clip: MediaClip,
  trackId: string,
  assetId: number,
  /** How long the derivative lasts, when known. */
  assetDurationMs: number | null,
  catalog: Catalog | null,
): EditorCommand[] {
  const outMs = assetDurationMs !== null && clip.outMs > assetDurationMs ? assetDurationMs : clip.outMs;
  const swapped: MediaClip = { ...clip, assetId, outMs };
  swapped.endMs = swapped.startMs + mediaLength(swapped);
  return [
    { type: 'removeClip', clipId: clip.id },
    ...placeMedia(trackId, swapped, Math.round(clip.startMs), defaultProperties(catalog)),
  ];
}
