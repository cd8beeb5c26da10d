// A small client for the sandbox's Messaging API in tests: the same fields sent as JSON, as a
// form, as multipart or as query parameters, plus its sandbox-only admin controls.
import type { RunningSandbox } from './sandboxProcess.ts';

export interface MessagingAnswer {
  /** The HTTP status. */
  http: number;
  headers: Headers;
  /** {status, code, message, requestId, ...} */
  body: any;
}

async function answer(res: Response): Promise<MessagingAnswer> {
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text for the failure message
  }
  return { http: res.status, headers: res.headers, body };
}

export function messagingClient(sandbox: Pick<RunningSandbox, 'messagingBaseUrl' | 'adminToken'>) {
  const base = sandbox.messagingBaseUrl;
  const send = (method: string, path: string, init: { body?: BodyInit; headers?: Record<string, string> } = {}) =>
    fetch(`${base}${path}`, { method, body: init.body, headers: init.headers }).then(answer);

  return {
    base,
    json: (path: string, body: unknown, headers: Record<string, string> = {}) =>
      send('POST', path, {
        body: typeof body === 'string' ? body : JSON.stringify(body),
        headers: { 'content-type': 'application/json', ...headers },
      }),
    form: (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
      send('POST', path, { body: new URLSearchParams(fields), headers }),
    multipart: (path: string, form: FormData, headers: Record<string, string> = {}) =>
      send('POST', path, { body: form, headers }),
    get: (path: string, params: Record<string, string>, headers: Record<string, string> = {}) =>
      send('GET', `${path}?${new URLSearchParams(params)}`, { headers }),
    raw: send,
    admin: (method: string, path: string, body?: unknown, token = sandbox.adminToken) =>
      send(method, path, {
        body: body === undefined ? undefined : JSON.stringify(body),
        headers: { 'x-sandbox-admin': token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      }),
    async stats(): Promise<{ contacts: number; events: number; messages: number; submissions: number }> {
      const res = await send('GET', '/_sandbox/messaging/stats', {
        headers: { 'x-sandbox-admin': sandbox.adminToken },
      });
      if (res.body?.code !== '00') throw new Error(`stats failed: ${JSON.stringify(res.body)}`);
      const { contacts, events, messages, submissions } = res.body;
      return { contacts, events, messages, submissions };
    },
    async setBackendErrorShare(share: number): Promise<void> {
      const res = await send('POST', '/_sandbox/messaging/faults', {
        body: JSON.stringify({ backendErrorShare: share }),
        headers: { 'x-sandbox-admin': sandbox.adminToken, 'content-type': 'application/json' },
      });
      if (res.body?.code !== '00') throw new Error(`faults failed: ${JSON.stringify(res.body)}`);
    },
  };
}

export type MessagingClient = ReturnType<typeof messagingClient>;

/**
 * A real WAV file (8 kHz, 8-bit mono silence) of exactly `totalBytes` bytes: a player opens
 * it, and its size can sit on either side of the 2,000,000-byte MMS limit.
 */
export function wavOfSize(totalBytes: number): Buffer<ArrayBuffer> {
  const data = totalBytes - 44;
  const b = Buffer.alloc(totalBytes, 0x80);
  b.write('RIFF', 0, 'ascii');
  b.writeUInt32LE(totalBytes - 8, 4);
  b.write('WAVE', 8, 'ascii');
  b.write('fmt ', 12, 'ascii');
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20); // PCM
  b.writeUInt16LE(1, 22); // mono
  b.writeUInt32LE(8000, 24); // sample rate
  b.writeUInt32LE(8000, 28); // byte rate
  b.writeUInt16LE(1, 32); // block align
  b.writeUInt16LE(8, 34); // bits per sample
  b.write('data', 36, 'ascii');
  b.writeUInt32LE(data, 40);
  return b;
}
