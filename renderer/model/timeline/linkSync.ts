// Linked clips in the app (issue 25): whether a selection can be linked, and how far linked
// clips have slid out of sync. A media clip shows its media's moment zero at timeline time
// startMs − inMs / speed; two linked clips line up (picture and sound) when those times are
// equal. The offset is counted in whole frames, so a slip of less than half a frame is in sync.
import type { Clip, Timeline } from '../../../shared/timeline/timelineTypes.ts';
import { FRAME_MS } from './timelineGeometry.ts';

/** The clip's playback rate (its speed effect's), 1 when it has none. */
function speedOf(clip: Clip): number {
  const rate = clip.kind === 'media' ? clip.effects.find((e) => e.effectId === 'speed')?.params.rate : undefined;
  return rate !== undefined && rate > 0 ? rate : 1;
}

/** The timeline time at which the clip's media starts (its moment zero), or null for a caption. */
export function mediaOriginMs(clip: Clip): number | null {
  return clip.kind === 'media' ? clip.startMs - clip.inMs / speedOf(clip) : null;
}

/** Why the clips cannot be linked (a sentence that says what to select), or null when they can. */
export function linkProblem(timeline: Pick<Timeline, 'tracks'>, ids: ReadonlySet<string>): string | null {
  const tracks = new Set<string>();
  let count = 0;
  for (const track of timeline.tracks)
    for (const clip of track.clips)
      if (ids.has(clip.id)) {
        count += 1;
        if (track.locked) return `The track “${track.name}” is locked: unlock it to link its clips.`;
        if (tracks.has(track.id))
          return 'Two of the selected clips are on one track: select one clip per track (a picture and its sound) to link them.';
        tracks.add(track.id);
      }
  if (count < 2) return 'Select at least two clips on different tracks (a picture and its sound) to link them.';
  return null;
}

/**
 * Each linked media clip that is out of sync with its link → its offset in frames (+ when it
 * is later than the clip it is compared with). A clip is compared with its link's first clip
 * in track order (the picture, as tracks are listed); that first clip shows the opposite
 * offset of the first partner out of sync with it, so both ends of a slipped pair show a badge.
 */
export function syncOffsets(timeline: Pick<Timeline, 'tracks'>): Map<string, number> {
  const groups = new Map<string, Clip[]>();
  for (const track of timeline.tracks)
    for (const clip of track.clips) {
      if (clip.linkId === undefined || clip.kind !== 'media') continue;
      const group = groups.get(clip.linkId);
      if (group) group.push(clip);
      else groups.set(clip.linkId, [clip]);
    }
  const offsets = new Map<string, number>();
  for (const [first, ...others] of groups.values()) {
    if (!first || others.length === 0) continue;
    const origin = mediaOriginMs(first)!;
    for (const clip of others) {
      const frames = Math.round((mediaOriginMs(clip)! - origin) / FRAME_MS);
      if (frames === 0) continue;
      offsets.set(clip.id, frames);
      if (!offsets.has(first.id)) offsets.set(first.id, -frames);
    }
  }
  return offsets;
}

/** The badge's text: "+3" or "−3" (a true minus sign). */
export function offsetText(frames: number): string {
  return frames > 0 ? `+${frames}` : `−${Math.abs(frames)}`;
}

/** The badge's accessible name. */
export function offsetName(frames: number): string {
  const n = Math.abs(frames);
  return `Out of sync by ${n} frame${n === 1 ? '' : 's'}`;
}
