// `npm start` installs only what building and running need (scripts/npm-deps.sh with
// CLIPDESK_DEPS=run, from scripts/packagesForRunning.ts): every runtime dependency, Vite and
// its React plugin, and Electron; no test toolchain. And that set is enough: every package the
// code that runs or builds imports (main/, preload/, renderer/, sandbox/, shared/ and
// vite.config.ts; not the tests) is in it. The script's decisions (install the reduced set,
// or everything, or nothing) are checked by running it with an npm that only records its calls.
import { execFileSync } from 'node:child_process';
import { builtinModules } from 'node:module';
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { packagesForRunning, RUN_TOOLS } from '../../scripts/packagesForRunning.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const forRunning = packagesForRunning(pkg);

/** The packages a source file imports at run time (type-only imports vanish when it runs). */
function importedPackages(text: string): string[] {
  const specifiers = [
    ...text.matchAll(/^\s*(?:import|export)\s+(?!type\s)(?:[^;'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm),
    ...text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
    ...text.matchAll(/\brequire(?:\.resolve)?\(\s*['"`]([^'"`$]+)/g),
  ].map((m) => m[1]!);
  return specifiers
    .filter((s) => !s.startsWith('.') && !s.startsWith('/') && !s.startsWith('node:'))
    .map((s) => (s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : s.split('/')[0]!))
    .filter((name) => !builtinModules.includes(name));
}

function sourcesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(ts|tsx|css)$/.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

describe('what npm start installs', () => {
  it('keeps every runtime dependency and, of the development ones, only the build and Electron', () => {
    expect(forRunning.dependencies).toEqual(pkg.dependencies);
    expect(Object.keys(forRunning.devDependencies!).sort()).toEqual([...RUN_TOOLS].sort());
    for (const name of RUN_TOOLS) expect(forRunning.devDependencies![name]).toBe(pkg.devDependencies[name]);
    // The test toolchain stays out.
    for (const name of ['vitest', '@playwright/test', 'eslint', 'prettier', 'typescript', 'electron-builder'])
      expect(forRunning.devDependencies, name).not.toHaveProperty(name);
    // Everything else is as it was (name, type, scripts: the build runs from it).
    expect({ ...forRunning, devDependencies: undefined }).toEqual({ ...pkg, devDependencies: undefined });
  });

  it('holds every package the code that runs or builds imports', () => {
    const files = [
      ...['main', 'preload', 'renderer', 'sandbox', 'shared', 'scripts'].flatMap(sourcesUnder),
      join(ROOT, 'vite.config.ts'),
    ];
    const imported = new Set(files.flatMap((file) => importedPackages(readFileSync(file, 'utf8'))));
    // The scan does find them (a file of the app imports react, the build imports vite).
    expect([...imported]).toEqual(expect.arrayContaining(['react', 'vite', 'zod', 'electron']));
    const installed = new Set([
      ...Object.keys(forRunning.dependencies ?? {}),
      ...Object.keys(forRunning.devDependencies ?? {}),
    ]);
    // `@fontsource/${fontId}` (catalogFonts.ts) names a scope: some package of it must be there.
    const missing = [...imported].filter((name) =>
      name.endsWith('/') ? ![...installed].some((i) => i.startsWith(name)) : !installed.has(name),
    );
    expect(missing.sort()).toEqual([]);
  });

  it('refuses a package.json that lacks one of the tools (say what to update)', () => {
    expect(() => packagesForRunning({ ...pkg, devDependencies: { vite: '^8.0.0' } })).toThrow(/RUN_TOOLS/);
  });
});

describe('scripts/npm-deps.sh', () => {
  // The real script in a copy of the project's root, with an `npm` on PATH that only says how it was called.
  const root = mkdtempSync(join(tmpdir(), 'clipdesk-npm-deps-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  mkdirSync(join(root, 'scripts'));
  mkdirSync(join(root, 'bin'));
  for (const file of ['package.json', 'package-lock.json', 'scripts/npm-deps.sh', 'scripts/packagesForRunning.ts'])
    copyFileSync(join(ROOT, file), join(root, file));
  // It notes each call, keeps the package.json it installed from, and makes node_modules.
  writeFileSync(
    join(root, 'bin/npm'),
    '#!/bin/sh\necho "npm $* in $(basename "$PWD")" >> "$NPM_CALLS"\n[ "$1" = install ] && cp package.json "$NPM_SEEN" && mkdir -p node_modules/vite\nexit 0\n',
  );
  chmodSync(join(root, 'bin/npm'), 0o755);
  const calls = join(root, 'calls.txt');
  const seen = join(root, 'seen.json');

  /** What `source scripts/npm-deps.sh` asked npm to do, sourced as test.sh and start.sh do (set -euo pipefail). */
  function install(deps: 'run' | 'all'): string[] {
    writeFileSync(calls, '');
    const script = `set -euo pipefail; clipdesk_root="$PWD"; CLIPDESK_DEPS=${deps} source scripts/npm-deps.sh`;
    execFileSync('bash', ['-c', script], {
      cwd: root,
      env: { ...process.env, PATH: `${join(root, 'bin')}:${process.env.PATH}`, NPM_CALLS: calls, NPM_SEEN: seen },
      stdio: 'ignore',
    });
    return readFileSync(calls, 'utf8').trim().split('\n').filter(Boolean);
  }

  it('npm start installs the reduced set beside the lockfile once; npm test then installs everything, once', () => {
    // npm start asks for the reduced set; npm test for everything.
    expect(readFileSync(join(ROOT, 'scripts/start.sh'), 'utf8')).toMatch(
      /^CLIPDESK_DEPS=run source scripts\/npm-deps\.sh$/m,
    );
    expect(readFileSync(join(ROOT, 'scripts/test.sh'), 'utf8')).toMatch(/^source scripts\/npm-deps\.sh$/m);
    expect(install('run')).toEqual(['npm install --no-audit --no-fund --loglevel=error in run-deps']);
    // From the reduced package.json, and its node_modules moved into the project.
    expect(Object.keys(JSON.parse(readFileSync(seen, 'utf8')).devDependencies).sort()).toEqual([...RUN_TOOLS].sort());
    expect(readdirSync(join(root, 'node_modules'))).toContain('vite');
    expect(readdirSync(join(root, '.tools'))).toEqual([]);
    expect(install('run')).toEqual([]);
    expect(install('all')).toEqual([`npm ci --no-audit --no-fund --loglevel=error in ${root.split('/').at(-1)}`]);
    // A full install serves npm start too.
    expect(install('run')).toEqual([]);
    expect(install('all')).toEqual([]);
  });
});
