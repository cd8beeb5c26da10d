// No orphans, no two services on one data folder: the app's embedded service ends when the
// app dies however it dies (SIGKILL sends no signal on: the service watches its parent), and a
// second service refuses a data folder another one is using (every restart of a killed app
// used to add one more on the same database), taking it once the first is gone.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { startSandboxProcess } from '../support/sandboxProcess.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const dirs: string[] = [];
const pids: number[] = [];
afterAll(() => {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function gone(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!alive(pid)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return !alive(pid);
}

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'clipdesk-orphans-'));
  dirs.push(dir);
  return dir;
}

describe('the embedded service', () => {
  it('ends when the app that started it is SIGKILLed', async () => {
    const parent = spawn(process.execPath, [join(ROOT, 'test/support/localSandboxParent.ts'), dataDir()], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    pids.push(parent.pid!);
    const sandboxPid = await new Promise<number>((resolveReady, reject) => {
      createInterface({ input: parent.stdout! }).on('line', (line) => {
        if (line.startsWith('PARENT READY ')) resolveReady(JSON.parse(line.slice(13)).sandboxPid);
      });
      parent.once('exit', (code) => reject(new Error(`the parent exited (${code}) before the sandbox was ready`)));
    });
    pids.push(sandboxPid);
    expect(alive(sandboxPid)).toBe(true);
    parent.kill('SIGKILL');
    expect(await gone(sandboxPid, 10_000)).toBe(true);
  });
});

describe('a data folder', () => {
  it('is refused to a second service while one runs on it, and taken once that one is killed', async () => {
    const dir = dataDir();
    const first = await startSandboxProcess({ dataDir: dir });
    pids.push(first.pid);
    const second = spawn(process.execPath, [join(ROOT, 'sandbox/main.ts'), '--port', '0', '--data', dir], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    second.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((r) => second.once('exit', r));
    expect(code).toBe(3);
    expect(stderr).toContain(`in use by another sandbox (process ${first.pid})`);
    expect((await fetch(`${first.createBaseUrl}/`)).status).toBe(200);

    first.process.kill('SIGKILL');
    await gone(first.pid, 5_000);
    const third = await startSandboxProcess({ dataDir: dir });
    pids.push(third.pid);
    expect((await fetch(`${third.createBaseUrl}/`)).status).toBe(200);
    await third.stop();
  });
});
