// The markers' actions, shared by the shortcuts, the ruler, the marker editor and the
// toolbar's Markers menu: each reads the timeline as shown and makes one edit.
import type { EditorCommand } from '../../../shared/timeline/editorCommands.ts';
import { markersOf, type Marker, type MarkerColor } from '../../../shared/timeline/timelineTypes.ts';
import { youtubeChapters } from '../../../shared/timeline/youtubeChapters.ts';
import { copyText } from '../../client/copyText.ts';
import { adjacentMarker, nextMarkerName } from '../../model/timeline/markerCommands.ts';
import { formatTime } from '../../model/timeline/timelineGeometry.ts';
import { useMarkerEdit } from '../../stores/markerEditStore.ts';
import { useTimeline } from '../../stores/timelineStore.ts';
import { useTimelineView } from '../../stores/timelineViewStore.ts';
import { useToasts } from '../../stores/toastStore.ts';

export function currentMarkers(): readonly Marker[] {
  const timeline = useTimeline.getState().timeline;
  return timeline ? markersOf(timeline) : [];
}

const edit = (commands: EditorCommand[], label: string) => useTimeline.getState().edit(commands, label);

/** Adds a marker at the playhead and opens its editor, to name it. */
export function addMarkerAtPlayhead(): void {
  if (!useTimeline.getState().timeline) return;
  const markerId = crypto.randomUUID();
  const atMs = Math.round(useTimelineView.getState().playheadMs);
  const made = edit([{ type: 'addMarker', markerId, atMs, name: nextMarkerName(currentMarkers()) }], 'Add marker');
  if (made) useMarkerEdit.getState().open(markerId);
}

/** Moves the playhead to the next (1) or previous (-1) marker. */
export function jumpToMarker(direction: 1 | -1): void {
  const view = useTimelineView.getState();
  const marker = adjacentMarker(currentMarkers(), view.playheadMs, direction);
  if (marker) view.setPlayhead(marker.atMs);
  else
    useToasts
      .getState()
      .showInfo(
        direction === 1 ? 'No next marker' : 'No previous marker',
        `There is no marker ${direction === 1 ? 'after' : 'before'} the playhead (${formatTime(view.playheadMs)}).`,
      );
}

export interface MarkerChange {
  atMs?: number;
  name?: string;
  color?: MarkerColor;
  note?: string;
}

export function updateMarker(markerId: string, change: MarkerChange): boolean {
  return edit([{ type: 'updateMarker', markerId, ...change }], 'Change marker');
}

export function removeMarker(markerId: string): boolean {
  return edit([{ type: 'removeMarker', markerId }], 'Remove marker');
}

/** Copies the markers as YouTube's chapter lines, saying what breaks YouTube's rules. */
export async function copyYoutubeChapters(): Promise<void> {
  const timeline = useTimeline.getState().timeline;
  if (!timeline) return;
  const { text, problems } = youtubeChapters(markersOf(timeline), timeline.durationMs);
  const toasts = useToasts.getState();
  if (!text) {
    toasts.showWarning('No chapters to copy', problems.join(' '));
    return;
  }
  const copied = await copyText(text);
  if (!copied.ok) toasts.showWarning('YouTube chapters not copied', copied.message);
  else if (problems.length > 0)
    toasts.showWarning('YouTube chapters copied, but YouTube will not show them yet', problems.join(' '));
  else toasts.showSuccess('YouTube chapters copied', 'Paste them into the video’s description.');
}
