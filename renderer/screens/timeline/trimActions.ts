// The trim tools and keys: a drag with the Ripple, Roll, Slip or Slide tool, or a key on the
// selected clip, becomes one edit (model/timeline/syncRipple.ts, trimModes.ts) that acts on
// the clip and its linked partners; what cannot be done is said, and nothing is sent. While
// a tool's drag is under way the monitor shows the two frames at the edit point (model/timeline/twoUp.ts).
import type { EditorCommand } from '../../../shared/timeline/editorCommands.ts';
import { withLinkedClips } from '../../../shared/timeline/linkedClips.ts';
import type { Clip, Timeline, Track } from '../../../shared/timeline/timelineTypes.ts';
import { locate, type Located } from '../../model/timeline/clipCommands.ts';
import { rippleTrimCommands, rippleTrimRange, type Edge, type TrimPlan } from '../../model/timeline/syncRipple.ts';
import {
  cutAt,
  rollCommands,
  rollRange,
  slideCommands,
  slideRange,
  slipCommands,
  slipRange,
} from '../../model/timeline/trimModes.ts';
import { FRAME_MS } from '../../model/timeline/timelineGeometry.ts';
import { useTimelineMedia } from '../../stores/timelineMediaStore.ts';
import { useTimeline } from '../../stores/timelineStore.ts';
import { useTimelineView, type TrimTool } from '../../stores/timelineViewStore.ts';
import { useToasts } from '../../stores/toastStore.ts';

export type TrimPart = 'body' | Edge;

const LABELS: Record<Exclude<TrimTool, 'select'>, string> = {
  ripple: 'Ripple trim',
  roll: 'Roll edit',
  slip: 'Slip clip',
  slide: 'Slide clip',
};

export const TOOL_NAMES: Record<TrimTool, string> = {
  select: 'Selection tool',
  ripple: 'Ripple trim tool',
  roll: 'Roll tool',
  slip: 'Slip tool',
  slide: 'Slide tool',
};

const speedOf = (clip: Clip) =>
  clip.kind === 'media' ? (clip.effects.find((e) => e.effectId === 'speed')?.params.rate ?? 1) : 1;
const durationOf = (assetId: number) => useTimelineMedia.getState().assets.get(assetId)?.durationMs ?? null;
const newId = () => crypto.randomUUID();
const notDone = (title: string, message: string) => useToasts.getState().showWarning(title, message);

/** The clip and its linked partners (they trim together). */
function withPartners(timeline: Timeline, clipId: string): Located[] {
  const items = locate(timeline, withLinkedClips(timeline, [clipId]));
  // The clip itself first: a ripple's edit point is its edge.
  return items.sort((a, b) => Number(b.clip.id === clipId) - Number(a.clip.id === clipId));
}

const tracksOf = (items: readonly Located[]): Track[] => [...new Set(items.map((i) => i.track))];

/** Which tool a part of the clip takes: edges for ripple and roll, the body for slip and slide. */
export function toolActsOn(tool: TrimTool, part: TrimPart): boolean {
  if (tool === 'ripple' || tool === 'roll') return part !== 'body';
  if (tool === 'slip' || tool === 'slide') return part === 'body';
  return false;
}

/** The plan for a tool's drag (or key) of `deltaMs` on the clip's part. */
export function planTrim(
  timeline: Timeline,
  tool: TrimTool,
  clipId: string,
  part: TrimPart,
  deltaMs: number,
): TrimPlan {
  const items = withPartners(timeline, clipId);
  const clip = items[0]?.clip;
  if (!clip) return { problem: 'The clip is no longer on the timeline.' };
  switch (tool) {
    case 'ripple':
      return part === 'body'
        ? { problem: 'Drag an edge of the clip to ripple trim it.' }
        : rippleTrimCommands(timeline, items, part, deltaMs, durationOf, newId);
    case 'roll':
      return part === 'body'
        ? { problem: 'Drag the cut between two clips to roll it.' }
        : rollCommands(tracksOf(items), part === 'end' ? clip.endMs : clip.startMs, deltaMs, durationOf);
    case 'slip':
      // As in Premiere: dragging right moves the media right under the clip, so it shows earlier media.
      return slipCommands(items, -deltaMs * speedOf(clip), durationOf);
    case 'slide':
      return slideCommands(items, deltaMs, durationOf);
    default:
      return { problem: 'Choose a trim tool first.' };
  }
}

