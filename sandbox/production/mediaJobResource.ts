// The operations all four media jobs share: reading one job (to poll it), cancelling it,
// and listing an asset's jobs. Accepting one exactly once per key: idempotency.ts acceptOnce.
// Not a *Routes.ts module: each media job's own module builds its routes with these pieces.
import type { z } from 'zod';
import type { SandboxContext } from '../context.ts';
import { jobListQuery, pageOf } from '../http/pagination.ts';
import { route, type Route } from '../http/route.ts';
import { cancelJob } from '../jobs/jobLifecycle.ts';
import type { MediaJobRow, MediaJobStore } from './mediaJobStore.ts';

export interface JobResource {
  /** The job runner's kind, e.g. 'transcription'. */
  kind: string;
  store: MediaJobStore;
  /** e.g. '/transcriptions'. */
  basePath: string;
  tag: string;
  schema: z.ZodType;
  toApi(row: MediaJobRow): unknown;
}

/** GET {basePath}/{id} and POST {basePath}/{id}/cancel. */
export function jobReadRoutes(ctx: SandboxContext, job: JobResource): Route[] {
  const { store, basePath, tag, schema, toApi } = job;
  return [
    route({
      method: 'GET',
      path: `${basePath}/{id}`,
      auth: 'any',
      tag,
      summary: `Read a ${store.noun} (poll it until its state is completed, failed or cancelled)`,
      responses: { 200: { description: `The ${store.noun}`, schema } },
      handler({ principal, params }) {
        return { data: toApi(store.get(principal.accountId, params.id as number)) };
      },
    }),
    route({
      method: 'POST',
      path: `${basePath}/{id}/cancel`,
      auth: 'any',
      tag,
      summary: `Cancel a queued or running ${store.noun}; anything it charged is refunded and its partial work is discarded`,
      responses: {
        200: { description: `The ${store.noun}, now cancelled`, schema },
        409: {
          description:
            'job.not_cancellable: it already completed, failed or was cancelled; the error carries its state',
        },
      },
      handler({ principal, params }) {
        const id = params.id as number;
        cancelJob(ctx, { kind: job.kind, noun: store.noun, id, state: store.get(principal.accountId, id).state });
        return { data: toApi(store.get(principal.accountId, id)) };
      },
    }),
  ];
}

/** GET /assets/{id}/{plural}: the jobs run on one asset, newest first. */
export function assetJobListRoute(ctx: SandboxContext, job: JobResource & { plural: string }): Route {
  const { store, tag, schema, toApi } = job;
  return route({
    method: 'GET',
    path: `/assets/{id}/${job.plural}`,
    auth: 'any',
    tag,
    summary: `List the ${job.plural} of an asset, newest first`,
    query: jobListQuery,
    responses: { 200: { description: `A page of ${job.plural}`, schema, list: true } },
    handler({ principal, params, query }) {
      const asset = ctx.assets.get(principal.accountId, params.id as number);
      const { items, pagination } = pageOf(
        (where, args, limit) => store.page(principal.accountId, 'asset_id', asset.id, where, args, limit),
        query,
      );
      return { data: items.map(toApi), pagination };
    },
  });
}
