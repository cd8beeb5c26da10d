// Temporary files of a job live in the data folder (`tmp/`), in a folder named for the job,
// removed when the work ends however it ends; what a killed service left there is removed at the
// next start (leftovers.ts), since no running job can own it then.
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { SandboxContext } from '../context.ts';

export function tempRoot(dataDir: string): string {
  return join(dataDir, 'tmp');
}

/** Runs `work` with a fresh folder under the data folder's tmp/, removed afterwards. */
export async function jobTempFolder<T>(
  ctx: SandboxContext,
  name: string,
  work: (dir: string) => Promise<T>,
): Promise<T> {
  const dir = join(tempRoot(ctx.options.dataDir), name);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
