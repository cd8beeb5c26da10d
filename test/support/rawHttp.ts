// One HTTP exchange over a raw socket: the test writes exactly the bytes it wants (request
// targets, headers and bodies no well-behaved client would send), says it has nothing more
// to send (a half-close, so a server waiting for the rest of a body learns it will not come),
// and reads whatever comes back until the server closes or the first final response is whole.
import { connect } from 'node:net';

export interface RawAnswer {
  /** The status of the first response, or null when none came. */
  readonly status: number | null;
  /** Its body as text (a whole one, by Content-Length). */
  readonly body: string;
  /** How the exchange ended: a whole response, the server closing, a reset, or nothing within the time. */
  readonly ending: 'response' | 'closed' | 'reset' | 'timeout';
}

export function rawExchange(
  port: number,
  bytes: Uint8Array | string,
  { timeoutMs = 5_000, head = false }: { timeoutMs?: number; head?: boolean } = {},
): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let received = Buffer.alloc(0);
    let settled = false;
    const finish = (ending: RawAnswer['ending']) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      // Interim answers (100 Continue) are not the answer.
      const text = received.toString('utf8').replace(/^(HTTP\/1\.[01] 1\d\d [^\r]*\r\n(?:[^\r]+\r\n)*\r\n)+/, '');
      const status = /^HTTP\/1\.[01] (\d{3}) /.exec(text);
      const split = text.indexOf('\r\n\r\n');
      const length = split === -1 ? null : /\r\ncontent-length: *(\d+)/i.exec(text.slice(0, split));
      // Only the first response's body: a request the server read as two gets two answers.
      const rest = Buffer.from(split === -1 ? '' : text.slice(split + 4), 'utf8');
      const body = length ? rest.subarray(0, Number(length[1])).toString('utf8') : rest.toString();
      resolve({ status: status ? Number(status[1]) : null, body, ending });
    };
    const timer = setTimeout(() => finish('timeout'), timeoutMs);
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const all = received.toString('latin1');
      const text = all.replace(/^(HTTP\/1\.[01] 1\d\d [^\r]*\r\n(?:[^\r]+\r\n)*\r\n)+/, '');
      const split = text.indexOf('\r\n\r\n');
      if (split === -1) return;
      if (head) return finish('response');
      const length = /\r\ncontent-length: *(\d+)/i.exec(text.slice(0, split));
      if (length && Buffer.byteLength(text, 'latin1') >= split + 4 + Number(length[1])) finish('response');
    });
    socket.on('end', () => finish('closed'));
    socket.on('close', () => finish('closed'));
    socket.on('error', (err: NodeJS.ErrnoException) => finish(err.code === 'ECONNRESET' ? 'reset' : 'closed'));
    socket.end(bytes);
  });
}
