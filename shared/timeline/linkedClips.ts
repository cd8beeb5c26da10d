// Linked clips act together: the app's clip actions (split, delete, trim to the playhead,
// nudge, copy) take the clips chosen and every clip linked to one of them. A partner on a
// locked track is left where it is (the edit would otherwise be refused as a whole).
import type { Timeline } from './timelineTypes.ts';

/** `ids` and the clips that share a link with one of them, on unlocked tracks. */
export function withLinkedClips(timeline: Pick<Timeline, 'tracks'>, ids: Iterable<string>): Set<string> {
  const chosen = new Set(ids);
  const links = new Set<string>();
  for (const track of timeline.tracks)
    for (const clip of track.clips) if (chosen.has(clip.id) && clip.linkId !== undefined) links.add(clip.linkId);
  if (links.size === 0) return chosen;
  for (const track of timeline.tracks) {
    if (track.locked) continue;
    for (const clip of track.clips) if (clip.linkId !== undefined && links.has(clip.linkId)) chosen.add(clip.id);
  }
  return chosen;
}
