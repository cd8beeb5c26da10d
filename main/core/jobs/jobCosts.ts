// What each job cost, for the Jobs screen. The journal does not keep prices, so they are read
// from the service: one list read per kind (generations, exports: the kinds whose resource
// carries costUsd) covers the latest hundred jobs at once, on the background budget, only
// while the service answers, and never for longer than a moment (the screen must not wait
// on the network). A job's cost, once known, does not change and is kept.
import { toAppError } from '../../../shared/appError.ts';
import { CREATE_LIMITS } from '../../../shared/limits.ts';
import type { CreateApiClient } from '../api/createApiClient.ts';
import { jobKey } from './jobsOverview.ts';

/** How long the Jobs screen waits for prices before it shows what it has. */
const LOOKUP_TIMEOUT_MS = 2_500;

type CostedKind = 'generation' | 'export';
const COSTED: readonly string[] = ['generation', 'export'];

export interface JobCosts {
  cost(workspaceId: string, kind: string, jobId: string): number | null;
  /** Reads the prices of the jobs given that are not known yet (one list per kind at most). */
  fill(workspaceId: string, jobs: readonly { kind: string; jobId: string }[]): Promise<void>;
}

export interface JobCostsOptions {
  /** Runs a read on the active workspace's client (runtime.call). */
  readonly call: <T>(work: (client: CreateApiClient, workspaceId: string) => Promise<T>) => Promise<T>;
  readonly online: (workspaceId: string) => boolean;
  readonly log?: (line: string) => void;
}

export function createJobCosts(options: JobCostsOptions): JobCosts {
  const known = new Map<string, number>();
  /** Jobs already looked for once and not found in the list: not looked for again. */
  const missing = new Set<string>();
  const keyOf = (workspaceId: string, kind: string, jobId: string) => `${workspaceId}\u0000${jobKey(kind, jobId)}`;

  async function readKind(workspaceId: string, kind: CostedKind, wanted: Set<string>): Promise<void> {
    const signal = AbortSignal.timeout(LOOKUP_TIMEOUT_MS);
    const query = { limit: CREATE_LIMITS.pageSize.max };
    const callOptions = { priority: 'background' as const, signal };
    const items = await options.call(async (client, activeId) => {
      if (activeId !== workspaceId) return [];
      const page =
        kind === 'generation'
          ? await client.generations.list(query, callOptions)
          : await client.exports.list(query, callOptions);
      return page.items.map((item) => ({ id: String(item.id), costUsd: item.costUsd }));
    });
    for (const item of items) {
      if (typeof item.costUsd === 'number') known.set(keyOf(workspaceId, kind, item.id), item.costUsd);
    }
    for (const jobId of wanted) {
      if (!known.has(keyOf(workspaceId, kind, jobId))) missing.add(keyOf(workspaceId, kind, jobId));
    }
  }

  return {
    cost: (workspaceId, kind, jobId) => known.get(keyOf(workspaceId, kind, jobId)) ?? null,

    async fill(workspaceId, jobs) {
      if (!options.online(workspaceId)) return;
      const wanted = new Map<CostedKind, Set<string>>();
      for (const { kind, jobId } of jobs) {
        const key = keyOf(workspaceId, kind, jobId);
        if (!COSTED.includes(kind) || known.has(key) || missing.has(key)) continue;
        const set = wanted.get(kind as CostedKind) ?? new Set<string>();
        set.add(jobId);
        wanted.set(kind as CostedKind, set);
      }
      await Promise.all(
        [...wanted].map(([kind, ids]) =>
          readKind(workspaceId, kind, ids).catch((err: unknown) =>
            // Prices are a nicety: the rows show without them.
            options.log?.(`jobs: the prices of ${kind}s could not be read (${toAppError(err).code})`),
          ),
        ),
      );
    },
  };
}
