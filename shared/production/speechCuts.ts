// Accepted speech-edit proposals as editor commands. A proposal names what to remove in
// the asset's time; on the timeline that is part of a clip playing the asset: split the clip
// where the range starts and where it ends, then remove the middle with ripple, so what
// follows on that track moves up — on the clips playing the same recording in step on other
// tracks too (its sound under its picture), as a cut from the transcript does. Proposals are cut from the latest to the earliest, so a
// cut never moves the place of one still to come. Each cut is tried on the timeline as the
// earlier ones leave it (the editor's own rules); one that no longer fits is skipped and
// said why in the user's terms, with what they can do about it (unlock the track, shorten
// the transition, cut by hand…).
import { applyCommands, EditRejected, type ApplyContext } from '../timeline/applyCommands.ts';
import type { EditorCommand } from '../timeline/editorCommands.ts';
import type { MediaClip, Timeline, Track } from '../timeline/timelineTypes.ts';
import { cutOne, linkedClips } from '../transcript/textCuts.ts';
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
  if (err.commandType === 'splitClip')
    return 'it is too close to the edge of its clip to cut there: trim that edge of the clip by hand instead.';
  const seconds = ((cut.endMs - cut.startMs) / 1000).toFixed(1);
  return `the editor refused to cut those ${seconds} s (${err.forPeople}) — cut them by hand at the playhead (S).`;
}

/** The commands of one cut on `timeline` (the clip and those in step with it), checked by applying them. */
function oneCut(
  timeline: Timeline,
  clip: MediaClip,
  cut: CutRequest,
  ctx: ApplyContext,
): { commands: EditorCommand[]; timeline: Timeline } {
  const placed = findPlaced(timeline, clip.id)!;
  const speed = speedOf(clip);
  const startAt = Math.round(clip.startMs + (cut.startMs - clip.inMs) / speed);
  const endAt = Math.round(clip.startMs + (cut.endMs - clip.inMs) / speed);
  const targets = [placed, ...linkedClips(timeline, placed)];
  const commands = targets.flatMap((t) => cutOne(t.clip, startAt, endAt, ctx));
  return { commands, timeline: applyCommands(timeline, commands, ctx) };
}

function findPlaced(timeline: Timeline, clipId: string): { clip: MediaClip; track: Track } | undefined {
  for (const track of timeline.tracks) {
    const clip = track.clips.find((c) => c.id === clipId);
    if (clip?.kind === 'media') return { clip, track };
  }
  return undefined;
}

/** The cuts of `assetId` on the timeline, preferring the clip `preferClipId` when several clips hold a range. */
export function cutPlan(
  timeline: Timeline,
  assetId: number,
  cuts: readonly CutRequest[],
  preferClipId: string | null,
  ctx: ApplyContext,
): CutPlan {
  const commands: EditorCommand[] = [];
  const applied: string[] = [];
  const skipped: { id: string; why: string }[] = [];
  let current = timeline;
  const latestFirst = [...cuts].sort((a, b) => b.startMs - a.startMs);
  for (const cut of latestFirst) {
    if (cut.endMs <= cut.startMs) {
      skipped.push({ id: cut.id, why: 'it removes nothing.' });
      continue;
    }
    const clip = holder(current, assetId, cut, preferClipId);
    if (typeof clip === 'string') {
      skipped.push({ id: cut.id, why: clip });
      continue;
    }
    const lockedInStep = linkedClips(current, findPlaced(current, clip.id)!).find((t) => t.track.locked);
    if (lockedInStep) {
      skipped.push({
        id: cut.id,
        why: `the same recording plays in step on locked track "${lockedInStep.track.name}": unlock it, then accept it again.`,
      });
      continue;
    }
    try {
      const done = oneCut(current, clip, cut, ctx);
      commands.push(...done.commands);
      current = done.timeline;
      applied.push(cut.id);
    } catch (err) {
      if (!(err instanceof EditRejected)) throw err;
      skipped.push({ id: cut.id, why: whyRefused(err, clip, cut) });
    }
  }
  return { commands, applied: applied.reverse(), skipped, timeline: current };
}
