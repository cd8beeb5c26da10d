// One lifecycle (DESIGN.md): the core is opened and closed again and again against the
// local sandbox (its child process, its webhook receiver and tunnel, the jobs service, the
// HTTP clients) and a remote account (a sandbox that outlives every round, so a connection
// the core forgot to close is still there to be seen), and after each close nothing of it
// is left: no child process, no file of the profile open, no connection to the remote
// account, no pending timer (unref'd ones too), no listener on the core's emitters, no part
// in its store; after all of them no more sockets, servers or timers keep this process
// alive than before the first.
import { createHook } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import keytar from 'keytar';
import { afterAll, describe, expect, it } from 'vitest';
import type { RequestArg, RequestName, RequestResult } from '../../shared/ipc.ts';
import { createCore, type Core } from '../../main/core/app/createCore.ts';
import { makeFixtureDir, makePng } from '../support/mediaFixtures.ts';
import { connectionsTo } from '../support/openSockets.ts';
import { startSandboxProcess, type RunningSandbox } from '../support/sandboxProcess.ts';

const SERVICE = `Clipdesk-open-close-${randomUUID()}`;
const ROUNDS = 5;
const dirs: string[] = [];
let remote: RunningSandbox;
let png: string;

afterAll(async () => {
  await remote?.stop({ removeData: true });
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  for (const { account } of await keytar.findCredentials(SERVICE)) await keytar.deletePassword(SERVICE, account);
});

function ask<N extends RequestName>(core: Core, name: N, arg: RequestArg<N>): Promise<RequestResult<N>> {
  return core.handlers[name](arg);
}

/** This process's children, from /proc (every thread's list). */
function children(): number[] {
  const pids: number[] = [];
  for (const task of readdirSync(`/proc/${process.pid}/task`)) {
    const text = readFileSync(`/proc/${process.pid}/task/${task}/children`, 'utf8').trim();
    if (text) pids.push(...text.split(/\s+/).map(Number));
  }
  return pids.sort((a, b) => a - b);
}

/** Files under `dir` this process holds open (the journal, the profile lock, the settings…). */
function openFilesUnder(dir: string): string[] {
  const open: string[] = [];
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      const target = readlinkSync(`/proc/self/fd/${fd}`);
      if (target.startsWith(dir)) open.push(target);
    } catch {
      // closed meanwhile
    }
  }
  return open;
}

/** Open sockets of this process (listening, connected or idle keep-alive, ref'd or not). */
function socketCount(): number {
  let count = 0;
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      if (readlinkSync(`/proc/self/fd/${fd}`).startsWith('socket:')) count++;
    } catch {
      // closed meanwhile
    }
  }
  return count;
}

/** What keeps the event loop alive, by kind (TCPWRAP, Timeout, ProcessWrap, …). */
function activeResources(): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const kind of process.getActiveResourcesInfo()) counts[kind] = (counts[kind] ?? 0) + 1;
  return counts;
}

/** The kinds of resource of which there are more now than in `before`. */
function grownSince(before: Record<string, number>): Record<string, number> {
  const grown: Record<string, number> = {};
  for (const [kind, count] of Object.entries(activeResources()))
    if (count > (before[kind] ?? 0)) grown[kind] = count - (before[kind] ?? 0);
  return grown;
}

/**
 * Timers made from now on and still pending at stop() (neither fired nor cleared), unref'd
 * ones included: process.getActiveResourcesInfo() sees only those that keep the process
 * alive. Left out: an AbortSignal.timeout's timer, and undici's own clock (one for the
 * process, shared by every client): they hold nothing of ours and end by themselves.
 */
function watchTimers(): { stop(): Promise<string[]> } {
  const pending = new Map<number, string>();
  const hook = createHook({
    init(asyncId, type) {
      if (type !== 'Timeout') return;
      const stack = new Error().stack!.split('\n').slice(5, 10).join('\n');
      if (!stack.includes('AbortSignal.timeout') && !stack.includes('/undici/')) pending.set(asyncId, stack);
    },
    destroy(asyncId) {
      pending.delete(asyncId);
    },
  }).enable();
  return {
    async stop() {
      // A cleared timer's destroy is told a moment later, after the current callbacks.
      for (let i = 0; i < 3; i++) await new Promise((r) => setImmediate(r));
      hook.disable();
      return [...pending.values()];
    },
  };
}

