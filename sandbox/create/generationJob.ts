// The generation job: makes real media for an accepted generation, registers each file
// as an asset of the project, and records state changes. A failed or cancelled job is
// refunded in the same transaction that records it, so a user never pays for nothing.
// Each output is recorded as soon as it exists: a job resumed after a restart goes on
// from there instead of making (and leaving behind) a second copy.
import { rm } from 'node:fs/promises';
import type { JobState } from '../../shared/limits.ts';
import { iso } from '../clock.ts';
import type { SandboxContext } from '../context.ts';
import { transaction } from '../db/database.ts';
import type { JobError } from '../jobs/jobRunner.ts';
import type { MediaKind } from '../media/assetStore.ts';
import { synthesizeAudio, synthesizeImage, synthesizeVideo, type SynthesisInput } from '../media/synthesizeMedia.ts';
import { isTerminal, type GenerationStore } from './generationStore.ts';

const OUTPUT_FORMAT: Record<MediaKind, { extension: string; contentType: string }> = {
  image: { extension: 'png', contentType: 'image/png' },
  video: { extension: 'mp4', contentType: 'video/mp4' },
  audio: { extension: 'wav', contentType: 'audio/wav' },
};

const ERROR_MESSAGE_MAX = 500;

export function registerGenerationJob(ctx: SandboxContext, store: GenerationStore): void {
  const { db } = ctx;
  const saveOutputs = db.prepare("UPDATE generations SET outputs = ? WHERE id = ? AND state IN ('queued', 'running')");

  async function work(id: number): Promise<number[]> {
    const row = store.byId(id);
    if (!row) throw new Error(`generation ${id} no longer exists`);
    const outputs = JSON.parse(row.outputs) as number[];
    const settings = JSON.parse(row.settings) as Record<string, unknown>;
    const { aspect_ratio: aspectRatio } = db.prepare('SELECT aspect_ratio FROM projects WHERE id = ?').get(row.project_id) as { aspect_ratio: string };
    const wanted = row.kind === 'image' ? Number(settings.count ?? 1) : 1;
    // Without a seed each job differs; with one, the same inputs make the same media.
    const seed = typeof settings.seed === 'number' ? settings.seed : id;
    const { extension, contentType } = OUTPUT_FORMAT[row.kind];

    for (let i = outputs.length; i < wanted; i++) {
      const input: SynthesisInput = { prompt: row.prompt, settings, seed: seed + i };
      const path = ctx.assets.newPath(extension);
      if (row.kind === 'image') await synthesizeImage(path, input, aspectRatio);
      else if (row.kind === 'video') await synthesizeVideo(path, input, aspectRatio);
      else await synthesizeAudio(path, input);
      if (isTerminal(store.byId(id)!.state)) {
        await rm(path, { force: true }); // cancelled meanwhile: keep nothing
        return outputs;
      }
      const asset = await ctx.assets.register({
        accountId: row.account_id,
        projectId: row.project_id,
        kind: row.kind,
        filename: `generation-${id}${wanted > 1 ? `-${i + 1}` : ''}.${extension}`,
        contentType,
        source: 'generation',
        filePath: path,
      });
      outputs.push(asset.id);
      saveOutputs.run(JSON.stringify(outputs), id);
    }
    return outputs;
  }

  function transition(id: number, to: JobState, detail: { result?: unknown; error?: JobError }): void {
    transaction(db, () => {
      const row = store.byId(id);
      if (!row || isTerminal(row.state) || to === 'queued') return;
      const now = iso(ctx.clock.now());
      if (to === 'running') {
        db.prepare("UPDATE generations SET state = 'running', started_at = COALESCE(started_at, ?), updated_at = ? WHERE id = ?").run(now, now, id);
      } else if (to === 'completed') {
        db.prepare("UPDATE generations SET state = 'completed', outputs = ?, completed_at = ?, updated_at = ? WHERE id = ?").run(
          JSON.stringify(detail.result ?? JSON.parse(row.outputs)),
          now,
          now,
          id,
        );
      } else {
        const error =
          to === 'cancelled'
            ? { code: 'job.cancelled', message: 'The generation was cancelled; its price was refunded.' }
            : { code: detail.error?.code ?? 'job.failed', message: `${detail.error?.message ?? 'The generation failed.'} Its price was refunded.` };
        ctx.wallet.refund(row.account_id, row.cost_micros);
        db.prepare(
          'UPDATE generations SET state = ?, cost_micros = 0, error_code = ?, error_message = ?, completed_at = ?, updated_at = ? WHERE id = ?',
        ).run(to, error.code, error.message.slice(0, ERROR_MESSAGE_MAX), now, now, id);
      }
    });
  }

  ctx.jobs.register({ kind: 'generation', unfinished: () => store.unfinishedIds(), work, transition });
}
