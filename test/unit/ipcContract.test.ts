// The contract itself (shared/ipc.ts) and the core's side of it: every request is handled
// and validated, nothing that crosses is shaped like a secret, and failures cross as AppErrors.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppErrorSchema } from '../../shared/appErrorSchema.ts';
import { EVENTS, EVENT_NAMES, REQUESTS, REQUEST_NAMES } from '../../shared/ipc.ts';
import * as views from '../../shared/ipcViews.ts';
import { RequestFrameSchema } from '../../shared/ipcWireSchema.ts';
import { createCore, type Core } from '../../main/core/app/createCore.ts';
import type { SecretStore } from '../../main/core/keychain/secretStore.ts';

/** Secrets are kept in memory here: these tests never reach a service or the OS keychain. */
function memoryStore(): SecretStore & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return {
    values,
    get: async (account) => values.get(account) ?? null,
    set: async (account, secret) => void values.set(account, secret),
    delete: async (account) => values.delete(account),
  };
}

/** Every object key anywhere in a zod schema. */
function keysOf(schema: z.ZodType, seen = new Set<z.ZodType>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  const out: string[] = [];
  const shape = def.shape as Record<string, z.ZodType> | undefined;
  if (shape) for (const [key, child] of Object.entries(shape)) out.push(key, ...keysOf(child, seen));
  for (const field of ['innerType', 'element', 'valueType', 'in', 'out', 'left', 'right'] as const) {
    const child = def[field] as z.ZodType | undefined;
    if (child && typeof child === 'object' && '_zod' in child) out.push(...keysOf(child, seen));
  }
  for (const option of (def.options as z.ZodType[] | undefined) ?? []) out.push(...keysOf(option, seen));
  return out;
}

const SECRET_SHAPED = /^(api_?key|apiKey|messagingApiKey|secret|token|password|authorization|idempotencyKey)$/i;

let cores: Core[] = [];
let dirs: string[] = [];
afterEach(async () => {
  await Promise.all(cores.map((core) => core.close()));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  cores = [];
  dirs = [];
});

function freshCore(): Core {
  const dir = mkdtempSync(join(tmpdir(), 'clipdesk-contract-'));
  dirs.push(dir);
  const core = createCore({ userDataDir: dir, secretStore: memoryStore(), version: '9.9.9' });
  cores.push(core);
  return core;
}

