// The export job's real work: render the accepted clips (as a composition: one track of
// them) or the accepted timeline with the one renderer, and register the file (an MP4, or a
// timeline export's format or still) as a new asset of the project. Source media is only read, never changed.
import { rm } from 'node:fs/promises';
import type { SandboxContext } from '../context.ts';
import { renderFailure } from '../editor/renderJob.ts';
import { productOf, renderTimeline } from '../editor/timelineRender.ts';
import { registerJob } from '../jobs/registerJob.ts';
import { clipListComposition } from '../render/clipListComposition.ts';
import { PRODUCTS } from '../render/outputFormats.ts';
import { frameSize } from '../render/outputSettings.ts';
import { renderComposition, type ProgressListener } from '../render/renderComposition.ts';
import { sourceFactsOf } from '../render/sourceFacts.ts';
import type { Export, ExportStore } from './exportStore.ts';

interface ExportResult {
  assetId: number;
  titlesDrawn: boolean | null;
}

async function renderClips(
  ctx: SandboxContext,
  accountId: number,
  job: Export,
  output: string,
  signal: AbortSignal,
  onProgress: ProgressListener,
) {
  const project = ctx.db.prepare('SELECT aspect_ratio FROM projects WHERE id = ?').get(job.projectId) as {
    aspect_ratio: string;
  };
  const facts = await sourceFactsOf(
    ctx,
    accountId,
    job.clips.map((c) => c.assetId),
  );
  const composition = clipListComposition(
    job.clips,
    { ...frameSize(project.aspect_ratio, job.output.resolution), fps: job.output.frameRate },
    (id) => facts.get(id)!,
  );
  await renderComposition(composition, { product: 'mp4', quality: job.output.quality, output, signal, onProgress });
}

export function registerExportJob(ctx: SandboxContext, store: ExportStore): void {
  async function work(id: number, signal: AbortSignal): Promise<ExportResult> {
    const { accountId, export: job, timeline } = store.job(id);
    const file = PRODUCTS[timeline ? productOf(timeline) : 'mp4'];
    const output = ctx.assets.newPath(file.extension);
    const onProgress = (share: number) => store.setProgress(id, share);
    try {
      if (timeline) await renderTimeline(ctx, accountId, timeline, output, signal, onProgress);
      else await renderClips(ctx, accountId, job, output, signal, onProgress);
    } catch (err) {
      await rm(output, { force: true });
      throw renderFailure(
        'export.render_failed',
        'Rendering the export',
        err,
        job.source === 'timeline'
          ? "Check the timeline's media and submit a new export."
          : "Check the clips' media and submit a new export.",
      );
    }
    const asset = await ctx.assets.register({
      accountId,
      projectId: job.projectId,
      kind: file.kind,
      filename: `export-${id}${file.extension}`,
      contentType: file.contentType,
      source: 'export',
      filePath: output,
    });
    return { assetId: asset.id, titlesDrawn: job.clips.some((c) => c.title) ? true : null };
  }

  registerJob<ExportResult>(ctx, {
    kind: 'export',
    states: store.states,
    work,
    // Its time budget follows the length of the video it makes (jobs/jobBudget.ts).
    mediaMs: (id) =>
      (ctx.db.prepare('SELECT duration_ms FROM exports WHERE id = ?').get(id) as { duration_ms: number } | undefined)
        ?.duration_ms ?? null,
    complete: (id, result) => {
      const moved = store.markCompleted(id, result.assetId, result.titlesDrawn);
      store.forgetProgress(id);
      return moved;
    },
    end: (id, to, error) => {
      const moved =
        to === 'failed'
          ? store.markFailed(
              id,
              error ?? { code: 'export.render_failed', message: 'The export could not be rendered.' },
            )
          : store.markCancelled(id);
      store.forgetProgress(id);
      return moved;
    },
  });
}
