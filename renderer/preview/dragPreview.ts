// What the monitor shows while a clip is dragged on the timeline: the timeline as the drag
// would leave it, at the edit point — a trimmed start's first frame, a trimmed end's last
// frame — or, for a move, at the playhead; and while a clip's picture is moved, scaled or
// turned in the monitor, the timeline with its properties as they would be. Nothing is sent
// until the pointer is released.
import { applyCommands, type ApplyContext } from '../../shared/timeline/applyCommands.ts';
import type { Timeline } from '../../shared/timeline/timelineTypes.ts';
import type { DragPreview, TransformPreview } from '../stores/timelineViewStore.ts';
import { locate, moveCommands, trimCommands } from '../model/timeline/clipCommands.ts';

export interface DragView {
  readonly timeline: Timeline;
  readonly atMs: number;
  /** Which edge is shown, for the monitor's label; null for a move. */
  readonly edge: 'start' | 'end' | null;
}

const FRAME_MS = 1000 / 30;

export function dragView(
  timeline: Timeline,
  drag: DragPreview,
  playheadMs: number,
  ctx: ApplyContext,
  durationOf: (assetId: number) => number | null,
): DragView | null {
  // A trim tool's drag shows the two frames at the edit point instead (the monitor's two-up view).
  if (drag.tool) return null;
  const items = locate(timeline, drag.clipIds);
  if (items.length === 0) return null;
  try {
    if (drag.mode === 'move') {
      const commands = moveCommands(items, drag.deltaMs, drag.toTrackId);
      return {
        timeline: commands.length ? applyCommands(timeline, commands, ctx) : timeline,
        atMs: playheadMs,
        edge: null,
      };
    }
    const part = drag.mode === 'trim-start' ? 'start' : 'end';
    const commands = trimCommands(items, part, drag.deltaMs, durationOf);
    const after = commands.length ? applyCommands(timeline, commands, ctx) : timeline;
    const clip = locate(after, [items[0]!.clip.id])[0]?.clip;
    if (!clip) return null;
    const atMs = part === 'start' ? clip.startMs : Math.max(clip.startMs, clip.endMs - FRAME_MS);
    return { timeline: after, atMs, edge: part };
  } catch {
    // A drag the model refuses (locked, overlapping) is shown as it stands.
    return null;
  }
}

/** The crop sides a crop drag sets, as clip properties (none for a move, scale or turn). */
function cropOf({ crop }: TransformPreview): Record<string, number> {
  return crop ? { cropLeft: crop.left, cropRight: crop.right, cropTop: crop.top, cropBottom: crop.bottom } : {};
}

/** The timeline with the transformed clip's properties as the monitor's drag has them. */
export function transformView(timeline: Timeline, transform: TransformPreview, ctx: ApplyContext): Timeline {
  try {
    return applyCommands(
      timeline,
      [
        {
          type: 'setClipProperties',
          clipId: transform.clipId,
          properties: { ...transform.properties, ...cropOf(transform) },
        },
      ],
      ctx,
    );
  } catch {
    // The clip went away (or the value is out of range) meanwhile: shown as it stands.
    return timeline;
  }
}
