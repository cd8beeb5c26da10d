// The operations all four media jobs share: accepting a job exactly once per
// Idempotency-Key, reading one job (to poll it), cancelling it, and listing an asset's jobs.
import type { z } from 'zod';
import type { SandboxContext } from '../context.ts';
import { transaction } from '../db/database.ts';
import { ApiError } from '../http/apiError.ts';
import { pageOf, pageQuery } from '../http/pagination.ts';
import { route, type Route } from '../http/route.ts';
import { isTerminal, type MediaJobRow, type MediaJobStore } from './mediaJobStore.ts';

/**
 * Replays an earlier identical request, or runs `accept` (checks, charge, insert) and
 * remembers the key — in one transaction, so a job is charged and recorded at most once.
 * `input` must hold everything that defines the job, path parameters included.
 */
export function acceptOnce(
  ctx: SandboxContext,
  request: { accountId: number; idempotencyKey: string; operation: string; input: unknown },
  accept: () => number,
): { id: number; replay: boolean } {
  return transaction(ctx.db, () => {
    const replayed = ctx.idempotency.replayOf(request.accountId, request.idempotencyKey, request.operation, request.input);
    if (replayed !== undefined) return { id: replayed, replay: true };
    const id = accept();
    ctx.idempotency.remember(request.accountId, request.idempotencyKey, request.operation, request.input, id);
    return { id, replay: false };
  });
}

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
        409: { description: 'job.not_cancellable: it already completed, failed or was cancelled; the error carries its state' },
      },
      handler({ principal, params }) {
        const id = params.id as number;
        const row = store.get(principal.accountId, id);
        if (isTerminal(row.state)) {
          throw new ApiError('job.not_cancellable', `${capitalise(store.noun)} ${id} is already ${row.state}: there is nothing to cancel.`, {
            details: { state: row.state },
          });
        }
        ctx.jobs.cancel(job.kind, id);
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
    query: pageQuery,
    responses: { 200: { description: `A page of ${job.plural}`, schema, list: true } },
    handler({ principal, params, query }) {
      const asset = ctx.assets.get(principal.accountId, params.id as number);
      const { items, pagination } = pageOf((where, args, limit) => store.page(principal.accountId, 'asset_id', asset.id, where, args, limit), query);
      return { data: items.map(toApi), pagination };
    },
  });
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
