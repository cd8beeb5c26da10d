// What is drawn over a clip for change over time, as every NLE draws it: the keyframes of
// the Inspector's property as diamonds in a lane along the clip's foot (dragged in time,
// snapped to frames; arrows move one frame, Delete removes), the volume line over a clip
// with sound (dragged up and down; Ctrl/⌘-click adds a point), and fade handles on the top
// corners with their ramps. Each gesture is one edit when the pointer is released.
import { useState, type KeyboardEvent, type PointerEvent } from 'react';
import { parseEffectProperty, valueAt, type Keyframe } from '../../../shared/timeline/keyframes.ts';
import type { EditorCommand } from '../../../shared/timeline/editorCommands.ts';
import type { MediaClip, TrackKind } from '../../../shared/timeline/timelineTypes.ts';
import {
  keyframesOf,
  moveKeyframe,
  offsetValues,
  removeKeyframe,
  round,
  setValueAt,
  snapClipTime,
} from '../../model/timeline/keyframeEdits.ts';
import { FRAME_MS, formatTime } from '../../model/timeline/timelineGeometry.ts';
import { useTimeline } from '../../stores/timelineStore.ts';
import { useTimelineView } from '../../stores/timelineViewStore.ts';

const VOLUME_MAX = 2;
/** A volume point is "under the pointer" this close, in pixels. */
const GRAB_PX = 6;

const edit = (commands: EditorCommand[], label: string) => useTimeline.getState().edit(commands, label);
const keyframes = (clip: MediaClip, property: string, list: Keyframe[]): EditorCommand => ({
  type: 'setKeyframes',
  clipId: clip.id,
  property,
  keyframes: list,
});

/** Pointer moves followed from a press to its release (captured), as offsets from the press. */
function dragFrom(
  event: PointerEvent<Element>,
  onMove: (dx: number, dy: number) => void,
  onEnd: (dx: number, dy: number) => void,
) {
  event.stopPropagation();
  event.preventDefault();
  const target = event.currentTarget as HTMLElement;
  const { clientX, clientY, pointerId } = event;
  target.setPointerCapture(pointerId);
  const move = (e: globalThis.PointerEvent) => onMove(e.clientX - clientX, e.clientY - clientY);
  const up = (e: globalThis.PointerEvent) => {
    target.removeEventListener('pointermove', move);
    target.removeEventListener('pointerup', up);
    target.removeEventListener('pointercancel', up);
    onEnd(e.clientX - clientX, e.clientY - clientY);
  };
  target.addEventListener('pointermove', move);
  target.addEventListener('pointerup', up);
  target.addEventListener('pointercancel', up);
}

/** "Opacity", "Blur radius": the property as the Inspector names it. */
export function usePropertyLabel(property: string): string {
  return useTimeline((s) => {
    const effect = parseEffectProperty(property);
    if (!effect) return s.catalog?.properties.find((p) => p.name === property)?.label ?? property;
    const def = s.catalog?.effects.find((e) => e.id === effect.effectId);
    const param = def?.params.find((p) => p.name === effect.param);
    return def ? `${def.name} ${(param?.label ?? effect.param).toLowerCase()}` : property;
  });
}

export function KeyframeLane({ clip, property, pxPerMs }: { clip: MediaClip; property: string; pxPerMs: number }) {
  const label = usePropertyLabel(property);
  const list = keyframesOf(clip, property);
  const [dragging, setDragging] = useState<{ index: number; dx: number } | null>(null);
  const length = clip.endMs - clip.startMs;
  const move = (index: number, toMs: number) => {
    const next = moveKeyframe(list, index, toMs, length);
    if (next.some((k, i) => k.atMs !== list[i]?.atMs) || next.length !== list.length)
      edit([keyframes(clip, property, next)], `Move ${label.toLowerCase()} keyframe`);
  };
  function onKeyDown(event: KeyboardEvent<HTMLElement>, index: number) {
    const k = list[index]!;
    if (event.key === 'Delete' || event.key === 'Backspace') {
      edit([keyframes(clip, property, removeKeyframe(list, index))], `Delete ${label.toLowerCase()} keyframe`);
    } else if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      move(index, k.atMs + (event.key === 'ArrowRight' ? 1 : -1) * FRAME_MS * (event.shiftKey ? 10 : 1));
    } else if (event.key === 'Enter') {
      useTimelineView.getState().setPlayhead(clip.startMs + k.atMs);
    } else return;
    event.preventDefault();
    event.stopPropagation();
  }
  return (
    <div className="tl-keyframe-lane" role="group" aria-label={`${label} keyframes`}>
      <span className="tl-keyframe-lane-name" aria-hidden="true">
        {label}
      </span>
      {list.map((k, index) => {
        const dx = dragging?.index === index ? dragging.dx : 0;
        const shownMs = dx ? snapClipTime(k.atMs + dx / pxPerMs, length) : k.atMs;
        return (
          <span
            key={`${index}-${k.atMs}`}
            className={`tl-keyframe${dx ? ' is-dragging' : ''}${k.easing === 'hold' ? ' is-hold' : ''}`}
            role="slider"
            tabIndex={0}
            aria-label={`${label} keyframe at ${formatTime(clip.startMs + k.atMs)}`}
            aria-valuemin={0}
            aria-valuemax={length}
            aria-valuenow={k.atMs}
            aria-valuetext={`${formatTime(clip.startMs + k.atMs)}, value ${k.value}`}
            title={`${label} ${k.value} at ${formatTime(clip.startMs + k.atMs)}: drag to move, Delete removes`}
            style={{ left: shownMs * pxPerMs }}
            onKeyDown={(e) => onKeyDown(e, index)}
            onPointerDown={(event) => {
              if (event.button !== 0) return;
              event.currentTarget.focus();
              dragFrom(
                event,
                (mx) => setDragging({ index, dx: mx }),
                (mx) => {
                  setDragging(null);
                  if (Math.abs(mx) >= 2) move(index, k.atMs + mx / pxPerMs);
                },
              );
            }}
          />
        );
      })}
    </div>
  );
}

