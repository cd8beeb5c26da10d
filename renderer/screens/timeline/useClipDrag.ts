// Pointer edits of clips: click to select (Shift or Ctrl/⌘ to add or toggle), drag a clip's
// body to move it (and the other selected clips) or an edge to trim it, snapping to clip
// edges and the playhead (Alt held during the drag holds snapping off). Linked clips (a
// picture and its sound) move and trim with the clip; Alt (Option) held as the drag begins
// moves or trims the clip alone, as in every NLE — that drag then starts unsnapped too,
// and releasing Alt after the press snaps again. Pointer moves only redraw a preview, at
// most once a frame; releasing the pointer makes ONE edit — one command list, one undo
// entry — however long the drag lasted. With a trim tool (trimActions.ts) an edge ripples or
// rolls and the body slips or slides, clamped to what the media and neighbours allow, while
// the monitor shows the two frames at the edit point.
import { useRef, type PointerEvent, type RefObject } from 'react';
import type { Clip, Timeline } from '../../../shared/timeline/timelineTypes.ts';
import { useTimelineMedia } from '../../stores/timelineMediaStore.ts';
import { useTimeline } from '../../stores/timelineStore.ts';
import { useTimelineView, visibleMs, type TrimTool } from '../../stores/timelineViewStore.ts';
import type { DragPart } from './ClipBlock.tsx';
import { withLinkedClips } from '../../../shared/timeline/linkedClips.ts';
import { locate, moveCommands, trimCommands } from '../../model/timeline/clipCommands.ts';
import { snapShift, snapTargets } from '../../model/timeline/timelineGeometry.ts';
import { listedTracks } from '../../model/timeline/trackOrder.ts';
import { laneLayout, rowAt } from '../../model/timeline/laneLayout.ts';
import { clampTrim, finishTrim, toolActsOn } from './trimActions.ts';
import { twoUpOf } from '../../model/timeline/twoUp.ts';

/** How the dragged clip is drawn under a tool: a ripple or roll moves an edge, a slide the clip; a slip changes no place. */
function lookOfTool(
  tool: Exclude<TrimTool, 'select'>,
  part: DragPart,
  deltaMs: number,
): { mode: 'move' | 'trim-start' | 'trim-end'; deltaMs: number } {
  if (tool === 'slide') return { mode: 'move', deltaMs };
  if (tool === 'slip') return { mode: 'move', deltaMs: 0 };
  // A ripple keeps the clip's start: a trimmed start shows as a shorter (or longer) clip.
  if (tool === 'ripple') return { mode: 'trim-end', deltaMs: part === 'start' ? -deltaMs : deltaMs };
  return { mode: part === 'start' ? 'trim-start' : 'trim-end', deltaMs };
}

const SNAP_PX = 8;
const CLICK_PX = 3;

interface Gesture {
  readonly part: DragPart;
  /** The trim tool the drag uses, or null for a plain move or trim. */
  readonly tool: Exclude<TrimTool, 'select'> | null;
  readonly clip: Clip;
  readonly ids: ReadonlySet<string>;
  readonly startX: number;
  readonly startY: number;
  readonly additive: boolean;
  readonly wasSelected: boolean;
  moved: boolean;
  frame: number | null;
  last: { deltaMs: number; toTrackId: string | null };
}

