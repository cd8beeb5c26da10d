// A key follows the origin it was checked against: moving a workspace's Create or Messaging
// address to another origin (a typo, or a page that changed it) does not send the saved key
// there — the server at the new address sees no request at all — and the key for the new
// address must be given, and is checked there, before the move is saved.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import keytar from 'keytar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../main/core/app/createCore.ts';
import { startSandboxProcess, type RunningSandbox } from '../support/sandboxProcess.ts';

const SERVICE = `Clipdesk-origins-test-${randomUUID()}`;
const dirs: string[] = [];
let first: RunningSandbox;
let second: RunningSandbox;
let listener: Server;
const heard: string[] = [];
let elsewhere: string;

beforeAll(async () => {
  [first, second] = await Promise.all([startSandboxProcess(), startSandboxProcess()]);
  // Another origin that records whatever reaches it (and answers nothing useful).
  listener = createServer((req, res) => {
    heard.push(`${req.method} ${req.url} ${req.headers.authorization ?? ''}`);
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => listener.listen(0, '127.0.0.1', r));
  elsewhere = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await Promise.all([first?.stop({ removeData: true }), second?.stop({ removeData: true })]);
  listener?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  for (const { account } of await keytar.findCredentials(SERVICE)) await keytar.deletePassword(SERVICE, account);
});

async function remoteCore(): Promise<{ core: Core; workspaceId: string }> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'clipdesk-origins-'));
  dirs.push(userDataDir);
  const core = createCore({ userDataDir, env: { CLIPDESK_KEYCHAIN_SERVICE: SERVICE }, webhooks: null });
  const workspace = await core.handlers['workspaces.addRemote']({
    name: 'Studio',
    createBaseUrl: first.createBaseUrl,
    apiKey: first.apiKey,
    messagingBaseUrl: first.messagingBaseUrl,
    messagingApiKey: first.messagingApiKey,
  });
  return { core, workspaceId: workspace.id };
}

describe('a key bound to its origin', () => {
  it('is not sent to a new Create API origin; the key for it is asked for and checked there', async () => {
    const { core, workspaceId } = await remoteCore();
    try {
      await expect(
        core.handlers['settings.updateWorkspace']({ workspaceId, createBaseUrl: `${elsewhere}/api/v1` }),
      ).rejects.toMatchObject({ code: 'workspace.key_origin' });
      expect(heard).toEqual([]);
      expect((await core.handlers['settings.workspace']({ workspaceId })).createBaseUrl).toBe(first.createBaseUrl);

      // With the key of the new address it moves; requests then go there with that key.
      await core.handlers['settings.updateWorkspace']({
        workspaceId,
        createBaseUrl: second.createBaseUrl,
        apiKey: second.apiKey,
      });
      const made = await core.handlers['projects.create']({ name: 'Moved', aspectRatio: '1:1' });
      const there = await fetch(`${second.createBaseUrl}/projects/${made.id}`, {
        headers: { authorization: `Bearer ${second.apiKey}` },
      });
      expect(there.status).toBe(200);
      // A path change on the same origin keeps using the saved key.
      await core.handlers['settings.updateWorkspace']({ workspaceId, createBaseUrl: `${second.origin}/api/v1/` });
    } finally {
      await core.close();
    }
  });

  it('is not sent to a new Messaging API origin either', async () => {
    const { core, workspaceId } = await remoteCore();
    try {
      await expect(
        core.handlers['settings.updateWorkspace']({ workspaceId, messagingBaseUrl: elsewhere }),
      ).rejects.toMatchObject({ code: 'workspace.key_origin' });
      await core.handlers['settings.updateWorkspace']({
        workspaceId,
        messagingBaseUrl: second.messagingBaseUrl,
        messagingApiKey: second.messagingApiKey,
        senderId: '+15550100',
      });
      const listed = await core.handlers['messaging.messages']({});
      expect(listed.code).toBe('00');
      expect(heard).toEqual([]);
    } finally {
      await core.close();
    }
  });
});