/** y in [0, height] for a gain: 0 at the foot, 1 in the middle, 2 at the top. */
const yOf = (gain: number, height: number) => height * (1 - gain / VOLUME_MAX);

export function VolumeLine({
  clip,
  name,
  pxPerMs,
  height,
}: {
  clip: MediaClip;
  name: string;
  pxPerMs: number;
  height: number;
}) {
  const list = keyframesOf(clip, 'volume');
  const base = clip.properties.volume ?? 1;
  const length = clip.endMs - clip.startMs;
  const width = length * pxPerMs;
  const [drag, setDrag] = useState<{ index: number | null; dGain: number } | null>(null);
  // The curve as it would be with the drag under way.
  const shown =
    drag === null
      ? list
      : drag.index === null
        ? offsetValues(list, drag.dGain, 0, VOLUME_MAX)
        : list.map((k, i) => (i === drag.index ? { ...k, value: clamp(k.value + drag.dGain) } : k));
  const shownBase = drag && list.length === 0 ? clamp(base + drag.dGain) : base;
  const points = volumeLine(shown, shownBase, pxPerMs, width, height).join(' ');

  function commit(index: number | null, dGain: number) {
    if (Math.abs(dGain) < 0.005) return;
    if (list.length === 0)
      edit(
        [{ type: 'setClipProperties', clipId: clip.id, properties: { volume: round(clamp(base + dGain)) } }],
        'Set volume',
      );
    else if (index === null) edit([keyframes(clip, 'volume', offsetValues(list, dGain, 0, VOLUME_MAX))], 'Set volume');
    else
      edit(
        [
          keyframes(
            clip,
            'volume',
            list.map((k, i) => (i === index ? { ...k, value: round(clamp(k.value + dGain)) } : k)),
          ),
        ],
        'Move volume keyframe',
      );
  }

  function onPointerDown(event: PointerEvent<SVGElement>) {
    if (event.button !== 0) return;
    const box = (event.currentTarget.ownerSVGElement ?? event.currentTarget).getBoundingClientRect();
    const atMs = (event.clientX - box.left) / pxPerMs;
    if (event.ctrlKey || event.metaKey) {
      event.stopPropagation();
      event.preventDefault();
      const at = snapClipTime(atMs, length);
      edit([keyframes(clip, 'volume', setValueAt(list, at, round(valueAt(list, base, at))))], 'Add volume keyframe');
      return;
    }
    // Pressing the line selects its clip, as a press anywhere on the clip does.
    if (!useTimelineView.getState().selection.has(clip.id)) useTimelineView.getState().select([clip.id]);
    const near = list.findIndex((k) => Math.abs(k.atMs * pxPerMs - (event.clientX - box.left)) <= GRAB_PX);
    const index = near >= 0 ? near : null;
    const perPx = VOLUME_MAX / height;
    dragFrom(
      event,
      (_, dy) => setDrag({ index, dGain: -dy * perPx }),
      (_, dy) => {
        setDrag(null);
        commit(index, -dy * perPx);
      },
    );
  }

  function onKeyDown(event: KeyboardEvent<SVGElement>) {
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    event.stopPropagation();
    commit(null, event.key === 'ArrowUp' ? 0.05 : -0.05);
  }

  const now = list.length === 0 ? base : valueAt(list, base, 0);
  return (
    <svg className="tl-volume" width={width} height={height}>
      <polyline className="tl-volume-line" points={points} />
      {shown.map((k, i) => (
        <circle key={i} className="tl-volume-point" cx={k.atMs * pxPerMs} cy={yOf(k.value, height)} r={2.5} />
      ))}
      <polyline
        className="tl-volume-hit"
        points={points}
        role="slider"
        tabIndex={0}
        aria-label={`Volume line of ${name}`}
        aria-valuemin={0}
        aria-valuemax={VOLUME_MAX}
        aria-valuenow={round(now)}
        aria-valuetext={`gain ${round(now)}${list.length > 0 ? `, ${list.length} keyframes` : ''}`}
        onPointerDown={onPointerDown}
        onKeyDown={onKeyDown}
      >
        <title>Volume: drag up or down; Ctrl/⌘-click adds a point</title>
      </polyline>
    </svg>
  );
}

