// `npm run start:browser -- [--user-data <dir>] [--port <n>]`: the core and the renderer in
// a browser, for machines without the Electron binary (and the e2e tests). `npm run build`
// bundles this file into dist/browser/main.js, which start:browser and `npm start` run; Node
// also runs it as TypeScript (`node main/browserMode/main.ts`), only slower to start. Prints one line
// `CLIPDESK BROWSER READY {json}` with the URL to open; stops cleanly (the local sandbox too)
// on SIGINT or SIGTERM. A second start on a profile in use refuses, saying so (exit 3).
import { existsSync, readFileSync } from 'node:fs';
import { enableCompileCache } from 'node:module';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Core } from '../core/app/createCore.ts';
import type { ProfileLock } from '../core/app/profileLock.ts';

// Everything the app writes (settings, journal, caches, the local service's data) is the
// user's alone: files 0600, folders 0700, whatever the login's umask.
process.umask(0o077);

// Node's compile cache keeps V8's code cache (and, run as TypeScript, the types stripped from
// some 400 files) on disk for the next start. In the
// user's own cache folder: a shared one under /tmp could be written by another local user.
// So the rest is imported below, once the cache is on; the local sandbox (started by the
// core) inherits it through NODE_COMPILE_CACHE.
const compileCache = enableCompileCache(
  join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'clipdesk', 'node-compile-cache'),
);
if (compileCache.directory) process.env.NODE_COMPILE_CACHE = compileCache.directory;
// The core (most of the code) is imported only after the server listens: see below.
const { AppFailure } = await import('../../shared/appError.ts');
const { lockProfile } = await import('../core/app/profileLock.ts');
const { BUILT_SANDBOX } = await import('../core/app/builtSandbox.ts');
const { startBrowserServer } = await import('./browserServer.ts');
const { readFirstScreenAt } = await import('../core/app/firstScreen.ts');

// main/browserMode/ or dist/browser/: the checkout's root is two folders up from either.
const ROOT = resolve(import.meta.dirname, '../..');
// Built, browser mode runs the built local service, as the desktop app does (half its start
// too); as TypeScript, the service's TypeScript beside it.
const SANDBOX_SCRIPT = import.meta.filename.endsWith('.js') ? BUILT_SANDBOX : 'sandbox/main.ts';
/** How long the core waits for the page before it is built anyway. */
const CORE_AT_THE_LATEST_MS = 3_000;
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
// First: a second start on a profile in use says so and leaves it alone (exit 3), before READY.
let profileLock: ProfileLock;
try {
  profileLock = lockProfile(userDataDir);
} catch (err) {
  if (!(err instanceof AppFailure) || err.code !== 'profile.in_use') throw err;
  process.stderr.write(`clipdesk: ${err.message}\n`);
  process.exit(3);
}

// Then the server listens and says READY while the core is still to be built. The page's
// files are served at once; its socket, the theme and media wait for the core. The page
// carries the first screen's state, read from the data folder as it is served, so the first
// screen is drawn before the socket answers.
const coreBuilt = Promise.withResolvers<Core>();
const coreWanted = Promise.withResolvers<void>();
let server;
try {
  server = await startBrowserServer({
    core: coreBuilt.promise,
    rendererDir,
    port,
    log,
    firstScreen: () => readFirstScreenAt(userDataDir),
    wantCore: () => coreWanted.resolve(),
  });
} catch (err) {
  profileLock.release();
  fail(`could not listen on 127.0.0.1:${port}: ${(err as Error).message}`);
}
process.stdout.write(
  `CLIPDESK BROWSER READY ${JSON.stringify({ url: server.url, port: server.port, userDataDir, pid: process.pid })}\n`,
);

// The core is built once the page has what it needs to draw (its files served: the browser
// runs its scripts meanwhile) or something asks for the core; without a page, a moment later.
// Building it blocks this thread: earlier, the page's own files waited behind it.
const coreDeadline = setTimeout(() => coreWanted.resolve(), CORE_AT_THE_LATEST_MS);
await coreWanted.promise;
clearTimeout(coreDeadline);

let core: Core;
try {
  const { createCore } = await import('../core/app/createCore.ts');
  core = createCore({
    userDataDir,
    env: process.env,
    mode: 'browser',
    version,
    sandboxScript: join(ROOT, SANDBOX_SCRIPT),
    tunnelCommand: values['tunnel-command'],
    log,
    profileLock,
  });
} catch (err) {
  // Nothing was built to close; the lock goes with the process.
  coreBuilt.reject(err);
  await server.close();
  process.stderr.write(`clipdesk: could not start: ${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
}
coreBuilt.resolve(core);

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
