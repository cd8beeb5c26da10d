// One clip on a lane: a block from its start to its end, its name, frames or waveform, its
// transition, and handles to trim either edge. Positioned from the lane's origin, so
// scrolling moves the lane, not every clip. A drag under way is drawn as an offset; it
// becomes an edit only when the pointer is released.
import { memo, type PointerEvent } from 'react';
import type { ClipStrip } from '../../../shared/timeline/timelineViews.ts';
import type { Clip, TrackKind } from '../../../shared/timeline/timelineTypes.ts';
import { ClipMedia } from './ClipMedia.tsx';
import { formatTime } from './timelineGeometry.ts';

export type DragPart = 'body' | 'start' | 'end';

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
  readonly locked: boolean;
  readonly strip: ClipStrip | null;
  readonly drag: ClipDragLook | null;
  readonly onPointerDown: (event: PointerEvent<HTMLElement>, clip: Clip, part: DragPart) => void;
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
  const effects = clip.kind === 'media' ? clip.effects.map((e) => e.effectId) : [];
  return (
    <div
      className={classes.join(' ')}
      data-clip-id={clip.id}
      role="button"
      tabIndex={-1}
      aria-pressed={props.selected}
      aria-label={`${label}, ${formatTime(clip.startMs)} to ${formatTime(clip.endMs)}${props.pending ? ', not saved yet' : ''}`}
      style={{
        left,
        width,
        transform: drag && (drag.dxPx || drag.dyPx) ? `translate(${drag.dxPx}px, ${drag.dyPx}px)` : undefined,
      }}
      onPointerDown={(event) => props.onPointerDown(event, clip, 'body')}
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
        <span
          className="tl-transition"
          title={`${transition.transitionId}, ${transition.durationMs} ms`}
          style={{ width: transition.durationMs * pxPerMs }}
        />
      )}
      {width > 24 && (
        <span className="tl-clip-label">
          {label}
          {effects.length > 0 && <span className="tl-clip-effects"> · {effects.join(', ')}</span>}
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
  );
});
