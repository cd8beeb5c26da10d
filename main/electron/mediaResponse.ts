// clipdesk://app/media/<ticket>: the Electron shell's way of serving the monitor's cached
// media (browser mode serves the same from its loopback server). The page got the ticket
// through the contract; the scheme has the `stream` privilege, so <video> reads it in byte
// ranges as it plays and seeks. No Electron API here: the protocol handler calls it.
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { answerRange, rangeHeaders } from '../core/mediaCache/byteRange.ts';
import { MEDIA_PATH_PREFIX, type MediaCache } from '../core/mediaCache/mediaCache.ts';

export function isMediaRequest(url: URL): boolean {
  return url.pathname.startsWith(MEDIA_PATH_PREFIX);
}

export async function mediaResponse(cache: Pick<MediaCache, 'open'> | null, request: Request): Promise<Response> {
  const plain = { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' };
  if (request.method !== 'GET' && request.method !== 'HEAD')
    return new Response(null, { status: 405, headers: { ...plain, allow: 'GET, HEAD' } });
  const ticket = new URL(request.url).pathname.slice(MEDIA_PATH_PREFIX.length);
  const media = cache ? await cache.open(ticket) : null;
  if (!media) return new Response('No such media: ask the app for it again.', { status: 404, headers: plain });
  const answer = answerRange(request.headers.get('range'), media.size);
  const headers = rangeHeaders(answer, media.size, media.contentType);
  if (answer.status === 416 || request.method === 'HEAD' || media.size === 0)
    return new Response(null, { status: answer.status, headers });
  const body = Readable.toWeb(createReadStream(media.path, { start: answer.start, end: answer.end }));
  return new Response(body as ReadableStream<Uint8Array>, { status: answer.status, headers });
}
