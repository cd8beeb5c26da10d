// How far each running render or export has got, 0..1 (renderComposition's onProgress), as the
// resource's `progress` shows it. Kept in memory, per service: it changes twice a second and
// means nothing once the job ends; a job the service restarts begins again at 0.
import { z } from 'zod';
import type { JobState } from '../../shared/limits.ts';

export const ProgressSchema = z
  .number()
  .min(0)
  .max(1)
  .nullable()
  .describe(
    'The share of the work done, 0 to 1, rising steadily while it runs (a long render drawn in parts counts each part at its place in the whole; joining them is the last 3%): 0 while queued, 1 once completed, null once it failed or was cancelled. A client estimates the time left from how it rises.',
  );

const byService = new WeakMap<object, Map<string, number>>();

/** The progress of the jobs of one service (its context): `kind` names the job kind (render, export). */
export function renderProgress(service: object) {
  let shares = byService.get(service);
  if (!shares) byService.set(service, (shares = new Map()));
  const key = (kind: string, id: number) => `${kind}:${id}`;
  return {
    /** Records the share done; never lowers it. */
    set(kind: string, id: number, share: number): void {
      const k = key(kind, id);
      shares.set(k, Math.max(shares.get(k) ?? 0, Math.min(1, Math.max(0, share))));
    },
    /** Forgets a job that ended (its state says 1 or null from now on). */
    clear(kind: string, id: number): void {
      shares.delete(key(kind, id));
    },
    /** The resource's `progress` for a job in `state`. */
    of(kind: string, id: number, state: JobState): number | null {
      if (state === 'completed') return 1;
      if (state === 'queued') return 0;
      if (state === 'running') return shares.get(key(kind, id)) ?? 0;
      return null;
    },
  };
}
