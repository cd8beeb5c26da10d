// How the service reaches the receiver, per the workspace's tunnel choice:
//  - none: nothing is registered; jobs are polled.
//  - loopback: the service runs on this machine (the local sandbox) and posts to
//    http://127.0.0.1:<port>/webhooks directly.
//  - command: the user's tunnel client (cloudflared, ngrok, …) runs as a child process,
//    without a shell, with {port} filled in; the first public https origin it prints is
//    registered (+ the receiver's path). A later, different URL is registered and the old
//    endpoint deleted; when the command exits it is started again with backoff.
// The state goes to onStatus: starting, ready, failed (with a message), off, stopped.
import { spawn, type ChildProcess } from 'node:child_process';
import type { Readable } from 'node:stream';
import { appError, toAppError, type AppError } from '../../../shared/appError.ts';
import type { Tunnel } from '../settings/settingsSchema.ts';
import {
  backoffDelay,
  createEndpointKeeper,
  DEFAULT_BACKOFF,
  type Backoff,
  type EndpointServices,
} from './endpointKeeper.ts';
import { parseTunnelCommand, tunnelUrlIn } from './tunnelCommand.ts';

export type TunnelState = 'off' | 'starting' | 'ready' | 'failed' | 'stopped';

export interface TunnelStatus {
  readonly state: TunnelState;
  /** One sentence for the user. */
  readonly message: string;
  /** The URL the service delivers to (ready only). */
  readonly publicUrl: string | null;
  readonly endpointId: string | null;
  readonly error: AppError | null;
  /** When failed: how long until the next try, or null when only the user can fix it. */
  readonly retryInMs: number | null;
}

export interface TunnelOptions extends EndpointServices {
  /** The receiver: its port fills {port}; its URL's path is appended to the tunnel's origin. */
  readonly receiver: { readonly port: number; readonly url: string };
  readonly onStatus?: (status: TunnelStatus) => void;
  /** How long the command may take to print its URL before it is restarted. */
  readonly urlTimeoutMs?: number;
  readonly backoff?: Backoff;
  /** After SIGTERM, how long the command has to exit before SIGKILL. */
  readonly killGraceMs?: number;
}

export interface TunnelHandle {
  status(): TunnelStatus;
  /** Stops the command and deletes the registered endpoint (its secret is forgotten). */
  stop(): Promise<void>;
}

const DEFAULT_URL_TIMEOUT_MS = 30_000;
/** A command that kept its URL this long has its restart backoff reset. */
const STABLE_MS = 30_000;
const MAX_LINE = 4_096;
const KEPT_LINES = 5;

function status(state: TunnelState, message: string, extra: Partial<TunnelStatus> = {}): TunnelStatus {
  return { state, message, publicUrl: null, endpointId: null, error: null, retryInMs: null, ...extra };
}

function failedStatus(error: AppError, retryInMs: number | null): TunnelStatus {
  const then = retryInMs === null ? '' : ` Trying again in ${Math.ceil(retryInMs / 1000)} s.`;
  return status('failed', `${error.message}${then}`, { error, retryInMs });
}

/** Calls onLine for each line of the stream; overlong lines are cut, so a chatty command cannot fill memory. */
function eachLine(stream: Readable, onLine: (line: string) => void): void {
  let pending = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    const parts = (pending + chunk).split(/\r?\n|\r/);
    pending = parts.pop()!.slice(-MAX_LINE);
    for (const part of parts) onLine(part.slice(0, MAX_LINE));
  });
  stream.on('end', () => {
    if (pending) onLine(pending);
  });
}

