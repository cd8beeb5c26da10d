// The core's event bus: on(name, handler) hears one event, its payload typed and checked by
// the contract; subscribe() hears every event (what the transports forward).
import { describe, expect, it } from 'vitest';
import { createEventBus } from '../../main/core/app/eventBus.ts';

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
