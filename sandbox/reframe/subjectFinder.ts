// Where the subject is in a clip's source over time: ffmpeg samples its frames (SAMPLES_PER_SECOND,
// downscaled to SAMPLE_WIDTH pixels, raw RGB in the job's temp folder; it gets the job's abort
// signal like every child process) and the face worker (faceWorker.ts) looks at each batch.
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { ffmpeg } from '../media/ffmpeg.ts';
import type { FrameSubject, FramesRequest } from './faceWorker.ts';

export const SAMPLES_PER_SECOND = 3;
export const SAMPLE_WIDTH = 480;
/** The detector's input: measured on a face a sixth of the frame wide (load ~5): 224 found it in 2 of 12 frames (340 ms a frame), 320 in 12 of 12 (700 ms), 416 in 12 of 12 (1 s). */
export const DETECTOR_INPUT = 320;
const FRAMES_PER_BATCH = 12;

export interface SubjectFinder {
  /** The subject in the source from `fromMs` for `lengthMs`, one entry per sample (at i / SAMPLES_PER_SECOND s). */
  find(
    file: { path: string; width: number; height: number },
    fromMs: number,
    lengthMs: number,
    folder: string,
    onFrames: (done: number, total: number) => void,
  ): Promise<FrameSubject[]>;
  close(): Promise<void>;
}

/** Beside this module: the TypeScript as it is, or in the built service (vite.config.ts) its own bundled entry. */
const WORKER_FILE = import.meta.url.endsWith('.ts') ? './faceWorker.ts' : './faceWorker.js';

export function createSubjectFinder(signal: AbortSignal): SubjectFinder {
  const worker = new Worker(new URL(WORKER_FILE, import.meta.url));
  worker.unref();
  // A worker that fails to start or throws fails the job (its exit ends the request), never the service.
  let failure: Error | null = null;
  worker.on('error', (err) => {
    failure = err;
  });
  const stop = () => void worker.terminate();
  signal.addEventListener('abort', stop, { once: true });

  function ask(request: FramesRequest): Promise<FrameSubject[]> {
    return new Promise((resolve, reject) => {
      const onMessage = (answer: { subjects?: FrameSubject[]; error?: string }) => {
        worker.off('exit', onExit);
        if (answer.subjects) resolve(answer.subjects);
        else reject(new Error(`Face detection failed: ${answer.error}`));
      };
      const onExit = () => {
        worker.off('message', onMessage);
        reject(new Error(failure ? `Face detection failed: ${failure.message}` : 'The reframe was stopped.'));
      };
      worker.once('message', onMessage);
      worker.once('exit', onExit);
      worker.postMessage(request, [request.frames.buffer as ArrayBuffer]);
    });
  }

  return {
    async find(file, fromMs, lengthMs, folder, onFrames) {
      const width = SAMPLE_WIDTH;
      const height = Math.max(2, Math.round((SAMPLE_WIDTH * file.height) / file.width / 2) * 2);
      const raw = join(folder, 'frames.rgb');
      await ffmpeg([
        ...['-ss', String(fromMs / 1000), '-t', String(lengthMs / 1000), '-i', file.path],
        ...['-an', '-vf', `fps=${SAMPLES_PER_SECOND},scale=${width}:${height}`],
        ...['-f', 'rawvideo', '-pix_fmt', 'rgb24', raw],
      ]);
      const frames = await readFile(raw);
      await rm(raw, { force: true });
      const size = width * height * 3;
      const total = Math.floor(frames.length / size);
      const subjects: FrameSubject[] = [];
      // Each batch starts one frame early so the motion of its first frame is known.
      for (let at = 0; at < total; at += FRAMES_PER_BATCH) {
        if (signal.aborted) throw new Error('The reframe was stopped.');
        const first = Math.max(0, at - 1);
        const end = Math.min(total, at + FRAMES_PER_BATCH);
        const batch = new Uint8Array(frames.subarray(first * size, end * size));
        const found = await ask({ width, height, frames: batch, inputSize: DETECTOR_INPUT });
        subjects.push(...found.slice(at - first));
        onFrames(end, total);
      }
      return subjects;
    },
    async close() {
      signal.removeEventListener('abort', stop);
      await worker.terminate();
    },
  };
}
