// The job a piece of work belongs to, carried through its awaits (AsyncLocalStorage), so every
// child process it starts (media/childProcess.ts) gets the job's abort signal without each
// function between the job and the spawn passing it on: a cancel, a spent time budget or the
// service stopping ends the job's ffmpeg, whoever started it.
import { AsyncLocalStorage } from 'node:async_hooks';

export const jobScope = new AsyncLocalStorage<{ signal: AbortSignal }>();

/** The abort signal of the job the caller runs in, if any. */
export function currentJobSignal(): AbortSignal | undefined {
  return jobScope.getStore()?.signal;
}
