// Starts the real sandbox CLI (`node sandbox/main.ts`) as a child process on a free
// loopback port with a fresh data folder, and waits for its READY line. It hands over a master
// secret on standard input, as the app does (kept for restart, so a restarted service gives
// the same keys and webhook signing secrets, as the app's local workspace does).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';

export interface SandboxReady {
  createBaseUrl: string;
  apiKey: string;
  login: { email: string; password: string };
  supportLogin: { email: string; password: string };
  origin: string;
  adminToken: string;
  messagingBaseUrl: string;
  messagingApiKey: string;
  pid: number;
}

export interface RunningSandbox extends SandboxReady {
  dataDir: string;
  /** What the service derives its keys from: a service started again on `dataDir` needs it to keep them. */
  masterSecret: string;
  process: ChildProcess;
  /** Output the sandbox wrote to stderr, for failure messages. */
  stderr(): string;
  /** SIGTERM and wait for exit. Keeps the data folder unless `removeData`. */
  stop(options?: { removeData?: boolean }): Promise<void>;
  /** Stop, then start again on the same data folder and ports. */
  restart(extraArgs?: string[]): Promise<RunningSandbox>;
  /** Call a sandbox-only admin route. */
  admin(method: string, path: string, body?: unknown): Promise<Response>;
}

const ROOT = resolve(import.meta.dirname, '../..');

export async function startSandboxProcess(
  options: {
    args?: string[];
    dataDir?: string;
    port?: number;
    messagingPort?: number;
    jobSeconds?: number;
    masterSecret?: string;
  } = {},
): Promise<RunningSandbox> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'clipdesk-sandbox-'));
  const masterSecret = options.masterSecret ?? randomBytes(32).toString('base64url');
  const args = [
    join(ROOT, 'sandbox/main.ts'),
    '--port',
    String(options.port ?? 0),
    '--data',
    dataDir,
    '--messaging-port',
    String(options.messagingPort ?? 0),
    '--job-seconds',
    String(options.jobSeconds ?? 0.5),
    '--master-secret-stdin',
    ...(options.args ?? []),
  ];
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
  child.stdin!.on('error', () => {});
  child.stdin!.end(`${masterSecret}\n`);
  let errText = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    errText += chunk.toString();
    if (errText.length > 200_000) errText = errText.slice(-100_000);
  });

  const ready = await new Promise<SandboxReady>((resolveReady, reject) => {
    const timer = setTimeout(() => reject(new Error(`sandbox did not start in 20 s\n${errText}`)), 20_000);
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      if (line.startsWith('SANDBOX READY ')) {
        clearTimeout(timer);
        resolveReady(JSON.parse(line.slice('SANDBOX READY '.length)) as SandboxReady);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`sandbox exited with ${code} before it was ready\n${errText}`));
    });
  });

  const running: RunningSandbox = {
    ...ready,
    dataDir,
    masterSecret,
    process: child,
    stderr: () => errText,
    async stop({ removeData = false } = {}) {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      if (removeData) rmSync(dataDir, { recursive: true, force: true });
    },
    async restart(extraArgs = options.args ?? []) {
      await running.stop();
      // Same data folder and the same ports, as a service that comes back would have.
      const port = Number(new URL(ready.origin).port);
      const messagingPort = Number(new URL(ready.messagingBaseUrl).port);
      return startSandboxProcess({ ...options, args: extraArgs, dataDir, port, messagingPort, masterSecret });
    },
    admin(method, path, body) {
      return fetch(`${ready.origin}${path}`, {
        method,
        headers: {
          'x-sandbox-admin': ready.adminToken,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    },
  };
  return running;
}

/** A small client for tests: the key is sent as a Bearer token; JSON in and out. */
export function apiClient(baseUrl: string, apiKey: string) {
  return async function call(
    method: string,
    path: string,
    options: { body?: unknown; headers?: Record<string, string>; form?: FormData } = {},
  ): Promise<{ status: number; headers: Headers; body: any }> {
    const headers: Record<string, string> = { authorization: `Bearer ${apiKey}`, ...options.headers };
    let body: BodyInit | undefined;
    if (options.form) body = options.form;
    else if (options.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    }
    const res = await fetch(`${baseUrl}${path}`, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, headers: res.headers, body: parsed };
  };
}

export type ApiCall = ReturnType<typeof apiClient>;

/**
 * Polls `GET path` until data.state is terminal. It polls as a client must: a 429 waits
 * for its Retry-After, so a long job never spends the key's whole minute of requests.
 */
export async function waitForJob(call: ApiCall, path: string, timeoutMs = 30_000): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await call('GET', path);
    const state = res.body?.data?.state;
    if (['completed', 'failed', 'cancelled'].includes(state)) return res.body.data;
    if (Date.now() > deadline)
      throw new Error(`job at ${path} still ${state ?? `answering ${res.status}`} after ${timeoutMs} ms`);
    const wait = res.status === 429 ? Number(res.headers.get('retry-after') ?? 1) * 1000 : 300;
    await new Promise((r) => setTimeout(r, wait));
  }
}
