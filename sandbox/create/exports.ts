// Exports (spec rule 7): render a new video from a list of clips. Accepting an export
// checks everything first, then queues a job that renders a real MP4 (exportJob.ts).
import { CREATE_LIMITS } from '../../shared/limits.ts';
import type { SandboxContext } from '../context.ts';
import { intQuery, pageOf, pageQuery } from '../http/pagination.ts';
import { route, type Route } from '../http/route.ts';
import { acceptOnce } from '../idempotency.ts';
import { createProjectStore } from './projects.ts';
import { checkExportInput, ExportInput, type ExportInputBody } from './exportInput.ts';
import { registerExportJob } from './exportJob.ts';
import { createExportStore, ExportSchema } from './exportStore.ts';

const OPERATION = 'POST /exports';

export function exportRoutes(ctx: SandboxContext): Route[] {
  const store = createExportStore(ctx);
  const projects = createProjectStore(ctx);
  registerExportJob(ctx, store);

  return [
    route({
      method: 'GET',
      path: '/exports',
      auth: 'any',
      tag: 'Exports',
      summary: 'List exports, newest first',
      query: pageQuery.extend({
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
        "Render a new video from clips of the project (1 to 80 clips, at most 30 minutes) as an MP4: H.264 + AAC, 30 fps, 640 px on the long side at the project's aspect ratio. Not charged. Existing media is never changed.",
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
            'request.invalid (a field, or no clips), export.too_many_clips, export.too_long, export.media_not_in_project or export.invalid_trim; the message names the clip',
        },
        404: { description: 'resource.not_found: no such project in this account' },
        409: { description: 'idempotency.key_reused: this key was used with other inputs' },
      },
      handler({ principal, body, idempotencyKey }) {
        const { accountId } = principal;
        const outcome = acceptOnce(ctx, { accountId, idempotencyKey, operation: OPERATION, input: body }, () => {
          projects.get(accountId, body.projectId);
          const { clips, durationMs } = checkExportInput(ctx, accountId, body);
          return store.insert(accountId, body.projectId, clips, durationMs);
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
  ];
}
