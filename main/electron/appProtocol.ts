// The renderer is served from clipdesk://app/ (a privileged standard scheme) rather than
// file://, so it has a real origin to check senders against and every page gets the strict
// Content-Security-Policy header. Only files inside dist/renderer are served, and under
// /media/ the monitor's cached media (mediaResponse.ts: a ticket per file, byte ranges).
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { protocol } from 'electron';
import type { MediaCache } from '../core/mediaCache/mediaCache.ts';
import { isMediaRequest, mediaResponse } from './mediaResponse.ts';
import { THEME_BOOT_PATH } from '../core/app/themeBoot.ts';

export const APP_SCHEME = 'clipdesk';
export const APP_ORIGIN = `${APP_SCHEME}://app`;
export const APP_INDEX_URL = `${APP_ORIGIN}/index.html`;

/** The Electron page's policy: no network from the page at all, only its own files. */
export const ELECTRON_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' blob: data:",
  "media-src 'self' blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

/** Before app ready. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    // stream: <video> and <audio> read the monitor's media in ranges, as they play and seek.
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } },
  ]);
}

/**
 * After app ready. `sources` gives what the core serves once it is built: the media cache
 * (`media`), and the saved theme as a script (`themeBootScript`, main/core/app/themeBoot.ts).
 */
export function serveRenderer(
  rendererDir: string,
  sources: { media?: () => Pick<MediaCache, 'open'> | null; themeBootScript?: () => string } = {},
): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url);
    if (url.host === 'app' && isMediaRequest(url)) return mediaResponse(sources.media?.() ?? null, request);
    if (url.host === 'app' && url.pathname === THEME_BOOT_PATH) {
      return new Response(sources.themeBootScript?.() ?? '', {
        headers: {
          'content-type': TYPES['.js']!,
          'cache-control': 'no-store',
          'content-security-policy': ELECTRON_CSP,
          'x-content-type-options': 'nosniff',
        },
      });
    }
    const relative = decodeURIComponent(url.pathname).replace(/^\/+/, '') || 'index.html';
    const file = normalize(join(rendererDir, relative));
    if (url.host !== 'app' || !file.startsWith(rendererDir + sep)) return new Response('Not found', { status: 404 });
    try {
      const body = await readFile(file);
      return new Response(body, {
        headers: {
          'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
          'content-security-policy': ELECTRON_CSP,
          'x-content-type-options': 'nosniff',
        },
      });
    } catch {
      return new Response('Not found', { status: 404 });
    }
  });
}
