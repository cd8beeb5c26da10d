// An export built from the timeline: the media clips in the order they play, with their
// trims, transitions, look, volume and titles read from the timeline, and the options an
// export has that the timeline does not (motion, fit) left for the user to choose. Checked
// against the export limits (80 clips, 30 minutes) before anything is sent, with a message
// that says what to change. An export plays its clips one after another: what the timeline
// does that an export cannot (gaps, layers, speed) is said in notes, never silently dropped.
import type { ExportInput } from '../api/createTypes.ts';
import { CREATE_LIMITS } from '../limits.ts';
import type { Timeline } from '../timeline/timelineTypes.ts';
import { clockText, mediaClipsOf, speedOf } from './clipTime.ts';

export const EXPORT_TRANSITIONS = ['none', 'fade', 'dissolve'] as const;
export const EXPORT_MOTIONS = ['none', 'zoom-in', 'zoom-out', 'pan-left', 'pan-right'] as const;
export const EXPORT_FITS = ['contain', 'cover', 'fill'] as const;
export const EXPORT_LOOKS = ['none', 'mono', 'warm', 'cool', 'vivid'] as const;
/** The longest clip title our service documents (its /openapi.json). */
export const EXPORT_TITLE_MAX = 120;

export interface ExportClipDraft {
  /** The timeline clip it comes from. */
  readonly clipId: string;
  readonly assetId: number;
  include: boolean;
  trimStartMs: number;
  trimEndMs: number;
  transition: (typeof EXPORT_TRANSITIONS)[number];
  motion: (typeof EXPORT_MOTIONS)[number];
  fit: (typeof EXPORT_FITS)[number];
  look: (typeof EXPORT_LOOKS)[number];
  volume: number;
  title: string;
}

export interface ExportDraft {
  clips: ExportClipDraft[];
  /** What the timeline does that the export will not, in words. */
  notes: string[];
}

export interface ExportIssue {
  /** The draft clip's index, or null for the export as a whole. */
  readonly clipIndex: number | null;
  readonly message: string;
}

function lookOf(effects: readonly { effectId: string; params: Record<string, number> }[]): ExportClipDraft['look'] {
  const saturation = effects.find((e) => e.effectId === 'saturation')?.params.amount;
  if (saturation === undefined) return 'none';
  if (saturation <= 0.1) return 'mono';
  return saturation >= 1.3 ? 'vivid' : 'none';
}

