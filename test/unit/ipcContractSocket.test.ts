// Browser mode's transport of the contract (main/browserMode), with a stand-in core: the
// socket opens only for this server's own page (token, Origin, Host), every frame is
// validated before core sees it, replies carry the request's id, and events are pushed.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { appError } from '../../shared/appError.ts';
import { startBrowserServer, type BrowserServer } from '../../main/browserMode/browserServer.ts';
import { createEventBus } from '../../main/core/app/eventBus.ts';

const rendererDir = mkdtempSync(join(tmpdir(), 'clipdesk-renderer-'));
writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Clipdesk</title>');
const events = createEventBus();
const dispatched: { name: unknown; arg: unknown }[] = [];
let server: BrowserServer;

beforeAll(async () => {
  const core = {
    events,
    async dispatch(name: unknown, arg: unknown) {
      dispatched.push({ name, arg });
      if (name === 'projects.get')
        return { ok: false as const, error: appError('resource.not_found', 'No such project.') };
      return { ok: true as const, value: { echo: arg ?? null } };
    },
  };
  server = await startBrowserServer({ core, rendererDir, port: 0 });
});
afterAll(async () => {
  await server.close();
  rmSync(rendererDir, { recursive: true, force: true });
});

const token = () => new URL(server.url).searchParams.get('token')!;
const socketUrl = (t = token()) => `ws://127.0.0.1:${server.port}/ipc?token=${t}`;

/** Opens a socket; resolves with it once open, or with the HTTP status that refused it. */
function connect(
  url: string,
  headers: Record<string, string> = { origin: server.origin },
): Promise<WebSocket | number> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url, { headers });
    socket.once('open', () => resolve(socket));
    socket.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    socket.once('error', () => resolve(-1));
  });
}

function nextFrame(socket: WebSocket): Promise<any> {
  return new Promise((resolve) => socket.once('message', (data) => resolve(JSON.parse(String(data)))));
}

function httpGet(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, path, headers }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, headers: res.headers });
    });
    req.once('error', reject);
    req.end();
  });
}

describe('browser mode', () => {
  it('prints a loopback URL with a long random token', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[A-Za-z0-9_-]{40,}$/);
  });

  it('serves the page with a strict CSP that allows a socket only to itself, and nothing outside the renderer', async () => {
    const page = await httpGet('/');
    expect(page.status).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain(`connect-src 'self' ws://127.0.0.1:${server.port}`);
    expect(csp).not.toContain('unsafe-inline');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect((await httpGet('/../../etc/passwd')).status).toBe(404);
    expect((await httpGet('/%2e%2e/%2e%2e/etc/passwd')).status).toBe(404);
  });

  it('refuses a Host that is not its own (DNS rebinding), for the page and the socket', async () => {
    expect((await httpGet('/', { host: `evil.example:${server.port}` })).status).toBe(403);
    expect(await connect(socketUrl(), { origin: server.origin, host: `evil.example:${server.port}` })).toBe(403);
  });

  it('opens the socket only with the launch token and from its own origin', async () => {
    expect(await connect(socketUrl('not-the-token'))).toBe(401);
    expect(await connect(`ws://127.0.0.1:${server.port}/ipc`)).toBe(401);
    expect(await connect(socketUrl(), { origin: 'http://evil.example' })).toBe(403);
    expect(await connect(socketUrl(), {})).toBe(403);
    const socket = await connect(socketUrl());
    expect(socket).toBeInstanceOf(WebSocket);
    (socket as WebSocket).close();
  });

  it('answers requests by id, passes failures as AppErrors, and pushes events', async () => {
    const socket = (await connect(socketUrl())) as WebSocket;
    socket.send(JSON.stringify({ type: 'request', id: 7, name: 'projects.list', arg: { limit: 5 } }));
    expect(await nextFrame(socket)).toEqual({
      type: 'reply',
      id: 7,
      reply: { ok: true, value: { echo: { limit: 5 } } },
    });
    socket.send(JSON.stringify({ type: 'request', id: 8, name: 'projects.get', arg: { id: 1 } }));
    expect(await nextFrame(socket)).toMatchObject({
      id: 8,
      reply: { ok: false, error: { code: 'resource.not_found' } },
    });

    const event = nextFrame(socket);
    events.emit('wallet.changed', { workspaceId: 'local', walletUsd: 42 });
    expect(await event).toEqual({
      type: 'event',
      name: 'wallet.changed',
      payload: { workspaceId: 'local', walletUsd: 42 },
    });
    socket.close();
  });

  it('refuses a frame that is not a contract request before core sees it', async () => {
    const before = dispatched.length;
    const socket = (await connect(socketUrl())) as WebSocket;
    socket.send(JSON.stringify({ type: 'request', id: 9, name: 'projects.list', arg: {}, sneaky: true }));
    expect(await nextFrame(socket)).toMatchObject({
      id: 9,
      reply: { ok: false, error: { code: 'ipc.invalid_message' } },
    });
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    socket.send('not json');
    expect(await closed).toBe(1007);
    expect(dispatched.length).toBe(before);
  });
});