export function startTunnel(choice: Tunnel, options: TunnelOptions): TunnelHandle {
  let current = status('off', 'No tunnel: job results are polled.');
  const report = (next: TunnelStatus) => {
    current = next;
    options.onStatus?.(next);
  };
  const path = new URL(options.receiver.url).pathname;
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  let stopped = false;

  const keeper = createEndpointKeeper(
    options,
    {
      registering: (url) => report(status('starting', `Registering ${url} with the service…`)),
      registered: (url, endpointId) =>
        report(status('ready', `Receiving webhooks at ${url}.`, { publicUrl: url, endpointId })),
      failed: (error, retryInMs) => report(failedStatus(error, retryInMs)),
    },
    backoff,
  );

  if (choice.mode === 'none') {
    report(current);
    return {
      status: () => current,
      async stop() {
        report(status('stopped', 'The tunnel is stopped.'));
      },
    };
  }

  if (choice.mode === 'loopback') {
    keeper.want(options.receiver.url);
    return {
      status: () => current,
      async stop() {
        if (stopped) return;
        stopped = true;
        await keeper.release();
        report(status('stopped', 'The tunnel is stopped.'));
      },
    };
  }

  const commandText = choice.command;
  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();
  let restartTimer: NodeJS.Timeout | undefined;
  let failures = 0;

  /** SIGTERM, then SIGKILL if the command is still running after the grace period. */
  function terminate(proc: ChildProcess): void {
    const kill = setTimeout(() => proc.kill('SIGKILL'), options.killGraceMs ?? 3_000);
    proc.once('exit', () => clearTimeout(kill));
    proc.kill('SIGTERM');
  }

  function launch(): void {
    if (stopped) return;
    let command: { program: string; args: string[] };
    try {
      command = parseTunnelCommand(commandText, options.receiver.port);
    } catch (error) {
      report(failedStatus(toAppError(error), null));
      return;
    }
    report(status('starting', `Starting the tunnel command ${command.program}…`));
    const lastLines: string[] = [];
    let urlAt: number | null = null;
    let spawnError: NodeJS.ErrnoException | null = null;
    let timedOut = false;
    let ended = false;

    let proc: ChildProcess;
    try {
      proc = spawn(command.program, command.args, {
        stdio: ['ignore', 'pipe', 'pipe'],
        shell: false,
        windowsHide: true,
      });
    } catch (error) {
      // Arguments Node refuses outright (e.g. a NUL character): only the user can fix them.
      const message = error instanceof Error ? error.message : String(error);
      report(failedStatus(appError('tunnel.command_invalid', `The tunnel command cannot be run: ${message}`), null));
      return;
    }
    child = proc;
    const urlTimer = setTimeout(() => {
      timedOut = true;
      terminate(proc);
    }, options.urlTimeoutMs ?? DEFAULT_URL_TIMEOUT_MS);

    const onLine = (line: string) => {
      if (line.trim()) {
        lastLines.push(line.trim().slice(0, 300));
        if (lastLines.length > KEPT_LINES) lastLines.shift();
      }
      const origin = tunnelUrlIn(line);
      if (!origin || stopped || ended) return;
      urlAt ??= Date.now();
      clearTimeout(urlTimer);
      keeper.want(`${origin}${path}`);
    };
    eachLine(proc.stdout!, onLine);
    eachLine(proc.stderr!, onLine);

    exited = new Promise<void>((resolve) => {
      let closeFallback: NodeJS.Timeout | undefined;
      const finish = (code: number | null, signal: NodeJS.Signals | null) => {
        if (ended) return;
        ended = true;
        clearTimeout(urlTimer);
        clearTimeout(closeFallback);
        if (child === proc) child = null;
        resolve();
        if (!stopped) afterExit(command.program, { code, signal, spawnError, timedOut, urlAt, lastLines });
      };
      proc.once('error', (error: NodeJS.ErrnoException) => {
        spawnError = error;
        // A process that never started emits no 'close' of its own on every platform.
        if (proc.pid === undefined) finish(null, null);
      });
      // 'close' comes once the output is read to its end; a grandchild holding the pipes
      // open must not keep an exited command looking alive, hence the fallback on 'exit'.
      proc.once('exit', (code, signal) => {
        closeFallback = setTimeout(() => finish(code, signal), 500);
      });
      proc.once('close', finish);
    });
  }

  function afterExit(
    program: string,
    how: {
      code: number | null;
      signal: NodeJS.Signals | null;
      spawnError: NodeJS.ErrnoException | null;
      timedOut: boolean;
      urlAt: number | null;
      lastLines: string[];
    },
  ): void {
    const output = how.lastLines.length > 0 ? ` Its last output: ${how.lastLines.join(' / ')}` : '';
    let error: AppError;
    let permanent = false;
    if (how.spawnError?.code === 'ENOENT') {
      error = appError(
        'tunnel.command_not_found',
        `The tunnel command could not start: there is no program "${program}" (install it, or give its full path).`,
      );
      permanent = true;
    } else if (how.spawnError?.code === 'EACCES') {
      error = appError(
        'tunnel.command_not_permitted',
        `The tunnel command could not start: "${program}" is not executable (check its permissions).`,
      );
      permanent = true;
    } else if (how.spawnError) {
      error = appError(
        'tunnel.command_failed',
        `The tunnel command "${program}" could not start: ${how.spawnError.message}.`,
      );
    } else if (how.timedOut) {
      error = appError(
        'tunnel.no_url',
        `The tunnel command "${program}" printed no public https:// URL within ${Math.round((options.urlTimeoutMs ?? DEFAULT_URL_TIMEOUT_MS) / 1000)} s, so it was stopped.${output}`,
      );
    } else {
      const why = how.signal ? `was ended by ${how.signal}` : `exited with code ${how.code}`;
      error = appError('tunnel.exited', `The tunnel command "${program}" ${why}.${output}`);
    }
    if (permanent) return report(failedStatus(error, null));
    if (how.urlAt !== null && Date.now() - how.urlAt >= STABLE_MS) failures = 0;
    failures++;
    const delay = backoffDelay(backoff, failures);
    report(failedStatus(error, delay));
    restartTimer = setTimeout(launch, delay);
  }

  launch();
  return {
    status: () => current,
    async stop() {
      if (stopped) return;
      stopped = true;
      clearTimeout(restartTimer);
      if (child) {
        terminate(child);
        await exited;
      }
      await keeper.release();
      report(status('stopped', 'The tunnel is stopped.'));
    },
  };
}
