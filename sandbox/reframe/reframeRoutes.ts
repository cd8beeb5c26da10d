// Auto reframe: a job (queued → running → completed | failed | cancelled, not charged: the
// analysis runs on the machine) that follows each visual clip's subject — faces, else the
// centre of motion — and writes positionX / positionY keyframes that keep it in the project's
// frame, as one new timeline revision the user can adjust or undo.
import { z } from 'zod';
import { EDITOR_LIMITS } from '../../shared/limits.ts';
import type { SandboxContext } from '../context.ts';
import { createProjectStore } from '../create/projects.ts';
import type { TimelineStore } from '../editor/timelineStore.ts';
import { ApiError } from '../http/apiError.ts';
import { route } from '../http/route.ts';
import { acceptOnce } from '../idempotency.ts';
import { cancelJob } from '../jobs/jobLifecycle.ts';
import { projectJobListRoute } from '../jobs/jobRoutes.ts';
import { clipsToFollow } from './reframeJob.ts';
import { ReframeSchema, type ReframeStore } from './reframeStore.ts';

const ReframeInput = z
  .strictObject({
    clipIds: z
      .array(z.uuid('must be a clip ID (a UUID)'))
      .min(1)
      .max(EDITOR_LIMITS.clipsPerTimeline)
      .optional()
      .describe('The media clips of video tracks to follow; every one by default.'),
  })
  .optional();

type ReframeBody = z.infer<typeof ReframeInput>;

const OPERATION = 'editor.reframe';

export function reframeRoutes(ctx: SandboxContext, timelines: TimelineStore, store: ReframeStore) {
  const projects = createProjectStore(ctx);
  const invalid = (message: string) => new ApiError('editor.reframe_invalid', message);

  return [
    route<ReframeBody>({
      method: 'POST',
      path: '/projects/{id}/editor/reframe',
      auth: 'any',
      tag: 'Editor',
      summary:
        "Follow the subject: sample each clip's frames (3 a second), find faces (a face detector that runs on the machine), else the centre of motion, and write positionX and positionY keyframes — a steady camera with a dead zone, no jitter — that keep it inside the project's frame. The keyframes are one new revision (one edit to undo) and stay adjustable. Not charged",
      description:
        'Works where the clip overflows the frame (fit cover, or scaled up): a clip whose whole picture already shows on an axis gets no keyframes there. Existing positionX / positionY keyframes of the clips followed are replaced. Video clips only: images, freeze frames and audio are left as they are.',
      body: ReframeInput,
      idempotent: true,
      responses: {
        202: {
          description:
            'Accepted: the job is queued; poll GET /projects/{id}/editor/reframes/{reframeId} (progress), then read the timeline at its revision',
          schema: ReframeSchema,
        },
        200: { description: 'A replay: this Idempotency-Key already started this reframe', schema: ReframeSchema },
        400: {
          description:
            'request.invalid (a field) or editor.reframe_invalid (no video clips to follow, or a clip ID not on a video track); the message says what to change',
        },
        404: { description: 'resource.not_found: no such project in this account' },
        409: { description: 'idempotency.key_reused: this key was used with other inputs' },
      },
      handler({ principal, params, body, idempotencyKey }) {
        const { accountId } = principal;
        const projectId = params.id as number;
        const input = { projectId, clipIds: body?.clipIds };
        const outcome = acceptOnce(ctx, { accountId, idempotencyKey, operation: OPERATION, input }, () => {
          projects.get(accountId, projectId);
          const { tracks } = timelines.read(accountId, projectId);
          const every = clipsToFollow(
            tracks,
            tracks.flatMap((t) => t.clips.map((c) => c.id)),
          ).map((c) => c.id);
          const unknown = body?.clipIds?.find((id) => !every.includes(id));
          if (unknown)
            throw invalid(
              `clipIds: ${unknown} is not a media clip of a video track of this timeline; send IDs from GET …/editor/timeline.`,
            );
          const clipIds = body?.clipIds ?? every;
          if (clipIds.length === 0)
            throw invalid('The timeline has no media clips on video tracks to follow: add one first.');
          return store.insert({ accountId, projectId, clipIds });
        });
        if (!outcome.replay) ctx.jobs.enqueue('reframe', outcome.id);
        return { status: outcome.replay ? 200 : 202, data: store.get(accountId, projectId, outcome.id) };
      },
    }),
    projectJobListRoute({
      path: '/projects/{id}/editor/reframes',
      tag: 'Editor',
      summary: "List a project's auto reframe jobs, newest first",
      plural: 'reframes',
      schema: ReframeSchema,
      project: projects.get,
      page: store.page,
    }),
    route({
      method: 'GET',
      path: '/projects/{id}/editor/reframes/{reframeId}',
      auth: 'any',
      tag: 'Editor',
      summary: 'Read an auto reframe job (poll it until its state is completed, failed or cancelled)',
      responses: {
        200: { description: 'The reframe', schema: ReframeSchema },
        404: { description: 'resource.not_found: no such reframe of this project' },
      },
      handler({ principal, params }) {
        return { data: store.get(principal.accountId, params.id as number, params.reframeId as number) };
      },
    }),
    route({
      method: 'POST',
      path: '/projects/{id}/editor/reframes/{reframeId}/cancel',
      auth: 'any',
      tag: 'Editor',
      summary: 'Cancel a queued or running reframe: its analysis stops and no keyframes are written',
      responses: {
        200: { description: 'The reframe, now cancelled', schema: ReframeSchema },
        404: { description: 'resource.not_found: no such reframe of this project' },
        409: {
          description: 'job.not_cancellable: it already completed, failed or was cancelled; error.state says which',
        },
      },
      handler({ principal, params }) {
        const projectId = params.id as number;
        const id = params.reframeId as number;
        cancelJob(ctx, {
          kind: 'reframe',
          noun: 'reframe',
          id,
          state: store.get(principal.accountId, projectId, id).state,
        });
        return { data: store.get(principal.accountId, projectId, id) };
      },
    }),
  ];
}
