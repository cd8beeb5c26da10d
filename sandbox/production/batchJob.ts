// The production job: renders a batch's items one after another through the editor's
// renderer (editor/renderJob.ts), each to an MP4 asset of its own project. An item that
// fails does not stop the others; the batch then fails. Between items the job checks
// whether the batch was cancelled, so a cancel stops the work after the current item.
// Each final state publishes production.completed / .failed / .cancelled in the
// transaction that records it.
import { rm } from 'node:fs/promises';
import type { SandboxContext } from '../context.ts';
import { renderFailure } from '../editor/renderJob.ts';
import { renderTimeline } from '../editor/timelineRender.ts';
import { registerJob } from '../jobs/registerJob.ts';
import type { BatchStore } from './batchStore.ts';
import { jobFailure } from './mediaJob.ts';

export const PRODUCTION_JOB = 'production';

export function registerBatchJob(ctx: SandboxContext, store: BatchStore): void {
  async function work(id: number, signal: AbortSignal): Promise<null> {
    const { accountId, items } = store.job(id);
    for (const item of items) {
      // Items finished before a restart are kept; the job resumes with the rest.
      if (item.state !== 'queued' && item.state !== 'running') continue;
      if (!store.job(id).active) return null;
      store.itemRunning(id, item.position);
      const output = ctx.assets.newPath('.mp4');
      try {
        if (!item.render) throw new Error('it was accepted by an earlier version of the service: start a new batch');
        await renderTimeline(ctx, accountId, item.render, output, signal);
        // Cancelled while this item rendered: its file is discarded, as the item now is.
        if (!store.job(id).active) {
          await rm(output, { force: true });
          return null;
        }
        const asset = await ctx.assets.register({
          accountId,
          projectId: item.projectId,
          kind: 'video',
          filename: `production-${id}-${item.position + 1}.mp4`,
          contentType: 'video/mp4',
          source: 'production',
          filePath: output,
        });
        store.itemCompleted(id, item.position, asset.id);
      } catch (err) {
        await rm(output, { force: true });
        if (!store.job(id).active) return null;
        const error = renderFailure('editor.render_failed', 'The render', err, "Check the project's media.");
        store.itemFailed(id, item.position, { code: error.code, message: error.message });
      }
    }
    const after = store.job(id).items;
    const failed = after.filter((item) => item.state === 'failed');
    if (failed.length > 0) {
      const reasons = failed.map((item) => `project ${item.projectId}: ${item.error?.message ?? 'failed'}`).join(' ');
      throw jobFailure(
        'production.items_failed',
        `${failed.length} of ${after.length} items could not be rendered. ${reasons}`,
      );
    }
    return null;
  }

  registerJob<null>(ctx, {
    kind: PRODUCTION_JOB,
    states: store.states,
    work,
    // Its time budget follows the length of all the video it renders (jobs/jobBudget.ts).
    mediaMs(id) {
      const { items } = store.job(id);
      if (items.some((item) => !item.render)) return null;
      return items.reduce((total, item) => total + (item.render!.range.endMs - item.render!.range.startMs), 0);
    },
    complete: (id) => store.states.completed(id),
    end: (id, to, error) =>
      to === 'failed'
        ? store.markEnded(id, 'failed', error ?? { code: 'job.failed', message: 'The batch failed.' })
        : store.markEnded(id, 'cancelled', {
            code: 'job.cancelled',
            message: 'The batch was cancelled; items not yet rendered were cancelled with it.',
          }),
    event(id) {
      const { accountId, batch } = store.job(id);
      return { accountId, data: { kind: PRODUCTION_JOB, ...batch } };
    },
  });
}
