import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { CREATE_LIMITS } from '../../shared/limits.ts';
import { iso } from '../clock.ts';
import type { SandboxContext } from '../context.ts';
import { transaction } from '../db/database.ts';
import { ApiError } from '../http/apiError.ts';
import { intQuery, pageOf, pageQuery } from '../http/pagination.ts';
import { route } from '../http/route.ts';
import { trimmedText } from '../http/trimmedText.ts';
import { createTimelineCopier } from '../editor/timelineCopy.ts';
import { createProjectStore, ProjectSchema, type ProjectRow } from './projectStore.ts';

export { createProjectStore, ProjectSchema } from './projectStore.ts';

const { min: nameMin, max: nameMax } = CREATE_LIMITS.projectName;
const projectName = trimmedText(nameMin, nameMax);

const aspectRatio = z
  .string()
  .regex(/^[1-9]\d{0,2}:[1-9]\d{0,2}$/, 'must look like "16:9"')
  .describe('Width:height, e.g. 16:9, 9:16, 1:1.');

const ProjectInput = z.strictObject({
  name: projectName,
  aspectRatio: aspectRatio.default('16:9'),
  fromProjectId: z
    .number()
    .int()
    .min(1)
    .max(CREATE_LIMITS.idMax)
    .optional()
    .describe(
      "Make the new project a copy of this one in the new shape: its timeline (tracks, clips, markers) copied, every media clip of a video track set to fit cover (filling the new frame, cropped), and the original's media and attached brand assets attached to the new project (not copied). The original is not changed.",
    ),
});

const RenameInput = z.strictObject({
  name: projectName,
  revision: z.iso.datetime({ offset: true }).describe('The project updatedAt read from GET.'),
});

const ReshapeInput = z.strictObject({
  aspectRatio,
  revision: z.iso.datetime({ offset: true }).describe('The project updatedAt read from GET.'),
});

