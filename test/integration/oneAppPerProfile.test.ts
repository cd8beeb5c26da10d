// One app per profile (data folder), in either shell: a second core on a profile in use is
// refused before it touches anything — before, it recovered the first one's journal at start
// and marked a text message the first was sending `unknown`, inviting the user to send it
// twice. Browser mode says so and exits; the lock goes with its holder, even a SIGKILLed one.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import keytar from 'keytar';
import { afterAll, describe, expect, it } from 'vitest';
import { createCore } from '../../main/core/app/createCore.ts';
import { openJournal } from '../../main/core/journal/journal.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const SERVICE = `Clipdesk-profile-test-${randomUUID()}`;
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  for (const { account } of await keytar.findCredentials(SERVICE)) await keytar.deletePassword(SERVICE, account);
});

function profile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'clipdesk-profile-'));
  dirs.push(dir);
  return dir;
}

const open = (userDataDir: string) =>
  createCore({ userDataDir, env: { CLIPDESK_KEYCHAIN_SERVICE: SERVICE }, webhooks: null });

describe('a second app on one profile', () => {
  it('is refused before it touches the first one’s journal: a message being sent stays `sending`', async () => {
    const userDataDir = profile();
    const first = open(userDataDir);
    try {
      // The first app is sending a bulk submission right now.
      const journal = openJournal({ dataDir: userDataDir });
      const [planned] = journal.messaging.planBulk('local', [
        { numbers: ['+15551230001'], payload: { senderId: '+15550100', texts: ['Hi'] } },
      ]);
      expect(journal.messaging.markSending(planned!.bulkId, 0)).toBe(true);

      expect(() => open(userDataDir)).toThrow(/already running with the data folder/);
      expect(journal.messaging.get(planned!.bulkId, 0)?.state).toBe('sending');
      journal.close();
    } finally {
      await first.close();
    }
    // Closed, the profile is free again.
    await open(userDataDir).close();
  });

  it('in browser mode says so and exits; the profile is free once the holder is SIGKILLed', async () => {
    const userDataDir = profile();
    const start = () =>
      spawn(process.execPath, [join(ROOT, 'main/browserMode/main.ts'), '--user-data', userDataDir, '--port', '0'], {
        env: { ...process.env, CLIPDESK_KEYCHAIN_SERVICE: SERVICE },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    const ready = (child: ReturnType<typeof start>) =>
      new Promise<void>((resolveReady, reject) => {
        createInterface({ input: child.stdout! }).on('line', (line) => {
          if (line.startsWith('CLIPDESK BROWSER READY ')) resolveReady();
        });
        child.once('exit', (code) => reject(new Error(`browser mode exited (${code})`)));
      });
    const first = start();
    try {
      await ready(first);
      const second = start();
      let stderr = '';
      second.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      expect(await new Promise((r) => second.once('exit', r))).toBe(3);
      expect(stderr).toContain(
        `Clipdesk is already running with the data folder ${userDataDir} (process ${first.pid})`,
      );
    } finally {
      first.kill('SIGKILL');
      await new Promise((r) => first.once('exit', r));
    }
    const third = start();
    await ready(third);
    third.kill('SIGTERM');
    await new Promise((r) => third.once('exit', r));
  });
});
