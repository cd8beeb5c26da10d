// The tracks: a header per track, the ruler, and the lanes inside a native horizontal
// scroller. The lanes draw only a window three screens wide around what is visible; the
// window moves in whole screens, so scrolling within it changes one transform (written
// straight to the DOM) and no clip re-renders. The playhead line is moved the same way.
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type MouseEvent,
  type WheelEvent,
} from 'react';
import { clipsTouched } from '../../../shared/timeline/timelineDiff.ts';
import type { Clip, Track } from '../../../shared/timeline/timelineTypes.ts';
import { useTimeline } from '../../stores/timelineStore.ts';
import { useTimelineView } from '../../stores/timelineViewStore.ts';
import { TimeRuler } from './TimeRuler.tsx';
import { TrackHeader } from './TrackHeader.tsx';
import { Menu } from '../../components/Menu.tsx';
import { Plus } from 'lucide-react';
import { addTrack } from './timelineActions.ts';
import { listedMoveTarget, listedTracks } from '../../model/timeline/trackOrder.ts';
import { LANE_HEIGHT, TrackLane } from './TrackLane.tsx';
import { useMediaDrop, type DropGhost } from './useMediaDrop.ts';
import { useClipDrag } from './useClipDrag.ts';
import { useMarquee } from './useMarquee.ts';
import { laneLayout, type LaneLayout } from '../../model/timeline/laneLayout.ts';
import { syncOffsets } from '../../model/timeline/linkSync.ts';
import { ClipContextMenu } from './ClipMenu.tsx';

/** Browsers lay out at most some millions of pixels: beyond this the scrollbar is scaled. */
const MAX_SCROLL_PX = 8_000_000;

function scrollGeometry() {
  const { contentMs, pxPerMs, viewportPx } = useTimelineView.getState();
  const contentPx = Math.max(viewportPx, Math.min(MAX_SCROLL_PX, contentMs * pxPerMs));
  const maxScrollPx = Math.max(0, contentPx - viewportPx);
  const maxStartMs = Math.max(0, contentMs - viewportPx / pxPerMs);
  return { contentPx, maxScrollPx, maxStartMs };
}

const NO_TRACKS: readonly Track[] = [];
const NO_OFFSETS: ReadonlyMap<string, number> = new Map();

/** Where dropped media will land, and whether it overwrites or inserts. */
function DropGhostBox({ ghost, layout }: { ghost: DropGhost; layout: LaneLayout }) {
  const viewStartMs = useTimelineView((s) => s.viewStartMs);
  const pxPerMs = useTimelineView((s) => s.pxPerMs);
  return (
    <div
      className={`tl-drop-ghost tl-drop-${ghost.mode}`}
      aria-hidden="true"
      style={{
        top: layout.tops[ghost.trackIndex] ?? 0,
        height: layout.heights[ghost.trackIndex] ?? LANE_HEIGHT,
        left: (ghost.atMs - viewStartMs) * pxPerMs,
        width: ghost.lengthMs === null ? 2 : Math.max(2, ghost.lengthMs * pxPerMs),
      }}
    >
      <span>{ghost.mode === 'insert' ? 'Insert' : 'Overwrite'}</span>
    </div>
  );
}

