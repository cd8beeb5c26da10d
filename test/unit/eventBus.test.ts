// The page's event bus: on(name, handler) hears one event, its payload typed and checked by
// the contract; subscribe() hears every event (what the transports forward). bridgeToPage
// carries the core's domain events there: the contract's events only, an intent's update
// without the answer kept inside main, each subscription in the core's store.
import { describe, expect, it } from 'vitest';
import { bridgeToPage, createEventBus } from '../../main/core/app/eventBus.ts';
import { DisposableStore } from '../../main/core/lifecycle/disposableStore.ts';
import { createDomainEvents } from '../../main/core/lifecycle/domainEvents.ts';

const wallet = { workspaceId: 'local', walletUsd: 12.5 };

describe('the event bus', () => {
  it('on(name) hears only that event, with the payload the contract checked, until unsubscribed', () => {
    const bus = createEventBus();
    const heard: number[] = [];
    const off = bus.on('wallet.changed', (payload) => heard.push(payload.walletUsd ?? -1));
    bus.emit('wallet.changed', wallet);
    bus.emit('pending.changed', { workspaceId: 'local', pending: { openIntents: 0, pendingIntents: 0, uploads: 0 } });
    off();
    bus.emit('wallet.changed', { ...wallet, walletUsd: 3 });
    expect(heard).toEqual([12.5]);
  });

  it('drops a payload the contract refuses, and one failing handler does not keep it from the others', () => {
    const lines: string[] = [];
    const bus = createEventBus((line) => lines.push(line));
    const heard: string[] = [];
    bus.on('wallet.changed', () => {
      throw new Error('boom');
    });
    bus.on('wallet.changed', (payload) => heard.push(`on ${payload.workspaceId}`));
    bus.subscribe((name) => heard.push(`all ${name}`));
    bus.emit('wallet.changed', { workspaceId: 42 } as never);
    bus.emit('wallet.changed', wallet);
    expect(heard).toEqual(['on local', 'all wallet.changed']);
    expect(lines.some((line) => line.includes('dropped'))).toBe(true);
    expect(lines.some((line) => line.includes('boom'))).toBe(true);
  });
});

describe('the bridge from the domain events to the page', () => {
  const intent = {
    id: 'i-1',
    seq: 1,
    kind: 'editor-commands',
    state: 'done',
    jobId: null,
    attempts: 1,
    requestId: 'req-1',
    lastError: null,
    createdAt: 1,
    updatedAt: 2,
  } as const;

  it("forwards the contract's events, checked, without an intent's answer, and none of main's own facts", async () => {
    const domain = createDomainEvents();
    const bus = createEventBus();
    const store = new DisposableStore();
    bridgeToPage(domain, bus, store);
    const heard: { name: string; payload: unknown }[] = [];
    bus.subscribe((name, payload) => void heard.push({ name, payload }));

    domain.emit('wallet.changed', wallet);
    domain.emit('intent.updated', { workspaceId: 'local', intent, answer: { revision: 'r2', secretish: true } });
    domain.emit('workspace.online', { workspaceId: 'local' });
    expect(heard).toEqual([
      { name: 'wallet.changed', payload: wallet },
      { name: 'intent.updated', payload: { workspaceId: 'local', intent } },
    ]);

    await store.dispose();
    expect(domain.listenerCount()).toBe(0);
    domain.emit('wallet.changed', wallet);
    expect(heard).toHaveLength(2);
  });
});
