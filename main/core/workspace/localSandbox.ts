// The local workspace's service: the bundled sandbox as a child process (main/core never
// imports sandbox/: it stands alone, so it is run, not linked). It listens on a free
// loopback port with its data under the app's data folder and prints one READY line;
// its API keys go straight into the keychain and are not kept here. Its database keeps no
// secret in clear: its keys and webhook signing secrets are derived from a master secret the
// app keeps in the keychain and hands over standard input (never argv or the environment,
// which other local users can read), so a restart gives the same keys.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { z } from 'zod';
import { appFailure } from '../errors/appErrors.ts';

const READY_PREFIX = 'SANDBOX READY ';
const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 5_000;

const ReadyLineSchema = z.object({
  createBaseUrl: z.string(),
  messagingBaseUrl: z.string(),
  origin: z.string(),
  apiKey: z.string().min(1),
  messagingApiKey: z.string().min(1),
  pid: z.number().int(),
});

/** Where the running sandbox answers: no secrets here. */
export interface SandboxAddress {
  readonly origin: string;
  readonly createBaseUrl: string;
  readonly messagingBaseUrl: string;
  readonly pid: number;
}

export interface SandboxKeys {
  readonly apiKey: string;
  readonly messagingApiKey: string;
}

export interface LocalSandboxOptions {
  /** sandbox/main.ts of this installation. */
  readonly script: string;
  readonly dataDir: string;
  /** 0: a free port each start. */
  readonly port: number;
  /** The Node that runs it: node, or Electron with ELECTRON_RUN_AS_NODE. */
  readonly execPath?: string;
  readonly extraArgs?: readonly string[];
  /** The master secret its keys are derived from (kept in the keychain); absent: a new one at each start. */
  readonly masterSecret?: () => Promise<string>;
  /** Receives the keys of each start (and where it answers), to put them in the keychain before the sandbox counts as ready. */
  readonly saveKeys: (keys: SandboxKeys, address: SandboxAddress) => Promise<void>;
  /** Told when the sandbox exits without being asked to. */
  readonly onUnexpectedExit?: (detail: string) => void;
  readonly log?: (line: string) => void;
}

export interface LocalSandbox {
  /** Starts it when it is not running (or stopped since); resolves once it answers and its keys are saved. */
  ensureStarted(): Promise<SandboxAddress>;
  /** The address while it runs, else null. */
  address(): SandboxAddress | null;
  /**
   * Stops it (if it runs) and starts it again: its start provisions the app's key anew from the
   * master secret (a key that no longer works is replaced), and saveKeys stores it for the
   * address it answers at now. How the local workspace repairs its key.
   */
  restart(): Promise<SandboxAddress>;
  stop(): Promise<void>;
}

export function createLocalSandbox(options: LocalSandboxOptions): LocalSandbox {
  const log = options.log ?? (() => {});
  let child: ChildProcess | null = null;
  let starting: Promise<SandboxAddress> | null = null;
  let current: SandboxAddress | null = null;
  let stopping = false;
  /** A child stopped on purpose by restart(): its exit is no surprise. */
  let replaced: ChildProcess | null = null;

  async function start(): Promise<SandboxAddress> {
    mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
    const masterSecret = options.masterSecret ? await options.masterSecret() : undefined;
    const args = [
      options.script,
      '--port',
      String(options.port),
      '--data',
      options.dataDir,
      '--allow-insecure-webhooks',
      // It stops by itself when this process is gone, however it ended (a SIGKILL sends no signal on).
      '--parent-pid',
      String(process.pid),
      ...(masterSecret === undefined ? [] : ['--master-secret-stdin']),
      ...(options.extraArgs ?? []),
    ];
    const proc = spawn(options.execPath ?? process.execPath, args, {
      // Electron runs scripts as plain Node only when told to; Node ignores the variable.
      env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
      stdio: [masterSecret === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    child = proc;
    if (masterSecret !== undefined) {
      // A child that dies before reading it closes the pipe: its exit says why, not this write.
      proc.stdin!.on('error', () => {});
      proc.stdin!.end(`${masterSecret}\n`);
    }
    let stderrTail = '';
    proc.stderr!.setEncoding('utf8');
    proc.stderr!.on('data', (chunk: string) => {
      stderrTail = (stderrTail + chunk).slice(-4000);
      for (const line of chunk.split('\n'))
        if (line.trim()) log(line.startsWith('[sandbox]') ? line : `[sandbox] ${line}`);
    });

    return new Promise<SandboxAddress>((resolve, reject) => {
      let settled = false;
      const settle = (fn: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        fn();
      };
      const timer = setTimeout(() => {
        settle(() =>
          reject(
            appFailure(
              'sandbox.start_failed',
              `The local sandbox did not start within ${START_TIMEOUT_MS / 1000} s. ${stderrTail.trim()}`,
            ),
          ),
        );
        proc.kill('SIGKILL');
      }, START_TIMEOUT_MS);
      const lines = createInterface({ input: proc.stdout! });
      lines.on('line', (line) => {
        if (!line.startsWith(READY_PREFIX) || settled) return;
        let ready: z.infer<typeof ReadyLineSchema>;
        try {
          ready = ReadyLineSchema.parse(JSON.parse(line.slice(READY_PREFIX.length)));
        } catch {
          settle(() =>
            reject(appFailure('sandbox.start_failed', 'The local sandbox printed a READY line Clipdesk cannot read.')),
          );
          proc.kill('SIGTERM');
          return;
        }
        const address: SandboxAddress = {
          origin: ready.origin,
          createBaseUrl: ready.createBaseUrl,
          messagingBaseUrl: ready.messagingBaseUrl,
          pid: ready.pid,
        };
        options.saveKeys({ apiKey: ready.apiKey, messagingApiKey: ready.messagingApiKey }, address).then(
          () =>
            settle(() => {
              current = address;
              log(`local sandbox ready at ${address.origin} (pid ${address.pid})`);
              resolve(address);
            }),
          (err: unknown) => {
            settle(() => reject(err));
            proc.kill('SIGTERM');
          },
        );
      });
      proc.once('error', (err) =>
        settle(() => reject(appFailure('sandbox.start_failed', `The local sandbox could not be run: ${err.message}`))),
      );
      proc.once('exit', (code, signal) => {
        if (child === proc) child = null;
        current = null;
        const detail = `The local sandbox exited (${signal ?? `code ${code}`}). ${stderrTail.trim().slice(-1000)}`;
        if (!settled) settle(() => reject(appFailure('sandbox.start_failed', detail)));
        else if (!stopping && replaced !== proc) options.onUnexpectedExit?.(detail);
      });
    });
  }

  function ensureStarted(): Promise<SandboxAddress> {
    if (current && child) return Promise.resolve(current);
    if (stopping) return Promise.reject(appFailure('sandbox.stopped', 'Clipdesk is shutting down the local sandbox.'));
    starting ??= start().finally(() => {
      starting = null;
    });
    return starting;
  }

  return {
    ensureStarted,
    address: () => current,
    async restart() {
      if (stopping) throw appFailure('sandbox.stopped', 'Clipdesk is shutting down the local sandbox.');
      await starting?.catch(() => undefined);
      const proc = child;
      if (proc && proc.exitCode === null && proc.signalCode === null) {
        replaced = proc;
        const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
        proc.kill('SIGTERM');
        const timer = setTimeout(() => proc.kill('SIGKILL'), STOP_TIMEOUT_MS);
        await exited;
        clearTimeout(timer);
      }
      return ensureStarted();
    },
    async stop() {
      stopping = true;
      const proc = child;
      if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}
