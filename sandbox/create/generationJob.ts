// The generation job: makes real media for an accepted generation, registers each file
// as an asset of the project, and records state changes. A failed or cancelled job is
// refunded in the same transaction that records it, so a user never pays for nothing.
// Each output is recorded as soon as it exists: a job resumed after a restart goes on
// from there instead of making (and leaving behind) a second copy.
import { rm } from 'node:fs/promises';
import type { SandboxContext } from '../context.ts';
import { isTerminal } from '../jobs/jobLifecycle.ts';
import { endRefunded, registerJob } from '../jobs/registerJob.ts';
import type { MediaKind } from '../media/assetStore.ts';
import { synthesizeAudio, synthesizeImage, synthesizeVideo, type SynthesisInput } from '../media/synthesizeMedia.ts';
import type { GenerationStore } from './generationStore.ts';

const OUTPUT_FORMAT: Record<MediaKind, { extension: string; contentType: string }> = {
  image: { extension: 'png', contentType: 'image/png' },
  video: { extension: 'mp4', contentType: 'video/mp4' },
  audio: { extension: 'wav', contentType: 'audio/wav' },
};

export function registerGenerationJob(ctx: SandboxContext, store: GenerationStore): void {
  const { db } = ctx;
  const saveOutputs = db.prepare("UPDATE generations SET outputs = ? WHERE id = ? AND state IN ('queued', 'running')");

  async function work(id: number): Promise<number[]> {
    const row = store.byId(id);
    if (!row) throw new Error(`generation ${id} no longer exists`);
    const outputs = JSON.parse(row.outputs) as number[];
    const settings = JSON.parse(row.settings) as Record<string, unknown>;
    const { aspect_ratio: aspectRatio } = db
      .prepare('SELECT aspect_ratio FROM projects WHERE id = ?')
      .get(row.project_id) as { aspect_ratio: string };
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

  registerJob<number[]>(ctx, {
    kind: 'generation',
    states: store.states,
    work,
    complete: (id, outputs) => store.states.completed(id, { set: 'outputs = ?', args: [JSON.stringify(outputs)] }),
    end(id, to, failure) {
      const row = store.byId(id);
      if (!row) return false;
      const error =
        to === 'cancelled'
          ? { code: 'job.cancelled', message: 'The generation was cancelled; its price was refunded.' }
          : {
              code: failure?.code ?? 'job.failed',
              message: `${failure?.message ?? 'The generation failed.'} Its price was refunded.`,
            };
      return endRefunded(ctx.wallet, store.states, row, to, error);
    },
  });
}
