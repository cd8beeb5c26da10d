// Everything the app and its local service write is readable by the user alone: files 0600,
// folders 0700, whatever the login's umask (most are 022, which made the journal, the settings
// and the service's database — keys, accounts, media — readable by every local user).
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import keytar from 'keytar';
import { afterAll, describe, expect, it } from 'vitest';
import { apiClient, startSandboxProcess } from '../support/sandboxProcess.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const SERVICE = `Clipdesk-permissions-${randomUUID()}`;
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  for (const { account } of await keytar.findCredentials(SERVICE)) await keytar.deletePassword(SERVICE, account);
});

/** Every path under `root` (itself excluded) that someone else than its owner may read, write or enter. */
function openToOthers(root: string): string[] {
  const found: string[] = [];
  const visit = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      const stat = statSync(path);
      if ((stat.mode & 0o077) !== 0) found.push(`${relative(root, path)} ${(stat.mode & 0o777).toString(8)}`);
      if (stat.isDirectory()) visit(path);
    }
  };
  visit(root);
  return found;
}

describe('files the app writes', () => {
  it('are the user’s alone under browser mode’s profile', async () => {
    const userDataDir = mkdtempSync(join(tmpdir(), 'clipdesk-perms-'));
    dirs.push(userDataDir);
    const child = spawn(
      process.execPath,
      [join(ROOT, 'main/browserMode/main.ts'), '--user-data', userDataDir, '--port', '0'],
      {
        env: { ...process.env, CLIPDESK_KEYCHAIN_SERVICE: SERVICE },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    try {
      const url = await new Promise<string>((resolveReady, reject) => {
        createInterface({ input: child.stdout! }).on('line', (line) => {
          if (line.startsWith('CLIPDESK BROWSER READY '))
            resolveReady((JSON.parse(line.slice('CLIPDESK BROWSER READY '.length)) as { url: string }).url);
        });
        child.once('exit', (code) => reject(new Error(`browser mode exited (${code})`)));
      });
      // READY comes before the core is built (the page loads meanwhile); the theme is served once it is.
      expect((await fetch(new URL('/theme-boot.js', url))).status).toBe(200);
      expect(readdirSync(userDataDir).length).toBeGreaterThan(0);
      expect(openToOthers(userDataDir)).toEqual([]);
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    expect(openToOthers(userDataDir)).toEqual([]);
  });

  it('are the user’s alone in the local service’s data folder', async () => {
    const sandbox = await startSandboxProcess();
    dirs.push(sandbox.dataDir);
    try {
      const call = apiClient(sandbox.createBaseUrl, sandbox.apiKey);
      expect((await call('POST', '/projects', { body: { name: 'Private' } })).status).toBe(201);
      expect(openToOthers(sandbox.dataDir)).toEqual([]);
    } finally {
      await sandbox.stop();
    }
  });
});