export function TimelinePanel() {
  const timeline = useTimeline((s) => s.timeline);
  const pending = useTimeline((s) => s.pending);
  const pxPerMs = useTimelineView((s) => s.pxPerMs);
  const viewportPx = useTimelineView((s) => s.viewportPx);
  // The window moves in whole screens: lanes re-render only when it does.
  const screen = useTimelineView((s) => Math.floor(s.viewStartMs / (s.viewportPx / s.pxPerMs)));
  const selection = useTimelineView((s) => s.selection);
  const drag = useTimelineView((s) => s.drag);
  useTimelineView((s) => s.contentMs);
  const scroller = useRef<HTMLDivElement>(null);
  const lanes = useRef<HTMLDivElement>(null);
  const origin = useRef<HTMLDivElement>(null);
  const playhead = useRef<HTMLDivElement>(null);
  const guide = useRef<HTMLDivElement>(null);
  const { onPointerDown } = useClipDrag(lanes);

  const spanMs = viewportPx / pxPerMs;
  const originMs = Math.max(0, (screen - 1) * spanMs);
  const windowToMs = (screen + 2) * spanMs;
  const originRef = useRef(originMs);
  originRef.current = originMs;
  const pendingClips = useMemo(() => clipsTouched(pending.flatMap((e) => e.commands)), [pending]);
  // Listed as editors list them (what draws on top on top); the timeline keeps its drawing order.
  const tracks = useMemo(() => (timeline ? listedTracks(timeline.tracks) : NO_TRACKS), [timeline]);
  const trackHeights = useTimelineView((s) => s.trackHeights);
  const layout = useMemo(() => laneLayout(tracks, trackHeights), [tracks, trackHeights]);
  const offsets = useMemo(() => (timeline ? syncOffsets(timeline) : NO_OFFSETS), [timeline]);
  const [clipMenuAt, setClipMenuAt] = useState<{ x: number; y: number } | null>(null);
  const onClipContextMenu = useCallback((event: MouseEvent<HTMLElement>, clip: Clip) => {
    event.preventDefault();
    const view = useTimelineView.getState();
    if (!view.selection.has(clip.id)) view.select([clip.id]);
    setClipMenuAt({ x: event.clientX, y: event.clientY });
  }, []);
  const mediaDrop = useMediaDrop(lanes, tracks);
  const marquee = useMarquee(lanes, tracks);

  useEffect(() => {
    if (timeline) useTimelineView.getState().setContent(timeline.durationMs);
  }, [timeline]);

  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const observer = new ResizeObserver(() => useTimelineView.getState().setViewport(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // What the view store says, written straight to the DOM: the window's offset, the playhead, the scroll bar.
  useLayoutEffect(() => {
    const paint = () => {
      const s = useTimelineView.getState();
      if (origin.current)
        origin.current.style.transform = `translateX(${(originRef.current - s.viewStartMs) * s.pxPerMs}px)`;
      if (playhead.current)
        playhead.current.style.transform = `translateX(${(s.playheadMs - s.viewStartMs) * s.pxPerMs}px)`;
      if (guide.current) {
        const at = s.drag?.snappedAtMs;
        guide.current.hidden = at === null || at === undefined;
        if (at !== null && at !== undefined)
          guide.current.style.transform = `translateX(${(at - s.viewStartMs) * s.pxPerMs}px)`;
      }
      const element = scroller.current;
      if (element) {
        const { contentPx, maxScrollPx, maxStartMs } = scrollGeometry();
        const spacer = element.firstElementChild as HTMLElement | null;
        if (spacer) spacer.style.width = `${contentPx}px`;
        const wanted = maxStartMs > 0 ? (s.viewStartMs / maxStartMs) * maxScrollPx : 0;
        if (Math.abs(element.scrollLeft - wanted) > 1) element.scrollLeft = wanted;
      }
    };
    paint();
    return useTimelineView.subscribe(paint);
  }, [originMs]);

  function onScroll() {
    const element = scroller.current;
    if (!element) return;
    const { maxScrollPx, maxStartMs } = scrollGeometry();
    useTimelineView.getState().scrollTo(maxScrollPx > 0 ? (element.scrollLeft / maxScrollPx) * maxStartMs : 0);
  }

  function onWheel(event: WheelEvent<HTMLDivElement>) {
    if (!(event.ctrlKey || event.metaKey)) return;
    // Ctrl+wheel zooms around the pointer.
    const view = useTimelineView.getState();
    const rect = event.currentTarget.getBoundingClientRect();
    view.zoomBy(event.deltaY < 0 ? 1.25 : 0.8, view.viewStartMs + (event.clientX - rect.left) / view.pxPerMs);
  }

  const home = drag?.toTrackId ? tracks.findIndex((t) => t.clips.some((c) => drag.clipIds.has(c.id))) : -1;
  const to = drag?.toTrackId ? tracks.findIndex((t) => t.id === drag.toTrackId) : -1;
  const dragLaneShift = home >= 0 && to >= 0 ? layout.tops[to]! - layout.tops[home]! : 0;
  const height = Math.max(LANE_HEIGHT, layout.total);

  return (
    <div className="tl-panel">
      <div className="tl-corner">
        <Menu
          label="Add track"
          text="Add track"
          icon={Plus}
          size="sm"
          variant="ghost"
          items={[
            { id: 'video', label: 'Video track', onSelect: () => addTrack('video') },
            { id: 'audio', label: 'Audio track', onSelect: () => addTrack('audio') },
            { id: 'caption', label: 'Caption track', onSelect: () => addTrack('caption') },
          ]}
        />
      </div>
      <TimeRuler />
      <div className="tl-headers">
        {tracks.map((track, index) => (
          <TrackHeader
            key={track.id}
            track={track}
            height={layout.heights[index]!}
            canMoveUp={listedMoveTarget(timeline!.tracks, track.id, -1) !== null}
            canMoveDown={listedMoveTarget(timeline!.tracks, track.id, 1) !== null}
          />
        ))}
      </div>
      <div ref={scroller} className="tl-scroller" onScroll={onScroll} onWheel={onWheel}>
        <div className="tl-spacer" style={{ height }}>
          <div
            ref={lanes}
            className="tl-layer"
            role="group"
            aria-label="Timeline tracks"
            style={{ width: viewportPx, height }}
            onDragOver={mediaDrop.onDragOver}
            onDragLeave={mediaDrop.onDragLeave}
            onDrop={mediaDrop.onDrop}
            onPointerDown={(event) => {
              // A click on the tracks' background clears the selection, as in every editor.
              const plainClick = !(event.shiftKey || event.ctrlKey || event.metaKey) && event.button === 0;
              if (plainClick && !(event.target as Element).closest('.tl-clip')) useTimelineView.getState().select([]);
              // A drag from there draws a box that selects the clips it touches.
              marquee.onPointerDown(event);
            }}
          >
            {tracks.map((track, index) => (
              <div
                key={track.id}
                className={`tl-lane-bg${track.locked ? ' is-locked' : ''}`}
                style={{ top: layout.tops[index], height: layout.heights[index] }}
              />
            ))}
            <div ref={origin} className="tl-origin">
              {tracks.map((track, index) => (
                <TrackLane
                  key={track.id}
                  track={track}
                  top={layout.tops[index]!}
                  height={layout.heights[index]!}
                  originMs={originMs}
                  windowToMs={windowToMs}
                  pxPerMs={pxPerMs}
                  selection={selection}
                  pendingClips={pendingClips}
                  syncOffsets={offsets}
                  drag={drag}
                  dragLaneShift={dragLaneShift}
                  onClipPointerDown={onPointerDown}
                  onClipContextMenu={onClipContextMenu}
                />
              ))}
            </div>
            {mediaDrop.ghost && <DropGhostBox ghost={mediaDrop.ghost} layout={layout} />}
            {marquee.rect && <div className="tl-marquee" style={marquee.rect} aria-hidden="true" />}
            <div ref={guide} className="tl-snap-guide" hidden aria-hidden="true" />
            <div ref={playhead} className="tl-playhead" aria-hidden="true" />
          </div>
        </div>
      </div>
      {/* Outside the lanes: a click in the menu must not reach the lanes' pointer handling (it clears the selection). */}
      {clipMenuAt && <ClipContextMenu at={clipMenuAt} onClose={() => setClipMenuAt(null)} />}
    </div>
  );
}