const clamp = (gain: number) => Math.max(0, Math.min(VOLUME_MAX, gain));

export function FadeHandles({
  clip,
  trackKind,
  name,
  pxPerMs,
  height,
}: {
  clip: MediaClip;
  trackKind: TrackKind;
  name: string;
  pxPerMs: number;
  height: number;
}) {
  const [inName, outName] = trackKind === 'audio' ? ['audioFadeInMs', 'audioFadeOutMs'] : ['fadeInMs', 'fadeOutMs'];
  const length = clip.endMs - clip.startMs;
  const [drag, setDrag] = useState<{ edge: 'in' | 'out'; ms: number } | null>(null);
  const valueOf = (edge: 'in' | 'out') =>
    drag?.edge === edge ? drag.ms : (clip.properties[edge === 'in' ? inName! : outName!] ?? 0);
  const set = (edge: 'in' | 'out', ms: number) => {
    const property = edge === 'in' ? inName! : outName!;
    const value = Math.max(0, Math.min(length, Math.round(ms)));
    if (value !== (clip.properties[property] ?? 0))
      edit(
        [{ type: 'setClipProperties', clipId: clip.id, properties: { [property]: value } }],
        edge === 'in' ? 'Set fade in' : 'Set fade out',
      );
  };
  const handle = (edge: 'in' | 'out') => {
    const ms = valueOf(edge);
    const words = edge === 'in' ? 'Fade in' : 'Fade out';
    return (
      <span
        className={`tl-fade-handle tl-fade-${edge}`}
        role="slider"
        tabIndex={0}
        aria-label={`${words} of ${name}`}
        aria-valuemin={0}
        aria-valuemax={length}
        aria-valuenow={ms}
        aria-valuetext={`${(ms / 1000).toFixed(2)} s`}
        title={`${words}: ${(ms / 1000).toFixed(2)} s (drag to change)`}
        style={edge === 'in' ? { left: ms * pxPerMs } : { right: ms * pxPerMs }}
        onKeyDown={(event) => {
          if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
          event.preventDefault();
          event.stopPropagation();
          const longer = (event.key === 'ArrowRight') === (edge === 'in');
          set(edge, snapClipTime(ms + (longer ? 1 : -1) * FRAME_MS * (event.shiftKey ? 10 : 1), length));
        }}
        onPointerDown={(event) => {
          if (event.button !== 0) return;
          const from = ms;
          const toMs = (dx: number) => snapClipTime(from + ((edge === 'in' ? 1 : -1) * dx) / pxPerMs, length);
          dragFrom(
            event,
            (dx) => setDrag({ edge, ms: toMs(dx) }),
            (dx) => {
              setDrag(null);
              set(edge, toMs(dx));
            },
          );
        }}
      />
    );
  };
  const fadeIn = valueOf('in') * pxPerMs;
  const fadeOut = valueOf('out') * pxPerMs;
  const width = length * pxPerMs;
  return (
    <>
      {(fadeIn > 0 || fadeOut > 0) && (
        <svg className="tl-fade-ramps" width={width} height={height} aria-hidden="true">
          {fadeIn > 0 && <polygon points={`0,0 ${fadeIn},0 0,${height}`} />}
          {fadeOut > 0 && <polygon points={`${width},0 ${width - fadeOut},0 ${width},${height}`} />}
        </svg>
      )}
      {handle('in')}
      {handle('out')}
    </>
  );
}

/**
 * The volume line's points. Flat where nothing changes: without keyframes it is two points, and
 * before the first keyframe and after the last the value holds, so only the span between them
 * is sampled (every 4 px, for the easings). An hour-long clip zoomed in is hundreds of
 * thousands of pixels wide, and this runs on every render of every sound clip.
 */
function volumeLine(keys: readonly Keyframe[], base: number, pxPerMs: number, width: number, height: number): string[] {
  const at = (x: number): [number, number] => [x, yOf(valueAt(keys, base, x / pxPerMs), height)];
  const first = keys[0];
  const last = keys.at(-1);
  if (first === undefined || last === undefined) return [at(0), at(width)].map(([x, y]) => `${x},${y}`);
  const samples: [number, number][] = [at(0)];
  const step = Math.max(2, Math.min(width / 2, 4));
  const to = Math.min(width, last.atMs * pxPerMs);
  for (let x = Math.max(0, first.atMs * pxPerMs); x <= to + 0.01; x += step) samples.push(at(x));
  for (const k of keys) samples.push([k.atMs * pxPerMs, yOf(k.value, height)]);
  samples.push(at(width));
  samples.sort((a, b) => a[0] - b[0]);
  return samples.map(([x, y]) => `${x},${y}`);
}
