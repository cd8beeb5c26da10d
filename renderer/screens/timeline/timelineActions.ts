// The timeline's actions, shared by the shortcuts, the toolbar, the media bin and the
// inspector: each reads the timeline and the selection as shown and makes one edit. Split,
// delete, trim to the playhead, nudge and copy act on linked clips together.
import type { Asset } from '../../../shared/api/createTypes.ts';
import type { EditorCommand } from '../../../shared/timeline/editorCommands.ts';
import { withLinkedClips } from '../../../shared/timeline/linkedClips.ts';
import { parseEffectProperty } from '../../../shared/timeline/keyframes.ts';
import type { MediaClip } from '../../../shared/timeline/timelineTypes.ts';
import {
  adjacentKeyframe,
  clipTimeOf,
  keyframeIndexAt,
  keyframesOf,
  laneProperty,
  toggleKeyframe,
  valueOfAt,
} from '../../model/timeline/keyframeEdits.ts';
import { useTimelineMedia } from '../../stores/timelineMediaStore.ts';
import { useTimeline } from '../../stores/timelineStore.ts';
import { FRAME_MS } from '../../model/timeline/timelineGeometry.ts';
import { listedMoveTarget } from '../../model/timeline/trackOrder.ts';
import { useTimelineView } from '../../stores/timelineViewStore.ts';
import { pasteClipboard } from '../../stores/clipPaste.ts';
import { useToasts } from '../../stores/toastStore.ts';
import {
  addMediaCommand,
  copyClips,
  deleteCommands,
  locate,
  moveCommands,
  splitCommands,
  trackFor,
  trimToPlayhead,
  type Located,
} from '../../model/timeline/clipCommands.ts';
import { rippleDeleteCommands } from '../../model/timeline/syncRipple.ts';

const newId = () => crypto.randomUUID();
/** An action that did not happen, and why. */
const notDone = (title: string, message: string) => useToasts.getState().showWarning(title, message);

function selected(): Located[] {
  const timeline = useTimeline.getState().timeline;
  return timeline ? locate(timeline, useTimelineView.getState().selection) : [];
}

/** The selected clips and the clips linked to them (shared/timeline/linkedClips.ts): they act together. */
function selectedWithLinks(): Located[] {
  const timeline = useTimeline.getState().timeline;
  return timeline ? locate(timeline, withLinkedClips(timeline, useTimelineView.getState().selection)) : [];
}

function durationOf(assetId: number): number | null {
  return useTimelineMedia.getState().assets.get(assetId)?.durationMs ?? null;
}

function edit(commands: EditorCommand[], label: string, empty: string): boolean {
  if (commands.length === 0) {
    notDone(label, empty);
    return false;
  }
  return useTimeline.getState().edit(commands, label);
}

/** Splits the selected clips under the playhead, or every clip under it when none is selected. */
export function splitAtPlayhead(): void {
  const timeline = useTimeline.getState().timeline;
  if (!timeline) return;
  const { playheadMs, selection } = useTimelineView.getState();
  const candidates =
    selection.size > 0
      ? selectedWithLinks()
      : timeline.tracks.filter((t) => !t.locked).flatMap((track) => track.clips.map((clip) => ({ clip, track })));
  edit(
    splitCommands(candidates, playheadMs, newId),
    'Split at playhead',
    'Put the playhead inside a clip to split it.',
  );
}

/** Deletes the selection; a ripple delete closes the gap on every sync-locked track (syncRipple.ts). */
export function deleteSelection(ripple: boolean): void {
  const items = selectedWithLinks();
  const timeline = useTimeline.getState().timeline;
  if (
    edit(
      ripple && timeline ? rippleDeleteCommands(timeline, items) : deleteCommands(items),
      ripple ? 'Ripple delete' : items.length > 1 ? `Delete ${items.length} clips` : 'Delete clip',
      'Select the clips to delete first.',
    )
  )
    useTimelineView.getState().select([]);
}

export function trimSelectionToPlayhead(edge: 'start' | 'end'): void {
  const { playheadMs } = useTimelineView.getState();
  edit(
    trimToPlayhead(selectedWithLinks(), edge, playheadMs, durationOf),
    edge === 'start' ? 'Trim start' : 'Trim end',
    'Select a clip and put the playhead inside it.',
  );
}

