// Exporting the timeline: the whole timeline, exactly as it plays (every track, caption
// and sound, as the service's render draws it), at the output settings chosen. Checked
// against the limits of a timeline export before anything is sent, each problem saying
// what to change; the service checks again.
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
  const { renderMaxDurationMs, renderMaxClips } = EDITOR_LIMITS;
  if (mediaClips === 0) problems.push('The timeline has no media clips: add some before exporting.');
  if (durationMs > renderMaxDurationMs)
    problems.push(
      `The timeline lasts ${clockText(durationMs)}; an export lasts at most ${clockText(renderMaxDurationMs)}: shorten it by ${clockText(durationMs - renderMaxDurationMs)}, or export it in parts.`,
    );
  if (mediaClips > renderMaxClips)
    problems.push(
      `The timeline holds ${mediaClips} media clips; an export takes at most ${renderMaxClips}: remove ${mediaClips - renderMaxClips}, or export it in parts.`,
    );
  return problems;
}

/** The POST /exports body for the timeline at `revision` (the service's, as last confirmed). */
export function timelineExportInput(projectId: number, revision: string, output: OutputSettings): ExportInput {
  return { projectId, timeline: { revision }, output: { ...output } };
}
