// A project as stored and as the API shows it; the routes that make and rename projects
// are in projects.ts (the timeline's store reads projects through this, below the routes).
import { z } from 'zod';
import type { SandboxContext } from '../context.ts';
import { ApiError } from '../http/apiError.ts';

export interface ProjectRow {
  id: number;
  account_id: number;
  name: string;
  aspect_ratio: string;
  created_at: string;
  updated_at: string;
}

export const ProjectSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  aspectRatio: z.string(),
  scenes: z.array(z.object({ id: z.string().uuid(), position: z.number().int() })),
  createdAt: z.string(),
  updatedAt: z
    .string()
    .describe(
      'The revision for a rename (PATCH) or a change of shape (PUT …/aspect-ratio): send it back as `revision`.',
    ),
});

export function createProjectStore(ctx: SandboxContext) {
  const { db } = ctx;
  const scenesOf = db.prepare('SELECT id, position FROM scenes WHERE project_id = ? ORDER BY position');
  const toProject = (row: ProjectRow) => ({
    id: row.id,
    name: row.name,
    aspectRatio: row.aspect_ratio,
    scenes: scenesOf.all(row.id) as { id: string; position: number }[],
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });
  const get = (accountId: number, id: number): ProjectRow => {
    const row = db.prepare('SELECT * FROM projects WHERE id = ? AND account_id = ?').get(id, accountId) as
      ProjectRow | undefined;
    if (!row) throw new ApiError('resource.not_found', `No project ${id} in this account.`);
    return row;
  };
  return { get, toProject };
}
