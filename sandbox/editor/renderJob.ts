// The render job's real work: draw the accepted render (editor/timelineRender.ts) to its file
// (an MP4 by default, another format, or a still PNG) and register it as a new asset of the project. A failure says why in ffmpeg's words; a
// cancel stops ffmpeg and leaves nothing behind.
import { rm } from 'node:fs/promises';
import type { SandboxContext } from '../context.ts';
import { registerJob } from '../jobs/registerJob.ts';
import { PRODUCTS } from '../render/outputFormats.ts';
import { ffmpegReason } from '../render/renderComposition.ts';
import type { RenderStore } from './renderStore.ts';
import { productOf, renderTimeline } from './timelineRender.ts';

/** A job error with ffmpeg's reason in it; `what` starts the sentence ("The render"). */
export function renderFailure(code: string, what: string, err: unknown, remedy: string): Error & { code: string } {
  return Object.assign(new Error(`${what} failed: ${ffmpegReason(err)}. ${remedy}`), { code });
}

export function registerRenderJob(ctx: SandboxContext, store: RenderStore): void {
  async function work(id: number, signal: AbortSignal): Promise<number> {
    const { accountId, projectId, accepted } = store.job(id);
    if (!accepted)
      throw Object.assign(
        new Error('This render was accepted by an earlier version of the service: start a new render.'),
        {
          code: 'editor.render_failed',
        },
      );
    const file = PRODUCTS[productOf(accepted)];
    const output = ctx.assets.newPath(file.extension);
    try {
      await renderTimeline(ctx, accountId, accepted, output, signal, (share) => store.setProgress(id, share));
      const asset = await ctx.assets.register({
        accountId,
        projectId,
        kind: file.kind,
        filename: `render-${id}${file.extension}`,
        contentType: file.contentType,
        source: 'render',
        filePath: output,
      });
      return asset.id;
    } catch (err) {
      await rm(output, { force: true });
      throw renderFailure(
        'editor.render_failed',
        'The render',
        err,
        "Check the timeline's media and start a new render.",
      );
    }
  }

  registerJob<number>(ctx, {
    kind: 'render',
    states: store.states,
    work,
    complete: (id, assetId) => {
      const moved = store.markCompleted(id, assetId);
      store.forgetProgress(id);
      return moved;
    },
    // A cancelled render shows no error.
    end: (id, to, error) => {
      const moved = store.states.ended(
        id,
        to,
        to === 'failed' ? (error ?? { code: 'editor.render_failed', message: 'The render failed.' }) : null,
      );
      store.forgetProgress(id);
      return moved;
    },
    event(id) {
      const { accountId, render } = store.job(id);
      return { accountId, data: { kind: 'render', ...render } };
    },
  });
}
