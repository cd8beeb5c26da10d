// The real sandbox for the benchmarks: `node sandbox/main.ts` as a child process on
// 127.0.0.1 with a fresh data folder, started and stopped as a user's machine would. Kept
// apart from test/support (nothing imports test/), and small: a READY line, a restart on
// the same ports (for an offline period), keys issued through the central session, and a
// plain JSON client for setting things up outside the app. A restart may kill it (SIGKILL), as a
// crash would, for what the service must survive; its log lines are kept with the time each came.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { childrenCpuMs } from './processCpu.ts';

export const ROOT = resolve(import.meta.dirname, '../..');
/** Browser mode as `npm start` runs it: bundled by `npm run build`, which scripts/bench.sh runs first. */
export const BROWSER_MODE = join(ROOT, 'dist/browser/main.js');

export interface SandboxReady {
  createBaseUrl: string;
  apiKey: string;
  login: { email: string; password: string };
  origin: string;
  adminToken: string;
  /** The sandbox's process. */
  pid: number;
}

export interface LogLine {
  /** performance.now() when the line came. */
  atMs: number;
  line: string;
  /** The CPU time (ms) of the service's finished children then (processCpu.ts): what the work before the line took. */
  childrenCpuMs: number;
}

export interface BenchSandbox extends SandboxReady {
  dataDir: string;
  /** SIGTERM (a clean stop) unless told SIGKILL (a crash), and waits for the exit. */
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
  /** Stops it (as `stop`), then starts it again on the same data folder and ports. */
  restart(signal?: 'SIGTERM' | 'SIGKILL'): Promise<BenchSandbox>;
  /** Its stderr lines so far (the last few thousand), each with the time it came. */
  log(): LogLine[];
  /** Stops it and removes its data folder. */
  remove(): Promise<void>;
}

export interface SandboxOptions {
  jobSeconds?: number;
  args?: string[];
  dataDir?: string;
  port?: number;
}

export async function startBenchSandbox(options: SandboxOptions = {}): Promise<BenchSandbox> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'clipdesk-bench-sandbox-'));
  const args = [
    join(ROOT, 'sandbox/main.ts'),
    '--port',
    String(options.port ?? 0),
    '--data',
    dataDir,
    '--job-seconds',
    String(options.jobSeconds ?? 1),
    ...(options.args ?? []),
  ];
  const child: ChildProcess = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let errText = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    errText = (errText + chunk.toString()).slice(-20_000);
  });
  const lines: LogLine[] = [];
  createInterface({ input: child.stderr! }).on('line', (line) => {
    let cpuMs = NaN;
    try {
      cpuMs = childrenCpuMs(child.pid!);
    } catch {
      // It has exited and been reaped: its last lines come after.
    }
    lines.push({ atMs: performance.now(), line, childrenCpuMs: cpuMs });
    if (lines.length > 5000) lines.splice(0, 1000);
  });
  const ready = await new Promise<SandboxReady>((resolveReady, reject) => {
    const timer = setTimeout(() => reject(new Error(`the sandbox did not start in 30 s\n${errText}`)), 30_000);
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (!line.startsWith('SANDBOX READY ')) return;
      clearTimeout(timer);
      resolveReady(JSON.parse(line.slice('SANDBOX READY '.length)) as SandboxReady);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the sandbox exited with ${code} before it was ready\n${errText}`));
    });
  });

  async function stop(signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM'): Promise<void> {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    await exited;
  }

  return {
    ...ready,
    dataDir,
    stop,
    log: () => lines,
    async restart(signal) {
      await stop(signal);
      return startBenchSandbox({ ...options, dataDir, port: Number(new URL(ready.origin).port) });
    },
    async remove() {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface JsonAnswer {
  status: number;
  body: any;
}

export type JsonCall = (
  method: string,
  path: string,
  options?: { body?: unknown; headers?: Record<string, string>; form?: FormData },
) => Promise<JsonAnswer>;

/** A plain client for setting things up outside the app: the key as a Bearer token, JSON in and out. */
export function jsonClient(baseUrl: string, apiKey: string): JsonCall {
  return async (method, path, options = {}) => {
    const headers: Record<string, string> = { authorization: `Bearer ${apiKey}`, ...options.headers };
    let body: BodyInit | undefined;
    if (options.form) body = options.form;
    else if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const res = await fetch(`${baseUrl}${path}`, { method, headers, body });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
}

/** Answers anything but `status` with an error that shows what the sandbox said. */
export function expectStatus(answer: JsonAnswer, status: number, what: string): any {
  if (answer.status !== status)
    throw new Error(`${what}: expected ${status}, got ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body?.data;
}

/**
 * Issues one more API key per name through the central session (each key has its own 120
 * requests a minute, so the benchmark's helpers never spend the budget being measured).
 */
export async function issueKeys(sandbox: SandboxReady, names: string[]): Promise<string[]> {
  const signIn = await fetch(`${sandbox.origin}/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(sandbox.login),
  });
  if (signIn.status !== 200) throw new Error(`sign-in: ${signIn.status} ${await signIn.text()}`);
  const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
  const { data } = (await signIn.json()) as { data: { csrfToken: string } };
  const tokens: string[] = [];
  for (const name of names) {
    const res = await fetch(`${sandbox.createBaseUrl}/keys`, {
      method: 'POST',
      headers: { cookie, origin: sandbox.origin, 'x-csrf-token': data.csrfToken, 'content-type': 'application/json' },
      body: JSON.stringify({ name, expiresInDays: 1 }),
    });
    const text = await res.text();
    if (res.status !== 201) throw new Error(`issuing key "${name}": ${res.status} ${text}`);
    tokens.push((JSON.parse(text) as { data: { token: string } }).data.token);
  }
  return tokens;
}

export async function newProject(call: JsonCall, name: string): Promise<number> {
  return expectStatus(await call('POST', '/projects', { body: { name } }), 201, 'creating a project').id as number;
}
