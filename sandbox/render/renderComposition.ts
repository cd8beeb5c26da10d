// Runs ffmpeg to render a Composition to an MP4 file. A composition that opens few enough
// files is one run; a larger one is made in parts of at most MAX_INPUTS_PER_RUN files each
// and joined (renderCommand.ts), because every file a run opens holds a decoder and its
// frames (120 1080p clips in one run took 5.7 GB). The caption texts, the
// filtergraphs and the parts live in a temporary folder, removed afterwards. A failure
// carries ffmpeg's own last words (not a stack), so the job can say why; `signal` stops
// ffmpeg (a cancelled render) and leaves no output.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ffmpeg } from '../media/ffmpeg.ts';
import { chapterMetadata } from './chapters.ts';
import { compositionPart, inputsOf, partBoundaries, type Composition } from './composition.ts';
import type { Quality } from './outputSettings.ts';
import { buildJoinCommand, buildPartCommand, buildRenderCommand, type RenderCommand } from './renderCommand.ts';

/** The most media files one ffmpeg run opens. */
export const MAX_INPUTS_PER_RUN = 32;

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

/** Writes a run's caption texts and graph into `dir` (named by `name`) and runs it. */
async function runIn(
  dir: string,
  name: string,
  build: (files: { graphFile: string; textFile: (text: string) => string }) => RenderCommand,
  signal: AbortSignal | undefined,
): Promise<void> {
  const texts: string[] = [];
  const command = build({
    graphFile: join(dir, `${name}-graph.txt`),
    textFile: (text) => {
      texts.push(text);
      return join(dir, `${name}-text-${texts.length}.txt`);
    },
  });
  await Promise.all(texts.map((text, i) => writeFile(join(dir, `${name}-text-${i + 1}.txt`), text)));
  await writeFile(join(dir, `${name}-graph.txt`), command.graph);
  await ffmpeg(command.args, signal ? { signal } : {});
}

const listLine = (path: string) => `file '${path.replace(/'/g, "'\\''")}'\n`;

export async function renderComposition(
  composition: Composition,
  options: { quality: Quality; output: string; signal?: AbortSignal },
): Promise<void> {
  const { quality, output, signal } = options;
  const dir = await mkdtemp(join(tmpdir(), 'clipdesk-render-'));
  try {
    if (inputsOf(composition) <= MAX_INPUTS_PER_RUN) {
      await runIn(dir, 'whole', (files) => buildRenderCommand(composition, { quality, output, ...files }), signal);
      return;
    }
    const bounds = partBoundaries(composition, MAX_INPUTS_PER_RUN);
    const pictures: string[] = [];
    const sounds: string[] = [];
    for (let i = 0; i + 1 < bounds.length; i++) {
      const part = compositionPart(composition, bounds[i]!, bounds[i + 1]!);
      const picture = join(dir, `part-${i}.ts`);
      const sound = join(dir, `part-${i}.wav`);
      await runIn(dir, `part-${i}`, (files) => buildPartCommand(part, { quality, picture, sound, ...files }), signal);
      pictures.push(picture);
      sounds.push(sound);
    }
    await writeFile(join(dir, 'pictures.txt'), pictures.map(listLine).join(''));
    await writeFile(join(dir, 'sounds.txt'), sounds.map(listLine).join(''));
    const chaptersFile = join(dir, 'chapters.txt');
    if (composition.chapters?.length) await writeFile(chaptersFile, chapterMetadata(composition.chapters));
    const joined = buildJoinCommand({
      quality,
      pictures: join(dir, 'pictures.txt'),
      sounds: join(dir, 'sounds.txt'),
      output,
      ...(composition.chapters && { chapters: composition.chapters, chaptersFile }),
    });
    await ffmpeg(joined, signal ? { signal } : {});
  } catch (err) {
    await rm(output, { force: true });
    throw err;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
