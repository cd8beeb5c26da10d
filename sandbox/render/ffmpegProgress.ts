// ffmpeg run with `-progress pipe:1`, so a render can say how far it got while it runs: the
// time written so far (out_time_us) is handed to `onTime` as it is reported (twice a second
// by default). It starts as every service program does (media/childProcess.ts: the job's
// signal, killed with the service); only the tail of its stderr is kept, for the reason a
// failure gives (render/renderComposition.ts ffmpegReason).
import { spawn } from 'node:child_process';
import { diesWithService } from '../media/childProcess.ts';
import { currentJobSignal } from '../jobs/jobScope.ts';

const STDERR_KEPT = 64 * 1024;

/** Runs ffmpeg; `onTime(ms)` hears the output's time as it grows. Rejects with ffmpeg's stderr on the error. */
export function ffmpegWithProgress(
  args: string[],
  options: { signal?: AbortSignal; onTime?: (ms: number) => void } = {},
): Promise<void> {
  const signal = options.signal ?? currentJobSignal();
  const [file, argv] = diesWithService('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostdin',
    '-y',
    ...(options.onTime ? ['-progress', 'pipe:1', '-nostats'] : []),
    ...args,
  ]);
  return new Promise((resolve, reject) => {
    const child = spawn(file, argv, {
      stdio: ['ignore', 'pipe', 'pipe'],
      killSignal: 'SIGKILL',
      ...(signal && { signal }),
    });
    let stderr = '';
    let pending = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_KEPT);
    });
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const match = /^out_time_us=(\d+)/.exec(line);
        if (match) options.onTime?.(Number(match[1]) / 1000);
      }
    });
    child.on('error', (err) => reject(Object.assign(err, { stderr })));
    child.on('close', (code, killedBy) => {
      if (code === 0) resolve();
      else
        reject(
          Object.assign(new Error(`ffmpeg ended with ${code === null ? `signal ${killedBy}` : `code ${code}`}`), {
            stderr,
            code,
          }),
        );
    });
  });
}
