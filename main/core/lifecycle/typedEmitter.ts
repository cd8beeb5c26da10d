// The core's one way to announce something: a small typed emitter. `on(name, listener)`
// returns the unsubscribe function (the shape the IPC contract uses), which a
// DisposableStore takes as it is. A listener that throws is reported, never allowed to stop
// the part that emitted (the outbox, the poller, the runtime).
export type Listener<Payload> = (payload: Payload) => void;

export interface TypedEmitter<Events extends object> {
  on<Name extends keyof Events>(name: Name, listener: Listener<Events[Name]>): () => void;
  emit<Name extends keyof Events>(name: Name, payload: Events[Name]): void;
  /** Listeners still subscribed (all names): what a leak check reads. */
  listenerCount(): number;
}

export function createTypedEmitter<Events extends object>(
  onListenerError: (name: keyof Events, error: unknown) => void = () => {},
): TypedEmitter<Events> {
  const listeners = new Map<keyof Events, Set<Listener<never>>>();
  return {
    on(name, listener) {
      let set = listeners.get(name);
      if (!set) listeners.set(name, (set = new Set()));
      // Wrapped, so the same function subscribed twice is two subscriptions, each removed once.
      const entry: Listener<never> = (payload) => (listener as Listener<unknown>)(payload);
      set.add(entry);
      return () => void set.delete(entry);
    },
    emit(name, payload) {
      for (const listener of [...(listeners.get(name) ?? [])]) {
        try {
          (listener as Listener<typeof payload>)(payload);
        } catch (error) {
          onListenerError(name, error);
        }
      }
    },
    listenerCount() {
      let count = 0;
      for (const set of listeners.values()) count += set.size;
      return count;
    },
  };
}
