// Main's events, heard the one way every store hears them: a store says at its module's top
// level what it does with an event (`hear`), and the page subscribes to main once per event
// name, however many stores hear it, from the moment the shell starts (`startHearing`) until
// it stops. A store whose chunk loads later (the Timeline's) is heard from then on.
//
//   hear('job.updated', (job) => useJobs.getState().applyJobUpdate(job));
import type { EventName, EventPayload } from '../../shared/ipc.ts';
import { on } from './clipdesk.ts';

type Handler<N extends EventName> = (payload: EventPayload<N>) => void;

const handlers = new Map<EventName, Set<Handler<EventName>>>();
/** The subscriptions to main, by event name, while the page hears. */
const subscribed = new Map<EventName, () => void>();
let hearing = false;

function subscribe(name: EventName): void {
  if (subscribed.has(name)) return;
  subscribed.set(
    name,
    on(name, (payload) => {
      for (const handler of handlers.get(name) ?? []) {
        try {
          handler(payload);
        } catch (err) {
          // One store's fault stays its own: the others still hear the event, and the error
          // is still thrown (uncaught, where it is seen), just not through them.
          setTimeout(() => {
            throw err;
          });
        }
      }
    }),
  );
}

/** Runs `handler` on every `name` event from main (once the shell hears); returns its removal. */
export function hear<N extends EventName>(name: N, handler: Handler<N>): () => void {
  const set = handlers.get(name) ?? new Set();
  handlers.set(name, set);
  const entry = handler as Handler<EventName>;
  set.add(entry);
  if (hearing) subscribe(name);
  return () => void set.delete(entry);
}

/** Subscribes to main for every event a store hears; the returned function ends them all. */
export function startHearing(): () => void {
  hearing = true;
  for (const name of handlers.keys()) subscribe(name);
  return () => {
    hearing = false;
    for (const off of subscribed.values()) off();
    subscribed.clear();
  };
}
