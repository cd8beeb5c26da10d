// The app in browser mode as a benchmark drives it: `node dist/browser/main.js` on a fresh
// data folder, its local workspace chosen in headless Chromium, and the workspace's own API
// key (from the Secret Service) and the sandbox's admin token (set through the environment)
// for building projects and seeding transcripts behind it.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import type { Page } from '@playwright/test';
import keytar from 'keytar';
import { BROWSER_MODE, ROOT } from './benchSandbox.ts';

const READY = 'CLIPDESK BROWSER READY ';

export interface BrowserModeApp {
  child: ChildProcess;
  url: string;
  keychainService: string;
  /** The local sandbox's /_sandbox token (CLIPDESK_SANDBOX_ADMIN_TOKEN). */
  adminToken: string;
  stderr(): string;
}

/** `env`: more of the app's environment (e.g. CLIPDESK_SANDBOX_JOB_SECONDS for short jobs). */
export async function launchBrowserMode(userData: string, env: Record<string, string> = {}): Promise<BrowserModeApp> {
  const keychainService = `Clipdesk-bench-${randomUUID()}`;
  const adminToken = randomBytes(24).toString('base64url');
  const child = spawn(process.execPath, [BROWSER_MODE, '--user-data', userData, '--port', '0'], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...env,
      CLIPDESK_KEYCHAIN_SERVICE: keychainService,
      CLIPDESK_SANDBOX_ADMIN_TOKEN: adminToken,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errText = '';
  child.stderr!.on('data', (chunk: Buffer) => (errText = (errText + chunk.toString()).slice(-20_000)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`browser mode did not start in 60 s\n${errText}`)), 60_000);
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (!line.startsWith(READY)) return;
      clearTimeout(timer);
      resolve((JSON.parse(line.slice(READY.length)) as { url: string }).url);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`browser mode exited with ${code}\n${errText}`));
    });
  });
  return { child, url, keychainService, adminToken, stderr: () => errText };
}

export async function stopBrowserMode(app: BrowserModeApp): Promise<void> {
  const { child } = app;
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }
  for (const { account } of await keytar.findCredentials(app.keychainService).catch(() => []))
    await keytar.deletePassword(app.keychainService, account);
}

export type ServiceCall = (method: string, path: string, body?: unknown, form?: FormData) => Promise<any>;

/** Chooses the local workspace; answers its API base, the workspace's key and a client with it. */
export async function useLocalWorkspace(
  page: Page,
  app: BrowserModeApp,
): Promise<{ baseUrl: string; apiKey: string; call: ServiceCall }> {
  let baseUrl: string | null = null;
  page.on('websocket', (socket) =>
    socket.on('framereceived', (frame) => {
      baseUrl ??= /"createBaseUrl":"(http:\/\/127\.0\.0\.1:\d+\/api\/v1)"/.exec(String(frame.payload))?.[1] ?? null;
    }),
  );
  await page.goto(app.url);
  await page.getByRole('button', { name: 'Use the local workspace' }).click();
  await page.getByRole('navigation', { name: 'Main' }).waitFor({ timeout: 60_000 });
  for (let i = 0; i < 200 && baseUrl === null; i++) await new Promise((r) => setTimeout(r, 100));
  if (baseUrl === null) throw new Error('the app never sent the workspace address over its socket');
  let stored: string | null = null;
  for (let i = 0; i < 100 && stored === null; i++) {
    // Named `workspace:local`, or `profile:<id>/workspace:local` once the profile has an id.
    const entries = await keytar.findCredentials(app.keychainService);
    stored = entries.find((e) => e.account.endsWith('workspace:local'))?.password ?? null;
    if (stored === null) await new Promise((r) => setTimeout(r, 100));
  }
  if (stored === null)
    throw new Error(`the local workspace's keys are not in the Secret Service (${app.keychainService})`);
  const secrets = JSON.parse(stored) as { createApiKey: { secret: string } };
  const apiKey = secrets.createApiKey.secret;
  const base: string = baseUrl;
  const call: ServiceCall = async (method, path, body, form) => {
    const headers: Record<string, string> = { authorization: `Bearer ${apiKey}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (method === 'POST' && path.endsWith('/commands')) headers['idempotency-key'] = randomUUID();
    const res = await fetch(`${base}${path}`, {
      method,
      headers,
      body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    const json = (await res.json()) as { data?: unknown; error?: { code: string; message: string } };
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${json.error?.code} ${json.error?.message}`);
    return json.data;
  };
  return { baseUrl: base, apiKey, call };
}
