// Browser mode listens before its core is built, so that the browser opens the page while the
// core starts: the renderer's files come at once; the theme and the contract's socket wait for
// the core (a page never talks to half a core); a core that fails to build is a 503, not a hang.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startBrowserServer, type BrowserCore, type BrowserServer } from '../../main/browserMode/browserServer.ts';
import { createEventBus } from '../../main/core/app/eventBus.ts';
import { WIRE_PATH } from '../../shared/ipcWire.ts';

const rendererDir = mkdtempSync(join(tmpdir(), 'clipdesk-early-renderer-'));
writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Clipdesk</title>');
const servers: BrowserServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.close();
  rmSync(rendererDir, { recursive: true, force: true });
});

const core: BrowserCore = {
  events: createEventBus(),
  dispatch: async () => ({ ok: true, value: 'answered' }),
  themeBootScript: () => 'document.documentElement.dataset.theme = "light";\n',
};

async function serve(pending: Promise<BrowserCore>) {
  const server = await startBrowserServer({ core: pending, rendererDir, port: 0 });
  servers.push(server);
  const token = new URL(server.url).searchParams.get('token')!;
  const socketUrl = `ws://127.0.0.1:${server.port}${WIRE_PATH}?token=${token}`;
  return { server, socketUrl, at: (path: string) => new URL(path, server.origin) };
}

/** Settles with what happened first: the promise's outcome, or 'still waiting' after ms. */
const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<'still waiting'>((r) => setTimeout(() => r('still waiting'), ms))]);

describe('browser mode before its core is built', () => {
  it('serves the page at once, and the theme and the socket once the core is there', async () => {
    const built = Promise.withResolvers<BrowserCore>();
    const { server, socketUrl, at } = await serve(built.promise);

    const page = await fetch(server.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Clipdesk</title>');

    const theme = fetch(at('/theme-boot.js')).then((res) => res.text());
    const socket = new WebSocket(socketUrl, { headers: { origin: server.origin } });
    const opened = new Promise<'open'>((r) => socket.once('open', () => r('open')));
    expect(await within(theme, 300)).toBe('still waiting');
    expect(await within(opened, 50)).toBe('still waiting');

    built.resolve(core);
    expect(await theme).toContain('"light"');
    expect(await opened).toBe('open');
    const reply = new Promise<string>((r) => socket.once('message', (data) => r(String(data))));
    socket.send(JSON.stringify({ type: 'request', id: 1, name: 'app.state' }));
    expect(JSON.parse(await reply)).toEqual({ type: 'reply', id: 1, reply: { ok: true, value: 'answered' } });
    socket.close();
  });

  it('answers 503 when the core could not be built, instead of leaving the page waiting', async () => {
    const built = Promise.withResolvers<BrowserCore>();
    const { server, socketUrl, at } = await serve(built.promise);
    const theme = fetch(at('/theme-boot.js'));
    const refused = new Promise<number>((r) => {
      const socket = new WebSocket(socketUrl, { headers: { origin: server.origin } });
      socket.once('unexpected-response', (_req, res) => r(res.statusCode ?? 0));
    });
    built.reject(new Error('the journal could not be opened'));
    expect((await theme).status).toBe(503);
    expect(await refused).toBe(503);
  });
});
