// How the renderer's stores hear main's events (renderer/client/mainEvents.ts): one
// subscription to main per event name however many stores hear it, made when the shell
// starts hearing (for stores heard before) or at once (for a store whose chunk loads later),
// all ended when the shell stops; a store that throws does not keep the others from hearing.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventName } from '../../shared/ipc.ts';

type Listener = (payload: unknown) => void;

/** window.clipdesk's `on`, counting the subscriptions main holds. */
function fakeBridge() {
  const listeners = new Map<string, Set<Listener>>();
  const on = (name: string, listener: Listener) => {
    const set = listeners.get(name) ?? new Set();
    listeners.set(name, set);
    set.add(listener);
    return () => void set.delete(listener);
  };
  (globalThis as { window?: unknown }).window = { clipdesk: { on, invoke: async () => undefined } };
  return {
    subscriptions: (name: string) => listeners.get(name)?.size ?? 0,
    emit: (name: string, payload: unknown) => listeners.get(name)?.forEach((listener) => listener(payload)),
  };
}

/** A fresh copy of the module (its registry is module state). */
async function freshHub() {
  vi.resetModules();
  return import('../../renderer/client/mainEvents.ts');
}

afterEach(() => {
  delete (globalThis as { window?: unknown }).window;
  vi.useRealTimers();
});

const JOB = 'job.updated' as EventName;

describe('hearing main', () => {
  it('subscribes once per event name, when the shell starts, however many stores hear it', async () => {
    const main = fakeBridge();
    const { hear, startHearing } = await freshHub();
    const heard: string[] = [];
    hear(JOB, () => heard.push('jobs'));
    hear(JOB, () => heard.push('exports'));
    expect(main.subscriptions(JOB)).toBe(0);

    const stop = startHearing();
    expect(main.subscriptions(JOB)).toBe(1);
    main.emit(JOB, {});
    expect(heard).toEqual(['jobs', 'exports']);

    // A store whose chunk loads later hears from then on, through the same subscription.
    hear(JOB, () => heard.push('timeline media'));
    expect(main.subscriptions(JOB)).toBe(1);
    main.emit(JOB, {});
    expect(heard.slice(2)).toEqual(['jobs', 'exports', 'timeline media']);

    stop();
    expect(main.subscriptions(JOB)).toBe(0);
    main.emit(JOB, {});
    expect(heard).toHaveLength(5);
  });

  it('hears again after a restart, and a handler that throws does not silence the others', async () => {
    vi.useFakeTimers();
    const main = fakeBridge();
    const { hear, startHearing } = await freshHub();
    const heard: string[] = [];
    hear(JOB, () => {
      throw new Error('a store broke');
    });
    hear(JOB, () => heard.push('after'));
    startHearing()();
    startHearing();
    expect(main.subscriptions(JOB)).toBe(1);

    main.emit(JOB, {});
    expect(heard).toEqual(['after']);
    // The error is not swallowed: it is thrown on its own, where the page reports it.
    expect(() => vi.runAllTimers()).toThrow('a store broke');
  });
});
