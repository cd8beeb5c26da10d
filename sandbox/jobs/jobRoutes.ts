// Route pieces that job kinds share: listing a project's jobs of one kind, and cancelling
// a job (a queued or running one through the job runner; a finished one is a 409).
import type { z } from 'zod';
import type { JobState } from '../../shared/limits.ts';
import type { SandboxContext } from '../context.ts';
import { ApiError } from '../http/apiError.ts';
import { jobListQuery, pageOf } from '../http/pagination.ts';
import { route, type Route } from '../http/route.ts';
import { isTerminal } from './jobLifecycle.ts';

/** `noun` names the job in the error, e.g. 'batch' → "Batch 7 is already completed". */
export function cancelJob(ctx: SandboxContext, job: { kind: string; noun: string; id: number; state: JobState }): void {
  const { kind, noun, id, state } = job;
  if (isTerminal(state)) {
    const name = noun.charAt(0).toUpperCase() + noun.slice(1);
    throw new ApiError('job.not_cancellable', `${name} ${id} is already ${state}: there is nothing to cancel.`, {
      details: { state },
    });
  }
  ctx.jobs.cancel(kind, id);
}

/** GET {path}: a project's jobs of one kind, newest first; 404 when the project is not the account's. */
export function projectJobListRoute<Item extends { id: number }>(list: {
  path: string;
  tag: string;
  summary: string;
  /** e.g. 'renders', for the response's description. */
  plural: string;
  schema: z.ZodType;
  /** Reads the project, or throws 404. */
  project(accountId: number, projectId: number): unknown;
  page(accountId: number, projectId: number, where: string, args: (string | number | null)[], limit: number): Item[];
}): Route {
  return route({
    method: 'GET',
    path: list.path,
    auth: 'any',
    tag: list.tag,
    summary: list.summary,
    query: jobListQuery,
    responses: {
      200: { description: `A page of ${list.plural}`, schema: list.schema, list: true },
      404: { description: 'resource.not_found: no such project in this account' },
    },
    handler({ principal, params, query }) {
      const projectId = params.id as number;
      list.project(principal.accountId, projectId);
      const { items, pagination } = pageOf(
        (where, args, limit) => list.page(principal.accountId, projectId, where, args, limit),
        query,
      );
      return { data: items, pagination };
    },
  });
}
