// Route pieces that job kinds share: listing a project's jobs of one kind (cancelling one is
// jobLifecycle.ts cancelJob).
import type { z } from 'zod';
import { jobListQuery, pageOf } from '../http/pagination.ts';
import { route, type Route } from '../http/route.ts';

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
