// The tunnel's 'command' mode with a real child process standing in for cloudflared and
// ngrok (test/support/fakeTunnel.ts): the URL it prints is registered, a new URL replaces
// the old endpoint, an exited command is restarted, and a command that cannot start or
// prints no URL is reported. The service calls are the tunnel's injected functions,
// recorded here.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AppFailure, appError } from '../../shared/appError.ts';
import type { Tunnel } from '../../main/core/settings/settingsSchema.ts';
import {
  startTunnel,
  type TunnelHandle,
  type TunnelOptions,
  type TunnelStatus,
} from '../../main/core/webhooks/tunnel.ts';

const FAKE = resolve(import.meta.dirname, '../support/fakeTunnel.ts');
const PORT = 40123;
const RECEIVER = { port: PORT, url: `http://127.0.0.1:${PORT}/webhooks` };
const EVENTS = ['render.completed', 'review.completed'];

type Call = ['register', string] | ['save', string, string] | ['delete', string] | ['forget', string];

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'clipdesk-tunnel-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const quote = (word: string) => `'${word.replaceAll("'", `'\\''`)}'`;

/** The command line the user would type, running the fake tunnel with these arguments. */
function fakeCommand(...args: string[]): string {
  return [process.execPath, FAKE, '--port', '{port}', ...args].map(quote).join(' ');
}

