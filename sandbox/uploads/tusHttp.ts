// Hands a Node request to @tus/server's web handler (handleWeb) and writes its answer back.
// The body stream is lazy: bytes are read only if tus reads them, so a request refused before
// its body (409, 404, …) leaves the body to Node, which discards it and keeps the connection.
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface WebRequestBody {
  /** Whether tus began reading the body, and whether it read all of it. */
  started(): boolean;
  ended(): boolean;
}

export function toWebRequest(req: IncomingMessage, origin: string): { request: Request; body: WebRequestBody } {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  const method = (req.method ?? 'GET').toUpperCase();
  let iterator: AsyncIterator<Buffer> | undefined;
  let ended = false;
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        iterator ??= req[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
        const next = await iterator.next();
        if (next.done) {
          ended = true;
          controller.close();
        } else {
          controller.enqueue(new Uint8Array(next.value.buffer, next.value.byteOffset, next.value.byteLength));
        }
      },
      async cancel() {
        await iterator?.return?.();
      },
    },
    { highWaterMark: 0 },
  );
  const hasBody = method === 'POST' || method === 'PATCH';
  const init = { method, headers, body: hasBody ? stream : undefined, duplex: 'half' } as RequestInit;
  return {
    request: new Request(new URL(req.url ?? '/', origin), init),
    body: { started: () => iterator !== undefined || req.readableEnded, ended: () => ended || req.readableEnded },
  };
}

/** The tus answer's headers worth passing on (no CORS: the Create API is for servers, not pages). */
export function passedHeaders(response: Response, body: WebRequestBody): Record<string, string> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (name.startsWith('access-control-') || name === 'content-type' || name === 'content-length') return;
    // tus asks to close after any refusal; that is only needed when a body was left half-read.
    if (name === 'connection' && (!body.started() || body.ended())) return;
    headers[name] = value;
  });
  return headers;
}

/** Writes a successful tus answer (tus success answers carry no body). */
export function writeTusSuccess(res: ServerResponse, status: number, headers: Record<string, string>): void {
  if (res.destroyed || res.headersSent) return;
  // An explicit empty length keeps the connection open (a 204 must not carry one).
  res.writeHead(status, status === 204 ? headers : { ...headers, 'content-length': '0' });
  res.end();
}
