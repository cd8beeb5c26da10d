// Exports (spec rule 7): render a new video from a list of clips, or from the project's
// editor timeline exactly as it stands, at chosen output settings. Accepting an export
// checks everything first, then queues a job that renders a real MP4 (exportJob.ts).
import { CREATE_LIMITS, EDITOR_LIMITS } from '../../shared/limits.ts';
import { requestedRange } from '../editor/renderRequest.ts';
import type { SandboxContext } from '../context.ts';
import { renderProblem, timelineRender } from '../editor/timelineRender.ts';
import { createTimelineStore, revisionConflict, revisionLabel, toTimeline } from '../editor/timelineStore.ts';
import { ApiError } from '../http/apiError.ts';
import { intQuery, jobListQuery, pageOf } from '../http/pagination.ts';
import { route, type Route } from '../http/route.ts';
import { acceptOnce } from '../idempotency.ts';
import { cancelJob } from '../jobs/jobLifecycle.ts';
import { resolveOutput } from '../render/outputSettings.ts';
import { createProjectStore } from './projects.ts';
import { checkExportClips, ExportInput, type ExportInputBody } from './exportInput.ts';
import { registerExportJob } from './exportJob.ts';
import { createExportStore, ExportSchema } from './exportStore.ts';

const OPERATION = 'POST /exports';

export function exportRoutes(ctx: SandboxContext): Route[] {
  const store = createExportStore(ctx);
  const projects = createProjectStore(ctx);
  const timelines = createTimelineStore(ctx);
  registerExportJob(ctx, store);

  /** A timeline export: the project's timeline (whole, a range or a still), checked like a render of it. */
  function acceptTimeline(accountId: number, body: ExportInputBody, output: ReturnType<typeof resolveOutput>): number {
    const project = projects.get(accountId, body.projectId);
    const stored = timelines.read(accountId, body.projectId);
    const wanted = body.timeline?.revision;
    if (wanted !== undefined && wanted !== revisionLabel(stored.revision)) throw revisionConflict(stored, wanted);
    const { durationMs } = toTimeline(stored);
    if (durationMs === 0)
      throw new ApiError(
        'export.timeline_invalid',
        "The project's timeline is empty: add clips to it before exporting.",
      );
    const range = requestedRange(body.timeline ?? {}, durationMs);
    if (typeof range === 'string') throw new ApiError('export.timeline_invalid', `timeline.${range}`);
    const still = !!body.timeline?.still;
    const render = timelineRender(stored.tracks, range, output, project.aspect_ratio, {
      still,
      markers: stored.markers,
    });
    // Made in parts, a timeline export runs to the timeline's whole length.
    const problem = renderProblem(render, body.timeline?.range ? 'range' : 'timeline', EDITOR_LIMITS.timelineMaxMs);
    if (problem) throw new ApiError('export.timeline_invalid', problem);
    return store.insert(accountId, body.projectId, {
      clips: [],
      durationMs: render.range.endMs - render.range.startMs,
      output,
      timeline: { revision: stored.revision, render },
    });
  }

  return [
    route({
      method: 'GET',
      path: '/exports',
      auth: 'any',
      tag: 'Exports',
      summary: 'List exports, newest first',
      query: jobListQuery.extend({
        projectId: intQuery(1, CREATE_LIMITS.idMax).optional().describe('Only the exports of this project.'),
      }),
      responses: { 200: { description: 'A page of exports', schema: ExportSchema, list: true } },
      handler({ principal, query }) {
        const { items, pagination } = pageOf(
          (where, args, limit) => store.page(principal.accountId, query.projectId, where, args, limit),
          query,
        );
        return { data: items, pagination };
      },
    }),
    route<ExportInputBody>({
      method: 'POST',
      path: '/exports',
      auth: 'any',
      tag: 'Exports',
      summary:
        "Render a new video at the output settings asked for (an MP4 of H.264 + AAC, 1080p, 30 fps, standard quality by default), from clips of the project (1 to 80 clips, at most 30 minutes; MP4 only) or from the project's editor timeline (drawn and mixed exactly as POST /projects/{id}/editor/render describes; of any length; the whole of it, a range or one still PNG, as any output.format: MP4 H.264 or H.265, WebM VP9, MOV ProRes 422, or audio only as MP3, WAV or M4A normalised to output.loudnessLufs). Not charged. Existing media is never changed.",
      body: ExportInput,
      idempotent: true,
      responses: {
        200: {
          description: 'A replay: this Idempotency-Key already made this export with the same inputs',
          schema: ExportSchema,
        },
        202: {
          description:
            'Accepted: the export is queued; poll GET /exports/{id} until completed, then download its assetId',
          schema: ExportSchema,
        },
        400: {
          description:
            'request.invalid (a field, an output setting outside its values, or neither or both of clips and timeline), export.too_many_clips, export.too_long, export.media_not_in_project, export.invalid_trim or export.timeline_invalid; the message names the clip or field and says what to change',
        },
        404: { description: 'resource.not_found: no such project in this account' },
        409: {
          description:
            'idempotency.key_reused (this key was used with other inputs), or revision.conflict (timeline.revision is no longer the current one)',
        },
      },
      handler({ principal, body, idempotencyKey }) {
        const { accountId } = principal;
        const output = resolveOutput(body.output, 'final');
        const input = { ...body, output };
        const outcome = acceptOnce(ctx, { accountId, idempotencyKey, operation: OPERATION, input }, () => {
          if (body.timeline) return acceptTimeline(accountId, body, output);
          projects.get(accountId, body.projectId);
          const { clips, durationMs } = checkExportClips(ctx, accountId, {
            projectId: body.projectId,
            clips: body.clips!,
          });
          return store.insert(accountId, body.projectId, { clips, durationMs, output });
        });
        if (!outcome.replay) ctx.jobs.enqueue('export', outcome.id);
        return { status: outcome.replay ? 200 : 202, data: store.get(accountId, outcome.id) };
      },
    }),
    route({
      method: 'GET',
      path: '/exports/{id}',
      auth: 'any',
      tag: 'Exports',
      summary: 'Read an export (poll it until its state is completed, failed or cancelled)',
      responses: { 200: { description: 'The export', schema: ExportSchema } },
      handler({ principal, params }) {
        return { data: store.get(principal.accountId, params.id as number) };
      },
    }),
    route({
      method: 'POST',
      path: '/exports/{id}/cancel',
      auth: 'any',
      tag: 'Exports',
      summary: 'Cancel a queued or running export: its rendering stops and no asset is made',
      responses: {
        200: { description: 'The export, now cancelled', schema: ExportSchema },
        409: {
          description: 'job.not_cancellable: it already completed, failed or was cancelled; error.state says which',
        },
      },
      handler({ principal, params }) {
        const id = params.id as number;
        cancelJob(ctx, { kind: 'export', noun: 'export', id, state: store.get(principal.accountId, id).state });
        return { data: store.get(principal.accountId, id) };
      },
    }),
  ];
}
