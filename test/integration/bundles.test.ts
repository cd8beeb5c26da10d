// What the page and the preload load before the first screen is usable, built as
// `npm run build` builds them (vite.config.ts, in memory): the renderer's first screen
// (first launch, Projects) is the entry chunk and what it imports statically — at most
// 120 kB gzip, without zod — and every other screen is a chunk of its own, fetched when it
// opens; the preload only forwards to main, so it carries no zod either.
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const FIRST_SCREEN_GZIP_MAX = 120_000;
const LAZY_SCREENS = [
  'renderer/screens/jobs/JobsScreen.tsx',
  'renderer/screens/exports/ExportsScreen.tsx',
  'renderer/screens/settings/SettingsScreen.tsx',
  'renderer/screens/media/MediaScreen.tsx',
  'renderer/screens/generate/GenerateScreen.tsx',
  'renderer/screens/messaging/MessagingScreen.tsx',
  'renderer/screens/timeline/TimelineScreen.tsx',
];
const isZod = (id: string) => /[\\/]node_modules[\\/]zod[\\/]/.test(id);

async function chunksOf(mode: string): Promise<Rolldown.OutputChunk[]> {
  // Vite builds for the NODE_ENV it finds, and vitest sets "test" (React's development build).
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  let result;
  try {
    result = await build({
      configFile: resolve(ROOT, 'vite.config.ts'),
      mode,
      logLevel: 'silent',
      build: { write: false, sourcemap: false },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  return outputs.flatMap((o) => o.output).filter((item): item is Rolldown.OutputChunk => item.type === 'chunk');
}

describe('the renderer bundle', async () => {
  const chunks = await chunksOf('production');
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entry = chunks.find((chunk) => chunk.isEntry)!;
  // The entry and everything it imports statically: what the page runs before it renders.
  const firstScreen = new Set<Rolldown.OutputChunk>();
  const visit = (chunk: Rolldown.OutputChunk) => {
    if (firstScreen.has(chunk)) return;
    firstScreen.add(chunk);
    for (const name of chunk.imports) visit(byName.get(name)!);
  };
  visit(entry);
  const firstModules = [...firstScreen].flatMap((chunk) => chunk.moduleIds);

  it(`starts the first screen with at most ${FIRST_SCREEN_GZIP_MAX / 1000} kB of JavaScript (gzip)`, () => {
    const gzip = [...firstScreen].reduce((sum, chunk) => sum + gzipSync(chunk.code, { level: 9 }).length, 0);
    expect(gzip, [...firstScreen].map((chunk) => chunk.fileName).join(', ')).toBeLessThanOrEqual(FIRST_SCREEN_GZIP_MAX);
    expect(firstModules.some((id) => id.endsWith('renderer/screens/ProjectsScreen.tsx'))).toBe(true);
    expect(firstModules.some((id) => id.endsWith('renderer/screens/FirstLaunch.tsx'))).toBe(true);
  });

  it('loads every other screen when it opens, each a chunk of its own', () => {
    for (const screen of LAZY_SCREENS) {
      expect(
        firstModules.some((id) => id.endsWith(screen)),
        `${screen} is in the first screen's JS`,
      ).toBe(false);
      const home = chunks.find((chunk) => chunk.moduleIds.some((id) => id.endsWith(screen)));
      expect(home?.isDynamicEntry, `${screen} is not a chunk loaded on demand`).toBe(true);
    }
  });

  it('starts without zod (validation is main’s; a screen that needs a schema brings it)', () => {
    expect(firstModules.filter(isZod)).toEqual([]);
    expect(chunks.some((chunk) => chunk.moduleIds.some(isZod))).toBe(true);
  });
});

describe('the preload bundle', () => {
  it('forwards to main without zod or the contract’s schemas', async () => {
    const chunks = await chunksOf('preload');
    const modules = chunks.flatMap((chunk) => chunk.moduleIds);
    expect(modules.some((id) => id.endsWith('preload/bridge.ts'))).toBe(true);
    expect(modules.filter(isZod)).toEqual([]);
    expect(modules.filter((id) => id.endsWith('shared/ipc.ts'))).toEqual([]);
  });
});
