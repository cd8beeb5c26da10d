// `npm run start:browser -- [--user-data <dir>] [--port <n>]`: the core and the renderer in
// a browser, for machines without the Electron binary (and the e2e tests). Prints one line
// `CLIPDESK BROWSER READY {json}` with the URL to open; stops cleanly (the local sandbox too)
// on SIGINT or SIGTERM. A second start on a profile in use refuses, saying so (exit 3).
import { existsSync, readFileSync } from 'node:fs';
import { enableCompileCache } from 'node:module';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Core } from '../core/app/createCore.ts';

// Everything the app writes (settings, journal, caches, the local service's data) is the
// user's alone: files 0600, folders 0700, whatever the login's umask.
process.umask(0o077);

// Node strips the types of some 400 TypeScript files at each start (a third of a start's CPU);
// its compile cache keeps that work, and V8's code cache, on disk for the next start. In the
// user's own cache folder: a shared one under /tmp could be written by another local user.
// So the core's modules are imported below, once the cache is on; the local sandbox (TypeScript
// too, started by the core) inherits it through NODE_COMPILE_CACHE.
const compileCache = enableCompileCache(
  join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'clipdesk', 'node-compile-cache'),
);
if (compileCache.directory) process.env.NODE_COMPILE_CACHE = compileCache.directory;
const { AppFailure } = await import('../../shared/appError.ts');
const { createCore } = await import('../core/app/createCore.ts');
const { startBrowserServer } = await import('./browserServer.ts');

const ROOT = resolve(import.meta.dirname, '../..');
const USAGE =
  'usage: npm run start:browser -- [--user-data <dir>] [--port <n|0>] [--tunnel-command "<command with {port}>"]';

function fail(message: string): never {
  process.stderr.write(`clipdesk: ${message}\n${USAGE}\n`);
  process.exit(2);
}

let values: { 'user-data'?: string; port?: string; 'tunnel-command'?: string; help?: boolean };
try {
  values = parseArgs({
    options: {
      'user-data': { type: 'string' },
      port: { type: 'string' },
      // The page cannot set a program to run; the command line (or the settings file) can.
      'tunnel-command': { type: 'string' },
      help: { type: 'boolean' },
    },
    strict: true,
  }).values;
} catch (err) {
  fail((err as Error).message);
}
if (values.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
const port = Number(values.port ?? '0');
if (!Number.isInteger(port) || port < 0 || port > 65535)
  fail(`--port must be a whole number from 0 to 65535, not "${values.port}"`);
const defaultData = join(process.env.XDG_DATA_HOME || join(homedir(), '.local/share'), 'clipdesk');
const userDataDir = resolve(values['user-data'] ?? process.env.CLIPDESK_DATA ?? defaultData);
const rendererDir = join(ROOT, 'dist/renderer');
if (!existsSync(join(rendererDir, 'index.html'))) fail('the renderer is not built: run `npm run build` first');

const log = (line: string) => void process.stderr.write(`[clipdesk] ${line}\n`);
const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
let core: Core;
try {
  core = createCore({
    userDataDir,
    env: process.env,
    mode: 'browser',
    version,
    sandboxScript: join(ROOT, 'sandbox/main.ts'),
    tunnelCommand: values['tunnel-command'],
    log,
  });
} catch (err) {
  // Another Clipdesk holds this profile: say so and leave it alone (exit 3).
  if (!(err instanceof AppFailure) || err.code !== 'profile.in_use') throw err;
  process.stderr.write(`clipdesk: ${err.message}\n`);
  process.exit(3);
}
let server;
try {
  server = await startBrowserServer({ core, rendererDir, port, log });
} catch (err) {
  await core.close();
  fail(`could not listen on 127.0.0.1:${port}: ${(err as Error).message}`);
}
process.stdout.write(
  `CLIPDESK BROWSER READY ${JSON.stringify({ url: server.url, port: server.port, userDataDir, pid: process.pid })}\n`,
);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    const running = server;
    void (async () => {
      await running.close();
      await core.close();
      process.exit(0);
    })();
  });
}
