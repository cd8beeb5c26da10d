// The packaged app runs the local service built into plain JavaScript (issue 14: not
// TypeScript from inside app.asar). The sandbox is built with the project's own Vite
// configuration (`--mode sandbox`) into a temporary app root, with only what the bundle
// reads at run time beside it — docs/render-semantics.md and the catalog's fonts in
// node_modules/@fontsource, as electron-builder.yml ships them — and no TypeScript anywhere.
// Plain Node, with no flag and no loader, then starts it and serves: /openapi.json (with the
// render semantics read from the shipped page) and an authenticated request with its key.
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { BUILT_SANDBOX } from '../../main/core/app/builtSandbox.ts';
import type { SandboxReady } from '../support/sandboxProcess.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const appRoot = mkdtempSync(join(tmpdir(), 'clipdesk-built-sandbox-'));
let child: ChildProcess | undefined;

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((r) => child!.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  rmSync(appRoot, { recursive: true, force: true });
});

function start(entry: string, dataDir: string): Promise<SandboxReady> {
  // Plain Node: no --experimental flag, no loader, nothing from this test's environment that would run TypeScript.
  const proc = spawn(process.execPath, [entry, '--port', '0', '--data', dataDir], {
    cwd: appRoot,
    env: { PATH: process.env.PATH ?? '', HOME: appRoot },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = proc;
  let stderr = '';
  proc.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolveReady, reject) => {
    createInterface({ input: proc.stdout! }).on('line', (line) => {
      if (line.startsWith('SANDBOX READY ')) resolveReady(JSON.parse(line.slice('SANDBOX READY '.length)));
    });
    proc.once('exit', (code) => reject(new Error(`the built sandbox exited (${code}) before it was ready\n${stderr}`)));
  });
}

describe('the sandbox built for packaging', () => {
  it('starts with plain Node from its bundle, no TypeScript beside it, and serves the API', async () => {
    await build({
      configFile: join(ROOT, 'vite.config.ts'),
      mode: 'sandbox',
      logLevel: 'silent',
      build: { outDir: join(appRoot, dirname(BUILT_SANDBOX)) },
    });
    // What the bundle reads at run time, laid out as in the packaged app.
    mkdirSync(join(appRoot, 'docs'));
    copyFileSync(join(ROOT, 'docs/render-semantics.md'), join(appRoot, 'docs/render-semantics.md'));
    mkdirSync(join(appRoot, 'node_modules'));
    symlinkSync(join(ROOT, 'node_modules/@fontsource'), join(appRoot, 'node_modules/@fontsource'), 'dir');
    // The app's own files (the font packages in node_modules carry only fonts, CSS and type declarations).
    const files = readdirSync(appRoot, { recursive: true })
      .map(String)
      .filter((f) => !f.startsWith('node_modules'));
    expect(files).toContain(BUILT_SANDBOX);
    expect(files.filter((f) => /\.[cm]?tsx?$/.test(f))).toEqual([]);

    const ready = await start(join(appRoot, BUILT_SANDBOX), join(appRoot, 'data'));
    const openapi = await fetch(`${ready.createBaseUrl}/openapi.json`);
    expect(openapi.status).toBe(200);
    const document = JSON.stringify(await openapi.json());
    expect(document).toContain('"openapi":"3.');
    // The render operation's description is the shipped page (read beside the bundle).
    expect(readFileSync(join(ROOT, 'docs/render-semantics.md'), 'utf8')).toContain('This is the one written semantics');
    expect(document).toContain("This is the one written semantics of a timeline's picture and sound.");
    const projects = await fetch(`${ready.createBaseUrl}/projects`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ready.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Built', aspectRatio: '16:9' }),
    });
    expect(projects.status).toBe(201);
    const unauthenticated = await fetch(`${ready.createBaseUrl}/projects`);
    expect(unauthenticated.status).toBe(401);
  });
});
