// The composition root owns every long-lived part: Core.close() leaves no connection of the
// app's open (the editor's reads, production's, messaging's and the screens' clients all
// belong to the one per-workspace HTTP owner that close() reaches), and bulk sends waiting
// for the service go out when the core sees the service answer again — wired like the
// outbox and the uploads, not through the events meant for the renderer.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import keytar from 'keytar';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RequestArg, RequestName, RequestResult } from '../../shared/ipc.ts';
import { createCore, type Core } from '../../main/core/app/createCore.ts';
import { connectionsTo } from '../support/openSockets.ts';
import { startSandboxProcess, type RunningSandbox } from '../support/sandboxProcess.ts';

const SERVICE = `Clipdesk-core-lifecycle-${randomUUID()}`;
const dirs: string[] = [];
const cores: Core[] = [];
let remote: RunningSandbox;

beforeAll(async () => {
  remote = await startSandboxProcess();
});
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.close()));
});
afterAll(async () => {
  await remote?.stop({ removeData: true });
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  for (const { account } of await keytar.findCredentials(SERVICE)) await keytar.deletePassword(SERVICE, account);
});

function ask<N extends RequestName>(core: Core, name: N, arg: RequestArg<N>): Promise<RequestResult<N>> {
  return core.handlers[name](arg);
}

function openCore(userDataDir: string): Core {
  const core = createCore({ userDataDir, env: { CLIPDESK_KEYCHAIN_SERVICE: SERVICE }, webhooks: null });
  cores.push(core);
  return core;
}

function newUserData(): string {
  const dir = mkdtempSync(join(tmpdir(), 'clipdesk-lifecycle-'));
  dirs.push(dir);
  return dir;
}

async function addRemote(core: Core) {
  const workspace = await ask(core, 'workspaces.addRemote', {
    name: 'Lifecycle',
    createBaseUrl: remote.createBaseUrl,
    apiKey: remote.apiKey,
    messagingBaseUrl: remote.messagingBaseUrl,
    messagingApiKey: remote.messagingApiKey,
  });
  await ask(core, 'settings.updateWorkspace', {
    workspaceId: workspace.id,
    defaultCountry: 'US',
    senderId: '+1 201 555 0100',
  });
  return workspace;
}

async function waitFor<T>(check: () => Promise<T | undefined> | T | undefined, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await check();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error('waited in vain');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('the core’s lifecycle', () => {
  it('close() leaves no connection open: the editor’s, production’s, messaging’s and the screens’ clients all end', async () => {
    const core = openCore(newUserData());
    await addRemote(core);
    const project = await ask(core, 'projects.create', { name: 'Closing', aspectRatio: '16:9' });
    await ask(core, 'timeline.catalog', undefined);
    await ask(core, 'timeline.get', { projectId: project.id });
    await ask(core, 'templates.list', {});
    await ask(core, 'messaging.messages', {});
    const ports = [Number(new URL(remote.origin).port), Number(new URL(remote.messagingBaseUrl).port)];
    expect(connectionsTo(ports).length).toBeGreaterThan(0);

    await core.close();
    await new Promise((r) => setImmediate(r));
    // The service keeps its connections alive for seconds: any still open is one the app never closed.
    expect(connectionsTo(ports)).toEqual([]);
  });

  it('a bulk send left waiting for the service goes out when the next start sees the service answer', async () => {
    const userDataDir = newUserData();
    const first = openCore(userDataDir);
    const workspace = await addRemote(first);
    await remote.stop();
    const { draftId } = await ask(first, 'messaging.bulkBegin', { totalMessages: 2 });
    await ask(first, 'messaging.bulkAppend', {
      draftId,
      messages: ['+14155550181', '+14155550182'].map((number) => ({ number, text: 'Back soon' })),
    });
    const started = await ask(first, 'messaging.bulkStart', { draftId });
    // Nothing could leave this machine: the submission waits as pending.
    await waitFor(async () => {
      const item = (await ask(first, 'messaging.bulks', undefined)).find((b) => b.bulkId === started.bulkId);
      return item?.submissions[0]?.state === 'pending' && item.submissions[0].result !== null ? item : undefined;
    });
    await first.close();
    cores.splice(cores.indexOf(first), 1);

    remote = await remote.restart();
    const second = openCore(userDataDir);
    expect((await ask(second, 'workspaces.current', undefined)).id).toBe(workspace.id);
    const sent = await waitFor(async () => {
      const item = (await ask(second, 'messaging.bulks', undefined)).find((b) => b.bulkId === started.bulkId);
      return item && item.sent === 2 ? item : undefined;
    });
    expect(sent.submissions.map((s) => s.state)).toEqual(['sent']);
  });
});
