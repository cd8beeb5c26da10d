// How the timeline is looked at, apart from what it holds: zoom (pixels per millisecond,
// from the whole project to a single frame), the horizontal scroll position, the playhead,
// the selection, snapping, and the clip drag or the monitor's transform under way (drawn as
// a preview; each becomes one edit when the pointer is released). Other screens around the timeline (captions, review
// findings) move the playhead and select clips through this store. Playing (J/K/L, Space)
// and the I/O range are the transport's: playbackStore.ts.
import { create } from 'zustand';
import type { CopiedClip } from '../model/timeline/clipCommands.ts';
import { FRAME_MS, MAX_PX_PER_MS } from '../model/timeline/timelineGeometry.ts';
import { clampLaneHeight } from '../model/timeline/laneLayout.ts';
import type { TwoUpSide } from '../model/timeline/twoUp.ts';

/**
 * What a drag on a clip does (the Tools, Premiere's V, B, R, Y, U): select and move or trim
 * one clip, ripple trim (the rest follows), roll the cut, slip the media, slide the clip.
 */
export type TrimTool = 'select' | 'ripple' | 'roll' | 'slip' | 'slide';

export interface DragPreview {
  readonly mode: 'move' | 'trim-start' | 'trim-end';
  /** The tool the drag was made with; absent for the selection tool. */
  readonly tool?: TrimTool;
  /** The two frames at the edit point (roll, slip, slide, ripple), or null. */
  readonly twoUp?: readonly [TwoUpSide | null, TwoUpSide | null] | null;
  readonly clipIds: ReadonlySet<string>;
  /** How far the dragged edge (or the clips) moved, snapped. */
  readonly deltaMs: number;
  /** For a move onto another track of the same kind. */
  readonly toTrackId: string | null;
  /** The point the drag snapped to, drawn as a guide. */
  readonly snappedAtMs: number | null;
}

/** A clip's picture being moved, scaled or turned in the monitor: its properties as the drag would leave them. */
export interface TransformPreview {
  readonly clipId: string;
  readonly properties: Readonly<Record<'positionX' | 'positionY' | 'scale' | 'rotation', number>>;
  /** The crop being drawn in the monitor's crop mode (fractions of the source cut from each edge). */
  readonly crop?: Readonly<Record<'left' | 'right' | 'top' | 'bottom', number>>;
}

interface TimelineViewState {
  pxPerMs: number;
  viewStartMs: number;
  /** Width of the visible lanes, in pixels. */
  viewportPx: number;
  /** How far the content reaches (the timeline and some room after it), for scrolling and zoom-to-fit. */
  contentMs: number;
  playheadMs: number;
  selection: ReadonlySet<string>;
  snapping: boolean;
  tool: TrimTool;
  setTool(tool: TrimTool): void;
  /** Lane heights the user set, by track ID (model/timeline/laneLayout.ts); the default for the rest. */
  trackHeights: Readonly<Record<string, number>>;
  setTrackHeight(trackId: string, px: number | null): void;
  drag: DragPreview | null;
  /** The monitor's transform under way (drawn as a preview; one edit when it ends). */
  transform: TransformPreview | null;
  /** Clips copied (Ctrl+C), pasted at the playhead. */
  clipboard: readonly CopiedClip[];
  /** The property whose keyframes the timeline draws under the selected clips (the Inspector's last used). */
  keyframeProperty: string | null;
  setKeyframeProperty(property: string | null): void;
  /** The bin item being dragged (a drag's data cannot be read until the drop), for the drop's ghost. */
  draggedAsset: number | null;
  setDraggedAsset(assetId: number | null): void;
  setViewport(px: number): void;
  setContent(durationMs: number): void;
  /** Zooms keeping `anchorMs` (the playhead by default) where it is on screen. */
  zoomTo(pxPerMs: number, anchorMs?: number): void;
  zoomBy(factor: number, anchorMs?: number): void;
  zoomToFit(): void;
  zoomToFrame(): void;
  scrollTo(viewStartMs: number): void;
  setPlayhead(ms: number, follow?: boolean): void;
  select(ids: readonly string[], mode?: 'replace' | 'toggle' | 'add'): void;
  setSnapping(on: boolean): void;
  setDrag(drag: DragPreview | null): void;
  setTransform(transform: TransformPreview | null): void;
  setClipboard(clips: readonly CopiedClip[]): void;
  reset(): void;
}

const INITIAL = {
  pxPerMs: 0.1,
  viewStartMs: 0,
  viewportPx: 1000,
  contentMs: 60_000,
  playheadMs: 0,
  selection: new Set<string>() as ReadonlySet<string>,
  snapping: true,
  tool: 'select' as TrimTool,
  trackHeights: {} as Readonly<Record<string, number>>,
  drag: null,
  transform: null,
  keyframeProperty: null,
};

