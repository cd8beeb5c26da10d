// One idempotency key per user action that is not a job (publishing a template version,
// preparing variants): the page names each action (its actionId), and every try of it is
// sent with the same key, so retrying after a failure never makes it twice. Kept in memory
// for the most recent actions (a retry comes soon after a failure).
import { randomUUID } from 'node:crypto';

/** How many recent user actions keep their idempotency key. */
export const ACTIONS_KEPT = 500;

export interface ActionKeys {
  keyFor(workspaceId: string, actionId: string): string;
}

export function createActionKeys(kept = ACTIONS_KEPT): ActionKeys {
  const keys = new Map<string, string>();
  return {
    keyFor(workspaceId, actionId) {
      const name = `${workspaceId}:${actionId}`;
      let key = keys.get(name);
      if (!key) {
        key = randomUUID();
        keys.set(name, key);
        if (keys.size > kept) keys.delete(keys.keys().next().value!);
      }
      return key;
    },
  };
}
