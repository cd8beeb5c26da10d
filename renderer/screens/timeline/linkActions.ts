// Link and Unlink (issue 25, linked clips): the selected clips become one link (a picture and
// its sound, one clip per track) or leave theirs. Each is one edit, so one undo; what cannot be
// done is said and nothing is sent.
import { withLinkedClips } from '../../../shared/timeline/linkedClips.ts';
import { locate } from '../../model/timeline/clipCommands.ts';
import { linkProblem } from '../../model/timeline/linkSync.ts';
import { useTimeline } from '../../stores/timelineStore.ts';
import { useTimelineView } from '../../stores/timelineViewStore.ts';
import { useToasts } from '../../stores/toastStore.ts';

const notDone = (title: string, message: string) => useToasts.getState().showWarning(title, message);

/** Links the selected clips (two or more, each on its own track). */
export function linkSelection(): void {
  const timeline = useTimeline.getState().timeline;
  if (!timeline) return;
  const { selection } = useTimelineView.getState();
  const problem = linkProblem(timeline, selection);
  if (problem) {
    notDone('Link clips', problem);
    return;
  }
  const clipIds = locate(timeline, selection).map((i) => i.clip.id);
  useTimeline.getState().edit([{ type: 'linkClips', clipIds }], 'Link clips');
}

/** Unlinks the selected clips and their partners: a link is broken as a whole. */
export function unlinkSelection(): void {
  const timeline = useTimeline.getState().timeline;
  if (!timeline) return;
  const items = locate(timeline, withLinkedClips(timeline, useTimelineView.getState().selection)).filter(
    (i) => i.clip.linkId !== undefined && !i.track.locked,
  );
  if (items.length === 0) {
    notDone('Unlink clips', 'None of the selected clips is linked: select a linked clip to unlink it.');
    return;
  }
  useTimeline.getState().edit([{ type: 'unlinkClips', clipIds: items.map((i) => i.clip.id) }], 'Unlink clips');
}
