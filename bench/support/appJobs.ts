// The app's jobs service (main/core/jobs) as the benchmarks run it: a real journal in a
// temporary folder, a transport on the key's own rate budget, the app's default timing
// unless told otherwise, and every answer it got recorded with the time it came.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createJobsService, type JobsService, type JobsTiming } from '../../main/core/jobs/jobsService.ts';
import { createJobsTransport, type JobsTransport } from '../../main/core/jobs/jobsTransport.ts';
import { openJournal, type Journal } from '../../main/core/journal/journal.ts';
import { createRateBudget, type RateBudget } from '../../main/core/rate/rateBudget.ts';

export interface TimedExchange {
  /** Date.now() when the answer came. */
  at: number;
  method: string;
  path: string;
  status: number;
  elapsedMs: number;
}

export interface AppJobs {
  workspaceId: string;
  jobs: JobsService;
  journal: Journal;
  transport: JobsTransport;
  budget: RateBudget;
  exchanges: TimedExchange[];
  close(): Promise<void>;
}

export function startAppJobs(options: {
  baseUrl: string;
  apiKey: string;
  workspaceId: string;
  timing?: JobsTiming;
}): AppJobs {
  const dataDir = mkdtempSync(join(tmpdir(), 'clipdesk-bench-journal-'));
  const exchanges: TimedExchange[] = [];
  const budget = createRateBudget();
  const transport = createJobsTransport({
    baseUrl: options.baseUrl,
    getApiKey: async () => options.apiKey,
    budget,
    onResponse: ({ method, path, status, elapsedMs }) =>
      exchanges.push({ at: Date.now(), method, path, status, elapsedMs }),
  });
  const journal = openJournal({ dataDir });
  const jobs = createJobsService({ workspaceId: options.workspaceId, journal, transport, timing: options.timing });
  return {
    workspaceId: options.workspaceId,
    jobs,
    journal,
    transport,
    budget,
    exchanges,
    async close() {
      await jobs.stop();
      budget.close();
      await transport.close();
      journal.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
