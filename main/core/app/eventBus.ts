// The page's events: the transports (Electron IPC, the browser-mode WebSocket) subscribe and
// forward what the core's domain events (lifecycle/domainEvents.ts) say, bridged here by
// bridgeToPage. Payloads are checked against the contract before they leave, so a bug
// cannot push something the renderer does not expect. Core parts never listen here: they
// listen to the domain events.
import { EVENT_NAMES, EVENTS, type EventName, type EventPayload } from '../../../shared/ipc.ts';
import type { DisposableStore } from '../lifecycle/disposableStore.ts';
import type { DomainEvents } from '../lifecycle/domainEvents.ts';

export type EventListener = <N extends EventName>(name: N, payload: EventPayload<N>) => void;

export interface EventBus {
  emit<N extends EventName>(name: N, payload: EventPayload<N>): void;
  /** Every event, for a transport to forward. Returns the unsubscribe function. */
  subscribe(listener: EventListener): () => void;
  /** One event, its payload typed by the contract. Returns the unsubscribe function. */
  on<N extends EventName>(name: N, handler: (payload: EventPayload<N>) => void): () => void;
  /** Listeners still subscribed (a leak check reads it after close). */
  listenerCount(): number;
}

export function createEventBus(log: (line: string) => void = () => {}): EventBus {
  const listeners = new Set<EventListener>();
  const handlers = new Map<EventName, Set<(payload: never) => void>>();

  function deliver(name: EventName, call: () => void): void {
    try {
      call();
    } catch (err) {
      log(`event ${name}: a listener failed (${err instanceof Error ? err.message : String(err)})`);
    }
  }

  return {
    emit(name, payload) {
      const checked = EVENTS[name].safeParse(payload);
      if (!checked.success) {
        log(`event ${name} dropped: its payload does not match the contract (${checked.error.issues[0]?.message})`);
        return;
      }
      const data = checked.data as EventPayload<typeof name>;
      for (const handler of handlers.get(name) ?? []) deliver(name, () => handler(data as never));
      for (const listener of listeners) deliver(name, () => listener(name, data));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    on(name, handler) {
      const set = handlers.get(name) ?? new Set();
      handlers.set(name, set);
      set.add(handler as (payload: never) => void);
      return () => void set.delete(handler as (payload: never) => void);
    },
    listenerCount() {
      let count = listeners.size;
      for (const set of handlers.values()) count += set.size;
      return count;
    },
  };
}

/**
 * Every contract event the core announces goes on to the page, checked; an intent's update
 * leaves without the service's answer, which only main's edit tracker reads. Each
 * subscription is registered in the core's store.
 */
export function bridgeToPage(
  domain: Pick<DomainEvents, 'on'>,
  bus: Pick<EventBus, 'emit'>,
  store: DisposableStore,
): void {
  for (const name of EVENT_NAMES) {
    if (name === 'intent.updated') {
      store.add(
        domain.on(name, ({ workspaceId, intent }) => bus.emit(name, { workspaceId, intent })),
        'a page event',
      );
      continue;
    }
    store.add(
      domain.on(name, (payload) => bus.emit(name, payload as EventPayload<typeof name>)),
      'a page event',
    );
  }
}
