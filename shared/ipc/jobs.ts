// The Jobs screen's part of the contract (spread into REQUESTS in ../ipc.ts): one read of every
// piece of the workspace's paid work, waiting, running and recently finished. Live changes come
// as the jobs service's own events (job.updated, intent.updated), already in the
// contract. Built from ./contractParts.ts, like every group.
import { z } from 'zod';
import { request } from './contractParts.ts';
import { JOBS_FINISHED_MAX, type JobsOverview } from './jobsView.ts';

export const JOBS_REQUESTS = {
  /** The active workspace's work: waiting and sending (in send order), running, then finished (newest first). */
  'jobs.overview': request<JobsOverview>()(
    z
      .strictObject({
        /** How many finished rows to include (default 50). */
        finishedLimit: z
          .int('must be a whole number')
          .min(1, 'must be 1 or more')
          .max(JOBS_FINISHED_MAX, `must be at most ${JOBS_FINISHED_MAX}`)
          .optional(),
      })
      .optional(),
  ),
} as const;

export const JOBS_EVENTS = {} as const;
