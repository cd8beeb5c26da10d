// Many cuts of the timeline as one removeRanges command: what the transcript editor
// deletes, "Remove all fillers", "Shorten pauses" and accepted speech-edit proposals. Each cut
// is a time range of the timeline as it is, on the tracks that play its recording in step
// (its clip's track and theirs); the command cuts every range on all those tracks at once.
// A range the editor refuses (inside a transition, too near a clip's edge) is left out and
// the rest cut; the refusal is said for that range only.
import { applyCommands, EditRejected, type ApplyContext } from '../timeline/applyCommands.ts';
import type { EditorCommand } from '../timeline/editorCommands.ts';
import type { MediaClip, Timeline, Track } from '../timeline/timelineTypes.ts';
import { playsInStep } from './timelineTranscript.ts';

export interface Placed {
  readonly clip: MediaClip;
  readonly track: Track;
}

/** One range to cut, on the tracks named. */
export interface TrackRange {
  readonly startMs: number;
  readonly endMs: number;
  readonly trackIds: readonly string[];
}

export interface RangesOutcome {
  /** One removeRanges command, or none when nothing could be cut. */
  readonly commands: EditorCommand[];
  readonly timeline: Timeline;
  /** Indices of the ranges cut. */
  readonly cut: number[];
  /** Indices of the ranges the editor refused, with its refusal. */
  readonly refused: Map<number, EditRejected>;
}

/**
 * The clips of other tracks that play the same recording in step with a clip (its sound,
 * its picture), remembered per clip: a thousand cuts of one recording look once.
 */
export function inStepFinder(timeline: Timeline): (placed: Placed) => Placed[] {
  const known = new Map<string, Placed[]>();
  return (placed) => {
    const found = known.get(placed.clip.id);
    if (found) return found;
    const linked: Placed[] = [];
    for (const track of timeline.tracks) {
      if (track.id === placed.track.id) continue;
      for (const clip of track.clips)
        if (clip.kind === 'media' && playsInStep(clip, placed.clip)) linked.push({ clip, track });
    }
    known.set(placed.clip.id, linked);
    return linked;
  };
}

/** The media clips of the timeline by ID, with their tracks. */
export function mediaById(timeline: Timeline): Map<string, Placed> {
  const byId = new Map<string, Placed>();
  for (const track of timeline.tracks)
    for (const clip of track.clips) if (clip.kind === 'media') byId.set(clip.id, { clip, track });
  return byId;
}

/** The range index a refusal names (`ranges[k]`), or null when it is about the cut as a whole. */
function refusedRange(err: EditRejected): number | null {
  const match = /^ranges\[(\d+)\]$/.exec(err.field ?? '');
  return match ? Number(match[1]) : null;
}

/** Every range cut in one command, those the editor refuses left out one by one. */
export function cutRanges(timeline: Timeline, ranges: readonly TrackRange[], ctx: ApplyContext): RangesOutcome {
  let live = ranges.map((_, i) => i).filter((i) => ranges[i]!.endMs > ranges[i]!.startMs);
  const refused = new Map<number, EditRejected>();
  while (live.length > 0) {
    const command: EditorCommand = {
      type: 'removeRanges',
      ranges: live.map((i) => ({ startMs: ranges[i]!.startMs, endMs: ranges[i]!.endMs })),
      trackIds: [...new Set(live.flatMap((i) => ranges[i]!.trackIds))],
    };
    try {
      return { commands: [command], timeline: applyCommands(timeline, [command], ctx), cut: live, refused };
    } catch (err) {
      if (!(err instanceof EditRejected)) throw err;
      const k = refusedRange(err);
      if (k === null) {
        for (const i of live) refused.set(i, err);
        live = [];
      } else {
        refused.set(live[k]!, err);
        live = live.filter((_, at) => at !== k);
      }
    }
  }
  return { commands: [], timeline, cut: [], refused };
}
