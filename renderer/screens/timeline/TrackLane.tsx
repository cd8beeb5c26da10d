// One track's clips: only those that intersect the drawn window (the visible part and a
// screen's width either side), narrow clips merged into clusters. Asks main for the strips
// of the assets it shows.
import { memo, useEffect, useMemo, type MouseEvent, type PointerEvent } from 'react';
import type { Clip, Track } from '../../../shared/timeline/timelineTypes.ts';
import { useTimelineMedia } from '../../stores/timelineMediaStore.ts';
import type { DragPreview } from '../../stores/timelineViewStore.ts';
import { ClipBlock, type ClipDragLook, type DragPart } from './ClipBlock.tsx';
import { laneItems } from '../../model/timeline/timelineGeometry.ts';
import { LANE_HEIGHTS } from '../../model/timeline/laneLayout.ts';

export const ASSET_DRAG_TYPE = 'application/x-clipdesk-asset';
/** The default lane height (model/timeline/laneLayout.ts: each track may have its own). */
export const LANE_HEIGHT = LANE_HEIGHTS.default;

interface TrackLaneProps {
  readonly track: Track;
  readonly top: number;
  readonly height: number;
  readonly originMs: number;
  readonly windowToMs: number;
  readonly pxPerMs: number;
  readonly selection: ReadonlySet<string>;
  readonly pendingClips: ReadonlySet<string>;
  /** Linked clips out of sync → their offset in frames (model/timeline/linkSync.ts). */
  readonly syncOffsets: ReadonlyMap<string, number>;
  readonly drag: DragPreview | null;
  /** Pixels from the dragged clips' lane to the target's, for drawing a move to another track. */
  readonly dragLaneShift: number;
  readonly onClipPointerDown: (event: PointerEvent<HTMLElement>, clip: Clip, part: DragPart) => void;
  readonly onClipContextMenu: (event: MouseEvent<HTMLElement>, clip: Clip) => void;
}

function lookOf(drag: DragPreview | null, clip: Clip, pxPerMs: number, laneShiftPx: number): ClipDragLook | null {
  if (!drag?.clipIds.has(clip.id)) return null;
  const px = drag.deltaMs * pxPerMs;
  if (drag.mode === 'move') return { dxPx: px, dyPx: laneShiftPx, startPx: 0, endPx: 0 };
  return drag.mode === 'trim-start'
    ? { dxPx: 0, dyPx: 0, startPx: px, endPx: 0 }
    : { dxPx: 0, dyPx: 0, startPx: 0, endPx: px };
}

export const TrackLane = memo(function TrackLane(props: TrackLaneProps) {
  const { track, originMs, windowToMs, pxPerMs, selection } = props;
  const assets = useTimelineMedia((s) => s.assets);
  const strips = useTimelineMedia((s) => s.strips);
  const requestStrip = useTimelineMedia((s) => s.requestStrip);
  const items = useMemo(
    () => laneItems(track.clips, originMs, windowToMs, pxPerMs, selection),
    [track.clips, originMs, windowToMs, pxPerMs, selection],
  );

  useEffect(() => {
    if (track.kind === 'caption') return;
    for (const item of items) if (item.kind === 'clip' && item.clip.kind === 'media') requestStrip(item.clip.assetId);
  }, [items, track.kind, requestStrip]);

  return (
    <div
      className={`tl-lane tl-lane-${track.kind}`}
      role="group"
      aria-label={`${track.name} track`}
      data-track-id={track.id}
      style={{ top: props.top, height: props.height }}
    >
      {items.map((item) => {
        if (item.kind === 'cluster') {
          return (
            <div
              key={`cluster-${item.startMs}`}
              className={`tl-cluster tl-clip-${track.kind}`}
              aria-hidden="true"
              title={`${item.count} clips`}
              style={{
                left: (item.startMs - originMs) * pxPerMs,
                width: Math.max(2, (item.endMs - item.startMs) * pxPerMs),
              }}
            />
          );
        }
        const { clip } = item;
        const strip = clip.kind === 'media' ? strips.get(clip.assetId) : undefined;
        const asset = clip.kind === 'media' ? assets.get(clip.assetId) : undefined;
        return (
          <ClipBlock
            key={clip.id}
            clip={clip}
            trackKind={track.kind}
            name={clip.kind === 'media' ? (asset?.filename ?? `Asset ${clip.assetId}`) : clip.text}
            originMs={originMs}
            windowFromMs={originMs}
            windowToMs={windowToMs}
            pxPerMs={pxPerMs}
            selected={selection.has(clip.id)}
            pending={props.pendingClips.has(clip.id)}
            syncOffset={props.syncOffsets.get(clip.id) ?? null}
            locked={track.locked}
            strip={typeof strip === 'object' ? strip : null}
            drag={lookOf(props.drag, clip, pxPerMs, props.dragLaneShift)}
            onPointerDown={props.onClipPointerDown}
            onContextMenu={props.onClipContextMenu}
          />
        );
      })}
    </div>
  );
});
