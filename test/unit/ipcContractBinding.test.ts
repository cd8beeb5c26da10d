// The Electron binding of the contract, run with stand-ins for ipcMain, ipcRenderer and
// contextBridge (no Electron binary here): every request is bound, every argument is
// validated before core sees it, only the app's own main frame is answered, events reach
// the window, and the preload exposes exactly invoke and on.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppFailure, appError, type AppError } from '../../shared/appError.ts';
import {
  EVENT_NAMES,
  REQUESTS,
  REQUEST_NAMES,
  eventChannel,
  requestChannel,
  type ClipdeskApi,
  type RequestName,
} from '../../shared/ipc.ts';
import type { CheckedHandlers } from '../../main/core/app/dispatch.ts';
import { createEventBus } from '../../main/core/app/eventBus.ts';
import { jsonSchemaOf, validSample, wrongValueFor } from '../support/contractSamples.ts';

type Listener = (event: unknown, ...args: unknown[]) => unknown;

// What `electron` is in these tests: ipcMain keeps its handlers, ipcRenderer talks straight
// to them (as the real pair does across processes), contextBridge keeps what was exposed.
const electron = vi.hoisted(() => {
  const handlers = new Map<string, Listener>();
  const rendererListeners = new Map<string, Set<Listener>>();
  const exposed = new Map<string, unknown>();
  const state = { senderFrame: null as unknown, sender: null as unknown };
  return {
    handlers,
    rendererListeners,
    exposed,
    state,
    ipcMain: {
      handle: (channel: string, listener: Listener) => {
        if (handlers.has(channel)) throw new Error(`second handler for ${channel}`);
        handlers.set(channel, listener);
      },
      removeHandler: (channel: string) => void handlers.delete(channel),
    },
    ipcRenderer: {
      invoke: async (channel: string, ...args: unknown[]) => {
        const handler = handlers.get(channel);
        if (!handler) throw new Error(`No handler registered for '${channel}'`);
        // Structured clone both ways, as Electron's IPC does.
        const reply = await handler({ senderFrame: state.senderFrame, sender: state.sender }, ...structuredClone(args));
        return structuredClone(reply);
      },
      on: (channel: string, listener: Listener) => {
        const set = rendererListeners.get(channel) ?? new Set();
        rendererListeners.set(channel, set);
        set.add(listener);
      },
      removeListener: (channel: string, listener: Listener) => void rendererListeners.get(channel)?.delete(listener),
    },
    contextBridge: { exposeInMainWorld: (key: string, api: unknown) => void exposed.set(key, api) },
  };
});
vi.mock('electron', () => ({
  ipcMain: electron.ipcMain,
  ipcRenderer: electron.ipcRenderer,
  contextBridge: electron.contextBridge,
}));

const { bindWindow } = await import('../../main/ipc/electronIpc.ts');
await import('../../preload/preload.ts');
const clipdesk = electron.exposed.get('clipdesk') as ClipdeskApi;

const APP_ORIGIN = 'clipdesk://app';

/** A window whose webContents sends into the stand-in renderer's listeners. */
function fakeWindow() {
  const mainFrame = { url: `${APP_ORIGIN}/index.html` };
  const contents = {
    mainFrame,
    isDestroyed: () => false,
    send: (channel: string, payload: unknown) => {
      for (const listener of electron.rendererListeners.get(channel) ?? [])
        listener({ sender: 'ipc-event' }, structuredClone(payload));
    },
  };
  return { window: { webContents: contents }, contents, mainFrame };
}

function spyCore() {
  const calls: { name: RequestName; arg: unknown }[] = [];
  const handlers = Object.fromEntries(
    REQUEST_NAMES.map((name) => [
      name,
      async (arg: unknown) => {
        calls.push({ name, arg });
        if (name === 'projects.get')
          throw new AppFailure(appError('resource.not_found', 'No project 7.', { status: 404, requestId: 'req-7' }));
        if (name === 'jobs.list') throw new TypeError('boom');
        return { handled: name, arg };
      },
    ]),
  ) as unknown as CheckedHandlers;
  const events = createEventBus();
  return { calls, core: { handlers, events, dispatch: vi.fn(), close: vi.fn() }, events };
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (err) {
    return err as AppError;
  }
  throw new Error('expected a rejection');
}

