// Editor batches (spec: "Apply variations to prepared editor projects"): one asynchronous
// production job renders the current timeline of each prepared project to an MP4 asset
// (queued → running → completed | failed | cancelled). Every project is checked, and what
// to render fixed, when the batch is accepted, so a batch that starts can be rendered.
import { z } from 'zod';
import { CREATE_LIMITS, EDITOR_LIMITS, TEMPLATE_LIMITS } from '../../shared/limits.ts';
import type { SandboxContext } from '../context.ts';
import { createProjectStore } from '../create/projects.ts';
import { renderProblem, timelineRender } from '../editor/timelineRender.ts';
import { toTimeline, type TimelineStore } from '../editor/timelineStore.ts';
import { ApiError } from '../http/apiError.ts';
import { route, type Route } from '../http/route.ts';
import { acceptOnce } from '../idempotency.ts';
import { cancelJob } from '../jobs/jobLifecycle.ts';
import { projectJobListRoute } from '../jobs/jobRoutes.ts';
import { OutputSettingsInput, resolveOutput, type OutputSettings } from '../render/outputSettings.ts';
import { PRODUCTION_JOB, registerBatchJob } from './batchJob.ts';
import { BatchSchema, createBatchStore, type NewItem } from './batchStore.ts';

const OPERATION = 'editor.batches';
const hours = EDITOR_LIMITS.timelineMaxMs / 3_600_000;

const BatchInput = z.strictObject({
  projectIds: z
    .array(
      z
        .number()
        .int('must be a whole number')
        .min(1, 'must be at least 1')
        .max(CREATE_LIMITS.idMax, `must be at most ${CREATE_LIMITS.idMax}`),
    )
    .min(1, 'give at least one project')
    .max(TEMPLATE_LIMITS.projectsPerBatch, `give at most ${TEMPLATE_LIMITS.projectsPerBatch} projects`)
    .refine((ids) => new Set(ids).size === ids.length, 'must not list a project twice')
    .optional()
    .describe('The prepared projects to render, in order; just the project in the path by default.'),
  output: OutputSettingsInput.extend({
    kind: z.literal('render').describe("Each project's whole timeline rendered to an MP4 asset of that project."),
  }).describe(
    'What each item makes, at these output settings (those left out take their defaults, as for a whole-timeline render).',
  ),
});
type BatchBody = z.infer<typeof BatchInput>;

export function batchRoutes(ctx: SandboxContext, timelines: TimelineStore): Route[] {
  const projects = createProjectStore(ctx);
  const store = createBatchStore(ctx);
  registerBatchJob(ctx, store);

  /** The item for one project, or why it cannot be rendered (naming `field`). */
  function itemFor(accountId: number, projectId: number, field: string, output: OutputSettings): NewItem {
    const named = (err: unknown) =>
      err instanceof ApiError ? new ApiError(err.code, `${field}: ${err.message}`) : err;
    let project;
    try {
      project = projects.get(accountId, projectId);
    } catch (err) {
      throw named(err);
    }
    const stored = timelines.read(accountId, projectId);
    const invalid = (why: string) =>
      new ApiError('production.batch_invalid', `${field}: project ${projectId} ${why} Nothing was started.`, {
        details: { field, projectId },
      });
    const { durationMs } = toTimeline(stored);
    if (durationMs < EDITOR_LIMITS.renderMinDurationMs)
      throw invalid('has an empty timeline: add clips (or apply a template with variants) first.');
    const render = timelineRender(stored.tracks, { startMs: 0, endMs: durationMs }, output, project.aspect_ratio, {
      markers: stored.markers,
    });
    const problem = renderProblem(render, 'timeline');
    if (problem) throw invalid(`cannot be rendered. ${problem}`);
    return { projectId, revision: stored.revision, render };
  }

  return [
    route<BatchBody>({
      method: 'POST',
      path: '/projects/{id}/editor/batches',
      auth: 'any',
      tag: 'Editor',
      summary: `Start a batch (a production job) that renders the current timeline of each prepared project, one after another, to an MP4 asset of that project (at most ${hours} hours each, the longest a timeline may be). Ends with production.completed (every item completed), production.failed (any item failed) or production.cancelled. Not charged`,
      body: BatchInput,
      idempotent: true,
      responses: {
        202: {
          description: 'Accepted: the batch is queued; poll GET /batches/{id} (or wait for its production.* event)',
          schema: BatchSchema,
        },
        200: {
          description: 'A replay: this Idempotency-Key already started this batch with the same inputs',
          schema: BatchSchema,
        },
        400: {
          description:
            'request.invalid (a field of the body) or production.batch_invalid (a project that cannot be rendered; error.field names it)',
        },
        404: {
          description: 'resource.not_found: the project in the path, or one in projectIds, is not in this account',
        },
        409: { description: 'idempotency.key_reused: this key was used with other inputs' },
      },
      handler({ principal, params, body, idempotencyKey }) {
        const { accountId } = principal;
        const projectId = params.id as number;
        const projectIds = body.projectIds ?? [projectId];
        const { kind, ...settings } = body.output;
        const output = resolveOutput(settings, 'final');
        const input = { projectId, projectIds, output: { kind, ...output } };
        const outcome = acceptOnce(ctx, { accountId, idempotencyKey, operation: OPERATION, input }, () => {
          projects.get(accountId, projectId);
          const items = projectIds.map((id, i) =>
            itemFor(accountId, id, body.projectIds ? `projectIds[${i}]` : 'id', output),
          );
          return store.insert(accountId, projectId, items);
        });
        if (!outcome.replay) ctx.jobs.enqueue(PRODUCTION_JOB, outcome.id);
        return { status: outcome.replay ? 200 : 202, data: store.get(accountId, outcome.id) };
      },
    }),
    projectJobListRoute({
      path: '/projects/{id}/editor/batches',
      tag: 'Editor',
      summary: 'List the batches started from a project, newest first',
      plural: 'batches',
      schema: BatchSchema,
      project: projects.get,
      page: store.page,
    }),
    route({
      method: 'GET',
      path: '/batches/{id}',
      auth: 'any',
      tag: 'Editor',
      summary: 'Read a batch and its items (poll it until its state is completed, failed or cancelled)',
      responses: {
        200: { description: 'The batch', schema: BatchSchema },
        404: { description: 'resource.not_found: no such batch in this account' },
      },
      handler({ principal, params }) {
        return { data: store.get(principal.accountId, params.id as number) };
      },
    }),
    route({
      method: 'POST',
      path: '/batches/{id}/cancel',
      auth: 'any',
      tag: 'Editor',
      summary:
        'Cancel a queued or running batch: items not yet rendered are cancelled (items already rendered keep their assets), and production.cancelled is published',
      responses: {
        200: { description: 'The batch, now cancelled', schema: BatchSchema },
        404: { description: 'resource.not_found: no such batch in this account' },
        409: {
          description: 'job.not_cancellable: it already completed, failed or was cancelled; error.state says which',
        },
      },
      handler({ principal, params }) {
        const id = params.id as number;
        cancelJob(ctx, { kind: PRODUCTION_JOB, noun: 'batch', id, state: store.get(principal.accountId, id).state });
        return { data: store.get(principal.accountId, id) };
      },
    }),
  ];
}
