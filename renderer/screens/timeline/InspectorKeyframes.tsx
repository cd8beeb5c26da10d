// The keyframe controls beside an animatable setting, as Premiere has them: previous
// keyframe, a diamond that adds or removes the keyframe at the playhead, next keyframe, and
// the easing of the keyframe under the playhead. A value typed while the property has
// keyframes becomes a keyframe at the playhead (a new one, or the one there moved).
import { ChevronLeft, ChevronRight, Diamond } from 'lucide-react';
import { EASINGS, type Easing, type Keyframe } from '../../../shared/timeline/keyframes.ts';
import type { EditorCommand } from '../../../shared/timeline/editorCommands.ts';
import type { MediaClip } from '../../../shared/timeline/timelineTypes.ts';
import { IconButton } from '../../components/Button.tsx';
import {
  adjacentKeyframe,
  clipTimeOf,
  keyframeIndexAt,
  keyframesOf,
  setEasing,
  setValueAt,
  staticValueOf,
  toggleKeyframe,
  valueOfAt,
} from '../../model/timeline/keyframeEdits.ts';
import { useTimeline } from '../../stores/timelineStore.ts';
import { useTimelineView } from '../../stores/timelineViewStore.ts';

export const EASING_LABELS: Record<Easing, string> = {
  linear: 'Linear',
  easeIn: 'Ease in',
  easeOut: 'Ease out',
  easeInOut: 'Ease in and out',
  hold: 'Hold',
};

/** The value the Inspector shows for a clip: at the playhead when the property is animated. */
export function shownValue(clip: MediaClip, property: string, fallback: number, playheadMs: number): number {
  const list = keyframesOf(clip, property);
  if (list.length === 0) return staticValueOf(clip, property, fallback);
  return Math.round(valueOfAt(clip, property, fallback, clipTimeOf(clip, playheadMs)) * 1e4) / 1e4;
}

/** A typed value on an animated clip: a keyframe at the playhead; null when the property is not animated there. */
export function keyframedCommit(clip: MediaClip, property: string, value: number): EditorCommand | null {
  const list = keyframesOf(clip, property);
  if (list.length === 0) return null;
  const atMs = clipTimeOf(clip, useTimelineView.getState().playheadMs);
  return { type: 'setKeyframes', clipId: clip.id, property, keyframes: setValueAt(list, atMs, value) };
}

export function KeyframeButtons({
  clip,
  property,
  label,
  fallback,
}: {
  clip: MediaClip;
  property: string;
  label: string;
  fallback: number;
}) {
  const playheadMs = useTimelineView((s) => s.playheadMs);
  const easings = useTimeline((s) => s.catalog?.easings ?? EASINGS) as readonly Easing[];
  const list = keyframesOf(clip, property);
  const atMs = clipTimeOf(clip, playheadMs);
  const at = keyframeIndexAt(list, atMs);
  const inside = playheadMs >= clip.startMs && playheadMs <= clip.endMs;
  const name = label.toLowerCase();
  const show = () => useTimelineView.getState().setKeyframeProperty(property);
  const go = (direction: 1 | -1) => {
    show();
    const to = adjacentKeyframe(list, atMs, direction);
    if (to !== null) useTimelineView.getState().setPlayhead(clip.startMs + to);
  };
  const send = (keyframes: Keyframe[], what: string) => {
    show();
    useTimeline.getState().edit([{ type: 'setKeyframes', clipId: clip.id, property, keyframes }], what);
  };
  return (
    <span className="tl-keyframe-buttons">
      <IconButton
        size="sm"
        icon={ChevronLeft}
        label={`Previous ${name} keyframe`}
        disabled={adjacentKeyframe(list, atMs, -1) === null}
        onClick={() => go(-1)}
      />
      <IconButton
        size="sm"
        icon={Diamond}
        className={at >= 0 ? 'tl-keyframe-toggle is-on' : 'tl-keyframe-toggle'}
        pressed={at >= 0}
        label={`${label} keyframe at playhead`}
        tip={
          !inside
            ? 'Put the playhead over the clip to add a keyframe'
            : at >= 0
              ? `Remove the ${name} keyframe at the playhead`
              : `Add a ${name} keyframe at the playhead`
        }
        disabled={!inside}
        onClick={() =>
          send(
            toggleKeyframe(list, atMs, valueOfAt(clip, property, fallback, atMs)),
            at >= 0 ? `Remove ${name} keyframe` : `Add ${name} keyframe`,
          )
        }
      />
      <IconButton
        size="sm"
        icon={ChevronRight}
        label={`Next ${name} keyframe`}
        disabled={adjacentKeyframe(list, atMs, 1) === null}
        onClick={() => go(1)}
      />
      {at >= 0 && (
        <select
          className="tl-easing"
          aria-label={`${label} easing`}
          title="How the value moves from this keyframe to the next"
          value={list[at]!.easing ?? 'linear'}
          onChange={(e) => send(setEasing(list, at, e.target.value as Easing), `Set ${name} easing`)}
        >
          {easings.map((easing) => (
            <option key={easing} value={easing}>
              {EASING_LABELS[easing] ?? easing}
            </option>
          ))}
        </select>
      )}
    </span>
  );
}
