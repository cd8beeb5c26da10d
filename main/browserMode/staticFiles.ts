// Serves the built renderer (dist/renderer) to the browser: only files inside that folder,
// only GET and HEAD, with a strict Content-Security-Policy on the page. The page itself may
// carry the first screen's state (shared/ipc/firstScreen.ts), so the renderer draws it before
// its socket answers.
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { firstScreenScript, type FirstScreen } from '../../shared/ipc/firstScreen.ts';
import { THEME_BOOT_PATH } from '../core/app/themeBoot.ts';

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

/** The page's policy: its own scripts and styles only, and a socket to this server only. */
export function contentSecurityPolicy(origin: string): string {
  const socket = origin.replace(/^http:/, 'ws:');
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' blob: data:",
    "media-src 'self' blob:",
    `connect-src 'self' ${socket}`,
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const COMMON_HEADERS = {
  'x-content-type-options': 'nosniff',
  // The page's URL carries the launch token: it must never travel in a Referer.
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'x-frame-options': 'DENY',
};

/**
 * index.html with the first screen's state: the theme on <html> (so the blocking
 * /theme-boot.js, which waits for the core, is left out: the first paint waits for nothing)
 * and the state as a JSON data block, which the page's policy allows (it is never run).
 */
export function pageWithFirstScreen(html: string, state: FirstScreen): string {
  return html
    .replace(/<html([^>]*)>/, `<html$1 data-theme="${state.theme}">`)
    .replace(/\s*<script src="\.\/theme-boot\.js"><\/script>/, '')
    .replace('</head>', `  ${firstScreenScript(state)}\n  </head>`);
}

export function serveStatic(
  rootDir: string,
  origin: string,
  req: IncomingMessage,
  res: ServerResponse,
  firstScreen?: () => FirstScreen,
): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { ...COMMON_HEADERS, allow: 'GET, HEAD' }).end();
    return;
  }
  const pathname = decodeURIComponent(new URL(req.url ?? '/', origin).pathname);
  const relative = pathname === '/' ? 'index.html' : pathname.slice(1);
  const file = normalize(join(rootDir, relative));
  if (!file.startsWith(rootDir + sep) || !existsSync(file) || !statSync(file).isFile()) {
    res.writeHead(404, { ...COMMON_HEADERS, 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
    return;
  }
  const isPage = extname(file) === '.html';
  const page =
    isPage && firstScreen && relative === 'index.html'
      ? Buffer.from(pageWithFirstScreen(readFileSync(file, 'utf8'), firstScreen()))
      : null;
  res.writeHead(200, {
    ...COMMON_HEADERS,
    'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
    'content-length': page?.length ?? statSync(file).size,
    // Hashed assets may be cached; the page is read fresh so a rebuild is picked up.
    'cache-control': isPage ? 'no-store' : 'private, max-age=3600',
    ...(isPage ? { 'content-security-policy': contentSecurityPolicy(origin) } : {}),
  });
  if (req.method === 'HEAD') res.end();
  else if (page) res.end(page);
  else createReadStream(file).pipe(res);
}

export function isThemeBootPath(url: string | undefined): boolean {
  return URL.parse(url ?? '', 'http://x')?.pathname === THEME_BOOT_PATH;
}

/** The saved theme as a script (themeBoot.ts), read fresh on every load so a change made since is kept. */
export function serveThemeBoot(script: string, req: IncomingMessage, res: ServerResponse): void {
  res.writeHead(200, {
    ...COMMON_HEADERS,
    'content-type': TYPES['.js'],
    'content-length': Buffer.byteLength(script),
    'cache-control': 'no-store',
  });
  if (req.method === 'HEAD') res.end();
  else res.end(script);
}