let setup: ReturnType<typeof spyCore> & ReturnType<typeof fakeWindow> & { unbind(): void };

beforeEach(() => {
  for (const channel of [...electron.handlers.keys()]) electron.handlers.delete(channel);
  electron.rendererListeners.clear();
  const spy = spyCore();
  const win = fakeWindow();
  electron.state.senderFrame = win.mainFrame;
  electron.state.sender = win.contents;
  const binding = bindWindow(win.window as never, spy.core as never, APP_ORIGIN, () => {});
  setup = { ...spy, ...win, unbind: binding.unbind };
});

describe('the Electron binding (main/ipc)', () => {
  it('binds one channel per contract request, and nothing else', () => {
    expect([...electron.handlers.keys()].sort()).toEqual(REQUEST_NAMES.map(requestChannel).sort());
  });

  it('refuses a bad argument of every request with an AppError, and core never sees it', async () => {
    for (const name of REQUEST_NAMES) {
      const error = await rejection(clipdesk.invoke(name, 42 as never));
      expect(error, name).toMatchObject({ code: 'request.invalid', status: null });
      expect(error.message).toContain(name);
    }
    expect(setup.calls).toEqual([]);
  });

  it('passes a valid argument to core as the schema parsed it', async () => {
    const result = await clipdesk.invoke('projects.rename', {
      id: 3,
      name: '  Trailer  ',
      revision: '2026-01-01T00:00:00.000Z',
    });
    expect(result).toEqual({
      handled: 'projects.rename',
      arg: { id: 3, name: 'Trailer', revision: '2026-01-01T00:00:00.000Z' },
    });
    expect(setup.calls).toHaveLength(1);
  });

  it('refuses extra arguments and unknown fields', async () => {
    const handler = electron.handlers.get(requestChannel('status.get'))!;
    const reply = await handler({ senderFrame: setup.mainFrame, sender: setup.contents }, undefined, 'extra');
    expect(reply).toMatchObject({ ok: false, error: { code: 'ipc.invalid_message' } });
    const error = await rejection(clipdesk.invoke('projects.get', { id: 1, asAdmin: true } as never));
    expect(error.code).toBe('request.invalid');
    expect(setup.calls).toEqual([]);
  });

  it('answers only the main frame of its own window at the app origin', async () => {
    const untrusted = [
      { senderFrame: { url: `${APP_ORIGIN}/index.html` }, sender: setup.contents }, // a subframe of the window
      { senderFrame: setup.mainFrame, sender: { other: 'webContents' } }, // another window
      { senderFrame: null, sender: setup.contents }, // a frame already gone
    ];
    for (const event of untrusted) {
      electron.state.senderFrame = event.senderFrame;
      electron.state.sender = event.sender;
      expect(await rejection(clipdesk.invoke('status.get'))).toMatchObject({ code: 'ipc.untrusted_sender' });
    }
    electron.state.senderFrame = setup.mainFrame;
    electron.state.sender = setup.contents;
    setup.mainFrame.url = 'https://evil.example/index.html'; // the main frame navigated away
    expect(await rejection(clipdesk.invoke('status.get'))).toMatchObject({ code: 'ipc.untrusted_sender' });
    expect(setup.calls).toEqual([]);
  });

  it("crosses core's failures as plain AppErrors: the service's as they came, anything else as client.internal", async () => {
    const notFound = await rejection(clipdesk.invoke('projects.get', { id: 7 }));
    expect(notFound).not.toBeInstanceOf(Error);
    expect(notFound).toEqual({
      code: 'resource.not_found',
      message: 'No project 7.',
      status: 404,
      requestId: 'req-7',
      retryAfterMs: null,
    });
    const internal = await rejection(clipdesk.invoke('jobs.list'));
    expect(internal.code).toBe('client.internal');
    expect(internal.message).toContain('boom');
  });

  it('sends every contract event to the window; a payload that breaks the contract is not sent', () => {
    const seen: unknown[] = [];
    const offs = EVENT_NAMES.map((name) => clipdesk.on(name, (payload) => seen.push({ name, payload })));
    const budget = {
      limit: 120,
      windowMs: 60_000,
      used: 3,
      inFlight: 1,
      waitingUser: 0,
      waitingBackground: 0,
      pausedUntil: null,
    };
    setup.events.emit('budget.changed', { workspaceId: 'local', budget });
    setup.events.emit('job.updated', { workspaceId: 'local', kind: 'generation', id: '5' } as never);
    expect(seen).toEqual([{ name: 'budget.changed', payload: { workspaceId: 'local', budget } }]);

    offs.forEach((off) => off());
    setup.events.emit('budget.changed', { workspaceId: 'local', budget });
    expect(seen).toHaveLength(1);
  });

  it('unbinds every handler when the window closes', () => {
    setup.unbind();
    expect(electron.handlers.size).toBe(0);
  });
});

