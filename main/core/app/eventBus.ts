// The contract's events inside main: core parts emit, the transports (Electron IPC, the
// browser-mode WebSocket) listen and forward. Payloads are checked against the contract
// before they leave, so a bug cannot push something the renderer does not expect.
import { EVENTS, type EventName, type EventPayload } from '../../../shared/ipc.ts';

export type EventListener = <N extends EventName>(name: N, payload: EventPayload<N>) => void;

export interface EventBus {
  emit<N extends EventName>(name: N, payload: EventPayload<N>): void;
  /** Returns the unsubscribe function. */
  subscribe(listener: EventListener): () => void;
}

export function createEventBus(log: (line: string) => void = () => {}): EventBus {
  const listeners = new Set<EventListener>();
  return {
    emit(name, payload) {
      const checked = EVENTS[name].safeParse(payload);
      if (!checked.success) {
        log(`event ${name} dropped: its payload does not match the contract (${checked.error.issues[0]?.message})`);
        return;
      }
      for (const listener of listeners) {
        try {
          listener(name, checked.data as EventPayload<typeof name>);
        } catch (err) {
          log(`event ${name}: a listener failed (${err instanceof Error ? err.message : String(err)})`);
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
