// Runs the one ffmpeg command that renders a Composition to an MP4 file. The caption texts
// and the filtergraph go to files in a temporary folder, removed afterwards. A failure
// carries ffmpeg's own last words (not a stack), so the job can say why; `signal` stops
// ffmpeg (a cancelled render) and leaves no output.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ffmpeg } from '../media/ffmpeg.ts';
import type { Composition } from './composition.ts';
import type { Quality } from './outputSettings.ts';
import { buildRenderCommand } from './renderCommand.ts';

/** What ffmpeg said when it failed, in a sentence or two. */
export function ffmpegReason(err: unknown): string {
  const stderr = String((err as { stderr?: string }).stderr ?? '').trim();
  const lines = stderr
    .split('\n')
    .map((line) => line.replace(/^\[[^\]]+\]\s*/, '').trim())
    .filter((line) => line.length > 0);
  const detail = lines.slice(-3).join(' ').slice(0, 400);
  return detail || (err as Error).message || 'ffmpeg failed';
}

export async function renderComposition(
  composition: Composition,
  options: { quality: Quality; output: string; signal?: AbortSignal },
): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'clipdesk-render-'));
  try {
    const texts: string[] = [];
    const command = buildRenderCommand(composition, {
      quality: options.quality,
      output: options.output,
      graphFile: join(dir, 'graph.txt'),
      textFile: (text) => {
        texts.push(text);
        return join(dir, `text-${texts.length}.txt`);
      },
    });
    await Promise.all(texts.map((text, i) => writeFile(join(dir, `text-${i + 1}.txt`), text)));
    await writeFile(join(dir, 'graph.txt'), command.graph);
    await ffmpeg(command.args, options.signal ? { signal: options.signal } : {});
  } catch (err) {
    await rm(options.output, { force: true });
    throw err;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
