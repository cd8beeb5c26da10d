// Accepted speech-edit proposals as editor commands. A proposal names what to remove in
// the asset's time; on the timeline that is part of a clip playing the asset, and of the
// clips playing the same recording in step on other tracks (its sound under its picture).
// Every accepted proposal is one range of one removeRanges command (rangeCuts.ts), as a cut
// from the transcript is: split where it starts and ends, the middle removed, what follows
// on those tracks moved up. One that no longer fits is skipped and said why in the user's
// terms, with what they can do about it (unlock the track, shorten the transition, cut by
// hand…).
import type { ApplyContext, EditRejected } from '../timeline/applyCommands.ts';
import type { EditorCommand } from '../timeline/editorCommands.ts';
import type { MediaClip, Timeline } from '../timeline/timelineTypes.ts';
import { cutRanges, inStepFinder, mediaById, type TrackRange } from '../transcript/rangeCuts.ts';
import { speedOf } from './clipTime.ts';

export interface CutRequest {
  /** The proposal's id, to report what was applied. */
  readonly id: string;
  /** What to remove, in the asset's time. */
  readonly startMs: number;
  readonly endMs: number;
}

export interface CutPlan {
  readonly commands: EditorCommand[];
  readonly applied: string[];
  readonly skipped: { id: string; why: string }[];
  /** The timeline once every applied cut is made. */
  readonly timeline: Timeline;
}

/** The clip that plays the whole range (preferring `preferClipId`), or why none can be cut, in words. */
function holder(timeline: Timeline, assetId: number, cut: CutRequest, preferClipId: string | null): MediaClip | string {
  const candidates: MediaClip[] = [];
  let locked = false;
  let partly = false;
  for (const track of timeline.tracks) {
    for (const clip of track.clips) {
      if (clip.kind !== 'media' || clip.assetId !== assetId) continue;
      const whole = clip.inMs <= cut.startMs && cut.endMs <= clip.outMs;
      if (whole && track.locked) locked = true;
      else if (whole) candidates.push(clip);
      else if (clip.inMs < cut.endMs && cut.startMs < clip.outMs) partly = true;
    }
  }
  const found = candidates.find((clip) => clip.id === preferClipId) ?? candidates[0];
  if (found) return found;
  if (locked) return 'its clip is on a locked track: unlock the track, then accept it again.';
  if (partly)
    return 'it runs across the edge of a clip (the clip was split or trimmed there): cut the rest by hand at the playhead (S), or undo the split and accept it again.';
  return 'that part of the recording is no longer on the timeline (already cut or trimmed away): nothing to do.';
}

/**
 * Whether any part of the range is still on the timeline: some clip playing the asset plays
 * part of it. A proposal made from the transcription is checked against the timeline as it
 * is now: once its words or pause were cut (from the Transcript tab, say, by "Remove all
 * fillers"), it is no longer proposed.
 */
export function stillOnTimeline(
  timeline: Timeline,
  assetId: number,
  range: { startMs: number; endMs: number },
): boolean {
  return timeline.tracks.some((track) =>
    track.clips.some(
      (clip) =>
        clip.kind === 'media' && clip.assetId === assetId && clip.inMs < range.endMs && range.startMs < clip.outMs,
    ),
  );
}

/** An edit the editor refused, as what the user can do about it. */
function whyRefused(err: EditRejected, clip: MediaClip, cut: CutRequest): string {
  const transition = clip.transitionIn;
  const startsAt = (cut.startMs - clip.inMs) / speedOf(clip);
  if (transition && startsAt > 0 && startsAt < transition.durationMs)
    return `it starts inside the ${(transition.durationMs / 1000).toFixed(1)} s transition at the start of its clip: shorten or remove the transition (Inspector), then accept it again.`;
  if (err.commandType === 'splitClip' || /edge of clip/.test(err.message))
    return 'it is too close to the edge of its clip to cut there: trim that edge of the clip by hand instead.';
  const seconds = ((cut.endMs - cut.startMs) / 1000).toFixed(1);
  return `the editor refused to cut those ${seconds} s (${err.forPeople}) — cut them by hand at the playhead (S).`;
}

/** The cuts of `assetId` on the timeline, preferring the clip `preferClipId` when several clips hold a range: one removeRanges. */
export function cutPlan(
  timeline: Timeline,
  assetId: number,
  cuts: readonly CutRequest[],
  preferClipId: string | null,
  ctx: ApplyContext,
): CutPlan {
  const skipped: { id: string; why: string }[] = [];
  const byId = mediaById(timeline);
  const inStep = inStepFinder(timeline);
  const wanted: { cut: CutRequest; clip: MediaClip; range: TrackRange }[] = [];
  for (const cut of cuts) {
    if (cut.endMs <= cut.startMs) {
      skipped.push({ id: cut.id, why: 'it removes nothing.' });
      continue;
    }
    const clip = holder(timeline, assetId, cut, preferClipId);
    if (typeof clip === 'string') {
      skipped.push({ id: cut.id, why: clip });
      continue;
    }
    const placed = byId.get(clip.id)!;
    const linked = inStep(placed);
    const lockedInStep = linked.find((t) => t.track.locked);
    if (lockedInStep) {
      skipped.push({
        id: cut.id,
        why: `the same recording plays in step on locked track "${lockedInStep.track.name}": unlock it, then accept it again.`,
      });
      continue;
    }
    const speed = speedOf(clip);
    const range = {
      startMs: Math.round(clip.startMs + (cut.startMs - clip.inMs) / speed),
      endMs: Math.round(clip.startMs + (cut.endMs - clip.inMs) / speed),
      trackIds: [placed.track.id, ...linked.map((t) => t.track.id)],
    };
    wanted.push({ cut, clip, range });
  }
  const outcome = cutRanges(
    timeline,
    wanted.map((w) => w.range),
    ctx,
  );
  for (const [i, err] of outcome.refused)
    skipped.push({ id: wanted[i]!.cut.id, why: whyRefused(err, wanted[i]!.clip, wanted[i]!.cut) });
  const applied = outcome.cut.map((i) => wanted[i]!.cut);
  return {
    commands: outcome.commands,
    applied: applied.sort((a, b) => a.startMs - b.startMs).map((c) => c.id),
    skipped,
    timeline: outcome.timeline,
  };
}
