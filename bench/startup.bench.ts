// Start-up benchmark: from launching browser mode (`node dist/browser/main.js`, what `npm
// start` and `npm run start:browser` run after their build) to an interactive first screen in
// headless Chromium, against Chromium loading a static hello page from a tiny node:http
// server started the same way, in the same run. "Interactive" is Playwright's actionability
// check of the screen's first control (visible, stable, enabled, receiving events), tried
// without clicking. Measured for a first launch (a fresh data folder: the welcome screen)
// and a later one (the local workspace remembered: the Projects screen, after the local
// sandbox started and answered). A second baseline is the floor of any React page: the same
// heading and button rendered by React DOM, served by the same tiny server. Also the renderer
// bundle's size (`npm run bench` builds the app first), and the part of it the first screen
// runs (index.html's module script and the chunks it preloads).
//
// Browser mode keeps keys in the Secret Service: `npm run bench` starts a private one.
//
//   BENCH_STARTUP_RUNS  launches of each (default 3; medians shown)
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from '@playwright/test';
import keytar from 'keytar';
import { BROWSER_MODE, ROOT } from './support/benchSandbox.ts';
import { envInt, fixed, heading, median, note, ratio, summary, table } from './support/report.ts';

const RUNS = envInt('BENCH_STARTUP_RUNS', 3);
const CHROMIUM = '/usr/bin/chromium';
const READY_TIMEOUT_MS = 60_000;

/**
 * The baselines' server, with one READY line like browser mode's: one static page or, given a
 * folder (argv[1]), that folder's files.
 */
const HELLO_SERVER = `
const http = require('node:http'), fs = require('node:fs'), path = require('node:path');
const dir = process.argv[1];
const page = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Hello</title></head><body><h1>Hello</h1><button>Start</button></body></html>';
const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8' };
const server = http.createServer((req, res) => {
  if (!dir) { res.writeHead(200, { 'content-type': types['.html'] }); res.end(page); return; }
  const name = new URL(req.url, 'http://x').pathname.slice(1) || 'index.html';
  const file = path.join(dir, path.normalize(name));
  if (!file.startsWith(dir) || !fs.existsSync(file)) { res.writeHead(404).end(); return; }
  res.writeHead(200, { 'content-type': types[path.extname(file)] || 'application/octet-stream' });
  fs.createReadStream(file).pipe(res);
});
server.listen(0, '127.0.0.1', () => process.stdout.write('HELLO READY ' + JSON.stringify({ url: 'http://127.0.0.1:' + server.address().port + '/' }) + '\\n'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`;

/**
 * A second baseline, the floor of any React page: the same heading and button rendered by
 * React DOM (the app's version, built by the app's Vite and React plugin), served by the same
 * tiny server. What the app adds beyond it is the app's own.
 */
async function buildReactHello(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'clipdesk-bench-react-hello-'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Hello</title>' +
      '<script type="module" src="./main.jsx"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(
    join(dir, 'main.jsx'),
    "import { createRoot } from 'react-dom/client';\n" +
      "createRoot(document.getElementById('root')).render(<><h1>Hello</h1><button>Start</button></>);\n",
  );
  const { build } = await import('vite');
  const { default: react } = await import('@vitejs/plugin-react');
  await build({
    root: dir,
    base: './',
    configFile: false,
    logLevel: 'silent',
    plugins: [react()],
    // React itself is resolved from the app's node_modules.
    resolve: { alias: { react: join(ROOT, 'node_modules/react'), 'react-dom': join(ROOT, 'node_modules/react-dom') } },
    build: { outDir: join(dir, 'dist'), modulePreload: { polyfill: false } },
  });
  return join(dir, 'dist');
}

interface Launched {
  child: ChildProcess;
  url: string;
  readyMs: number;
  stderr(): string;
}

async function launch(args: string[], readyPrefix: string, env: NodeJS.ProcessEnv, started: number): Promise<Launched> {
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let errText = '';
  child.stderr!.on('data', (chunk: Buffer) => (errText = (errText + chunk.toString()).slice(-20_000)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no ${readyPrefix.trim()} line in ${READY_TIMEOUT_MS / 1000} s\n${errText}`)),
      READY_TIMEOUT_MS,
    );
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (!line.startsWith(readyPrefix)) return;
      clearTimeout(timer);
      resolve((JSON.parse(line.slice(readyPrefix.length)) as { url: string }).url);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before it was ready\n${errText}`));
    });
  });
  return { child, url, readyMs: performance.now() - started, stderr: () => errText };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/** Opens the URL in a fresh browser context and waits until `control` would take a click. */
