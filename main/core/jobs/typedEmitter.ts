// A small typed event emitter: `on(name, listener)` returns the unsubscribe function (the
// shape the IPC contract uses). A listener that throws is reported, never allowed to stop
// the outbox or the poller that emitted.
export type Listener<Payload> = (payload: Payload) => void;

export interface TypedEmitter<Events extends object> {
  on<Name extends keyof Events>(name: Name, listener: Listener<Events[Name]>): () => void;
  emit<Name extends keyof Events>(name: Name, payload: Events[Name]): void;
}

export function createTypedEmitter<Events extends object>(
  onListenerError: (name: keyof Events, error: unknown) => void = () => {},
): TypedEmitter<Events> {
  const listeners = new Map<keyof Events, Set<Listener<never>>>();
  return {
    on(name, listener) {
      let set = listeners.get(name);
      if (!set) listeners.set(name, (set = new Set()));
      set.add(listener as Listener<never>);
      return () => void set.delete(listener as Listener<never>);
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
  };
}
