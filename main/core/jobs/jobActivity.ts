// The latest job.updated the app heard of each job (progress, outputs, error): the journal
// keeps states only, and the Jobs screen also shows how far a job got and why it failed.
// Fed from the domain events; bounded, the jobs heard of longest ago are dropped first.
import type { JobUpdatedEvent } from '../../../shared/api/jobEvents.ts';
import type { DomainEvents } from '../lifecycle/domainEvents.ts';

const DEFAULT_MAX_JOBS = 1_000;

export interface JobActivity {
  latest(workspaceId: string, kind: string, jobId: string): JobUpdatedEvent | null;
  stop(): void;
}

export function watchJobActivity(events: Pick<DomainEvents, 'on'>, maxJobs = DEFAULT_MAX_JOBS): JobActivity {
  const latest = new Map<string, JobUpdatedEvent>();
  const keyOf = (workspaceId: string, kind: string, jobId: string) => `${workspaceId}\u0000${kind}\u0000${jobId}`;
  const stop = events.on('job.updated', (update) => {
    const key = keyOf(update.workspaceId, update.kind, update.id);
    // Re-inserted, so the Map's order is "heard of longest ago" first.
    latest.delete(key);
    latest.set(key, update);
    if (latest.size > maxJobs) latest.delete(latest.keys().next().value!);
  });
  return {
    latest: (workspaceId, kind, jobId) => latest.get(keyOf(workspaceId, kind, jobId)) ?? null,
    stop,
  };
}
