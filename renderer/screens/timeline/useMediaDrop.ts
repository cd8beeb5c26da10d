// Media dropped on the tracks: an item of the bin, or files from the desktop (uploaded to
// the current project first, then placed where they were dropped, one after another). The
// drop point is on the frame grid and snaps like a drag (Alt: no snapping); Ctrl (⌘) inserts, otherwise the new clip
// overwrites what lies under it. While dragging, a ghost shows where it lands and how.
import { useState, type DragEvent, type RefObject } from 'react';
import { EditRejected } from '../../../shared/timeline/applyCommands.ts';
import type { Track } from '../../../shared/timeline/timelineTypes.ts';
import { useMediaUploads } from '../../stores/mediaUploadsStore.ts';
import { useTimelineMedia } from '../../stores/timelineMediaStore.ts';
import { applyContext, useTimeline } from '../../stores/timelineStore.ts';
import { stepFrames, useTimelineView, visibleMs } from '../../stores/timelineViewStore.ts';
import { useToasts } from '../../stores/toastStore.ts';
import { dropCommands, type DropMode, type DroppedAsset } from './dropEdits.ts';
import { snapShift, snapTargets } from '../../model/timeline/timelineGeometry.ts';
import { ASSET_DRAG_TYPE } from './TrackLane.tsx';
import { laneLayout, rowAt } from '../../model/timeline/laneLayout.ts';

export interface DropGhost {
  readonly trackIndex: number;
  readonly atMs: number;
  /** How long the dropped media lasts, when known (a file's length is known once uploaded). */
  readonly lengthMs: number | null;
  readonly mode: DropMode;
}

const SNAP_PX = 8;
const isInsert = (event: DragEvent) => event.ctrlKey || event.metaKey;
const carriesMedia = (event: DragEvent) =>
  event.dataTransfer.types.includes(ASSET_DRAG_TYPE) || event.dataTransfer.types.includes('Files');

/** Places `asset` on `trackId` at `atMs` as one edit; says why when it cannot. Returns where it ended. */
export function placeDropped(trackId: string, asset: DroppedAsset, atMs: number, mode: DropMode): number | null {
  const { timeline, catalog, edit } = useTimeline.getState();
  if (!timeline) return null;
  try {
    const drop = dropCommands(
      timeline,
      trackId,
      asset,
      atMs,
      mode,
      applyContext(catalog),
      catalog?.defaultImageDurationMs,
    );
    if (!edit(drop.commands, mode === 'insert' ? 'Insert clip' : 'Overwrite with clip')) return null;
    useTimelineView.getState().select([drop.clipId]);
    const added = drop.commands.at(-1);
    return added?.type === 'addClip' ? added.startMs + (added.outMs ?? 0) - (added.inMs ?? 0) : null;
  } catch (err) {
    if (!(err instanceof EditRejected)) throw err;
    useToasts.getState().showWarning('The media was not placed', err.forPeople);
    return null;
  }
}

/** Waits for uploads (the rows `keys`), then places each finished one after the one before. */
function placeWhenUploaded(keys: readonly string[], trackId: string, atMs: number, mode: DropMode): void {
  let at = atMs;
  const waiting = [...keys];
  const check = () => {
    while (waiting.length > 0) {
      const row = useMediaUploads.getState().rows.find((r) => r.key === waiting[0]);
      if (!row) return void waiting.shift();
      if (row.phase === 'completed' && row.asset) {
        waiting.shift();
        useTimelineMedia.getState().learn(row.asset);
        at = placeDropped(trackId, row.asset, at, mode) ?? at;
      } else if (['refused', 'failed', 'cancelled'].includes(row.phase)) {
        waiting.shift();
        if (row.phase !== 'cancelled')
          useToasts
            .getState()
            .showWarning(`${row.filename} was not added`, row.message ?? 'The upload did not finish.');
      } else return;
    }
    stop();
  };
  const stop = useMediaUploads.subscribe(check);
  check();
}

export function useMediaDrop(lanes: RefObject<HTMLElement | null>, tracks: readonly Track[]) {
  const [ghost, setGhost] = useState<DropGhost | null>(null);

  /** Where a drag over the lanes would land: a track that takes media, and the snapped point. */
  function target(event: DragEvent): { track: Track; index: number; atMs: number } | null {
    const rect = lanes.current?.getBoundingClientRect();
    const timeline = useTimeline.getState().timeline;
    if (!rect || !timeline) return null;
    const index = rowAt(laneLayout(tracks, useTimelineView.getState().trackHeights), event.clientY - rect.top);
    const track = tracks[index];
    if (!track || track.kind === 'caption' || track.locked) return null;
    const view = useTimelineView.getState();
    // On the frame grid, as every edit point is.
    const atMs = stepFrames(Math.max(0, view.viewStartMs + (event.clientX - rect.left) / view.pxPerMs), 0);
    if (!view.snapping || event.altKey) return { track, index, atMs };
    const span = visibleMs(view);
    const targets = snapTargets(
      timeline,
      view.viewStartMs - span,
      view.viewStartMs + 2 * span,
      new Set(),
      view.playheadMs,
    );
    return { track, index, atMs: Math.max(0, atMs + snapShift([atMs], targets, SNAP_PX / view.pxPerMs)) };
  }

  function onDragOver(event: DragEvent<HTMLDivElement>) {
    if (!carriesMedia(event)) return;
    const at = target(event);
    if (!at) {
      setGhost(null);
      return;
    }
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    const mode: DropMode = isInsert(event) ? 'insert' : 'overwrite';
    const dragged = useTimelineView.getState().draggedAsset;
    const lengthMs = dragged === null ? null : (useTimelineMedia.getState().assets.get(dragged)?.durationMs ?? null);
    if (ghost?.trackIndex !== at.index || ghost.atMs !== at.atMs || ghost.mode !== mode || ghost.lengthMs !== lengthMs)
      setGhost({ trackIndex: at.index, atMs: at.atMs, lengthMs, mode });
  }

  function onDragLeave(event: DragEvent<HTMLDivElement>) {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setGhost(null);
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    setGhost(null);
    const at = target(event);
    if (!at || !carriesMedia(event)) return;
    event.preventDefault();
    const mode: DropMode = isInsert(event) ? 'insert' : 'overwrite';
    const files = [...event.dataTransfer.files];
    if (files.length > 0) {
      const projectId = useTimeline.getState().projectId;
      const keys = useMediaUploads.getState().add(files, projectId === null ? null : { projectId });
      placeWhenUploaded(keys, at.track.id, at.atMs, mode);
      return;
    }
    const asset = useTimelineMedia.getState().assets.get(Number(event.dataTransfer.getData(ASSET_DRAG_TYPE)));
    if (asset) placeDropped(at.track.id, asset, at.atMs, mode);
  }

  return { ghost, onDragOver, onDragLeave, onDrop };
}