describe('the preload bridge (window.clipdesk)', () => {
  it('exposes exactly invoke and on', () => {
    expect([...electron.exposed.keys()]).toEqual(['clipdesk']);
    expect(Object.keys(clipdesk).sort()).toEqual(['invoke', 'on']);
  });

  it('refuses a name outside the contract before anything is sent', async () => {
    const error = await rejection((clipdesk.invoke as (name: string) => Promise<unknown>)('keys.reveal'));
    expect(error.code).toBe('ipc.unknown_request');
    expect(() => clipdesk.on('secrets.changed' as never, () => {})).toThrow();
  });

  it("hands a listener only the payload, never Electron's event object", () => {
    const received: unknown[][] = [];
    clipdesk.on('wallet.changed', (...args: unknown[]) => void received.push(args));
    setup.events.emit('wallet.changed', { workspaceId: 'local', walletUsd: 12.5 });
    expect(received).toEqual([[{ workspaceId: 'local', walletUsd: 12.5 }]]);
    expect(electron.rendererListeners.get(eventChannel('wallet.changed'))?.size).toBe(1);
  });
});

// Every request, whichever screen added it to the contract: its argument is made from its own
// schema, so a new entry is covered here without anyone writing a sample for it.
describe('every request of the contract, through the Electron binding', () => {
  const takesNothing = (name: RequestName) => jsonSchemaOf(REQUESTS[name].arg).type === undefined;

  it.each(REQUEST_NAMES.map((name) => [name]))(
    '%s: a valid argument reaches core exactly as its schema parsed it',
    async (name) => {
      const schema = REQUESTS[name].arg;
      const sample = takesNothing(name) ? undefined : validSample(schema);
      expect(
        sample,
        `no generated argument of ${name} passes its schema: give the schema simpler refinements`,
      ).not.toBeNull();
      await clipdesk.invoke(name, sample as never).catch(() => undefined);
      expect(setup.calls).toEqual([{ name, arg: structuredClone(schema.parse(sample)) }]);
    },
  );

  it.each(REQUEST_NAMES.map((name) => [name]))(
    '%s: a missing or mistyped field is refused with the field named; core never sees it, nor an unknown field',
    async (name) => {
      const schema = REQUESTS[name].arg;
      const json = jsonSchemaOf(schema);
      if (takesNothing(name)) {
        expect((await rejection(clipdesk.invoke(name, { anything: 1 } as never))).code).toBe('request.invalid');
        expect(setup.calls).toEqual([]);
        return;
      }
      expect(json.type, `${name} takes an object`).toBe('object');
      const sample = validSample(schema) as Record<string, unknown>;
      const refusals: Record<string, unknown>[] = [];
      for (const key of json.required ?? []) {
        const { [key]: _dropped, ...rest } = sample;
        refusals.push(rest);
      }
      for (const [key, property] of Object.entries(json.properties ?? {})) {
        const wrong = wrongValueFor(property);
        if (wrong !== null) refusals.push({ ...sample, [key]: wrong });
      }
      for (const arg of refusals) {
        const error = await rejection(clipdesk.invoke(name, arg as never));
        expect(error, `${name} ${JSON.stringify(arg).slice(0, 200)}`).toMatchObject({ code: 'request.invalid' });
        const field =
          Object.keys(arg).find((key) => arg[key] !== sample[key]) ?? Object.keys(sample).find((key) => !(key in arg));
        if (field) expect(error.message).toContain(field);
      }
      expect(setup.calls).toEqual([]);

      // A field main does not know is refused (z.strictObject) or dropped: it never reaches core.
      await clipdesk.invoke(name, { ...sample, notAField: 1 } as never).catch(() => undefined);
      for (const call of setup.calls) expect(call.arg).not.toHaveProperty('notAField');
    },
  );
});
