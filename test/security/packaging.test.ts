// Packaging: `npm run dist` needs the Electron download, so it does not run here. What can
// be checked without it is: electron-builder.yml, read and validated by electron-builder's
// own loader and schema, builds AppImage and deb, dmg and NSIS, with the app's icon, ships
// what the app runs from, and decides every one of Electron's fuses (a fuse added by a later
// Electron fails this test until it is decided in electron-builder.yml and docs/security.md).
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUILT_SANDBOX } from '../../main/core/app/builtSandbox.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const require = createRequire(join(ROOT, 'package.json'));
// The modules electron-builder itself uses (app-builder-lib is its engine).
const builderRequire = createRequire(require.resolve('app-builder-lib/package.json'));
const { getConfig, validateConfiguration } = builderRequire('./out/util/config/config.js');
const { DebugLogger } = builderRequire('builder-util');
const { FuseV1Options } = builderRequire('@electron/fuses');

let config: any;

beforeAll(async () => {
  config = await getConfig(ROOT, join(ROOT, 'electron-builder.yml'), null);
});

/** Width and height from a PNG's IHDR chunk. */
function pngSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(file);
  expect(bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])), 'a PNG').toBe(
    true,
  );
  expect(bytes.toString('latin1', 12, 16)).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** A files pattern of the config ("dist/**") covers a path of the app. */
function covered(patterns: string[], path: string): boolean {
  return patterns.some((p) => p === path || (p.endsWith('/**') && path.startsWith(p.slice(0, -2))));
}

describe('electron-builder.yml', () => {
  it("passes electron-builder's own configuration schema", async () => {
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
    // The schema does refuse a mistake (a misspelt fuse), so passing it means something.
    await expect(
      validateConfiguration({ ...config, electronFuses: { runAsNod: true } }, new DebugLogger(false)),
    ).rejects.toThrow(/electronFuses/);
  });

  it('builds AppImage and deb on Linux, dmg on macOS and NSIS on Windows', () => {
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.mac.target).toEqual(['dmg']);
    expect(config.win.target).toEqual(['nsis']);
    expect(config.appId).toMatch(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/);
    expect(config.productName).toBe('Clipdesk');
    expect(config.linux.maintainer).toMatch(/<.+@.+>/);
  });

  it('uses the app icon from assets/, a square PNG of at least 512×512', () => {
    expect(config.icon).toBe('assets/icon.png');
    expect(config.directories.buildResources).toBe('assets');
    const file = join(ROOT, config.icon);
    expect(existsSync(file)).toBe(true);
    const { width, height } = pngSize(file);
    expect(width).toBe(height);
    expect(width).toBeGreaterThanOrEqual(512);
  });

  it('ships the build in dist/ (main, preload, renderer, and the built sandbox the local workspace runs), no TypeScript', () => {
    const patterns: string[] = config.files.flatMap((f: string | { filter: string[] }) =>
      typeof f === 'string' ? [f] : f.filter,
    );
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    for (const path of [
      pkg.main,
      'dist/preload/preload.cjs',
      'dist/renderer/index.html',
      BUILT_SANDBOX,
      'docs/render-semantics.md',
      'package.json',
    ])
      expect(covered(patterns, path), path).toBe(true);
    // The local service ships built (sandboxBuild.test.ts starts that build): not its TypeScript.
    for (const path of ['sandbox/main.ts', 'shared/limits.ts']) expect(covered(patterns, path), path).toBe(false);
    expect(pkg.scripts.build).toContain('vite build --mode sandbox');
    // Browser mode's bundle is built beside the app's but is not shipped with it.
    expect(pkg.scripts.build).toContain('vite build --mode browser');
    expect(patterns).toContain('!dist/browser/**');
    expect(pkg.main).toBe('dist/main/main.js');
    // Native modules (keytar) cannot load from inside the asar archive.
    expect(config.asarUnpack).toContain('**/*.node');
    expect(config.directories.output).toBe('release');
  });

  it("decides every one of Electron's fuses: only runAsNode stays on of the powers the app does not need", () => {
    const fuses = config.electronFuses;
    const names = Object.keys(FuseV1Options).filter((k) => Number.isNaN(Number(k)));
    expect(names.length).toBeGreaterThanOrEqual(8);
    for (const name of names) {
      const key = name[0]!.toLowerCase() + name.slice(1);
      expect(typeof fuses[key], `electronFuses.${key} is decided`).toBe('boolean');
    }
    expect(fuses).toEqual({
      // The local sandbox is Electron run as Node (ELECTRON_RUN_AS_NODE): see docs/security.md.
      runAsNode: true,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      loadBrowserProcessSpecificV8Snapshot: false,
      grantFileProtocolExtraPrivileges: false,
    });
  });
});

describe('npm run dist', () => {
  it('builds first, then packages with this configuration without publishing, and the README says how', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    expect(pkg.scripts.dist).toBe('npm run build && electron-builder --config electron-builder.yml --publish never');
    expect(pkg.devDependencies['electron-builder']).toBeDefined();
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(readme).toMatch(/^## Packaging$/m);
    expect(readme).toContain('npm run dist');
  });
});