/** The export the timeline describes. Clips of video tracks play; audio tracks only when there is no video. */
export function draftFromTimeline(timeline: Timeline): ExportDraft {
  const all = mediaClipsOf(timeline);
  const video = all.filter((p) => p.track.kind === 'video');
  const playing = video.length > 0 ? video : all;
  const notes: string[] = [];
  const audioLeft = all.length - playing.length;
  if (audioLeft > 0)
    notes.push(
      `${audioLeft} clip${audioLeft === 1 ? '' : 's'} of audio tracks ${audioLeft === 1 ? 'is' : 'are'} not in the export: an export plays one clip after another, with each clip's own sound.`,
    );
  const captions = timeline.tracks.filter((t) => t.kind === 'caption').reduce((n, t) => n + t.clips.length, 0);
  const clips = playing.map(({ clip, number }, i): ExportClipDraft => {
    const previous = playing[i - 1]?.clip;
    if (previous && clip.startMs > previous.endMs)
      notes.push(`The gap of ${clockText(clip.startMs - previous.endMs)} before clip ${number} is closed.`);
    if (previous && clip.startMs < previous.endMs)
      notes.push(
        `Clip ${number} overlaps the clip before it on another track: the export plays them one after the other.`,
      );
    if (speedOf(clip) !== 1)
      notes.push(`Clip ${number} plays at ${speedOf(clip)}× on the timeline; the export plays it at normal speed.`);
    const transitionId = clip.transitionIn?.transitionId ?? 'none';
    const transition = (EXPORT_TRANSITIONS as readonly string[]).includes(transitionId)
      ? (transitionId as ExportClipDraft['transition'])
      : 'dissolve';
    if (transition !== transitionId)
      notes.push(`Clip ${number}'s ${transitionId} transition is exported as a dissolve.`);
    const volume = clip.properties.volume;
    const title = timeline.tracks
      .filter((t) => t.kind === 'caption')
      .flatMap((t) => t.clips)
      .find(
        (c) => c.kind === 'caption' && c.style !== 'subtitle' && c.startMs >= clip.startMs && c.startMs < clip.endMs,
      );
    return {
      clipId: clip.id,
      assetId: clip.assetId,
      include: true,
      trimStartMs: Math.round(clip.inMs),
      trimEndMs: Math.round(clip.outMs),
      transition,
      motion: 'none',
      fit: 'contain',
      look: lookOf(clip.effects),
      volume: typeof volume === 'number' ? Math.min(2, Math.max(0, volume)) : 1,
      title: title?.kind === 'caption' ? title.text.replaceAll('\n', ' ').slice(0, EXPORT_TITLE_MAX) : '',
    };
  });
  if (captions > 0)
    notes.push(
      'Subtitle captions are not drawn into the export (download them as SRT or WebVTT); title and lower-third captions become clip titles.',
    );
  return { clips, notes };
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

export function exportLengthMs(clips: readonly ExportClipDraft[]): number {
  return clips.filter((c) => c.include).reduce((sum, c) => sum + Math.max(0, c.trimEndMs - c.trimStartMs), 0);
}

/** What stops the export from being sent, each saying what to change. */
export function checkExport(clips: readonly ExportClipDraft[]): ExportIssue[] {
  const issues: ExportIssue[] = [];
  const included = clips.filter((c) => c.include);
  const { exportMaxClips, exportMaxDurationMs } = CREATE_LIMITS;
  if (included.length === 0)
    issues.push({ clipIndex: null, message: 'No clip is ticked: an export needs at least one clip.' });
  if (included.length > exportMaxClips) {
    const extra = included.length - exportMaxClips;
    issues.push({
      clipIndex: null,
      message: `${plural(included.length, 'clip')} are ticked; an export takes at most ${exportMaxClips}: untick ${plural(extra, 'clip')}, or export the timeline in parts.`,
    });
  }
  const total = exportLengthMs(clips);
  if (total > exportMaxDurationMs) {
    issues.push({
      clipIndex: null,
      message: `The ticked clips last ${clockText(total)}; an export lasts at most ${clockText(exportMaxDurationMs)}: trim or untick clips to cut ${clockText(total - exportMaxDurationMs)}.`,
    });
  }
  clips.forEach((clip, i) => {
    if (!clip.include) return;
    const name = `Clip ${i + 1}`;
    if (!Number.isInteger(clip.trimStartMs) || clip.trimStartMs < 0)
      issues.push({ clipIndex: i, message: `${name}: the start trim must be 0 ms or more.` });
    if (!Number.isInteger(clip.trimEndMs) || clip.trimEndMs <= clip.trimStartMs)
      issues.push({ clipIndex: i, message: `${name}: the end trim must be after the start trim.` });
    if (!(clip.volume >= 0 && clip.volume <= 2))
      issues.push({ clipIndex: i, message: `${name}: the volume must be from 0 to 2.` });
    if (clip.title.trim().length > EXPORT_TITLE_MAX)
      issues.push({
        clipIndex: i,
        message: `${name}: the title is ${clip.title.trim().length} characters; shorten it to ${EXPORT_TITLE_MAX}.`,
      });
  });
  return issues;
}

/** The POST /exports body of the ticked clips, in order. */
export function exportInput(projectId: number, clips: readonly ExportClipDraft[]): ExportInput {
  return {
    projectId,
    clips: clips
      .filter((c) => c.include)
      .map((c) => ({
        assetId: c.assetId,
        trimStartMs: c.trimStartMs,
        trimEndMs: c.trimEndMs,
        transition: c.transition,
        motion: c.motion,
        fit: c.fit,
        look: c.look,
        volume: c.volume,
        ...(c.title.trim() !== '' && { title: c.title.trim() }),
      })),
  };
}
