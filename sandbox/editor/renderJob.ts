// The render job's real work, through the export renderer (media/renderExport.ts): the
// video cuts become one export plan (gaps: a black still), and when an audio track sounds
// in the range its cuts become a second plan whose sound is mixed over the first. This
// file is only the adapter from timeline cuts to RenderClips; ffmpeg work lives there.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SandboxContext } from '../context.ts';
import { registerJob } from '../jobs/registerJob.ts';
import { ffmpeg, probe, type MediaProbe } from '../media/ffmpeg.ts';
import { EXPORT_FPS, renderExport, type RenderClip } from '../media/renderExport.ts';
import type { RenderCuts, RenderSegment } from './renderPlan.ts';
import type { RenderStore } from './renderStore.ts';

function renderFailure(err: unknown): Error & { code: string } {
  const stderr = String((err as { stderr?: string }).stderr ?? (err as Error).message ?? err).trim();
  const detail = stderr.split('\n').slice(-3).join(' ').slice(0, 500);
  return Object.assign(
    new Error(`The render failed: ${detail || 'ffmpeg failed'}. Check the timeline's media and start a new render.`),
    { code: 'editor.render_failed' },
  );
}

/** What to render: fixed when the job was accepted. */
export interface CutsToRender {
  accountId: number;
  aspectRatio: string;
  cuts: RenderCuts;
}

/**
 * Renders accepted cuts to an MP4 at `output` (a path under the media folder). On failure
 * `output` is removed and the error carries code editor.render_failed. Editor renders and
 * production batches both render through here.
 */
export async function renderCuts(ctx: SandboxContext, job: CutsToRender, output: string): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'clipdesk-render-'));
  try {
    const black = join(dir, 'black.png');
    await ffmpeg(['-f', 'lavfi', '-i', 'color=c=black:s=16x16', '-frames:v', '1', black]);
    const probes = new Map<number, MediaProbe>();
    const toClips = async (segments: RenderSegment[], track: 'video' | 'audio'): Promise<RenderClip[]> => {
      const clips: RenderClip[] = [];
      for (const segment of segments) {
        const base = {
          startMs: segment.sourceStartMs,
          durationMs: (segment.frames * 1000) / EXPORT_FPS,
          motion: 'none',
          look: 'none',
          title: null,
        } as const;
        if (segment.assetId === null) {
          clips.push({
            ...base,
            path: black,
            kind: 'image',
            hasVideo: true,
            hasAudio: false,
            startMs: 0,
            transition: 'none',
            fit: 'fill',
            volume: 1,
          });
          continue;
        }
        const asset = ctx.assets.get(job.accountId, segment.assetId);
        if (!probes.has(asset.id)) {
          const info = await probe(asset.storage_path);
          if (!info) throw new Error(`asset ${asset.id} (${asset.filename}) can no longer be read as media`);
          probes.set(asset.id, info);
        }
        const info = probes.get(asset.id)!;
        clips.push({
          ...base,
          path: asset.storage_path,
          kind: track === 'audio' ? 'audio' : asset.kind,
          hasVideo: info.hasVideo,
          hasAudio: info.hasAudio,
          transition: segment.transition,
          fit: 'contain',
          volume: segment.volume,
        });
      }
      return clips;
    };
    const plan = (clips: RenderClip[]) => ({ aspectRatio: job.aspectRatio, clips });
    if (job.cuts.audio.length === 0) {
      await renderExport(plan(await toClips(job.cuts.video, 'video')), output);
    } else {
      const picture = join(dir, 'picture.mp4');
      const sound = join(dir, 'sound.mp4');
      await renderExport(plan(await toClips(job.cuts.video, 'video')), picture);
      await renderExport(plan(await toClips(job.cuts.audio, 'audio')), sound);
      await ffmpeg([
        '-i',
        picture,
        '-i',
        sound,
        '-filter_complex',
        '[0:a][1:a]amix=inputs=2:duration=first:normalize=0[a]',
        '-map',
        '0:v',
        '-map',
        '[a]',
        '-c:v',
        'copy',
        '-c:a',
        'aac',
        '-b:a',
        '128k',
        '-movflags',
        '+faststart',
        output,
      ]);
    }
  } catch (err) {
    await rm(output, { force: true });
    throw renderFailure(err);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export function registerRenderJob(ctx: SandboxContext, store: RenderStore): void {
  async function work(id: number): Promise<number> {
    const job = store.job(id);
    const output = ctx.assets.newPath('.mp4');
    await renderCuts(ctx, job, output);
    try {
      const asset = await ctx.assets.register({
        accountId: job.accountId,
        projectId: job.projectId,
        kind: 'video',
        filename: `render-${id}.mp4`,
        contentType: 'video/mp4',
        source: 'render',
        filePath: output,
      });
      return asset.id;
    } catch (err) {
      await rm(output, { force: true });
      throw renderFailure(err);
    }
  }

  registerJob<number>(ctx, {
    kind: 'render',
    states: store.states,
    work,
    complete: (id, assetId) => store.markCompleted(id, assetId),
    // A cancelled render shows no error.
    end: (id, to, error) =>
      store.states.ended(
        id,
        to,
        to === 'failed' ? (error ?? { code: 'editor.render_failed', message: 'The render failed.' }) : null,
      ),
    event(id) {
      const { accountId, render } = store.job(id);
      return { accountId, data: { kind: 'render', ...render } };
    },
  });
}
