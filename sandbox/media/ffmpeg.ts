// ffmpeg and ffprobe, run as child processes: the sandbox makes and measures real media.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export async function ffmpeg(args: string[]): Promise<void> {
  await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...args], {
    maxBuffer: 16 * 1024 * 1024,
  });
}

export interface MediaProbe {
  width: number | null;
  height: number | null;
  durationMs: number | null;
  hasVideo: boolean;
  hasAudio: boolean;
}

/** What ffprobe sees in a file; null when it cannot read it as media at all. */
export async function probe(path: string): Promise<MediaProbe | null> {
  try {
    const { stdout } = await run('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'stream=codec_type,width,height:format=duration',
      '-of',
      'json',
      path,
    ]);
    const info = JSON.parse(stdout) as {
      streams?: { codec_type?: string; width?: number; height?: number }[];
      format?: { duration?: string };
    };
    const streams = info.streams ?? [];
    const video = streams.find((s) => s.codec_type === 'video');
    const seconds = Number(info.format?.duration);
    return {
      width: video?.width ?? null,
      height: video?.height ?? null,
      durationMs: Number.isFinite(seconds) ? Math.round(seconds * 1000) : null,
      hasVideo: Boolean(video),
      hasAudio: streams.some((s) => s.codec_type === 'audio'),
    };
  } catch {
    return null;
  }
}
