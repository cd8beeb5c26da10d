// GET /media/<ticket>: browser mode's way of serving the monitor's cached media (the Electron
// shell serves the same through its app protocol). The page got the ticket over the
// token-guarded socket; the server already refused anything not from this computer or not
// addressed to its own Host. One byte Range per request, so <video> can seek.
import { createReadStream } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { answerRange, rangeHeaders } from '../core/mediaCache/byteRange.ts';
import { MEDIA_PATH_PREFIX, type MediaCache } from '../core/mediaCache/mediaCache.ts';

const SAME_ORIGIN = {
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
};

export function isMediaPath(url: string | undefined): boolean {
  return url?.startsWith(MEDIA_PATH_PREFIX) === true;
}

export async function serveMedia(
  cache: Pick<MediaCache, 'open'>,
  req: IncomingMessage,
  res: ServerResponse,
  log: (line: string) => void,
): Promise<void> {
  const plain = { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...SAME_ORIGIN };
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { ...plain, allow: 'GET, HEAD' }).end();
    return;
  }
  const ticket = (req.url ?? '').slice(MEDIA_PATH_PREFIX.length).split('?')[0] ?? '';
  const media = await cache.open(ticket);
  if (!media) {
    res.writeHead(404, plain).end('No such media: ask the app for it again.');
    return;
  }
  const answer = answerRange(req.headers.range, media.size);
  res.writeHead(answer.status, { ...rangeHeaders(answer, media.size, media.contentType), ...SAME_ORIGIN });
  if (answer.status === 416 || req.method === 'HEAD' || media.size === 0) {
    res.end();
    return;
  }
  try {
    await pipeline(createReadStream(media.path, { start: answer.start, end: answer.end }), res);
  } catch (err) {
    // A player that seeks away closes the request mid-way: that is normal, not worth a line.
    if ((err as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') log(`media: ${String(err)}`);
    res.destroy();
  }
}
