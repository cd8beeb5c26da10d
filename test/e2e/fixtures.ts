// The e2e fixture (after Bruno's): each test gets browser mode started on a fresh temporary
// user-data folder and its own keychain service name, the page opened at the URL it
// printed, and every WebSocket frame of the run recorded; afterwards everything is stopped
// within a bound and removed. Nothing is built here (globalSetup builds once).
// Every test fails on an uncaught error in the page or an error written to its console,
// unless the test names the one it causes on purpose (app.allowConsoleError).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { test as base, expect, type Page } from '@playwright/test';
import keytar from 'keytar';
import { workspaceAccount } from '../support/profileKeychain.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const READY = 'CLIPDESK BROWSER READY ';
const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 10_000;

export interface Frame {
  readonly direction: 'sent' | 'received';
  readonly payload: string;
}

export interface BrowserApp {
  readonly url: string;
  readonly userDataDir: string;
  /** The keychain service this run files its secrets under. */
  readonly keychainService: string;
  /** Every WebSocket frame the page sent or received so far. */
  readonly frames: Frame[];
  /** What browser mode (and the sandbox under it) wrote to stderr. */
  stderr(): string;
  /** The local workspace's secrets, read straight from the Secret Service. */
  localSecrets(): Promise<{ createApiKey: string; messagingApiKey: string } | null>;
  /** The local sandbox's Create API address, as the contract reported it. */
  localCreateBaseUrl(): string;
  /**
   * A console error this test causes on purpose (say why at the call): errors matching
   * `pattern` do not fail it. Uncaught page errors always do.
   */
  allowConsoleError(pattern: RegExp): void;
  /**
   * Stops browser mode (and the local sandbox under it) as the user quitting does, starts it
   * again on the same user-data folder and keychain, and opens the page at its new address:
   * what a restart keeps is what main and the sandbox wrote to disk. `frames` start afresh.
   */
  restart(): Promise<void>;
}

/** Uncaught errors and console errors of the page, each as one line. */
function watchPageErrors(page: Page): { problems(allowed: readonly RegExp[]): string[] } {
  const seen: { kind: 'uncaught' | 'console'; text: string }[] = [];
  page.on('pageerror', (error) => seen.push({ kind: 'uncaught', text: error.stack ?? error.message }));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const where = message.location().url ? ` (${message.location().url}:${message.location().lineNumber})` : '';
    seen.push({ kind: 'console', text: `${message.text()}${where}` });
  });
  return {
    problems: (allowed) =>
      seen
        .filter((entry) => entry.kind === 'uncaught' || !allowed.some((pattern) => pattern.test(entry.text)))
        .map((entry) => `${entry.kind === 'uncaught' ? 'Uncaught error' : 'Console error'}: ${entry.text}`),
  };
}

function waitForReady(child: ChildProcess, stderr: () => string): Promise<{ url: string }> {
  return new Promise((resolveReady, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`browser mode did not start in ${START_TIMEOUT_MS} ms\n${stderr()}`)),
      START_TIMEOUT_MS,
    );
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (!line.startsWith(READY)) return;
      clearTimeout(timer);
      resolveReady(JSON.parse(line.slice(READY.length)) as { url: string });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`browser mode exited with ${code} before it was ready\n${stderr()}`));
    });
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

export const test = base.extend<{ app: BrowserApp; appEnv: Readonly<Record<string, string>> }>({
  /** More environment for browser mode (e.g. CLIPDESK_SANDBOX_TRANSCRIBE_CHUNK_MS): `test.use({ appEnv })`. */
  appEnv: [{}, { option: true }],
  // Automatic: every test starts on the page browser mode serves, whether it reads `app` or not.
  app: [
    async ({ page, appEnv }, use, testInfo) => {
      const userDataDir = mkdtempSync(join(tmpdir(), 'clipdesk-e2e-'));
      const keychainService = `Clipdesk-e2e-${randomUUID()}`;
      const launch = () =>
        spawn(process.execPath, [join(ROOT, 'dist/browser/main.js'), '--user-data', userDataDir, '--port', '0'], {
          cwd: ROOT,
          env: {
            ...process.env,
            CLIPDESK_KEYCHAIN_SERVICE: keychainService,
            CLIPDESK_SANDBOX_JOB_SECONDS: '0.5',
            ...appEnv,
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
      let child = launch();
      let errText = '';
      /** Where this run's local sandbox said it listens (browser mode logs it as it starts). */
      let sandboxOrigin: string | null = null;
      const hearErrors = (started: ChildProcess) =>
        started.stderr!.on('data', (chunk: Buffer) => {
          errText = (errText + chunk.toString()).slice(-200_000);
          const ready = /local sandbox ready at (http:\/\/127\.0\.0\.1:\d+)/.exec(chunk.toString());
          if (ready) sandboxOrigin = ready[1]!;
        });
      hearErrors(child);
      const frames: Frame[] = [];
      const pageErrors = watchPageErrors(page);
      const allowed: RegExp[] = [];
      page.on('websocket', (socket) => {
        socket.on('framesent', (frame) => frames.push({ direction: 'sent', payload: String(frame.payload) }));
        socket.on('framereceived', (frame) => frames.push({ direction: 'received', payload: String(frame.payload) }));
      });

      try {
        let { url } = await waitForReady(child, () => errText);
        await page.goto(url);
        await use({
          get url() {
            return url;
          },
          userDataDir,
          keychainService,
          frames,
          stderr: () => errText,
          async localSecrets() {
            const entry = await keytar.getPassword(keychainService, workspaceAccount(userDataDir));
            if (entry === null) return null;
            const parsed = JSON.parse(entry) as {
              createApiKey: { secret: string };
              messagingApiKey: { secret: string };
            };
            return { createApiKey: parsed.createApiKey.secret, messagingApiKey: parsed.messagingApiKey.secret };
          },
          localCreateBaseUrl() {
            // The latest: after a restart the sandbox listens on another port.
            for (const frame of [...frames].reverse()) {
              const match = /"createBaseUrl":"(http:\/\/127\.0\.0\.1:\d+\/api\/v1)"/.exec(frame.payload);
              if (match) return match[1]!;
            }
            if (sandboxOrigin) return `${sandboxOrigin}/api/v1`;
            throw new Error('no frame carried the local workspace address yet');
          },
          allowConsoleError: (pattern) => void allowed.push(pattern),
          async restart() {
            // The window closes first, as when the user quits: no page is left talking to a stopped main.
            await page.goto('about:blank');
            await stop(child);
            frames.length = 0;
            sandboxOrigin = null;
            child = launch();
            hearErrors(child);
            ({ url } = await waitForReady(child, () => errText));
            await page.goto(url);
          },
        });
        const problems = pageErrors.problems(allowed);
        if (problems.length > 0) throw new Error(`The page reported errors:\n${problems.join('\n')}`);
      } finally {
        await page.close().catch(() => {});
        await stop(child);
        if (testInfo.status !== testInfo.expectedStatus)
          await testInfo.attach('browser-mode.log', { body: errText, contentType: 'text/plain' });
        for (const { account } of await keytar.findCredentials(keychainService).catch(() => [])) {
          await keytar.deletePassword(keychainService, account);
        }
        rmSync(userDataDir, { recursive: true, force: true });
      }
    },
    { auto: true },
  ],
});

export { expect };
