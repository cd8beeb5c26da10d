// The renderer's stores against the real app: the core (createCore) on a fresh data folder,
// a real sandbox as its account, and window.clipdesk bound straight to the core's dispatch
// and event bus (structured clone both ways, as Electron's IPC does). Store tests drive the
// stores as the screens do and read what the service holds through its own API.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import keytar from 'keytar';
import type { ClipdeskApi, EventName, EventPayload } from '../../shared/ipc.ts';
import { createCore, type Core } from '../../main/core/app/createCore.ts';
import { editorClient } from './editorSupport.ts';
import { apiClient, startSandboxProcess, type RunningSandbox } from './sandboxProcess.ts';

export interface RendererHarness {
  readonly core: Core;
  readonly sandbox: RunningSandbox;
  /** The account's editor API, straight (another editor working beside the app). */
  readonly editor: ReturnType<typeof editorClient>;
  /** Every event main sent, in order. */
  readonly events: { name: EventName; payload: unknown }[];
  /** The name of every request the renderer made, in order. */
  readonly calls: string[];
  close(): Promise<void>;
}

/** Polls until `check` gives something other than undefined (deadline-bound, no fixed sleeps). */
export async function until<T>(check: () => T | undefined | Promise<T | undefined>, what: string, ms = 20_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = await check();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`waited in vain for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** window.clipdesk as the preload gives it, in front of `core`. */
export function bridgeTo(core: Pick<Core, 'dispatch' | 'events'>, calls: string[] = []): ClipdeskApi {
  return {
    async invoke(name: string, arg?: unknown) {
      calls.push(name);
      const reply = await core.dispatch(name, structuredClone(arg));
      if (!reply.ok) throw structuredClone(reply.error);
      return structuredClone(reply.value);
    },
    on<N extends EventName>(name: N, listener: (payload: EventPayload<N>) => void) {
      return core.events.subscribe((event: EventName, payload: unknown) => {
        if (event === name) listener(structuredClone(payload) as EventPayload<N>);
      });
    },
  } as ClipdeskApi;
}

/** The core with a remote workspace on a sandbox of its own, bound to window.clipdesk. */
export async function openRendererHarness(options: { sandbox?: RunningSandbox } = {}): Promise<RendererHarness> {
  const sandbox = options.sandbox ?? (await startSandboxProcess());
  const userDataDir = mkdtempSync(join(tmpdir(), 'clipdesk-stores-'));
  const keychainService = `Clipdesk-stores-${randomUUID()}`;
  const core = createCore({
    userDataDir,
    env: { CLIPDESK_KEYCHAIN_SERVICE: keychainService, CLIPDESK_SANDBOX_JOB_SECONDS: '0.5' },
    webhooks: null,
  });
  const events: RendererHarness['events'] = [];
  core.events.subscribe((name, payload) => void events.push({ name, payload }));
  const calls: string[] = [];
  (globalThis as { window?: unknown }).window = { clipdesk: bridgeTo(core, calls) };
  const reply = await core.dispatch('workspaces.addRemote', {
    name: 'Store tests',
    createBaseUrl: sandbox.createBaseUrl,
    apiKey: sandbox.apiKey,
  });
  if (!reply.ok) throw new Error(`workspace: ${JSON.stringify(reply.error)}`);
  return {
    core,
    sandbox,
    editor: editorClient(apiClient(sandbox.createBaseUrl, sandbox.apiKey)),
    events,
    calls,
    async close() {
      await core.close();
      if (!options.sandbox) await sandbox.stop({ removeData: true });
      for (const { account } of await keytar.findCredentials(keychainService)) {
        await keytar.deletePassword(keychainService, account);
      }
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}