/** The delta a tool's drag may reach (timeline ms): past it the edit would be refused. */
export function clampTrim(timeline: Timeline, tool: TrimTool, clipId: string, part: TrimPart, deltaMs: number): number {
  const items = withPartners(timeline, clipId);
  let min = -Infinity;
  let max = Infinity;
  const within = (r: { min: number; max: number }) => {
    min = Math.max(min, r.min);
    max = Math.min(max, r.max);
  };
  for (const { clip, track } of items) {
    if (tool === 'ripple' && part !== 'body') within(rippleTrimRange(clip, part, durationOf));
    if (tool === 'roll' && part !== 'body') {
      const cut = cutAt(track, part === 'end' ? clip.endMs : clip.startMs);
      if (cut) within(rollRange(cut.before, cut.after, durationOf));
    }
    if (tool === 'slip' && clip.kind === 'media') {
      // The range is the media's; the drag's is the timeline's (they differ by the clip's speed).
      const r = slipRange(clip, durationOf);
      within({ min: -r.max / speedOf(clip), max: -r.min / speedOf(clip) });
    }
    if (tool === 'slide') within(slideRange(track, clip, durationOf));
  }
  if (min > max) return 0;
  return Math.max(min, Math.min(max, Math.round(deltaMs)));
}

/** Makes the plan as one edit, or says why it cannot be made. */
function make(tool: Exclude<TrimTool, 'select'>, plan: TrimPlan): boolean {
  if ('problem' in plan) {
    notDone(`${LABELS[tool]}: not possible`, plan.problem);
    return false;
  }
  return useTimeline.getState().edit(plan.commands as EditorCommand[], LABELS[tool]);
}

/** A tool's drag released: one edit. */
export function finishTrim(tool: Exclude<TrimTool, 'select'>, clipId: string, part: TrimPart, deltaMs: number): void {
  const timeline = useTimeline.getState().timeline;
  if (!timeline || Math.round(deltaMs) === 0) return;
  make(tool, planTrim(timeline, tool, clipId, part, deltaMs));
}

/** The first selected clip, or a warning. */
function selectedClip(action: string): { timeline: Timeline; clip: Clip } | null {
  const timeline = useTimeline.getState().timeline;
  const { selection } = useTimelineView.getState();
  const clip = timeline && locate(timeline, selection)[0]?.clip;
  if (!timeline || !clip) {
    notDone(action, 'Select a clip first.');
    return null;
  }
  return { timeline, clip };
}

/** Ripple trims the selected clip's start or end to the playhead: what follows moves up (or back). */
export function rippleTrimToPlayhead(edge: Edge): void {
  const chosen = selectedClip('Ripple trim');
  if (!chosen) return;
  const { playheadMs } = useTimelineView.getState();
  const { clip } = chosen;
  if (playheadMs <= clip.startMs || playheadMs >= clip.endMs) {
    notDone('Ripple trim', 'Put the playhead inside the selected clip.');
    return;
  }
  make(
    'ripple',
    planTrim(chosen.timeline, 'ripple', clip.id, edge, playheadMs - (edge === 'end' ? clip.endMs : clip.startMs)),
  );
}

/** Rolls the selected clip's cut nearest the playhead to the playhead. */
export function rollToPlayhead(): void {
  const chosen = selectedClip('Roll edit');
  if (!chosen) return;
  const { playheadMs } = useTimelineView.getState();
  const { clip } = chosen;
  const edge: Edge = Math.abs(playheadMs - clip.startMs) <= Math.abs(playheadMs - clip.endMs) ? 'start' : 'end';
  const atMs = edge === 'end' ? clip.endMs : clip.startMs;
  make('roll', planTrim(chosen.timeline, 'roll', clip.id, edge, Math.round(playheadMs) - atMs));
}

/** Slips (the media) or slides (the clip) the selected clip by whole frames; + is right, as a drag. */
export function nudgeTrim(tool: 'slip' | 'slide', frames: number): void {
  const chosen = selectedClip(LABELS[tool]);
  if (!chosen) return;
  make(tool, planTrim(chosen.timeline, tool, chosen.clip.id, 'body', Math.round(frames * FRAME_MS)));
}
