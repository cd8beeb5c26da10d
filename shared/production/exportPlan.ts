// Exporting the timeline: the whole timeline, its I/O range or one still frame, exactly as
// it plays (every track, caption and sound, as the service's render draws it), at the
// output settings chosen. Checked against the limits of a timeline export before anything
// is sent, each problem saying what to change; the service checks again. A timeline export
// has no 30-minute limit (the service draws a long one in parts; that limit is the clip
// list's).
import type { ExportInput } from '../api/createTypes.ts';
import type { OutputSettings } from '../api/outputSettings.ts';
import { EDITOR_LIMITS } from '../limits.ts';
import type { Timeline } from '../timeline/timelineTypes.ts';
import { clockText, mediaClipsOf } from './clipTime.ts';

export interface TimelineExportSummary {
  durationMs: number;
  mediaClips: number;
  captions: number;
  /** Tracks whose sound is in the export (unmuted video and audio tracks with clips). */
  soundingTracks: number;
}

export function summarizeTimeline(timeline: Timeline): TimelineExportSummary {
  const filled = timeline.tracks.filter((t) => t.clips.length > 0);
  return {
    durationMs: timeline.durationMs,
    mediaClips: mediaClipsOf(timeline).length,
    captions: filled.filter((t) => t.kind === 'caption').reduce((n, t) => n + t.clips.length, 0),
    soundingTracks: filled.filter((t) => t.kind !== 'caption' && !t.muted).length,
  };
}

/** What stops the timeline from being exported, each saying what to change. */
export function timelineExportProblems(timeline: Timeline): string[] {
  const { durationMs, mediaClips } = summarizeTimeline(timeline);
  const problems: string[] = [];
  const { renderMaxClips, timelineMaxMs } = EDITOR_LIMITS;
  if (mediaClips === 0) problems.push('The timeline has no media clips: add some before exporting.');
  if (durationMs > timelineMaxMs)
    problems.push(
      `The timeline lasts ${clockText(durationMs)}; an export lasts at most ${clockText(timelineMaxMs)}: shorten it by ${clockText(durationMs - timelineMaxMs)}, or export it in parts.`,
    );
  if (mediaClips > renderMaxClips)
    problems.push(
      `The timeline holds ${mediaClips} media clips; an export takes at most ${renderMaxClips}: remove ${mediaClips - renderMaxClips}, or export it in parts.`,
    );
  return problems;
}

/** What of the timeline an export makes: the whole, the I/O range, or the frame at a moment. */
export type ExportWhat =
  { kind: 'whole' } | { kind: 'range'; startMs: number; endMs: number } | { kind: 'still'; atMs: number };

/** Why this part of the timeline cannot be exported, saying what to change; null when it can. */
export function exportWhatProblem(what: ExportWhat, durationMs: number): string | null {
  if (what.kind === 'range') {
    if (!Number.isInteger(what.startMs) || !Number.isInteger(what.endMs) || what.startMs < 0)
      return 'The range needs a start and an end on the timeline.';
    if (what.endMs <= what.startMs) return 'The range must end after it starts.';
    if (what.endMs > durationMs)
      return `The range ends at ${clockText(what.endMs)}, after the timeline (${clockText(durationMs)}): end it sooner.`;
    if (what.endMs - what.startMs < EDITOR_LIMITS.renderMinDurationMs)
      return `The range lasts ${what.endMs - what.startMs} ms; an export lasts at least ${EDITOR_LIMITS.renderMinDurationMs} ms.`;
  }
  if (what.kind === 'still' && what.atMs >= durationMs)
    return 'The playhead is at or past the end of the timeline: move it onto a frame to export.';
  return null;
}

/** The POST /exports body for the timeline at `revision` (the service's, as last confirmed). */
export function timelineExportInput(
  projectId: number,
  revision: string,
  output: OutputSettings,
  what: ExportWhat = { kind: 'whole' },
): ExportInput {
  const part =
    what.kind === 'range'
      ? { range: { startMs: what.startMs, endMs: what.endMs } }
      : what.kind === 'still'
        ? { still: { atMs: Math.round(what.atMs) } }
        : {};
  return { projectId, timeline: { revision, ...part }, output: { ...output } };
}
