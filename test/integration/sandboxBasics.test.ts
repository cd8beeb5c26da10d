import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, startSandboxProcess, type ApiCall, type RunningSandbox } from '../support/sandboxProcess.ts';

let sandbox: RunningSandbox;
let call: ApiCall;

beforeAll(async () => {
  sandbox = await startSandboxProcess();
  call = apiClient(sandbox.createBaseUrl, sandbox.apiKey);
});
afterAll(() => sandbox?.stop({ removeData: true }));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('the envelope', () => {
  it('wraps success with a fresh request ID and apiVersion 1', async () => {
    const a = await call('GET', '/');
    const b = await call('GET', '/');
    expect(a.status).toBe(200);
    expect(a.body.meta.apiVersion).toBe('1');
    expect(a.body.meta.requestId).toMatch(UUID);
    expect(b.body.meta.requestId).not.toBe(a.body.meta.requestId);
    expect(a.body.data.links.openapi).toBe(`${sandbox.createBaseUrl}/openapi.json`);
  });

  it('answers an unknown path with 404 and a stable code', async () => {
    const res = await call('GET', '/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('route.not_found');
    expect(res.body.meta.requestId).toMatch(UUID);
  });

  it('answers a wrong method with 405 and an Allow header', async () => {
    const res = await call('PUT', '/projects');
    expect(res.status).toBe(405);
    expect(res.body.error.code).toBe('route.method_not_allowed');
    expect(res.headers.get('allow')).toContain('POST');
  });

  it('answers malformed JSON with 400', async () => {
    const res = await call('POST', '/projects', { body: '{"name": "oops"' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('request.invalid_json');
  });

  it('GET / and /openapi.json need no authentication', async () => {
    for (const path of ['/', '/openapi.json']) {
      const res = await fetch(`${sandbox.createBaseUrl}${path}`);
      expect(res.status).toBe(200);
    }
  });
});

describe('refusals of large bodies', () => {
  it('answers an unauthenticated 1 GiB upload with 401 without reading it to the end', async () => {
    const { request } = await import('node:http');
    const url = new URL(`${sandbox.createBaseUrl}/assets`);
    const chunk = Buffer.alloc(1024 * 1024, 7);
    // Keep sending after the answer, as a naive client would, and count what the server takes.
    const result = await new Promise<{ status: number; code: string; sentBytes: number }>((resolve) => {
      let sentBytes = 0;
      let status = 0;
      let body = '';
      let done = false;
      const finish = (): void => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        req.destroy();
        resolve({ status, code: body ? JSON.parse(body).error.code : '', sentBytes });
      };
      const timer = setTimeout(finish, 5_000);
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(1024 ** 3) },
        },
        (res) => {
          status = res.statusCode ?? 0;
          res.on('data', (d: Buffer) => (body += d.toString()));
        },
      );
      req.on('error', finish);
      req.on('close', finish);
      const pump = (): void => {
        while (!done && sentBytes < 1024 ** 3) {
          sentBytes += chunk.length;
          if (!req.write(chunk)) {
            req.once('drain', pump);
            return;
          }
        }
        if (!done) req.end();
      };
      pump();
    });
    expect(result.status).toBe(401);
    expect(result.code).toBe('auth.missing');
    // The server stops reading a few MiB in; flow control then holds the sender.
    expect(result.sentBytes).toBeLessThan(128 * 1024 * 1024);
  });
});
