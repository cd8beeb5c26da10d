// A render of a timeline range, fixed when it is accepted (so later edits never change a
// render in flight) and drawn later by the one renderer (render/renderComposition.ts):
// editor renders, timeline exports and production batches all go through here.
import { EDITOR_LIMITS } from '../../shared/limits.ts';
import type { SandboxContext } from '../context.ts';
import { chaptersIn, type Chapter } from '../render/chapters.ts';
import { frameCount } from '../render/composition.ts';
import { frameSize, outputProblem, type OutputSettings } from '../render/outputSettings.ts';
import type { Product } from '../render/outputFormats.ts';
import { renderComposition, type ProgressListener } from '../render/renderComposition.ts';
import { sourceFactsOf } from '../render/sourceFacts.ts';
import { timelineComposition, type RenderRange } from '../render/timelineComposition.ts';
import type { Marker, Track } from './timelineSchemas.ts';

export interface TimelineRender {
  aspectRatio: string;
  range: RenderRange;
  output: OutputSettings;
  /** The timeline's tracks with only the clips that reach the range (no caption tracks when they are not burnt in). */
  tracks: Track[];
  /** The markers inside the range as the file's chapters; absent from a render accepted before markers. */
  chapters?: Chapter[];
  /** One PNG of the frame at range.startMs instead of a file of the format; absent for a moving render. */
  still?: true;
}

/** What is asked of a render beyond its range: one still frame; the markers that become its chapters. */
export interface RenderShape {
  still?: boolean;
  markers?: readonly Marker[];
}

/** The render of `range`: the tracks cut down to the clips that can show or sound in it. */
export function timelineRender(
  tracks: readonly Track[],
  range: RenderRange,
  output: OutputSettings,
  aspectRatio: string,
  shape: RenderShape = {},
): TimelineRender {
  // A still is the one frame at its start: the range covers that frame and no more.
  const span = shape.still
    ? { startMs: range.startMs, endMs: range.startMs + Math.ceil(1000 / output.frameRate) }
    : range;
  return {
    aspectRatio,
    range: span,
    output,
    ...(!shape.still && { chapters: chaptersIn(shape.markers ?? [], range) }),
    // A clip ending right at the range's start may be held under its successor's transition.
    tracks: tracks
      .filter((t) => !(t.kind === 'caption' && output.burnCaptions === false))
      .map((t) => ({
        ...t,
        clips: t.clips.filter((c) => c.startMs < span.endMs && c.endMs >= span.startMs),
      })),
    ...(shape.still && { still: true as const }),
  };
}

/** The file a render makes: its output format, or a PNG for a still. */
export function productOf(render: TimelineRender): Product {
  return render.still ? 'png' : (render.output.format ?? 'mp4');
}

/** How many media clips one render reads at once (each is an input of the one ffmpeg run). */
export function mediaClipsOf(render: TimelineRender): number {
  return render.tracks.reduce((n, t) => n + t.clips.filter((c) => c.kind === 'media').length, 0);
}

/**
 * Why this render cannot be made, in words that say what to change; null when it can. `scope`
 * names what to shorten. A range (a preview) lasts at most EDITOR_LIMITS.renderMaxDurationMs;
 * the whole timeline (made in parts, each opening few files, so its memory does not grow with
 * its length) lasts at most the longest a timeline may be, EDITOR_LIMITS.timelineMaxMs.
 */
export function renderProblem(
  render: TimelineRender,
  scope: 'range' | 'timeline',
  longestMs: number = scope === 'range' ? EDITOR_LIMITS.renderMaxDurationMs : EDITOR_LIMITS.timelineMaxMs,
): string | null {
  const { range, output } = render;
  const length = range.endMs - range.startMs;
  if (render.still) return outputProblem(render.aspectRatio, output);
  const shorter = scope === 'range' ? 'render a shorter range' : 'shorten the timeline or export it in parts';
  const most = longestMs % 3_600_000 === 0 ? `${longestMs / 3_600_000} hours` : `${longestMs / 60_000} minutes`;
  if (length < EDITOR_LIMITS.renderMinDurationMs)
    return `A render lasts at least ${EDITOR_LIMITS.renderMinDurationMs} ms; this ${scope} lasts ${length} ms.`;
  if (length > longestMs)
    return `A render lasts at most ${most}; this ${scope} lasts ${(length / 60_000).toFixed(1)} minutes: ${shorter}.`;
  if (frameCount(range.startMs, range.endMs, output.frameRate) === 0)
    return `The ${scope} is shorter than one frame at ${output.frameRate} fps.`;
  const clips = mediaClipsOf(render);
  if (clips > EDITOR_LIMITS.renderMaxClips)
    return `The ${scope} holds ${clips} media clips; a render takes at most ${EDITOR_LIMITS.renderMaxClips}: ${shorter}.`;
  return outputProblem(render.aspectRatio, output);
}

/** Renders an accepted render to its file (productOf) at `output`; on failure or cancel no file is left. `onProgress` hears the share done. */
export async function renderTimeline(
  ctx: SandboxContext,
  accountId: number,
  render: TimelineRender,
  output: string,
  signal?: AbortSignal,
  onProgress?: ProgressListener,
): Promise<void> {
  const assetIds = render.tracks.flatMap((t) => t.clips.flatMap((c) => (c.kind === 'media' ? [c.assetId] : [])));
  const facts = await sourceFactsOf(ctx, accountId, assetIds);
  const composition = timelineComposition(
    render.tracks,
    render.range,
    { ...frameSize(render.aspectRatio, render.output.resolution), fps: render.output.frameRate },
    (id) => facts.get(id)!,
  );
  await renderComposition(
    { ...composition, chapters: render.chapters ?? [] },
    {
      product: productOf(render),
      quality: render.output.quality,
      ...(render.output.loudnessLufs !== undefined && { loudnessLufs: render.output.loudnessLufs }),
      output,
      ...(signal && { signal }),
      ...(onProgress && { onProgress }),
    },
  );
}
