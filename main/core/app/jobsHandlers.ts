// The Jobs screen's request: every piece of the active workspace's paid work, from the
// request waiting in the journal (offline, or behind another) to the job's end, with its
// progress, price, request ID and error. Reads the journal; prices come from the service
// when it answers (jobCosts.ts), so the screen shows at once, offline too.
import type { ContractHandlers } from '../../../shared/ipc.ts';
import { JOBS_FINISHED_DEFAULT } from '../../../shared/ipc/jobsView.ts';
import type { Journal } from '../journal/journal.ts';
import type { JobActivity } from '../jobs/jobActivity.ts';
import type { JobCosts } from '../jobs/jobCosts.ts';
import { buildJobRows } from '../jobs/jobsOverview.ts';
import type { WorkspaceRuntime } from '../workspace/workspaceRuntime.ts';

type JobsRequests = 'jobs.overview';

export interface JobsDeps {
  readonly runtime: Pick<WorkspaceRuntime, 'activeId'>;
  readonly journal: Pick<Journal, 'intents' | 'jobs'>;
  /** The latest job.updated of each job (made by createCore, so it hears them from the start). */
  readonly activity: Pick<JobActivity, 'latest'>;
  readonly costs: JobCosts;
}

export function jobsHandlers(deps: JobsDeps): Pick<ContractHandlers, JobsRequests> {
  const { runtime, journal, activity, costs } = deps;

  return {
    async 'jobs.overview'(query) {
      const workspaceId = runtime.activeId();
      const finishedLimit = query?.finishedLimit ?? JOBS_FINISHED_DEFAULT;
      const read = () => {
        const open = journal.intents.listOpen(workspaceId);
        const finished = journal.intents.listRecentlyFinished(workspaceId, finishedLimit);
        const jobs = [
          ...journal.jobs.listToPoll(workspaceId),
          ...journal.jobs.listRecentlyEnded(workspaceId, finishedLimit),
        ];
        return { open, finished, jobs };
      };
      const before = read();
      const withJobs = [...before.open, ...before.finished]
        .filter((intent) => intent.jobId !== null)
        .map((intent) => ({ kind: intent.jobKind ?? intent.kind, jobId: intent.jobId! }));
      const lacking = [...withJobs, ...before.jobs.map((job) => ({ kind: job.kind, jobId: job.jobId }))].filter(
        (job) => journal.jobs.get({ workspaceId, ...job })?.costUsd == null,
      );
      await costs.fill(workspaceId, lacking);
      // A price read from the service is kept with its job: a restart shows it without asking again.
      for (const job of lacking) {
        const costUsd = costs.cost(workspaceId, job.kind, job.jobId);
        if (costUsd !== null) journal.jobs.recordFacts({ workspaceId, ...job }, { costUsd });
      }
      // Read again: the lookup may have taken a moment, and the rows must be as fresh as the prices.
      const sources = read();
      return {
        workspaceId,
        rows: buildJobRows({
          ...sources,
          activity: (kind, jobId) => activity.latest(workspaceId, kind, jobId),
          cost: (kind, jobId) => costs.cost(workspaceId, kind, jobId),
          finishedLimit,
        }),
      };
    },
  };
}
