// Every program the service runs (ffmpeg, ffprobe) starts here, so that none outlives its
// reason: it gets the abort signal of the job it works for (jobs/jobScope.ts) unless the caller
// gives one, is killed outright when that fires, and is started under `setpriv --pdeathsig KILL`
// so the kernel kills it when the service dies, even by kill -9 (no orphaned ffmpeg writing a
// file nobody will own).
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import { currentJobSignal } from '../jobs/jobScope.ts';

const run = promisify(execFile);
const SETPRIV = ['/usr/bin/setpriv', '/bin/setpriv'].find((path) => existsSync(path));

export interface ChildOptions {
  signal?: AbortSignal;
  maxBuffer?: number;
  timeoutMs?: number;
}

/** The command line that makes `command` die with this process, where setpriv exists. */
export function diesWithService(command: string, args: string[]): [string, string[]] {
  return SETPRIV ? [SETPRIV, ['--pdeathsig', 'KILL', '--', command, ...args]] : [command, args];
}

/** Runs a program to its end; rejects (with its stdout and stderr on the error) when it fails or is stopped. */
export function runChild(command: string, args: string[], options: ChildOptions = {}) {
  const signal = options.signal ?? currentJobSignal();
  const [file, argv] = diesWithService(command, args);
  return run(file, argv, {
    maxBuffer: options.maxBuffer ?? 16 * 1024 * 1024,
    killSignal: 'SIGKILL',
    ...(signal && { signal }),
    ...(options.timeoutMs && { timeout: options.timeoutMs }),
  });
}