async function openUntilInteractive(
  browser: Browser,
  url: string,
  control: (page: Page) => ReturnType<Page['getByRole']>,
  started: number,
) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(url);
  await control(page).click({ trial: true, timeout: READY_TIMEOUT_MS });
  return { page, context, interactiveMs: performance.now() - started };
}

interface AppRun {
  readyMs: number;
  firstMs: number;
  laterReadyMs: number;
  laterMs: number;
}

async function appRun(browser: Browser): Promise<AppRun> {
  const userData = mkdtempSync(join(tmpdir(), 'clipdesk-bench-startup-'));
  const service = `Clipdesk-bench-${randomUUID()}`;
  const env = { ...process.env, CLIPDESK_KEYCHAIN_SERVICE: service };
  const args = [BROWSER_MODE, '--user-data', userData, '--port', '0'];
  try {
    // First launch: the welcome screen; choosing the local workspace brings up Projects.
    let started = performance.now();
    let app = await launch(args, 'CLIPDESK BROWSER READY ', env, started);
    let opened;
    try {
      opened = await openUntilInteractive(
        browser,
        app.url,
        (page) => page.getByRole('button', { name: 'Use the local workspace' }),
        started,
      );
      const first = { readyMs: app.readyMs, firstMs: opened.interactiveMs };
      await opened.page.getByRole('button', { name: 'Use the local workspace' }).click();
      await opened.page
        .getByRole('heading', { level: 1, name: 'Projects', exact: true })
        .waitFor({ timeout: READY_TIMEOUT_MS });
      await opened.context.close();
      await stop(app.child);

      // A later launch: the choice is remembered, so the first screen is Projects, over the local sandbox.
      started = performance.now();
      app = await launch(args, 'CLIPDESK BROWSER READY ', env, started);
      opened = await openUntilInteractive(
        browser,
        app.url,
        (page) => page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Projects', exact: true }),
        started,
      );
      await opened.page
        .getByRole('heading', { level: 1, name: 'Projects', exact: true })
        .waitFor({ timeout: READY_TIMEOUT_MS });
      const laterMs = performance.now() - started;
      await opened.context.close();
      return { ...first, laterReadyMs: app.readyMs, laterMs };
    } catch (err) {
      throw new Error(`${(err as Error).message}\nbrowser mode said:\n${app.stderr().slice(-3000)}`, { cause: err });
    } finally {
      await stop(app.child);
    }
  } finally {
    for (const { account } of await keytar.findCredentials(service).catch(() => []))
      await keytar.deletePassword(service, account);
    rmSync(userData, { recursive: true, force: true });
  }
}

async function helloRun(browser: Browser, dir?: string): Promise<{ readyMs: number; interactiveMs: number }> {
  const started = performance.now();
  const server = await launch(['-e', HELLO_SERVER, ...(dir ? [dir] : [])], 'HELLO READY ', process.env, started);
  try {
    const opened = await openUntilInteractive(
      browser,
      server.url,
      (page) => page.getByRole('button', { name: 'Start' }),
      started,
    );
    await opened.context.close();
    return { readyMs: server.readyMs, interactiveMs: opened.interactiveMs };
  } finally {
    await stop(server.child);
  }
}

/** Every file under dir, with its size raw and gzipped. */
function bundleFiles(dir: string): { path: string; bytes: number; gzip: number }[] {
  const out: { path: string; bytes: number; gzip: number }[] = [];
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const path = join(at, name);
      if (statSync(path).isDirectory()) walk(path);
      else {
        const data = readFileSync(path);
        out.push({ path: path.slice(dir.length + 1), bytes: data.length, gzip: gzipSync(data, { level: 9 }).length });
      }
    }
  };
  walk(dir);
  return out;
}

