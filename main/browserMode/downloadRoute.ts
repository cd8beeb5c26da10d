// GET /downloads/<ticket>: browser mode's half of media.download. The page got the ticket over
// the token-guarded socket; the bytes come from the service through main (the key never
// reaches the page), once per ticket, as a file download.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { toAppError } from '../../shared/appError.ts';
import { DOWNLOAD_PATH_PREFIX, type AssetDownloads } from '../core/media/assetDownloads.ts';

export function isDownloadPath(url: string | undefined): boolean {
  return url?.startsWith(DOWNLOAD_PATH_PREFIX) === true;
}

/** RFC 6266: an ASCII fallback and the UTF-8 name. */
function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

export async function serveDownload(
  downloads: Pick<AssetDownloads, 'redeem'>,
  req: IncomingMessage,
  res: ServerResponse,
  log: (line: string) => void,
): Promise<void> {
  const plain = { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' };
  if (req.method !== 'GET') {
    res.writeHead(405, { ...plain, allow: 'GET' }).end();
    return;
  }
  const ticket = (req.url ?? '').slice(DOWNLOAD_PATH_PREFIX.length).split('?')[0] ?? '';
  try {
    const opened = await downloads.redeem(ticket);
    if (!opened) {
      res.writeHead(404, plain).end('This download link was used already or has expired: choose Download again.');
      return;
    }
    res.writeHead(200, {
      'content-type': opened.contentType,
      ...(opened.contentLength === null ? {} : { 'content-length': opened.contentLength }),
      'content-disposition': contentDisposition(opened.filename),
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cross-origin-resource-policy': 'same-origin',
    });
    await pipeline(opened.body, res);
  } catch (err) {
    const error = toAppError(err);
    log(`download failed: ${error.code} ${error.message}`);
    if (!res.headersSent) res.writeHead(502, plain).end(`The download failed (${error.code}): ${error.message}`);
    else res.destroy();
  }
}