export function projectRoutes(ctx: SandboxContext) {
  const { db, clock } = ctx;
  const store = createProjectStore(ctx);
  const copier = createTimelineCopier(ctx);

  /** A revision must change on every write, even two in one millisecond. */
  function nextRevision(previous?: string): string {
    let ms = clock.now();
    if (previous && Date.parse(previous) >= ms) ms = Date.parse(previous) + 1;
    return iso(ms);
  }

  /**
   * One change of a project under its revision (a rename, a change of shape): refused with
   * 409 revision.conflict unless `revision` is its updatedAt; written with a new one.
   */
  function change(
    accountId: number,
    id: number,
    revision: string,
    what: string,
    write: (row: ProjectRow, revision: string) => void,
  ) {
    const updated = transaction(db, () => {
      const row = store.get(accountId, id);
      if (Date.parse(row.updated_at) !== Date.parse(revision)) {
        throw new ApiError(
          'revision.conflict',
          `The project changed since you read it: read it again and retry the ${what}.`,
          { details: { currentRevision: row.updated_at, current: store.toProject(row) } },
        );
      }
      write(row, nextRevision(row.updated_at));
      return store.get(accountId, id);
    });
    return store.toProject(updated);
  }

  return [
    route({
      method: 'GET',
      path: '/projects',
      auth: 'any',
      tag: 'Projects',
      summary: 'List projects, newest first',
      query: pageQuery.extend({ projectId: intQuery(1, CREATE_LIMITS.idMax).optional() }),
      responses: { 200: { description: 'A page of projects', schema: ProjectSchema, list: true } },
      handler({ principal, query }) {
        const { items, pagination } = pageOf<ProjectRow>((where, args, limit) => {
          const filter = query.projectId ? ' AND id = ?' : '';
          const extra = query.projectId ? [query.projectId] : [];
          return db
            .prepare(`SELECT * FROM projects WHERE account_id = ? AND ${where}${filter} ORDER BY id DESC LIMIT ?`)
            .all(principal.accountId, ...args, ...extra, limit) as unknown as ProjectRow[];
        }, query);
        return { data: items.map(store.toProject), pagination };
      },
    }),
    route({
      method: 'POST',
      path: '/projects',
      auth: 'any',
      tag: 'Projects',
      summary:
        'Create a project with one empty scene, or (with fromProjectId) a copy of a project in another shape: a reframed copy',
      body: ProjectInput,
      responses: {
        201: {
          description:
            "The new project; a copy's timeline (GET …/editor/timeline) holds the original's at r0, its media attached",
          schema: ProjectSchema,
        },
        404: { description: 'resource.not_found: fromProjectId names no project of this account' },
      },
      handler({ principal, body }) {
        const now = nextRevision();
        const id = transaction(db, () => {
          if (body.fromProjectId !== undefined) copier.checkSource(principal.accountId, body.fromProjectId);
          const { lastInsertRowid } = db
            .prepare(
              'INSERT INTO projects (account_id, name, aspect_ratio, created_at, updated_at) VALUES (?, ?, ?, ?, ?)',
            )
            .run(principal.accountId, body.name, body.aspectRatio, now, now);
          db.prepare('INSERT INTO scenes (id, project_id, position, created_at) VALUES (?, ?, 0, ?)').run(
            randomUUID(),
            lastInsertRowid,
            now,
          );
          if (body.fromProjectId !== undefined)
            copier.copy(principal.accountId, body.fromProjectId, Number(lastInsertRowid));
          return Number(lastInsertRowid);
        });
        return { status: 201, data: store.toProject(store.get(principal.accountId, id)) };
      },
    }),
    route({
      method: 'GET',
      path: '/projects/{id}',
      auth: 'any',
      tag: 'Projects',
      summary: 'Read a project',
      responses: { 200: { description: 'The project', schema: ProjectSchema } },
      handler({ principal, params }) {
        return { data: store.toProject(store.get(principal.accountId, params.id as number)) };
      },
    }),
    route({
      method: 'PATCH',
      path: '/projects/{id}',
      auth: 'any',
      tag: 'Projects',
      summary: 'Rename a project; the revision must equal its current updatedAt',
      body: RenameInput,
      responses: {
        200: { description: 'The renamed project', schema: ProjectSchema },
        409: {
          description: 'revision.conflict: someone changed the project first; the error carries the current project',
        },
      },
      handler({ principal, params, body }) {
        const project = change(principal.accountId, params.id as number, body.revision, 'rename', (row, revision) =>
          db.prepare('UPDATE projects SET name = ?, updated_at = ? WHERE id = ?').run(body.name, revision, row.id),
        );
        return { data: project };
      },
    }),
    route({
      method: 'PUT',
      path: '/projects/{id}/aspect-ratio',
      auth: 'any',
      tag: 'Projects',
      summary: "Change a project's shape; the revision must equal its current updatedAt, as for a rename",
      description:
        "The project's own aspect ratio changes; its timeline is kept as it is: every clip keeps its properties (fit, scale, position, crop, keyframes) and the timeline's revision does not change. Renders made from then on, and the app's monitor, use a frame of the new shape. Like a rename it gives the project a new updatedAt; a stale revision is 409 revision.conflict with the project as it is now. To keep the original, make a reframed copy instead (POST /projects with fromProjectId).",
      body: ReshapeInput,
      responses: {
        200: { description: 'The project in its new shape, with its new revision', schema: ProjectSchema },
        409: {
          description: 'revision.conflict: someone changed the project first; the error carries the current project',
        },
      },
      handler({ principal, params, body }) {
        const project = change(principal.accountId, params.id as number, body.revision, 'change of shape', (row, r) =>
          db
            .prepare('UPDATE projects SET aspect_ratio = ?, updated_at = ? WHERE id = ?')
            .run(body.aspectRatio, r, row.id),
        );
        return { data: project };
      },
    }),
  ];
}
