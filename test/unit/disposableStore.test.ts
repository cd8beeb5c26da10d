// The core's one lifecycle: a DisposableStore undoes what was registered in reverse order,
// waits for each asynchronous part before the next, goes on past a part that fails and
// reports every failure together, and closes a store of synchronous parts at once.
import { describe, expect, it } from 'vitest';
import { DisposableStore, DisposeError } from '../../main/core/lifecycle/disposableStore.ts';
import { createTypedEmitter } from '../../main/core/lifecycle/typedEmitter.ts';

describe('DisposableStore', () => {
  it('disposes in reverse order, awaiting each asynchronous part before the next', async () => {
    const store = new DisposableStore();
    const order: string[] = [];
    store.add(() => void order.push('first'));
    store.add(async () => {
      await new Promise((r) => setTimeout(r, 20));
      order.push('second');
    });
    store.add({ dispose: () => void order.push('third') });
    expect(store.size).toBe(3);
    await store.dispose();
    expect(order).toEqual(['third', 'second', 'first']);
    expect(store.size).toBe(0);
  });

  it('goes on past parts that fail and reports every failure, named', async () => {
    const store = new DisposableStore();
    const disposed: string[] = [];
    store.add(() => void disposed.push('journal'), 'the journal');
    store.add(async () => {
      throw new Error('socket stuck');
    }, 'the uploader');
    store.add(() => {
      throw new Error('timer gone');
    }, 'the runtime');
    const error = await store.dispose().then(
      () => null,
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(DisposeError);
    expect((error as DisposeError).failures.map((f) => f.label)).toEqual(['the runtime', 'the uploader']);
    expect((error as Error).message).toContain('the uploader: socket stuck');
    expect(disposed).toEqual(['journal']);
  });

  it('closes a store of synchronous parts before dispose() returns, and only once', async () => {
    const store = new DisposableStore();
    let released = 0;
    store.add(() => void released++);
    const first = store.dispose();
    expect(released).toBe(1);
    await Promise.all([first, store.dispose()]);
    expect(released).toBe(1);
  });

  it('refuses a part registered once closing began, saying it would never be closed', () => {
    const store = new DisposableStore();
    void store.dispose();
    expect(() => store.add(() => {}, 'a late timer')).toThrow(
      /a late timer was registered after the store began closing/,
    );
  });

  it('takes an emitter subscription as it is, and leaves no listener once disposed', async () => {
    const events = createTypedEmitter<{ ping: number }>();
    const store = new DisposableStore();
    const heard: number[] = [];
    store.add(events.on('ping', (n) => void heard.push(n)));
    store.add(events.on('ping', (n) => void heard.push(n * 10)));
    events.emit('ping', 1);
    expect(events.listenerCount()).toBe(2);
    await store.dispose();
    events.emit('ping', 2);
    expect(heard).toEqual([1, 10]);
    expect(events.listenerCount()).toBe(0);
  });
});