/** The widest zoom shows the whole content; it never goes tighter than one frame per FRAME_PX. */
export function zoomBounds(viewportPx: number, contentMs: number): { min: number; max: number } {
  return { min: Math.min(MAX_PX_PER_MS, viewportPx / Math.max(contentMs, 1000)), max: MAX_PX_PER_MS };
}

export function visibleMs(state: Pick<TimelineViewState, 'viewportPx' | 'pxPerMs'>): number {
  return state.viewportPx / state.pxPerMs;
}

export const useTimelineView = create<TimelineViewState>()((set, get) => {
  const clampStart = (start: number, pxPerMs = get().pxPerMs) => {
    const { viewportPx, contentMs } = get();
    return Math.max(0, Math.min(start, contentMs - viewportPx / pxPerMs));
  };
  return {
    ...INITIAL,
    clipboard: [],
    draggedAsset: null,
    setDraggedAsset: (draggedAsset) => set({ draggedAsset }),
    setViewport: (viewportPx) => {
      if (viewportPx > 0 && viewportPx !== get().viewportPx)
        set({ viewportPx, viewStartMs: clampStart(get().viewStartMs) });
    },
    setContent: (durationMs) => {
      const { viewportPx, pxPerMs } = get();
      // Room after the last clip to drop more, and never less than what is on screen.
      const contentMs = Math.max(durationMs + Math.max(10_000, durationMs * 0.1), viewportPx / pxPerMs);
      if (contentMs !== get().contentMs) set({ contentMs });
    },
    zoomTo: (wanted, anchorMs) => {
      const { pxPerMs, viewStartMs, viewportPx, contentMs, playheadMs } = get();
      const { min, max } = zoomBounds(viewportPx, contentMs);
      const next = Math.min(max, Math.max(min, wanted));
      const anchor = anchorMs ?? playheadMs;
      const anchorPx = (anchor - viewStartMs) * pxPerMs;
      const onScreen = anchorPx >= 0 && anchorPx <= viewportPx;
      const start = onScreen ? anchor - anchorPx / next : anchor - viewportPx / next / 2;
      set({ pxPerMs: next, viewStartMs: clampStart(start, next) });
    },
    zoomBy: (factor, anchorMs) => get().zoomTo(get().pxPerMs * factor, anchorMs),
    zoomToFit: () => {
      const { viewportPx, contentMs } = get();
      set({ pxPerMs: zoomBounds(viewportPx, contentMs).min, viewStartMs: 0 });
    },
    zoomToFrame: () => get().zoomTo(MAX_PX_PER_MS),
    scrollTo: (viewStartMs) => {
      const next = clampStart(viewStartMs);
      if (next !== get().viewStartMs) set({ viewStartMs: next });
    },
    setPlayhead: (ms, follow = true) => {
      const playheadMs = Math.max(0, Math.round(ms));
      set({ playheadMs });
      if (!follow) return;
      // Keep the playhead on screen: turn the page when it leaves it.
      const { viewStartMs, viewportPx, pxPerMs } = get();
      const span = viewportPx / pxPerMs;
      if (playheadMs < viewStartMs || playheadMs > viewStartMs + span) get().scrollTo(playheadMs - span * 0.1);
    },
    select: (ids, mode = 'replace') => {
      if (mode === 'replace') {
        set({ selection: new Set(ids) });
        return;
      }
      const next = new Set(get().selection);
      for (const id of ids) {
        if (mode === 'toggle' && next.has(id)) next.delete(id);
        else next.add(id);
      }
      set({ selection: next });
    },
    setSnapping: (snapping) => set({ snapping }),
    setTool: (tool) => set({ tool }),
    setTrackHeight: (trackId, px) => {
      const { [trackId]: _, ...rest } = get().trackHeights;
      set({ trackHeights: px === null ? rest : { ...rest, [trackId]: clampLaneHeight(px) } });
    },
    setKeyframeProperty: (keyframeProperty) => set({ keyframeProperty }),
    setDrag: (drag) => set({ drag }),
    setTransform: (transform) => set({ transform }),
    setClipboard: (clipboard) => set({ clipboard }),
    // The clipboard stays: clips copied in one project can be pasted in another.
    reset: () => set({ ...INITIAL, selection: new Set() }),
  };
});

/** One frame later or earlier, on the frame grid. */
export function stepFrames(ms: number, frames: number): number {
  return Math.max(0, Math.round((Math.round(ms / FRAME_MS) + frames) * FRAME_MS));
}