async function until<T>(what: string, check: () => T | undefined | false, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Starts a tunnel whose service calls are recorded; `failRegistrations` makes the first calls throw. */
function start(choice: Tunnel, over: Partial<TunnelOptions> & { failRegistrations?: AppFailure[] } = {}) {
  const calls: Call[] = [];
  const statuses: TunnelStatus[] = [];
  const failures = [...(over.failRegistrations ?? [])];
  let nextId = 1;
  const tunnel: TunnelHandle = startTunnel(choice, {
    receiver: RECEIVER,
    events: EVENTS,
    async registerEndpoint(url, events) {
      expect(events).toEqual(EVENTS);
      calls.push(['register', url]);
      const failure = failures.shift();
      if (failure) throw failure;
      const id = nextId++;
      return { id, secret: `whsec_secret_${id}` };
    },
    async deleteEndpoint(id) {
      calls.push(['delete', id]);
    },
    async saveSecret(id, secret) {
      calls.push(['save', id, secret]);
    },
    async forgetSecret(id) {
      calls.push(['forget', id]);
    },
    onStatus: (status) => statuses.push(status),
    backoff: { firstMs: 50, maxMs: 200 },
    ...over,
  });
  cleanups.push(() => tunnel.stop());
  return { tunnel, calls, statuses };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("the 'command' tunnel", () => {
  it('registers the https URL cloudflared prints (with the port filled in), and stop() ends it and deletes the endpoint', async () => {
    const pidFile = join(tempDir(), 'pid');
    const { tunnel, calls, statuses } = start({
      mode: 'command',
      command: fakeCommand('--pid-file', pidFile, 'cloudflared:https://p{port}.trycloudflare.com'),
    });

    const ready = await until('ready', () => statuses.find((s) => s.state === 'ready'));
    expect(ready).toMatchObject({
      publicUrl: `https://p${PORT}.trycloudflare.com/webhooks`,
      endpointId: '1',
      error: null,
    });
    expect(ready.message).toContain(`https://p${PORT}.trycloudflare.com/webhooks`);
    // The documentation link cloudflared prints first is not taken for the tunnel.
    expect(calls).toEqual([
      ['register', `https://p${PORT}.trycloudflare.com/webhooks`],
      ['save', '1', 'whsec_secret_1'],
    ]);
    expect(statuses[0]).toMatchObject({ state: 'starting', message: expect.stringContaining(process.execPath) });

    const pid = Number(readFileSync(pidFile, 'utf8'));
    expect(isAlive(pid)).toBe(true);
    await tunnel.stop();
    expect(isAlive(pid)).toBe(false);
    expect(calls.slice(2)).toEqual([
      ['delete', '1'],
      ['forget', '1'],
    ]);
    expect(tunnel.status().state).toBe('stopped');
  });

  it('reads ngrok’s `--log stdout` line and ignores the links and local addresses around it', async () => {
    const { calls, statuses } = start({
      mode: 'command',
      command: fakeCommand('noise', 'ngrok:https://84c5df474.ngrok-free.app'),
    });
    await until('ready', () => statuses.find((s) => s.state === 'ready'));
    expect(calls.filter((c) => c[0] === 'register')).toEqual([
      ['register', 'https://84c5df474.ngrok-free.app/webhooks'],
    ]);
  });

  it('registers a new URL printed later, then deletes the old endpoint', async () => {
    const next = join(tempDir(), 'next');
    const { calls, statuses } = start({
      mode: 'command',
      command: fakeCommand(
        'cloudflared:https://first.trycloudflare.com',
        `wait:${next}`,
        'cloudflared:https://second.trycloudflare.com',
      ),
    });
    await until('the first URL', () => statuses.find((s) => s.state === 'ready'));
    writeFileSync(next, '');
    await until('the second URL', () =>
      statuses.find((s) => s.state === 'ready' && s.publicUrl?.startsWith('https://second')),
    );
    expect(calls).toEqual([
      ['register', 'https://first.trycloudflare.com/webhooks'],
      ['save', '1', 'whsec_secret_1'],
      ['register', 'https://second.trycloudflare.com/webhooks'],
      ['save', '2', 'whsec_secret_2'],
      ['delete', '1'],
      ['forget', '1'],
    ]);
  });

  it('restarts a command that exits, reports it, and moves the endpoint to the new URL', async () => {
    const dir = tempDir();
    const exitNow = join(dir, 'exit');
    const { calls, statuses } = start({
      mode: 'command',
      command: fakeCommand(
        '--runs-file',
        join(dir, 'runs'),
        'cloudflared:https://run{run}.trycloudflare.com',
        `wait:${exitNow}`,
        'exit:3',
      ),
    });
    await until('the first run', () => statuses.find((s) => s.state === 'ready'));
    writeFileSync(exitNow, '');

    const failed = await until('the exit to be reported', () => statuses.find((s) => s.state === 'failed'));
    expect(failed.error).toMatchObject({
      code: 'tunnel.exited',
      message: expect.stringContaining('exited with code 3'),
    });
    expect(failed.retryInMs).toBe(50);
    expect(failed.message).toContain('Trying again');
    await until('the second run', () =>
      statuses.find((s) => s.state === 'ready' && s.publicUrl?.startsWith('https://run2.')),
    );
    expect(calls).toEqual([
      ['register', 'https://run1.trycloudflare.com/webhooks'],
      ['save', '1', 'whsec_secret_1'],
      ['register', 'https://run2.trycloudflare.com/webhooks'],
      ['save', '2', 'whsec_secret_2'],
      ['delete', '1'],
      ['forget', '1'],
    ]);
    expect(existsSync(exitNow)).toBe(false);
  });

  it('reports a command that cannot start, naming it, and does not retry', async () => {
    const { calls, statuses, tunnel } = start({
      mode: 'command',
      command: 'clipdesk-no-such-tunnel --url http://127.0.0.1:{port}',
    });
    const failed = await until('the failure', () => statuses.find((s) => s.state === 'failed'));
    expect(failed.error).toMatchObject({
      code: 'tunnel.command_not_found',
      message: expect.stringContaining('"clipdesk-no-such-tunnel"'),
    });
    expect(failed.retryInMs).toBeNull();
    expect(tunnel.status()).toBe(failed);
    expect(calls).toEqual([]);
  });

  it('stops and reports a command that prints no URL in time, with its last output', async () => {
    const { calls, statuses } = start(
      { mode: 'command', command: fakeCommand('noise') },
      { urlTimeoutMs: 500, backoff: { firstMs: 60_000, maxMs: 60_000 } },
    );
    const failed = await until('the timeout', () => statuses.find((s) => s.state === 'failed'));
    expect(failed.error).toMatchObject({
      code: 'tunnel.no_url',
      message: expect.stringContaining('no public https:// URL within 1 s'),
    });
    expect(failed.error?.message).toContain('https://localhost:');
    expect(failed.retryInMs).toBe(60_000);
    expect(calls).toEqual([]);
  });

  it('refuses a command without {port} before starting anything', async () => {
    const { statuses, calls } = start({ mode: 'command', command: 'cloudflared tunnel --url http://127.0.0.1:8080' });
    const failed = await until('the failure', () => statuses.find((s) => s.state === 'failed'));
    expect(failed.error).toMatchObject({ code: 'tunnel.command_invalid', message: expect.stringContaining('{port}') });
    expect(calls).toEqual([]);
  });
});

describe('registration failures', () => {
  it('retries a registration the service could not take now, then is ready', async () => {
    const unavailable = new AppFailure(appError('service.unavailable', 'try later', { status: 503 }));
    const { calls, statuses } = start(
      { mode: 'command', command: fakeCommand('cloudflared:https://retry.trycloudflare.com') },
      { failRegistrations: [unavailable] },
    );
    await until('ready', () => statuses.find((s) => s.state === 'ready'));
    expect(statuses.find((s) => s.state === 'failed')).toMatchObject({
      error: { code: 'service.unavailable' },
      retryInMs: 50,
    });
    expect(calls.filter((c) => c[0] === 'register')).toHaveLength(2);
  });

  it('reports a registration the service refuses, without retrying', async () => {
    const refused = new AppFailure(appError('webhook.url_not_https', 'url must start with https://', { status: 400 }));
    const { calls, statuses } = start({ mode: 'loopback' }, { failRegistrations: [refused] });
    const failed = await until('the failure', () => statuses.find((s) => s.state === 'failed'));
    expect(failed).toMatchObject({
      error: { code: 'webhook.url_not_https' },
      retryInMs: null,
      message: 'url must start with https://',
    });
    expect(calls).toEqual([['register', RECEIVER.url]]);
  });
});

describe("the 'none' choice", () => {
  it('registers nothing and says that jobs are polled', async () => {
    const { tunnel, calls } = start({ mode: 'none' });
    expect(tunnel.status()).toMatchObject({ state: 'off', message: expect.stringContaining('polled') });
    await tunnel.stop();
    expect(calls).toEqual([]);
  });
});
