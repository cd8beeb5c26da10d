// The timeline screen's requests (shared/ipc/timeline.ts): the catalog and a project's
// timeline with its journaled edits, edits as editor-commands intents (journaled with their
// own key, sent in order by the outbox), renders as jobs, and the strips and render bytes
// made in main (services createCore builds), and each project's undo history, kept in the journal. Edits are journaled one at a time in the order
// they arrive, so the order the user made them is the order they are sent; while a failed
// edit of a project awaits the user's review, no further edit of it is journaled.
import { AppFailure, appError } from '../../../shared/appError.ts';
import type { ContractHandlers } from '../../../shared/ipc.ts';
import type { ClipStrips } from '../timeline/clipStrips.ts';
import type { EditorReads } from '../timeline/editorReads.ts';
import type { EditTracker } from '../timeline/editTracker.ts';
import type { UndoStackTable } from '../journal/undoStacks.ts';
import type { RenderMedia } from '../timeline/renderMedia.ts';
import type { JobsCoordinator } from '../jobs/jobsCoordinator.ts';
import type { WorkspaceRuntime } from '../workspace/workspaceRuntime.ts';

type TimelineRequests =
  | 'timeline.catalog'
  | 'timeline.get'
  | 'timeline.apply'
  | 'timeline.dismissEdits'
  | 'timeline.render'
  | 'timeline.reframe'
  | 'timeline.revisions'
  | 'timeline.revision'
  | 'timeline.undoStack'
  | 'timeline.saveUndoStack'
  | 'timeline.strip'
  | 'timeline.mediaChunk';

export interface TimelineDeps {
  readonly runtime: Pick<WorkspaceRuntime, 'activeId' | 'call'>;
  readonly jobs: Pick<JobsCoordinator, 'submit'>;
  readonly reads: EditorReads;
  readonly strips: Pick<ClipStrips, 'strip'>;
  readonly renders: Pick<RenderMedia, 'chunk'>;
  readonly tracker: Pick<EditTracker, 'pending' | 'failed' | 'dismiss'>;
  readonly undoStacks: Pick<UndoStackTable, 'get' | 'save'>;
}

export function timelineHandlers(deps: TimelineDeps): Pick<ContractHandlers, TimelineRequests> {
  const { runtime, jobs, reads, strips, renders, tracker, undoStacks } = deps;

  let journaling: Promise<unknown> = Promise.resolve();
  /** One edit journaled at a time, in arrival order. */
  function inOrder<T>(work: () => Promise<T>): Promise<T> {
    const next = journaling.then(work, work);
    journaling = next.catch(() => undefined);
    return next;
  }

  return {
    'timeline.revisions': ({ projectId, limit, after }) =>
      runtime.call((client) => client.revisions.list(projectId, { limit, after })),
    'timeline.revision': ({ projectId, revision }) =>
      runtime.call(async (client) => (await client.revisions.get(projectId, revision)).data),

    async 'timeline.undoStack'({ projectId }) {
      return undoStacks.get(runtime.activeId(), projectId);
    },
    async 'timeline.saveUndoStack'({ projectId, stack }) {
      undoStacks.save(runtime.activeId(), projectId, stack);
      return { saved: true };
    },

    'timeline.catalog': () => runtime.call((_client, workspaceId) => reads.catalog(workspaceId)),

    async 'timeline.get'({ projectId }) {
      const workspaceId = runtime.activeId();
      // Read before the timeline: an edit acknowledged meanwhile is then in both, and the
      // screen skips a journaled edit older than the timeline's revision (never in neither).
      const pending = tracker.pending(workspaceId, projectId);
      const timeline = await runtime.call(() => reads.timeline(workspaceId, projectId));
      return { timeline, pending, failed: tracker.failed(workspaceId, projectId) };
    },

    'timeline.apply': ({ projectId, revision, commands }) =>
      inOrder(async () => {
        const workspaceId = runtime.activeId();
        // Behind a failed edit, a new one would be sent on a revision the user has not seen.
        const blocked = tracker.failed(workspaceId, projectId);
        if (blocked.length > 0)
          throw new AppFailure(
            appError(
              'timeline.review_pending',
              'An earlier edit of this timeline did not apply: review it (re-apply or drop it) before editing further.',
              {
                details: { intentIds: blocked.map((edit) => edit.intentId) },
              },
            ),
          );
        return jobs.submit(workspaceId, 'editor-commands', { projectId, input: { revision, commands } });
      }),

    async 'timeline.dismissEdits'({ intentIds }) {
      tracker.dismiss(intentIds);
      return { dismissed: intentIds.length };
    },

    'timeline.render': ({ projectId, range, revision }) =>
      jobs.submit(runtime.activeId(), 'render', {
        projectId,
        input: { ...(range && { range }), ...(revision && { revision }) },
      }),

    'timeline.reframe': ({ projectId, clipIds }) =>
      jobs.submit(runtime.activeId(), 'reframe', { projectId, input: clipIds ? { clipIds } : {} }),

    'timeline.strip': ({ assetId }) => strips.strip(runtime.activeId(), assetId),

    'timeline.mediaChunk': ({ assetId, offset }) => renders.chunk(runtime.activeId(), assetId, offset),
  };
}
