// The slots a template can offer, read from the timeline: a caption's text (a text slot)
// and a media clip's asset (an image, video or audio slot). The user chooses which become
// slots and names them; each chosen one is a typed slot bound to its clip. An optional slot
// keeps the clip's current value as its default.
import type { Asset } from '../../../shared/api/createTypes.ts';
import type { SlotInput } from '../../../shared/ipc/production.ts';
import { clockText, mediaClipsOf } from '../../../shared/production/clipTime.ts';
import type { Timeline } from '../../../shared/timeline/timelineTypes.ts';
import { assetName } from './clipChoice.ts';

export interface SlotCandidate {
  readonly clipId: string;
  readonly type: 'text' | 'image' | 'video' | 'audio';
  readonly property: 'text' | 'asset';
  /** What the clip holds now: the caption's text, or the asset. */
  readonly current: string | number;
  readonly label: string;
  readonly suggestedName: string;
}

export interface SlotChoice {
  readonly on: boolean;
  readonly name: string;
  readonly required: boolean;
}

const MEDIA_TYPES = new Set(['image', 'video', 'audio']);

export function slotCandidates(timeline: Timeline, assets: ReadonlyMap<number, Asset>): SlotCandidate[] {
  const candidates: SlotCandidate[] = [];
  let captions = 0;
  for (const track of timeline.tracks) {
    for (const clip of track.clips) {
      if (clip.kind !== 'caption') continue;
      captions++;
      const text = clip.text.replaceAll('\n', ' ');
      candidates.push({
        clipId: clip.id,
        type: 'text',
        property: 'text',
        current: clip.text,
        label: `Caption at ${clockText(clip.startMs)}: “${text.length > 40 ? `${text.slice(0, 40)}…` : text}”`,
        suggestedName: `caption_${captions}`,
      });
    }
  }
  const counts: Record<string, number> = {};
  for (const { clip, number } of mediaClipsOf(timeline)) {
    const kind = assets.get(clip.assetId)?.kind ?? 'video';
    if (!MEDIA_TYPES.has(kind)) continue;
    counts[kind] = (counts[kind] ?? 0) + 1;
    candidates.push({
      clipId: clip.id,
      type: kind as SlotCandidate['type'],
      property: 'asset',
      current: clip.assetId,
      label: `Clip ${number}'s ${kind}: ${assetName(assets, clip.assetId)}`,
      suggestedName: `${kind}_${counts[kind]}`,
    });
  }
  return candidates;
}

/** The slots and bindings of the chosen candidates. */
export function slotsOf(candidates: readonly SlotCandidate[], choices: ReadonlyMap<string, SlotChoice>) {
  const slots: SlotInput[] = [];
  const bindings: { slot: string; clipId: string; property: string }[] = [];
  for (const candidate of candidates) {
    const choice = choices.get(candidate.clipId);
    if (!choice?.on) continue;
    slots.push({
      name: choice.name,
      type: candidate.type,
      required: choice.required,
      ...(!choice.required && { default: candidate.current }),
    });
    bindings.push({ slot: choice.name, clipId: candidate.clipId, property: candidate.property });
  }
  return { slots, bindings };
}

export const SLOT_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
