// Browser mode and the webhook receiver are the app's two listening sockets. Browser mode
// refuses a socket without the launch token (missing, wrong, or wrong by one character),
// from another Origin, or for another Host; neither server can be reached from any address
// of this machine but 127.0.0.1, and browser mode's own check refuses any peer that is not
// loopback should it ever listen wider.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { isLoopback, startBrowserServer, type BrowserServer } from '../../main/browserMode/browserServer.ts';
import { createEventBus } from '../../main/core/app/eventBus.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../main/core/webhooks/webhookReceiver.ts';

const rendererDir = mkdtempSync(join(tmpdir(), 'clipdesk-guards-renderer-'));
writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Clipdesk</title>');
const dispatched: unknown[] = [];
let server: BrowserServer;
let receiver: WebhookReceiver;

beforeAll(async () => {
  const core = {
    events: createEventBus(),
    async dispatch(name: unknown) {
      dispatched.push(name);
      return { ok: true as const, value: null };
    },
  };
  server = await startBrowserServer({ core, rendererDir, port: 0 });
  receiver = await startWebhookReceiver({
    workspaceId: 'guards',
    journal: { webhookEvents: { recordIfNew: () => true } },
    getSecrets: async () => [`whsec_${randomBytes(16).toString('hex')}`],
  });
});
afterAll(async () => {
  await server?.close();
  await receiver?.close();
  rmSync(rendererDir, { recursive: true, force: true });
});

const token = () => new URL(server.url).searchParams.get('token')!;

/** Resolves with 'open', the HTTP status that refused the upgrade, or 'unreachable'. */
function openSocket(url: string, headers: Record<string, string>): Promise<'open' | number | 'unreachable'> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url, { headers, handshakeTimeout: 5_000 });
    socket.once('open', () => {
      socket.close();
      resolve('open');
    });
    socket.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    socket.once('error', () => resolve('unreachable'));
  });
}

/** True when a TCP connection to host:port is accepted. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 3_000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** Every address of this machine that is not 127.0.0.1, and another loopback address a wildcard bind would answer on. */
function otherAddresses(): string[] {
  const external = Object.values(networkInterfaces())
    .flat()
    .filter((a) => a !== undefined && a.address !== '127.0.0.1' && !a.address.startsWith('fe80:'))
    .map((a) => a!.address);
  return [...new Set(['127.0.0.2', '::1', ...external])];
}

describe('browser mode refuses every client but its own page on this computer', () => {
  it('refuses a missing or wrong launch token (401), even one of the right length', async () => {
    const base = `ws://127.0.0.1:${server.port}/ipc`;
    const headers = { origin: server.origin };
    const right = token();
    const oneOff = `${right.slice(0, -1)}${right.endsWith('A') ? 'B' : 'A'}`;
    expect(await openSocket(base, headers)).toBe(401);
    expect(await openSocket(`${base}?token=`, headers)).toBe(401);
    expect(await openSocket(`${base}?token=${oneOff}`, headers)).toBe(401);
    expect(await openSocket(`${base}?token=${right}x`, headers)).toBe(401);
    expect(await openSocket(`${base}?token=${right}`, headers)).toBe('open');
  });

  it('refuses another Origin, a missing Origin and a foreign Host (403), even with the token', async () => {
    const url = `ws://127.0.0.1:${server.port}/ipc?token=${token()}`;
    for (const origin of ['http://evil.example', 'null', `http://localhost:${server.port}`, 'http://127.0.0.1:1'])
      expect(await openSocket(url, { origin }), origin).toBe(403);
    expect(await openSocket(url, {})).toBe(403);
    expect(await openSocket(url, { origin: server.origin, host: `rebind.example:${server.port}` })).toBe(403);
    expect(dispatched).toEqual([]);
  });

  it('listens on 127.0.0.1 only: no other address of this machine accepts a connection', async () => {
    expect(new URL(server.url).hostname).toBe('127.0.0.1');
    expect(await accepts('127.0.0.1', server.port)).toBe(true);
    const others = otherAddresses();
    expect(others.length).toBeGreaterThanOrEqual(2);
    for (const host of others) expect(await accepts(host, server.port), host).toBe(false);
  });

  it('counts only loopback peers as this computer (the check every request and socket passes first)', () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) expect(isLoopback(address), address).toBe(true);
    for (const address of [
      undefined,
      '',
      '192.0.2.2',
      '10.0.0.1',
      '::ffff:192.0.2.2',
      'fd00::2',
      '0.0.0.0',
      'localhost',
    ])
      expect(isLoopback(address), String(address)).toBe(false);
  });
});

describe('the webhook receiver', () => {
  it('listens on 127.0.0.1 only: no other address of this machine accepts a connection', async () => {
    expect(receiver.url).toBe(`http://127.0.0.1:${receiver.port}/webhooks`);
    expect(await accepts('127.0.0.1', receiver.port)).toBe(true);
    for (const host of otherAddresses()) expect(await accepts(host, receiver.port), host).toBe(false);
  });
});
