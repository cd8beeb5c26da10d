// Editor renders: a preview range or the whole timeline rendered to a real MP4 asset,
// asynchronously (queued → running → completed | failed | cancelled), not charged, drawn
// and mixed as docs/render-semantics.md says (that text is the operation's description in
// /openapi.json). Completion publishes render.completed.
import { z } from 'zod';
import { EDITOR_LIMITS } from '../../shared/limits.ts';
import type { SandboxContext } from '../context.ts';
import { createProjectStore } from '../create/projects.ts';
import { ApiError } from '../http/apiError.ts';
import { route } from '../http/route.ts';
import { acceptOnce } from '../idempotency.ts';
import { cancelJob } from '../jobs/jobLifecycle.ts';
import { projectJobListRoute } from '../jobs/jobRoutes.ts';
import { renderSemantics } from '../openapi/renderSemantics.ts';
import { DeliveryOutputInput, resolveOutput } from '../render/outputSettings.ts';
import type { RenderStore } from './renderStore.ts';
import { RenderSchema } from './renderStore.ts';
import { renderProblem, timelineRender } from './timelineRender.ts';
import { RangeInput, requestedRange, StillInput } from './renderRequest.ts';
import { RevisionSchema } from './timelineSchemas.ts';
import { revisionConflict, revisionLabel, toTimeline, type TimelineStore } from './timelineStore.ts';

const RenderInput = z
  .strictObject({
    range: RangeInput.optional().describe('The preview range; the whole timeline by default.'),
    revision: RevisionSchema.optional().describe(
      'Render only if the timeline is still at this revision (409 revision.conflict otherwise). The current revision by default.',
    ),
    still: StillInput.optional(),
    output: DeliveryOutputInput.optional(),
  })
  .refine((body) => !(body.still && body.range), {
    message: 'give range (a moving render) or still (one frame), not both',
    path: ['still'],
  })
  .optional();

type RenderBody = z.infer<typeof RenderInput>;

const OPERATION = 'editor.render';
const minutes = EDITOR_LIMITS.renderMaxDurationMs / 60_000;
const timelineHours = EDITOR_LIMITS.timelineMaxMs / 3_600_000;

export function renderRoutes(ctx: SandboxContext, timelines: TimelineStore, store: RenderStore) {
  const projects = createProjectStore(ctx);
  const invalid = (message: string) => new ApiError('editor.render_invalid', message);

  return [
    route<RenderBody>({
      method: 'POST',
      path: '/projects/{id}/editor/render',
      auth: 'any',
      tag: 'Editor',
      summary: `Render a preview range (at most ${minutes} minutes) or the whole timeline (as long as a timeline may be, ${timelineHours} hours: a long one is made in parts, its progress rising across them) to an asset of the format asked for (an MP4 by default), or one still frame to a PNG: every video track, caption and unmuted sound, at the output settings asked for. Not charged`,
      description: renderSemantics(),
      body: RenderInput,
      idempotent: true,
      responses: {
        202: {
          description:
            'Accepted: the render is queued; poll GET /projects/{id}/editor/renders/{renderId} (its progress; or wait for render.completed), then download its assetId',
          schema: RenderSchema,
        },
        200: {
          description: 'A replay: this Idempotency-Key already started this render with the same inputs',
          schema: RenderSchema,
        },
        400: {
          description:
            'request.invalid (a field, such as an output setting outside its values) or editor.render_invalid (empty timeline, range outside it, too long, too many media clips, a frame too large); the message says what to change',
        },
        404: { description: 'resource.not_found: no such project in this account' },
        409: {
          description:
            'revision.conflict: the timeline is no longer at the revision sent (error.currentRevision, error.current); or idempotency.key_reused',
        },
      },
      handler({ principal, params, body, idempotencyKey }) {
        const { accountId } = principal;
        const projectId = params.id as number;
        const output = resolveOutput(body?.output, body?.range ? 'preview' : 'final');
        const input = { projectId, range: body?.range, still: body?.still, revision: body?.revision, output };
        const outcome = acceptOnce(ctx, { accountId, idempotencyKey, operation: OPERATION, input }, () => {
          const project = projects.get(accountId, projectId);
          const stored = timelines.read(accountId, projectId);
          if (body?.revision !== undefined && body.revision !== revisionLabel(stored.revision))
            throw revisionConflict(stored, body.revision);
          const { durationMs } = toTimeline(stored);
          if (durationMs === 0) throw invalid('The timeline is empty: add clips before rendering.');
          const range = requestedRange(body ?? {}, durationMs);
          if (typeof range === 'string') throw invalid(range);
          const render = timelineRender(stored.tracks, range, output, project.aspect_ratio, {
            still: !!body?.still,
            markers: stored.markers,
          });
          const problem = renderProblem(render, body?.range ? 'range' : 'timeline');
          if (problem) throw invalid(problem);
          return store.insert({ accountId, projectId, revision: stored.revision, render });
        });
        if (!outcome.replay) ctx.jobs.enqueue('render', outcome.id);
        return { status: outcome.replay ? 200 : 202, data: store.get(accountId, projectId, outcome.id) };
      },
    }),
    projectJobListRoute({
      path: '/projects/{id}/editor/renders',
      tag: 'Editor',
      summary: "List a project's editor renders, newest first",
      plural: 'renders',
      schema: RenderSchema,
      project: projects.get,
      page: store.page,
    }),
    route({
      method: 'GET',
      path: '/projects/{id}/editor/renders/{renderId}',
      auth: 'any',
      tag: 'Editor',
      summary: 'Read an editor render (poll it until its state is completed, failed or cancelled)',
      responses: {
        200: { description: 'The render', schema: RenderSchema },
        404: { description: 'resource.not_found: no such render of this project' },
      },
      handler({ principal, params }) {
        return { data: store.get(principal.accountId, params.id as number, params.renderId as number) };
      },
    }),
    route({
      method: 'POST',
      path: '/projects/{id}/editor/renders/{renderId}/cancel',
      auth: 'any',
      tag: 'Editor',
      summary: 'Cancel a queued or running render: its work stops and no asset is made',
      responses: {
        200: { description: 'The render, now cancelled', schema: RenderSchema },
        404: { description: 'resource.not_found: no such render of this project' },
        409: {
          description: 'job.not_cancellable: it already completed, failed or was cancelled; error.state says which',
        },
      },
      handler({ principal, params }) {
        const projectId = params.id as number;
        const id = params.renderId as number;
        cancelJob(ctx, {
          kind: 'render',
          noun: 'render',
          id,
          state: store.get(principal.accountId, projectId, id).state,
        });
        return { data: store.get(principal.accountId, projectId, id) };
      },
    }),
  ];
}