export function useClipDrag(lanesRef: RefObject<HTMLElement | null>) {
  const gesture = useRef<Gesture | null>(null);

  function timeline(): Timeline | null {
    return useTimeline.getState().timeline;
  }

  /** The delta of the drag after snapping the moving edges to what is near them. */
  function snapped(g: Gesture, rawDeltaMs: number, disable: boolean): { deltaMs: number; at: number | null } {
    const view = useTimelineView.getState();
    const t = timeline();
    if (!t || !view.snapping || disable) return { deltaMs: rawDeltaMs, at: null };
    const items = locate(t, g.ids);
    const edges =
      g.part === 'body'
        ? [
            Math.min(...items.map((i) => i.clip.startMs)) + rawDeltaMs,
            Math.max(...items.map((i) => i.clip.endMs)) + rawDeltaMs,
          ]
        : items.map((i) => (g.part === 'start' ? i.clip.startMs : i.clip.endMs) + rawDeltaMs);
    const span = visibleMs(view);
    const targets = snapTargets(t, view.viewStartMs - span, view.viewStartMs + 2 * span, g.ids, view.playheadMs);
    const shift = snapShift(edges, targets, SNAP_PX / view.pxPerMs);
    return { deltaMs: rawDeltaMs + shift, at: shift !== 0 ? edges[0]! + shift : null };
  }

  function targetTrack(g: Gesture, clientY: number): string | null {
    const t = timeline();
    const lanes = lanesRef.current;
    if (!t || !lanes || g.part !== 'body') return null;
    const items = locate(t, g.ids);
    const home = items[0]?.track;
    // Only clips of one track move to another track together.
    if (!home || items.some((i) => i.track.id !== home.id)) return null;
    const listed = listedTracks(t.tracks);
    const layout = laneLayout(listed, useTimelineView.getState().trackHeights);
    const target = listed[rowAt(layout, clientY - lanes.getBoundingClientRect().top)];
    return target && target.kind === home.kind && !target.locked && target.id !== home.id ? target.id : null;
  }

  function onPointerDown(event: PointerEvent<HTMLElement>, clip: Clip, part: DragPart): void {
    if (event.button !== 0 || useTimeline.getState().review) return;
    const view = useTimelineView.getState();
    const additive = event.shiftKey || event.ctrlKey || event.metaKey;
    const wasSelected = view.selection.has(clip.id);
    if (!wasSelected) view.select([clip.id], additive ? 'add' : 'replace');
    const tool = view.tool !== 'select' && toolActsOn(view.tool, part) ? view.tool : null;
    const chosen = part === 'body' && !tool ? useTimelineView.getState().selection : [clip.id];
    // A trim tool takes the partners itself (trimActions.ts); Alt at the press leaves them behind.
    const t = timeline();
    const ids = tool || event.altKey || !t ? new Set(chosen) : withLinkedClips(t, chosen);
    (event.currentTarget as HTMLElement).setPointerCapture(event.pointerId);
    const target = event.currentTarget as HTMLElement;
    gesture.current = {
      part,
      tool,
      clip,
      ids,
      startX: event.clientX,
      startY: event.clientY,
      additive,
      wasSelected,
      moved: false,
      frame: null,
      last: { deltaMs: 0, toTrackId: null },
    };

    const move = (e: globalThis.PointerEvent) => {
      const g = gesture.current;
      if (!g) return;
      if (!g.moved && Math.abs(e.clientX - g.startX) < CLICK_PX && Math.abs(e.clientY - g.startY) < CLICK_PX) return;
      g.moved = true;
      const raw = (e.clientX - g.startX) / useTimelineView.getState().pxPerMs;
      if (g.tool) {
        toolMove(g, raw, e.altKey);
        return;
      }
      const { deltaMs, at } = snapped(g, raw, e.altKey);
      const toTrackId = targetTrack(g, e.clientY);
      g.last = { deltaMs, toTrackId };
      if (g.frame !== null) return;
      // Coalesced: one redraw a frame, whatever the pointer's event rate.
      g.frame = requestAnimationFrame(() => {
        g.frame = null;
        const mode = g.part === 'body' ? 'move' : g.part === 'start' ? 'trim-start' : 'trim-end';
        useTimelineView
          .getState()
          .setDrag({ mode, clipIds: g.ids, deltaMs: g.last.deltaMs, toTrackId: g.last.toTrackId, snappedAtMs: at });
      });
    };

    const up = () => {
      target.removeEventListener('pointermove', move);
      target.removeEventListener('pointerup', up);
      target.removeEventListener('pointercancel', up);
      const g = gesture.current;
      gesture.current = null;
      if (!g) return;
      if (g.frame !== null) cancelAnimationFrame(g.frame);
      useTimelineView.getState().setDrag(null);
      if (!g.moved) {
        // A click: a selected clip clicked alone becomes the only one; with a modifier it toggles.
        if (g.wasSelected) useTimelineView.getState().select([g.clip.id], g.additive ? 'toggle' : 'replace');
        return;
      }
      finish(g);
    };
    target.addEventListener('pointermove', move);
    target.addEventListener('pointerup', up);
    target.addEventListener('pointercancel', up);
  }

  /** A trim tool's drag: the delta clamped to what the edit allows, drawn with the two frames at the edit point. */
  function toolMove(g: Gesture, raw: number, noSnap: boolean): void {
    const t = timeline();
    if (!t || !g.tool) return;
    const snappedDelta = g.tool === 'slip' ? raw : snapped(g, raw, noSnap).deltaMs;
    const deltaMs = clampTrim(t, g.tool, g.clip.id, g.part, snappedDelta);
    g.last = { deltaMs, toTrackId: null };
    if (g.frame !== null) return;
    g.frame = requestAnimationFrame(() => {
      g.frame = null;
      const tool = g.tool!;
      const delta = g.last.deltaMs;
      const look = lookOfTool(tool, g.part, delta);
      useTimelineView.getState().setDrag({
        ...look,
        tool,
        clipIds: g.ids,
        toTrackId: null,
        snappedAtMs: null,
        twoUp: twoUpOf(t, tool, g.clip.id, g.part, delta),
      });
    });
  }

  function finish(g: Gesture): void {
    const t = timeline();
    if (!t) return;
    if (g.tool) {
      finishTrim(g.tool, g.clip.id, g.part, g.last.deltaMs);
      return;
    }
    const items = locate(t, g.ids);
    const { deltaMs, toTrackId } = g.last;
    const durations = useTimelineMedia.getState().assets;
    const durationOf = (assetId: number) => durations.get(assetId)?.durationMs ?? null;
    if (g.part === 'body') {
      const commands = moveCommands(items, deltaMs, toTrackId);
      if (commands.length > 0)
        useTimeline.getState().edit(commands, items.length > 1 ? `Move ${items.length} clips` : 'Move clip');
    } else {
      const commands = trimCommands(items, g.part, deltaMs, durationOf);
      if (commands.length > 0) useTimeline.getState().edit(commands, 'Trim clip');
    }
  }

  return { onPointerDown };
}
