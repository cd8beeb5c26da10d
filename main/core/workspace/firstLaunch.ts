// Whether the user has chosen a workspace yet: until then the renderer shows the first-launch
// screen. Kept in its own small file beside the settings (the settings schema has no place for
// it, and a missing or damaged marker only shows the first-launch screen once more).
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const MARKER = 'workspace-chosen.json';

export interface FirstLaunch {
  isFirstLaunch(): boolean;
  /** Records that a workspace was chosen. */
  markDone(): void;
}

/** Whether no workspace was chosen yet in this data folder (what the marker below says at open). */
export const isFirstLaunchAt = (userDataDir: string): boolean => !existsSync(join(userDataDir, MARKER));

export function firstLaunchMarker(userDataDir: string): FirstLaunch {
  const path = join(userDataDir, MARKER);
  let done = !isFirstLaunchAt(userDataDir);
  return {
    isFirstLaunch: () => !done,
    markDone() {
      if (done) return;
      mkdirSync(userDataDir, { recursive: true });
      // Written aside and renamed, so a crash never leaves half a file.
      writeFileSync(`${path}.tmp`, JSON.stringify({ chosenAt: new Date().toISOString() }));
      renameSync(`${path}.tmp`, path);
      done = true;
    },
  };
}