export function nudgeSelection(frames: number): void {
  const items = selectedWithLinks();
  if (items.length === 0) return;
  edit(
    moveCommands(items, frames * FRAME_MS, null),
    items.length > 1 ? `Move ${items.length} clips` : 'Move clip',
    'Select the clips to move first.',
  );
}

export function copySelection(): number {
  const items = selectedWithLinks();
  if (items.length > 0)
    useTimelineView
      .getState()
      .setClipboard(
        copyClips(items, { projectId: useTimeline.getState().projectId, assets: useTimelineMedia.getState().assets }),
      );
  return items.length;
}

export function cutSelection(): void {
  if (copySelection() > 0) deleteSelection(false);
}

export function pasteAtPlayhead(): void {
  void pasteClipboard();
}

export function selectAll(): void {
  const timeline = useTimeline.getState().timeline;
  if (timeline) useTimelineView.getState().select(timeline.tracks.flatMap((t) => t.clips.map((c) => c.id)));
}

/** Selects the clip before or after the selected one on its track (the first track's at the playhead when none is). */
export function selectAdjacent(direction: 1 | -1): void {
  const timeline = useTimeline.getState().timeline;
  if (!timeline) return;
  const view = useTimelineView.getState();
  const current = selected().at(direction > 0 ? -1 : 0);
  const track = current?.track ?? timeline.tracks.find((t) => t.clips.length > 0);
  if (!track) return;
  const at = current
    ? track.clips.findIndex((c) => c.id === current.clip.id) + direction
    : track.clips.findIndex((c) => c.endMs > view.playheadMs);
  const next = track.clips[Math.max(0, Math.min(track.clips.length - 1, at))];
  if (!next) return;
  view.select([next.id]);
  if (next.startMs < view.viewStartMs || next.startMs > view.viewStartMs + view.viewportPx / view.pxPerMs)
    view.scrollTo(next.startMs - 1000);
}

/** Adds the asset at the end of the first track that takes it. */
export function addAsset(asset: Asset): void {
  const timeline = useTimeline.getState().timeline;
  if (!timeline) return;
  const track = trackFor(timeline, asset.kind);
  if (!track) {
    notDone(
      'Add to timeline',
      `There is no unlocked ${asset.kind === 'audio' ? 'audio' : 'video'} track for this media.`,
    );
    return;
  }
  const command = addMediaCommand(track, asset, null, newId, useTimeline.getState().catalog?.defaultImageDurationMs);
  if (useTimeline.getState().edit([command], 'Add clip') && command.type === 'addClip')
    useTimelineView.getState().select([command.clipId!]);
}

/** A caption of `lengthMs` at the playhead on the first caption track. */
export function addCaptionAtPlayhead(text: string, lengthMs = 2000, style?: string, font?: string): void {
  const timeline = useTimeline.getState().timeline;
  const track = timeline?.tracks.find((t) => t.kind === 'caption' && !t.locked);
  if (!track) {
    notDone('Add caption', 'There is no unlocked caption track.');
    return;
  }
  const startMs = Math.round(useTimelineView.getState().playheadMs);
  const clipId = newId();
  const command: EditorCommand = {
    type: 'addCaption',
    trackId: track.id,
    clipId,
    startMs,
    endMs: startMs + lengthMs,
    text,
    ...(style && { style }),
    ...(font && { font }),
  };
  if (useTimeline.getState().edit([command], 'Add caption')) useTimelineView.getState().select([clipId]);
}

/** The same change for each selected clip it applies to: one edit. */
export function applyToSelection(label: string, make: (item: Located) => EditorCommand | null): void {
  const commands = selected()
    .map(make)
    .filter((c): c is EditorCommand => c !== null);
  edit(commands, label, 'Select clips this applies to first.');
}

const KIND_WORDS = { video: 'video', audio: 'audio', caption: 'caption' } as const;

/** A new empty track of `kind`, after the last of its kind (a new video track draws on top of the others, and is listed above them). */
export function addTrack(kind: 'video' | 'audio' | 'caption'): void {
  const timeline = useTimeline.getState().timeline;
  if (!timeline) return;
  const lastOfKind = timeline.tracks.findLastIndex((t) => t.kind === kind);
  const index = lastOfKind >= 0 ? lastOfKind + 1 : timeline.tracks.length;
  useTimeline.getState().edit([{ type: 'addTrack', kind, trackId: newId(), index }], `Add ${KIND_WORDS[kind]} track`);
}