const KB = 1000;
const kb = (bytes: number) => fixed(bytes / KB, 1);
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main(): Promise<void> {
  heading(
    'Start-up: browser mode to an interactive first screen in headless Chromium, against a static hello page',
    `Both are started as a node process and opened in a fresh context of the same Chromium; times from the spawn. ${RUNS} run(s); medians shown.`,
  );
  if (!existsSync(BROWSER_MODE)) {
    note(`Skipped: browser mode is not built (${BROWSER_MODE}): run it through \`npm run bench\`, which builds first.`);
    summary('startup', 'skipped: dist/browser/main.js is missing (not built)');
    return;
  }
  if (!existsSync(CHROMIUM)) {
    note(`Skipped: ${CHROMIUM} is not installed (Debian package chromium).`);
    summary('startup', `skipped: ${CHROMIUM} is missing`);
    return;
  }
  if (!process.env.DBUS_SESSION_BUS_ADDRESS) {
    note(
      'Skipped: no D-Bus session, so no Secret Service for browser mode to keep its keys in (`npm run bench` starts a private one).',
    );
    summary('startup', 'skipped: no D-Bus session (run it through npm run bench)');
    return;
  }

  const files = bundleFiles(join(ROOT, 'dist/renderer'));
  const shipped = files.filter((f) => extname(f.path) !== '.map');
  const maps = files.filter((f) => extname(f.path) === '.map');
  const sum = (list: typeof files, key: 'bytes' | 'gzip') => list.reduce((total, f) => total + f[key], 0);
  table([
    ['dist/renderer file', 'kB', 'gzip kB'],
    ...shipped.map((f) => [f.path, kb(f.bytes), kb(f.gzip)]),
    ['total (without source maps)', kb(sum(shipped, 'bytes')), kb(sum(shipped, 'gzip'))],
  ]);
  note(`Source maps add ${kb(sum(maps, 'bytes'))} kB (not loaded by the page).`);
  // What the page runs before its first screen: index.html's module script and the chunks it
  // preloads (the entry's static imports); every other chunk comes when a screen opens.
  const indexHtml = readFileSync(join(ROOT, 'dist/renderer/index.html'), 'utf8');
  const firstScreenPaths = [
    ...indexHtml.matchAll(/<(?:script type="module"[^>]*src|link rel="modulepreload"[^>]*href)="\.\/([^"]+)"/g),
  ].map((m) => m[1]);
  const firstScreen = shipped.filter((f) => firstScreenPaths.includes(f.path));
  const jsChunks = shipped.filter((f) => extname(f.path) === '.js');
  note(
    `First screen's JavaScript: ${firstScreen.length} file(s), ${kb(sum(firstScreen, 'bytes'))} kB (${kb(sum(firstScreen, 'gzip'))} kB gzip); ` +
      `${jsChunks.length - firstScreen.length} more chunk(s), ${kb(sum(jsChunks, 'gzip') - sum(firstScreen, 'gzip'))} kB gzip, load when a screen opens.\n`,
  );

  const reactHello = await buildReactHello();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const apps: AppRun[] = [];
    const hellos: { readyMs: number; interactiveMs: number }[] = [];
    const reactHellos: { readyMs: number; interactiveMs: number }[] = [];
    // Not counted: the browser's first page, and node's first start, are slower than any later one.
    await helloRun(browser);
    for (let r = 0; r < RUNS; r++) {
      hellos.push(await helloRun(browser));
      reactHellos.push(await helloRun(browser, reactHello));
      apps.push(await appRun(browser));
    }
    const hello = median(hellos.map((h) => h.interactiveMs));
    const react = median(reactHellos.map((h) => h.interactiveMs));
    const first = median(apps.map((a) => a.firstMs));
    const later = median(apps.map((a) => a.laterMs));
    table([
      ['launch', 'process ready', 'interactive', 'vs hello page', 'vs React hello'],
      ['hello page (node:http, baseline)', s(median(hellos.map((h) => h.readyMs))), s(hello), '×1.00', ''],
      [
        'React hello page (same server, React DOM)',
        s(median(reactHellos.map((h) => h.readyMs))),
        s(react),
        ratio(react, hello),
        '×1.00',
      ],
      [
        'Clipdesk first launch (welcome screen)',
        s(median(apps.map((a) => a.readyMs))),
        s(first),
        ratio(first, hello),
        ratio(first, react),
      ],
      [
        'Clipdesk later launch (Projects, local sandbox)',
        s(median(apps.map((a) => a.laterReadyMs))),
        s(later),
        ratio(later, hello),
        ratio(later, react),
      ],
    ]);
    note(
      `Each run: hello ${hellos.map((h) => s(h.interactiveMs)).join(', ')}; React hello ${reactHellos.map((h) => s(h.interactiveMs)).join(', ')}; ` +
        `first ${apps.map((a) => s(a.firstMs)).join(', ')}; later ${apps.map((a) => s(a.laterMs)).join(', ')}.`,
    );
    summary(
      'startup',
      `first screen interactive in ${s(first)} (first launch) and ${s(later)} (later launch, Projects) vs hello page ${s(hello)} ` +
        `(${ratio(first, hello)}, ${ratio(later, hello)}) and React hello page ${s(react)} (${ratio(first, react)}, ${ratio(later, react)}); ` +
        `first screen's JS ${kb(sum(firstScreen, 'gzip'))} kB gzip ` +
        `(${firstScreen.length} file(s)); renderer ${kb(sum(shipped, 'bytes'))} kB (${kb(sum(shipped, 'gzip'))} kB gzip)`,
    );
  } finally {
    await browser.close();
    rmSync(join(reactHello, '..'), { recursive: true, force: true });
  }
}

await main();
