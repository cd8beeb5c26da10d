// No program runs on the page's word: a tunnel command the page sends is saved only once the
// user allows it outside the page (the desktop app's native dialog, given to the core as
// confirmTunnelCommand), shown exactly as it will run; browser mode has no dialog, so there the
// page cannot set one at all — a command comes from the command line or the settings file.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import keytar from 'keytar';
import { afterAll, describe, expect, it } from 'vitest';
import { createCore, type CoreOptions } from '../../main/core/app/createCore.ts';
import type { TunnelCommandRequest } from '../../main/core/webhooks/tunnelConfirmation.ts';

const SERVICE = `Clipdesk-tunnel-confirm-${randomUUID()}`;
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  for (const { account } of await keytar.findCredentials(SERVICE)) await keytar.deletePassword(SERVICE, account);
});

function open(options: Partial<CoreOptions> = {}, userDataDir = mkdtempSync(join(tmpdir(), 'clipdesk-tunnel-'))) {
  dirs.push(userDataDir);
  return {
    userDataDir,
    core: createCore({ userDataDir, env: { CLIPDESK_KEYCHAIN_SERVICE: SERVICE }, webhooks: null, ...options }),
  };
}

const COMMAND = `cloudflared tunnel --url "http://127.0.0.1:{port}" --name 'my tunnel'`;
const change = { workspaceId: 'local', tunnel: { mode: 'command' as const, command: COMMAND } };

describe('a tunnel command from the page', () => {
  it('is refused in browser mode (no dialog outside the page), and nothing is saved', async () => {
    const { core } = open();
    try {
      await expect(core.handlers['settings.updateWorkspace'](change)).rejects.toMatchObject({
        code: 'tunnel.command_unconfirmed',
      });
      expect((await core.handlers['settings.workspace']({ workspaceId: 'local' })).tunnel).toEqual({
        mode: 'loopback',
      });
    } finally {
      await core.close();
    }
  });

  it('in the desktop app is saved only when the user allows exactly what will run', async () => {
    const asked: TunnelCommandRequest[] = [];
    let answer = false;
    const { core } = open({
      mode: 'electron',
      confirmTunnelCommand: async (request) => {
        asked.push(request);
        return answer;
      },
    });
    try {
      await expect(core.handlers['settings.updateWorkspace'](change)).rejects.toMatchObject({
        code: 'tunnel.command_declined',
      });
      expect(asked).toHaveLength(1);
      expect(asked[0]).toMatchObject({
        program: 'cloudflared',
        args: ['tunnel', '--url', 'http://127.0.0.1:{port}', '--name', 'my tunnel'],
      });
      expect((await core.handlers['settings.workspace']({ workspaceId: 'local' })).tunnel.mode).toBe('loopback');

      answer = true;
      await core.handlers['settings.updateWorkspace'](change);
      expect((await core.handlers['settings.workspace']({ workspaceId: 'local' })).tunnel).toEqual(change.tunnel);
      // The same command again (a rename, say) asks nothing more.
      await core.handlers['settings.updateWorkspace']({ ...change, name: 'Renamed' });
      expect(asked).toHaveLength(2);
    } finally {
      await core.close();
    }
  });

  it('given on browser mode’s command line, is the user’s own and is set at start', async () => {
    const { core } = open({ tunnelCommand: COMMAND });
    try {
      expect((await core.handlers['settings.workspace']({ workspaceId: 'local' })).tunnel).toEqual(change.tunnel);
    } finally {
      await core.close();
    }
  });
});
