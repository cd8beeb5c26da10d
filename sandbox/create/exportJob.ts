// The export job's real work: render the accepted clips with ffmpeg and register the
// MP4 as a new asset of the project. Source media is only read, never changed.
import { rm } from 'node:fs/promises';
import type { SandboxContext } from '../context.ts';
import { registerJob } from '../jobs/registerJob.ts';
import { probe } from '../media/ffmpeg.ts';
import { renderExport, type RenderClip } from '../media/renderExport.ts';
import type { ExportStore } from './exportStore.ts';

interface ExportResult {
  assetId: number;
  titlesDrawn: boolean | null;
}

/** ffmpeg's own words, trimmed to what helps: its last few stderr lines. */
function renderFailure(err: unknown): Error & { code: string } {
  const stderr = String((err as { stderr?: string }).stderr ?? (err as Error).message ?? err).trim();
  const detail = stderr.split('\n').slice(-3).join(' ').slice(0, 500);
  return Object.assign(
    new Error(
      `The export could not be rendered: ${detail || 'ffmpeg failed'}. Check the clips' media and submit a new export.`,
    ),
    {
      code: 'export.render_failed',
    },
  );
}

export function registerExportJob(ctx: SandboxContext, store: ExportStore): void {
  async function work(id: number): Promise<ExportResult> {
    const { accountId, export: job } = store.job(id);
    const project = ctx.db.prepare('SELECT aspect_ratio FROM projects WHERE id = ?').get(job.projectId) as {
      aspect_ratio: string;
    };
    const clips: RenderClip[] = [];
    for (const clip of job.clips) {
      const asset = ctx.assets.get(accountId, clip.assetId);
      const info = await probe(asset.storage_path);
      if (!info) throw renderFailure(new Error(`asset ${asset.id} (${asset.filename}) can no longer be read as media`));
      clips.push({
        path: asset.storage_path,
        kind: clip.kind,
        hasVideo: info.hasVideo,
        hasAudio: info.hasAudio,
        startMs: clip.trimStartMs,
        durationMs: clip.durationMs,
        transition: clip.transition,
        motion: clip.motion,
        fit: clip.fit,
        look: clip.look,
        volume: clip.volume,
        title: clip.title,
      });
    }
    const output = ctx.assets.newPath('.mp4');
    let titlesDrawn: boolean;
    try {
      ({ titlesDrawn } = await renderExport({ aspectRatio: project.aspect_ratio, clips }, output));
    } catch (err) {
      await rm(output, { force: true });
      throw renderFailure(err);
    }
    const asset = await ctx.assets.register({
      accountId,
      projectId: job.projectId,
      kind: 'video',
      filename: `export-${id}.mp4`,
      contentType: 'video/mp4',
      source: 'export',
      filePath: output,
    });
    return { assetId: asset.id, titlesDrawn: clips.some((c) => c.title) ? titlesDrawn : null };
  }

  registerJob<ExportResult>(ctx, {
    kind: 'export',
    states: store.states,
    work,
    complete: (id, result) => store.markCompleted(id, result.assetId, result.titlesDrawn),
    end: (id, to, error) =>
      to === 'failed'
        ? store.markFailed(id, error ?? { code: 'export.render_failed', message: 'The export could not be rendered.' })
        : store.markCancelled(id),
  });
}
