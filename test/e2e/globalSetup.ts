// Builds the renderer once before the e2e tests, unless dist/renderer is newer than every
// source it is built from (scripts/test.sh builds first, so this usually does nothing).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');

function newest(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

export default function globalSetup(): void {
  const built = join(ROOT, 'dist/renderer/index.html');
  const sources = Math.max(
    newest(join(ROOT, 'renderer')),
    newest(join(ROOT, 'shared')),
    newest(join(ROOT, 'vite.config.ts')),
  );
  if (existsSync(built) && statSync(built).mtimeMs >= sources) return;
  process.stderr.write('e2e: building the renderer (vite build)\n');
  execFileSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
}
