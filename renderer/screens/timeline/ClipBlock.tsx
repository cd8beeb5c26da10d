// One clip on a lane: a block from its start to its end, its name, frames or waveform, its
// transition, and handles to trim either edge. Positioned from the lane's origin, so
// scrolling moves the lane, not every clip. A drag under way is drawn as an offset; it
// becomes an edit only when the pointer is released.
import { memo, type MouseEvent, type PointerEvent } from 'react';
import type { ClipStrip } from '../../../shared/timeline/timelineViews.ts';
import type { Clip, TrackKind } from '../../../shared/timeline/timelineTypes.ts';
import { useTimeline } from '../../stores/timelineStore.ts';
import { ClipMedia } from './ClipMedia.tsx';
import { FadeHandles, KeyframeLane, VolumeLine } from './ClipAutomation.tsx';
import { useTimelineView } from '../../stores/timelineViewStore.ts';
import { laneProperty } from '../../model/timeline/keyframeEdits.ts';
import { formatTime } from '../../model/timeline/timelineGeometry.ts';
import { offsetName, offsetText } from '../../model/timeline/linkSync.ts';

export type DragPart = 'body' | 'start' | 'end';

/** The clip's height above its label: where the waveform and the volume line are drawn. */
const AUTOMATION_PX = 38;

export interface ClipDragLook {
  readonly dxPx: number;
  readonly dyPx: number;
  /** A trim under way: how far the edge moved, in pixels. */
  readonly startPx: number;
  readonly endPx: number;
}

interface ClipBlockProps {
  readonly clip: Clip;
  readonly trackKind: TrackKind;
  readonly name: string;
  readonly originMs: number;
  readonly windowFromMs: number;
  readonly windowToMs: number;
  readonly pxPerMs: number;
  readonly selected: boolean;
  readonly pending: boolean;
  /** A linked clip out of sync with its partner: the offset in frames (a badge shows it), else null. */
  readonly syncOffset: number | null;
  readonly locked: boolean;
  readonly strip: ClipStrip | null;
  readonly drag: ClipDragLook | null;
  readonly onPointerDown: (event: PointerEvent<HTMLElement>, clip: Clip, part: DragPart) => void;
  readonly onContextMenu: (event: MouseEvent<HTMLElement>, clip: Clip) => void;
}

export const ClipBlock = memo(function ClipBlock(props: ClipBlockProps) {
  const { clip, trackKind, pxPerMs, drag, strip } = props;
  const startPx = drag?.startPx ?? 0;
  const left = (clip.startMs - props.originMs) * pxPerMs + startPx;
  const width = Math.max(2, (clip.endMs - clip.startMs) * pxPerMs - startPx + (drag?.endPx ?? 0));
  const label = clip.kind === 'caption' ? `Caption “${clip.text}”` : props.name;
  const classes = ['tl-clip', `tl-clip-${trackKind}`];
  if (props.selected) classes.push('is-selected');
  if (props.pending) classes.push('is-pending');
  if (drag) classes.push('is-dragging');
  const transition = clip.kind === 'media' ? clip.transitionIn : null;
  const transitionName = useTimeline((s) =>
    transition
      ? (s.catalog?.transitions.find((t) => t.id === transition.transitionId)?.name ?? transition.transitionId)
      : null,
  );
  const transitionText = transition ? `${transitionName} in, ${(transition.durationMs / 1000).toFixed(1)} s` : null;
  const chosenProperty = useTimelineView((s) => (props.selected ? s.keyframeProperty : null));
  const automated = clip.kind === 'media' && !drag && !props.locked ? clip : null;
  const keyframeProperty = automated && props.selected ? laneProperty(automated, chosenProperty) : null;
  const hasSound = trackKind === 'audio' || (trackKind === 'video' && !!strip?.peaks);
  if (keyframeProperty) classes.push('has-keyframe-lane');
  const effectIds = clip.kind === 'media' ? clip.effects.map((e) => e.effectId).join(',') : '';
  const effects = useTimeline((s) =>
    effectIds
      .split(',')
      .filter(Boolean)
      .map((id) => s.catalog?.effects.find((e) => e.id === id)?.name ?? id)
      .join(', '),
  );
  return (
    <>
      <div
        className={classes.join(' ')}
        data-clip-id={clip.id}
        role="button"
        tabIndex={-1}
        aria-pressed={props.selected}
        aria-label={`${label}, ${formatTime(clip.startMs)} to ${formatTime(clip.endMs)}${transitionText ? `, ${transitionText}` : ''}${props.syncOffset !== null ? `, ${offsetName(props.syncOffset).toLowerCase()}` : ''}${props.pending ? ', not saved yet' : ''}`}
        title={clip.kind === 'caption' ? clip.text : undefined}
        style={{
          left,
          width,
          transform: drag && (drag.dxPx || drag.dyPx) ? `translate(${drag.dxPx}px, ${drag.dyPx}px)` : undefined,
        }}
        onPointerDown={(event) => props.onPointerDown(event, clip, 'body')}
        onContextMenu={(event) => props.onContextMenu(event, clip)}
      >
        {clip.kind === 'media' && strip && (
          <ClipMedia
            clip={clip}
            strip={strip}
            fromMs={Math.max(clip.startMs, props.windowFromMs)}
            toMs={Math.min(clip.endMs, props.windowToMs)}
            pxPerMs={pxPerMs}
            showFrames={trackKind === 'video'}
            showWave={trackKind === 'audio'}
          />
        )}
        {transition && (
          // A wedge over the clip's first moments: how long it takes to come in, and what it is.
          <span className="tl-transition" title={transitionText!} style={{ width: transition.durationMs * pxPerMs }}>
            {transition.durationMs * pxPerMs > 56 && <span className="tl-transition-label">{transitionName}</span>}
          </span>
        )}
        {props.syncOffset !== null && (
          <span
            className="tl-sync-badge"
            role="img"
            aria-label={offsetName(props.syncOffset)}
            title={offsetName(props.syncOffset)}
          >
            {offsetText(props.syncOffset)}
          </span>
        )}
        {clip.kind === 'caption' && width > 12 && <span className="tl-caption-text">{clip.text}</span>}
        {width > 24 && clip.kind === 'media' && (
          <span className="tl-clip-label">
            {label}
            {effects && <span className="tl-clip-effects"> · {effects}</span>}
          </span>
        )}
        {!props.locked && width > 10 && (
          <>
            <span
              className="tl-handle tl-handle-start"
              aria-hidden="true"
              onPointerDown={(event) => {
                event.stopPropagation();
                props.onPointerDown(event, clip, 'start');
              }}
            />
            <span
              className="tl-handle tl-handle-end"
              aria-hidden="true"
              onPointerDown={(event) => {
                event.stopPropagation();
                props.onPointerDown(event, clip, 'end');
              }}
            />
          </>
        )}
      </div>
      {automated && (
        // Beside the clip, not inside it: the clip is a button, and controls may not nest in one.
        <div className="tl-clip-automation" style={{ left, width }}>
          {automated && hasSound && width > 8 && (
            <VolumeLine clip={automated} name={label} pxPerMs={pxPerMs} height={AUTOMATION_PX} />
          )}
          {automated && width > 24 && (
            <FadeHandles
              clip={automated}
              trackKind={trackKind}
              name={label}
              pxPerMs={pxPerMs}
              height={AUTOMATION_PX + 14}
            />
          )}
          {automated && keyframeProperty && (trackKind === 'video' || keyframeProperty === 'volume') && (
            <KeyframeLane clip={automated} property={keyframeProperty} pxPerMs={pxPerMs} />
          )}
        </div>
      )}
    </>
  );
});