async function waitFor<T>(what: string, check: () => Promise<T | undefined> | T | undefined): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const found = await check();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`waited in vain for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const remotePorts = () => [remote.origin, remote.messagingBaseUrl].map((url) => Number(new URL(url).port));

/**
 * Puts every long-lived part to work: the local sandbox, its receiver and tunnel, then the
 * remote account last, with paid work under way, so the jobs service and the clients still
 * hold connections to it when the core closes.
 */
async function exercise(core: Core, round: number, pageEvents: string[]): Promise<void> {
  await ask(core, 'workspaces.useLocal', undefined);
  const project = await ask(core, 'projects.create', { name: `Round ${round}`, aspectRatio: '16:9' });
  expect((await ask(core, 'projects.list', {})).items.map((p) => p.id)).toContain(project.id);
  await ask(core, 'messaging.messages', {});
  expect((await ask(core, 'status.get', undefined)).connection.state).toBe('online');
  await waitFor('the webhook tunnel to be ready', async () =>
    (await ask(core, 'settings.workspace', { workspaceId: 'local' })).webhooks.state === 'ready' ? true : undefined,
  );

  const known = (await ask(core, 'workspaces.list', undefined)).find((w) => w.kind === 'remote');
  const remoteId = known
    ? (await ask(core, 'workspaces.switch', { workspaceId: known.id })).id
    : (
        await ask(core, 'workspaces.addRemote', {
          name: 'Remote',
          createBaseUrl: remote.createBaseUrl,
          apiKey: remote.apiKey,
          messagingBaseUrl: remote.messagingBaseUrl,
          messagingApiKey: remote.messagingApiKey,
        })
      ).id;
  expect((await ask(core, 'workspaces.current', undefined)).id).toBe(remoteId);
  const remoteProject = await ask(core, 'projects.create', { name: `Remote ${round}`, aspectRatio: '16:9' });
  const [model] = await ask(core, 'models.list', { kind: 'image' });
  await ask(core, 'generations.submit', {
    input: { projectId: remoteProject.id, sceneId: remoteProject.scenes[0]!.id, modelId: model!.id, prompt: 'a kite' },
  });
  await ask(core, 'messaging.messages', {});
  const { uploadId } = await ask(core, 'assets.upload', { path: png, projectId: remoteProject.id });
  expect(uploadId).toEqual(expect.any(String));
  await waitFor('the remote job to be followed', () => (pageEvents.includes('job.updated') ? true : undefined));
  expect(connectionsTo(remotePorts()).length, 'connections to the remote account while it is used').toBeGreaterThan(0);
}

describe('the core, opened and closed again and again', () => {
  it(`leaves nothing behind after each of ${ROUNDS} runs against the local sandbox`, async () => {
    remote = await startSandboxProcess();
    const fixtures = makeFixtureDir();
    dirs.push(fixtures.dir);
    png = await makePng(fixtures.dir);
    const userDataDir = mkdtempSync(join(tmpdir(), 'clipdesk-open-close-'));
    dirs.push(userDataDir);
    // The keychain's own D-Bus connection is made once per process: made before the count.
    await keytar.findCredentials(SERVICE);
    const before = { children: children(), sockets: socketCount(), resources: activeResources() };

    for (let round = 1; round <= ROUNDS; round++) {
      const timers = watchTimers();
      const core = createCore({ userDataDir, env: { CLIPDESK_KEYCHAIN_SERVICE: SERVICE } });
      const pageEvents: string[] = [];
      const unsubscribe = core.events.subscribe((name) => void pageEvents.push(name));
      await exercise(core, round, pageEvents);
      expect(children().length, 'the local sandbox runs as a child').toBeGreaterThan(before.children.length);
      expect(pageEvents).toContain('connection.changed');
      unsubscribe();

      await core.close();
      expect(core.openCounts(), `round ${round}: listeners and parts left after close`).toEqual({
        domainListeners: 0,
        pageListeners: 0,
        parts: 0,
      });
      expect(children(), `round ${round}: child processes left after close`).toEqual(before.children);
      expect(openFilesUnder(userDataDir), `round ${round}: files of the profile left open`).toEqual([]);
      // At once: an idle keep-alive connection would end by itself a few seconds later.
      expect(connectionsTo(remotePorts()), `round ${round}: connections to the remote account left`).toEqual([]);
      const timersLeft = await timers.stop();
      expect(timersLeft, `round ${round}: timers still pending after close, made at`).toEqual([]);
    }

    // Sockets end a moment after close (the kernel's and libuv's side): bounded, no fixed sleep.
    await waitFor('sockets and handles to end', () =>
      socketCount() <= before.sockets && Object.keys(grownSince(before.resources)).length === 0 ? true : undefined,
    ).catch(() => undefined);
    expect(grownSince(before.resources), 'resources keeping the process alive, beyond those before').toEqual({});
    expect(socketCount(), 'open sockets, beyond those before').toBeLessThanOrEqual(before.sockets);
  }, 180_000);
});
