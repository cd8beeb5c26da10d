// The timeline screen's requests (shared/ipc/timeline.ts): the catalog and a project's
// timeline with its journaled edits, edits as editor-commands intents (journaled with their
// own key, sent in order by the outbox), renders as jobs, and the strips and render bytes
// made in main. Edits are journaled one at a time in the order they arrive, so the order
// the user made them is the order they are sent; while a failed edit of a project awaits
// the user's review, no further edit of it is journaled.
import { join } from 'node:path';
import { AppFailure, appError } from '../../../shared/appError.ts';
import type { EventName, EventPayload } from '../../../shared/ipc.ts';
import type { ContractHandlers } from '../../../shared/ipc.ts';
import type { HttpDownload } from '../api/httpClient.ts';
import type { Priority } from '../rate/rateBudget.ts';
import { createClipStrips } from '../timeline/clipStrips.ts';
import { createEditorReads } from '../timeline/editorReads.ts';
import { createEditTracker } from '../timeline/editTracker.ts';
import { createRenderMedia } from '../timeline/renderMedia.ts';
import type { HandlerContext } from './handlerContext.ts';

type TimelineRequests =
  | 'timeline.catalog'
  | 'timeline.get'
  | 'timeline.apply'
  | 'timeline.dismissEdits'
  | 'timeline.render'
  | 'timeline.strip'
  | 'timeline.mediaChunk';

export interface TimelineHandlerOptions {
  /** The app's data folder: strips and renders are kept under timeline/ in it. */
  readonly dataDir: string;
}

export function timelineHandlers(
  ctx: HandlerContext,
  options: TimelineHandlerOptions,
): Pick<ContractHandlers, TimelineRequests> {
  const { runtime, journal } = ctx;
  const baseUrlOf = (workspaceId: string) => runtime.baseUrlOf(workspaceId);
  const opener =
    (priority: Priority) =>
    async (workspaceId: string, assetId: number, signal: AbortSignal): Promise<HttpDownload> =>
      (await runtime.clientFor(workspaceId)).assets.content(assetId, { priority, signal });

  const reads = createEditorReads({
    baseUrlOf,
    budgetFor: (workspaceId) => runtime.budgetFor(workspaceId),
    apiKeyReader: (workspaceId) => runtime.apiKeyReader(workspaceId),
    onResponse: (workspaceId) => runtime.exchangeObserver(workspaceId),
  });
  const strips = createClipStrips({
    cacheDir: join(options.dataDir, 'timeline', 'strips'),
    baseUrlOf,
    openContent: opener('background'),
  });
  const renders = createRenderMedia({
    cacheDir: join(options.dataDir, 'timeline', 'renders'),
    baseUrlOf,
    openContent: opener('user'),
  });
  const tracker = createEditTracker({
    intent: (intentId) => journal.intents.get(intentId),
    openIntents: (workspaceId) => journal.intents.listOpen(workspaceId),
    cancel: (intentId) => ctx.jobs.cancel(intentId),
    emit: (event) => ctx.events.emit('timeline.edit', event),
  });
  ctx.events.subscribe(<N extends EventName>(name: N, payload: EventPayload<N>) => {
    if (name !== 'intent.updated') return;
    const update = payload as EventPayload<'intent.updated'>;
    tracker.onIntent(update.workspaceId, update.intent);
  });

  let journaling: Promise<unknown> = Promise.resolve();
  /** One edit journaled at a time, in arrival order. */
  function inOrder<T>(work: () => Promise<T>): Promise<T> {
    const next = journaling.then(work, work);
    journaling = next.catch(() => undefined);
    return next;
  }

  return {
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
        return ctx.jobs.submit(workspaceId, 'editor-commands', { projectId, input: { revision, commands } });
      }),

    async 'timeline.dismissEdits'({ intentIds }) {
      tracker.dismiss(intentIds);
      return { dismissed: intentIds.length };
    },

    'timeline.render': ({ projectId, range, revision }) =>
      ctx.jobs.submit(runtime.activeId(), 'render', {
        projectId,
        input: { ...(range && { range }), ...(revision && { revision }) },
      }),

    'timeline.strip': ({ assetId }) => strips.strip(runtime.activeId(), assetId),

    'timeline.mediaChunk': ({ assetId, offset }) => renders.chunk(runtime.activeId(), assetId, offset),
  };
}
