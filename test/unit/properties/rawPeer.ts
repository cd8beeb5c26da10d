// A real peer on 127.0.0.1 that answers each connection with exactly the bytes a test
// scripted — a well-formed HTTP response, a truncated one, one that stalls, or bytes that are
// not HTTP at all — so the real undici-based clients are fed what no honest server sends.
import { createServer, type Socket } from 'node:net';

export interface ScriptedReply {
  /** Written once the request's head has arrived. */
  bytes: Uint8Array;
  /** close: end the connection after the bytes; hold: keep it open and send nothing more. */
  then: 'close' | 'hold';
}

export interface RawPeer {
  /** e.g. http://127.0.0.1:40123 */
  readonly origin: string;
  /** The reply for the next connections. */
  script(reply: ScriptedReply): void;
  /** Requests whose head arrived since the start. */
  readonly requests: number;
  close(): Promise<void>;
}

export async function startRawPeer(): Promise<RawPeer> {
  let reply: ScriptedReply = { bytes: new Uint8Array(), then: 'close' };
  let requests = 0;
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {}); // the client may give up first; that is its business
    const current = reply;
    let head = '';
    const onData = (chunk: Buffer) => {
      head += chunk.toString('latin1');
      if (!head.includes('\r\n\r\n')) return;
      socket.off('data', onData);
      requests += 1;
      socket.write(current.bytes, () => {
        if (current.then === 'close') socket.end();
      });
    };
    socket.on('data', onData);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    origin: `http://127.0.0.1:${port}`,
    script(next) {
      reply = next;
    },
    get requests() {
      return requests;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** How the body's length is told. */
export type Framing = 'exact' | 'none' | 'chunked' | 'longer';

export interface ResponseScript {
  status: number;
  headers: readonly (readonly [string, string])[];
  body: Uint8Array;
  framing: Framing;
  /** For 'chunked': where the body is cut into chunks (positions into it). */
  cuts?: readonly number[];
  /** For 'longer': how many bytes more Content-Length promises than are sent. */
  missing?: number;
}

/** The bytes of an HTTP/1.1 response; 'longer' promises more than it sends (the peer then closes). */
export function encodeResponse(script: ResponseScript): ScriptedReply {
  const lines = [`HTTP/1.1 ${script.status} Scripted`, 'connection: close'];
  for (const [name, value] of script.headers) lines.push(`${name}: ${value}`);
  const { body } = script;
  let payload: Uint8Array = body;
  if (script.framing === 'exact') lines.push(`content-length: ${body.length}`);
  if (script.framing === 'longer') lines.push(`content-length: ${body.length + (script.missing ?? 1)}`);
  if (script.framing === 'chunked') {
    lines.push('transfer-encoding: chunked');
    const cuts = [...new Set((script.cuts ?? []).map((c) => c % (body.length + 1)))].sort((a, b) => a - b);
    const parts: Buffer[] = [];
    let at = 0;
    for (const cut of [...cuts, body.length]) {
      if (cut <= at) continue;
      parts.push(
        Buffer.from(`${(cut - at).toString(16)}\r\n`),
        Buffer.from(body.subarray(at, cut)),
        Buffer.from('\r\n'),
      );
      at = cut;
    }
    parts.push(Buffer.from('0\r\n\r\n'));
    payload = Buffer.concat(parts);
  }
  const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
  return { bytes: Buffer.concat([head, payload]), then: 'close' };
}
