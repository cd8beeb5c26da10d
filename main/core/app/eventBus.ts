// The contract's events inside main: core parts emit, the transports (Electron IPC, the
// browser-mode WebSocket) listen and forward. Payloads are checked against the contract
// before they leave, so a bug cannot push something the renderer does not expect.
// Core parts that react to one event use on(name, handler), typed by the contract;
// subscribe() hears every event (what the transports forward).
import { EVENTS, type EventName, type EventPayload } from '../../../shared/ipc.ts';

export type EventListener = <N extends EventName>(name: N, payload: EventPayload<N>) => void;

export interface EventBus {
  emit<N extends EventName>(name: N, payload: EventPayload<N>): void;
  /** Every event, for a transport to forward. Returns the unsubscribe function. */
  subscribe(listener: EventListener): () => void;
  /** One event, its payload typed by the contract. Returns the unsubscribe function. */
  on<N extends EventName>(name: N, handler: (payload: EventPayload<N>) => void): () => void;
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
  };
}