describe('the IPC contract', () => {
  it('names every request and event domain.action, each with a zod schema', () => {
    expect(REQUEST_NAMES.length).toBeGreaterThan(20);
    for (const name of REQUEST_NAMES) {
      expect(name).toMatch(/^[a-z]+\.[a-zA-Z]+$/);
      expect(REQUESTS[name].arg).toBeInstanceOf(z.ZodType);
    }
    for (const name of EVENT_NAMES) {
      expect(name).toMatch(/^[a-z]+\.[a-z]+$/);
      expect(EVENTS[name]).toBeInstanceOf(z.ZodType);
    }
    for (const wanted of [
      'job.updated',
      'queue.changed',
      'connection.changed',
      'upload.progress',
      'upload.finished',
      'upload.failed',
      'budget.changed',
    ]) {
      expect(EVENT_NAMES).toContain(wanted);
    }
  });

  it('no event payload and no view main shows has a field shaped like a secret', () => {
    const shown = [
      ...(Object.values(EVENTS) as z.ZodType[]),
      ...Object.values(views as Record<string, unknown>).filter((v): v is z.ZodType => v instanceof z.ZodType),
    ];
    const keys = shown.flatMap((schema) => keysOf(schema));
    expect(keys).toContain('lastFour');
    expect(keys.filter((key) => SECRET_SHAPED.test(key))).toEqual([]);
  });

  it('only the requests that hand main a new key take one in their argument', () => {
    // settings.updateWorkspace takes the key for a new address on another origin (the saved key
    // is never sent to an origin it was not checked against).
    const takesKey = REQUEST_NAMES.filter((name) => keysOf(REQUESTS[name].arg).some((key) => SECRET_SHAPED.test(key)));
    expect(takesKey.sort()).toEqual(['settings.updateWorkspace', 'workspaces.addRemote', 'workspaces.replaceKey']);
  });

  it('a key or a workspace field is checked alike by every request that takes it', () => {
    // settings.updateWorkspace once had looser copies of these fields: a pasted key with a space
    // in it got through, to be refused later by the service without saying what to change.
    const messages = (result: { success: boolean; error?: z.ZodError }) => result.error?.issues.map((i) => i.message);
    const pasted = 'sk_live first-half second-half';
    const refusal = ['paste the key as one unbroken line, without spaces'];
    expect(
      messages(REQUESTS['workspaces.replaceKey'].arg.safeParse({ workspaceId: 'w', which: 'create', apiKey: pasted })),
    ).toEqual(refusal);
    expect(messages(REQUESTS['settings.updateWorkspace'].arg.safeParse({ workspaceId: 'w', apiKey: pasted }))).toEqual(
      refusal,
    );
    expect(
      messages(REQUESTS['settings.updateWorkspace'].arg.safeParse({ workspaceId: 'w', messagingApiKey: pasted })),
    ).toEqual(refusal);
    const longName = 'x'.repeat(200);
    expect(messages(REQUESTS['settings.updateWorkspace'].arg.safeParse({ workspaceId: 'w', name: longName }))).toEqual(
      messages(
        REQUESTS['workspaces.addRemote'].arg.safeParse({ name: longName, createBaseUrl: 'http://h', apiKey: 'k' }),
      ),
    );
  });

  it('arguments are strict: an unknown field is refused, not passed on', () => {
    expect(REQUESTS['projects.rename'].arg.safeParse({ id: 1, name: 'A', revision: 'r', isAdmin: true }).success).toBe(
      false,
    );
    expect(REQUESTS['projects.list'].arg.safeParse({ limit: 101 }).success).toBe(false);
    expect(REQUESTS['status.get'].arg.safeParse({}).success).toBe(false);
    expect(REQUESTS['status.get'].arg.safeParse(undefined).success).toBe(true);
    expect(RequestFrameSchema.safeParse({ type: 'request', id: 1, name: 'status.get', extra: 1 }).success).toBe(false);
  });
});

describe("the core's handlers", () => {
  it('handle every request of the contract, and only those', () => {
    const core = freshCore();
    expect(Object.keys(core.handlers).sort()).toEqual([...REQUEST_NAMES].sort());
  });

  it('refuse a bad argument of every request with request.invalid naming the request', async () => {
    const core = freshCore();
    for (const name of REQUEST_NAMES) {
      const reply = await core.dispatch(name, 42);
      expect(reply.ok, name).toBe(false);
      if (reply.ok) continue;
      expect(AppErrorSchema.parse(reply.error).code, name).toBe('request.invalid');
      expect(reply.error.message).toContain(name);
    }
  });

  it('answer an unknown request with ipc.unknown_request, never a throw', async () => {
    const reply = await freshCore().dispatch('keys.dumpAll', {});
    expect(reply).toMatchObject({ ok: false, error: { code: 'ipc.unknown_request' } });
  });

  it('start on the first-launch screen, with the local workspace and no key shown', async () => {
    const reply = await freshCore().dispatch('app.state', undefined);
    expect(reply).toMatchObject({
      ok: true,
      value: {
        firstLaunch: true,
        version: '9.9.9',
        activeWorkspace: {
          id: 'local',
          kind: 'local',
          active: true,
          keys: { create: { present: false, lastFour: null } },
        },
      },
    });
  });

  it('say which field is wrong and what to change', async () => {
    const reply = await freshCore().dispatch('projects.create', { name: 'x'.repeat(121), aspectRatio: 'wide' });
    expect(reply.ok).toBe(false);
    if (reply.ok) return;
    expect(reply.error.message).toContain('name: a project name is at most 120 characters');
    expect(reply.error.message).toContain('aspectRatio: must look like "16:9"');
  });
});
