// On a Linux session with D-Bus but no Secret Service (minimal window managers, WSL, servers,
// `dbus-run-session -- npm start`), "Use the local workspace" used to fail with a keychain
// error and the user could not get past the welcome screen. The local workspace now opens (its
// keys live for the session only); a remote account is refused with what is missing and how
// to fix it (the desktop app would use safeStorage where it really encrypts: secretFallback.test.ts).
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { startSandboxProcess, type RunningSandbox } from '../support/sandboxProcess.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const dirs: string[] = [];
let remote: RunningSandbox | undefined;
afterAll(async () => {
  await remote?.stop({ removeData: true });
  dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
});

describe('with no Secret Service', () => {
  it('the local workspace opens; a remote account is refused, saying what is missing', async () => {
    remote = await startSandboxProcess();
    const userDataDir = mkdtempSync(join(tmpdir(), 'clipdesk-nokeychain-'));
    dirs.push(userDataDir);
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [join(ROOT, 'test/support/noKeyringCore.ts'), userDataDir, remote.createBaseUrl, remote.apiKey],
      {
        // A D-Bus address where nothing answers: keytar cannot reach any Secret Service.
        env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: `unix:path=${join(userDataDir, 'no-bus')}` },
        timeout: 60_000,
      },
    );
    const result = JSON.parse(/^RESULT (.*)$/m.exec(stdout)![1]!);
    expect(result.failed).toBeUndefined();
    expect(result.local).toEqual({ active: true, keyPresent: true });
    expect(result.project).toBe('Without a keychain');
    expect(result.remote.code).toBe('keychain.unavailable');
    expect(result.remote.message).toMatch(/Secret Service/);
    expect(result.remote.message).toMatch(/gnome-keyring/);
  });
});
