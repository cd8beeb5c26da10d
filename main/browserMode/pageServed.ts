// Knows when the page has what it needs to draw: index.html and every file it names to load at
// once (its module script, the chunks it preloads, its styles and fonts) have been served. The
// core is built then (main.ts), while the browser runs the page's scripts: built earlier, its
// synchronous work held up the page's own files on this one thread (traced: the document and
// its scripts waited 0.3-1 s behind it on a loaded machine).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { THEME_BOOT_PATH } from '../core/app/themeBoot.ts';

/** The paths index.html loads at once, as the server sees them ("/assets/index-….js"). */
export function pageFiles(indexHtml: string): Set<string> {
  const named = [...indexHtml.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="\.\/([^"]+)"/g)].map((m) => `/${m[1]}`);
  return new Set(named.filter((path) => path !== THEME_BOOT_PATH));
}

/**
 * Returns what the server calls with each path it served (status 200); `onServed` runs once,
 * when the page and all its files have been. A browser that has the files cached asks for
 * none of them: the page's socket, or the caller's own deadline, stands in then.
 */
export function watchPageServed(rendererDir: string, onServed: () => void): (pathname: string) => void {
  let waiting: Set<string> | null = null;
  let pageSeen = false;
  let done = false;
  return (pathname) => {
    if (done) return;
    if (pathname === '/' || pathname === '/index.html') {
      pageSeen = true;
      waiting ??= pageFiles(readFileSync(join(rendererDir, 'index.html'), 'utf8'));
    } else waiting?.delete(pathname);
    if (pageSeen && waiting?.size === 0) {
      done = true;
      onServed();
    }
  };
}
