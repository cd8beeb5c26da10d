// Frames along a video for the timeline's clips, made with ffmpeg from a local copy: short
// media in one decoding pass (the fps filter), long media by seeking to each frame (a
// keyframe seek per frame, so an hour of video is not decoded for 60 pictures). Small
// JPEGs, 72 px high, the height of a clip on the timeline.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const BASE = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y'];
const TIMEOUT_MS = 120_000;
const HEIGHT = 72;
const SCALE = `scale=-2:${HEIGHT}`;
/** One frame for about every this long, at most MAX_FRAMES. */
const FRAME_EVERY_MS = 2_000;
const MAX_FRAMES = 60;
/** Up to this long, one decoding pass is cheaper than seeking for every frame. */
const ONE_PASS_MAX_MS = 120_000;

export interface Frame {
  readonly atMs: number;
  readonly jpeg: Buffer;
}

/** The media's length in ms from ffprobe, or null when it has none (an image). */
export async function probeDurationMs(input: string): Promise<number | null> {
  const { stdout } = await run(
    'ffprobe',
    ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', input],
    { timeout: 30_000 },
  );
  const seconds = Number(stdout.trim());
  return Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) : null;
}

export async function stillFrame(input: string): Promise<Frame[]> {
  const dir = await mkdtemp(join(input, '..', 'frames-'));
  try {
    const out = join(dir, 'still.jpg');
    await run('ffmpeg', [...BASE, '-i', input, '-vf', SCALE, '-frames:v', '1', '-q:v', '6', out], {
      timeout: TIMEOUT_MS,
    });
    return [{ atMs: 0, jpeg: await readFile(out) }];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function filmstrip(input: string, durationMs: number): Promise<Frame[]> {
  const count = Math.max(1, Math.min(MAX_FRAMES, Math.ceil(durationMs / FRAME_EVERY_MS)));
  const step = durationMs / count;
  const dir = await mkdtemp(join(input, '..', 'frames-'));
  try {
    if (durationMs <= ONE_PASS_MAX_MS) {
      // fps=count/duration keeps one frame per step; frame i shows the step starting at i * step.
      await run(
        'ffmpeg',
        [
          ...BASE,
          '-i',
          input,
          '-an',
          '-vf',
          `fps=${count}/${(durationMs / 1000).toFixed(3)},${SCALE}`,
          '-frames:v',
          String(count),
          '-q:v',
          '6',
          join(dir, 'f%04d.jpg'),
        ],
        { timeout: TIMEOUT_MS },
      );
      const names = (await readdir(dir)).filter((n) => n.endsWith('.jpg')).sort();
      // Awaited here: returned bare, the finally below would remove the frames while they are
      // read, and the read's rejection would have no handler yet (Node ends the process).
      return await Promise.all(
        names.map(async (name, i) => ({ atMs: Math.round(i * step), jpeg: await readFile(join(dir, name)) })),
      );
    }
    const frames: Frame[] = [];
    for (let i = 0; i < count; i++) {
      const atMs = Math.round(i * step);
      const out = join(dir, `s${i}.jpg`);
      try {
        await run(
          'ffmpeg',
          [
            ...BASE,
            '-ss',
            (atMs / 1000).toFixed(3),
            '-i',
            input,
            '-an',
            '-vf',
            SCALE,
            '-frames:v',
            '1',
            '-q:v',
            '6',
            out,
          ],
          { timeout: TIMEOUT_MS },
        );
        frames.push({ atMs, jpeg: await readFile(out) });
      } catch {
        // A frame that cannot be read (past a truncated end) is left out; its neighbours stand in.
      }
    }
    return frames;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