export function renameTrack(trackId: string, name: string): boolean {
  return useTimeline.getState().edit([{ type: 'updateTrack', trackId, name }], 'Rename track');
}

/** One place up or down the shown list (model/timeline/trackOrder.ts): a video track moved up draws over the one it passes. */
export function moveTrack(trackId: string, by: -1 | 1): void {
  const timeline = useTimeline.getState().timeline;
  const to = timeline ? listedMoveTarget(timeline.tracks, trackId, by) : null;
  if (to === null) return;
  useTimeline
    .getState()
    .edit([{ type: 'moveTrack', trackId, index: to }], by < 0 ? 'Move track up' : 'Move track down');
}

/** The track and every clip on it (one edit: undo brings them back). */
export function removeTrack(trackId: string): void {
  useTimeline.getState().edit([{ type: 'removeTrack', trackId }], 'Remove track');
}

/** A freeze frame of the selected video clip under the playhead (the one under it on the top video track when none is selected). */
export function freezeFrameAtPlayhead(durationMs = 2000): void {
  const timeline = useTimeline.getState().timeline;
  if (!timeline) return;
  const { playheadMs } = useTimelineView.getState();
  const under = (clip: { startMs: number; endMs: number }) => clip.startMs < playheadMs && clip.endMs > playheadMs;
  const chosen =
    selected().find((i) => i.track.kind === 'video' && i.clip.kind === 'media' && under(i.clip)) ??
    timeline.tracks
      .filter((t) => t.kind === 'video' && !t.locked)
      .flatMap((track) => track.clips.filter((c) => c.kind === 'media' && under(c)).map((clip) => ({ clip, track })))
      .at(-1);
  edit(
    chosen
      ? [
          {
            type: 'freezeFrame',
            clipId: chosen.clip.id,
            atMs: Math.round(playheadMs),
            durationMs: Math.round(durationMs),
          },
        ]
      : [],
    'Freeze frame',
    'Put the playhead inside a video clip to freeze its frame.',
  );
}

/** The selected media clip and the property the keyframe lane shows (opacity for a video clip, volume for audio, until the Inspector picks one). */
function keyframeTarget(): { clip: MediaClip; property: string; fallback: number } | null {
  const item = selected().find((i) => i.clip.kind === 'media');
  if (!item || item.clip.kind !== 'media') return null;
  const property =
    laneProperty(item.clip, useTimelineView.getState().keyframeProperty) ??
    (item.track.kind === 'video' ? 'opacity' : 'volume');
  const effect = parseEffectProperty(property);
  const catalog = useTimeline.getState().catalog;
  const fallback = effect
    ? (catalog?.effects.find((e) => e.id === effect.effectId)?.params.find((p) => p.name === effect.param)?.default ??
      0)
    : (catalog?.properties.find((p) => p.name === property)?.default ?? 1);
  return { clip: item.clip, property, fallback };
}

/** The keyframe toggle of the lane's property at the playhead, from the keyboard. */
export function toggleKeyframeAtPlayhead(): void {
  const target = keyframeTarget();
  const { playheadMs } = useTimelineView.getState();
  if (!target || playheadMs < target.clip.startMs || playheadMs > target.clip.endMs) {
    notDone('Keyframe', 'Select a clip and put the playhead over it.');
    return;
  }
  const { clip, property, fallback } = target;
  useTimelineView.getState().setKeyframeProperty(property);
  const atMs = clipTimeOf(clip, playheadMs);
  const list = keyframesOf(clip, property);
  const removing = keyframeIndexAt(list, atMs) >= 0;
  useTimeline.getState().edit(
    [
      {
        type: 'setKeyframes',
        clipId: clip.id,
        property,
        keyframes: toggleKeyframe(list, atMs, valueOfAt(clip, property, fallback, atMs)),
      },
    ],
    removing ? 'Remove keyframe' : 'Add keyframe',
  );
}

/** The playhead to the lane property's previous or next keyframe on the selected clip. */
export function jumpToKeyframe(direction: 1 | -1): void {
  const target = keyframeTarget();
  if (!target) return;
  const view = useTimelineView.getState();
  const to = adjacentKeyframe(
    keyframesOf(target.clip, target.property),
    clipTimeOf(target.clip, view.playheadMs),
    direction,
  );
  if (to !== null) view.setPlayhead(target.clip.startMs + to);
}
