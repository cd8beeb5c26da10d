// Generation records: how a row reads, how the API shows it, and the queries the
// routes and the job share. History is immutable (spec principle 6): once a job is
// accepted only its job state, outputs and error change, never its inputs.
import { z } from 'zod';
import { JOB_STATES } from '../../shared/limits.ts';
import { iso } from '../clock.ts';
import type { SandboxContext } from '../context.ts';
import { ApiError } from '../http/apiError.ts';
import { createJobStates, jobFields, jobPage, jobShape, type JobRow } from '../jobs/jobLifecycle.ts';
import type { MediaKind } from '../media/assetStore.ts';

export interface GenerationRow extends JobRow {
  project_id: number;
  scene_id: string;
  model_id: string;
  kind: MediaKind;
  prompt: string;
  settings: string;
  parent_generation_id: number | null;
  cost_micros: number;
  /** Asset IDs made so far; shown only once the job completed. */
  outputs: string;
}

export const GenerationSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  sceneId: z.string(),
  modelId: z.string(),
  kind: z.enum(['image', 'video', 'audio']).describe('Set by the model.'),
  prompt: z.string(),
  settings: z.record(z.string(), z.unknown()).describe("The model's settings for this job, defaults filled in."),
  parentGenerationId: z.number().int().nullable().describe('The generation this one is a new version of.'),
  state: z.enum(JOB_STATES),
  outputs: z.array(z.number().int()).describe('Asset IDs of the results; empty until the job completed.'),
  costUsd: z.number().describe('What the job costs the wallet; 0 once a failed or cancelled job was refunded.'),
  ...jobShape(),
});

export type Generation = z.infer<typeof GenerationSchema>;

export function toGeneration(row: GenerationRow): Generation {
  return {
    id: row.id,
    projectId: row.project_id,
    sceneId: row.scene_id,
    modelId: row.model_id,
    kind: row.kind,
    prompt: row.prompt,
    settings: JSON.parse(row.settings) as Record<string, unknown>,
    parentGenerationId: row.parent_generation_id,
    state: row.state,
    outputs: row.state === 'completed' ? (JSON.parse(row.outputs) as number[]) : [],
    costUsd: row.cost_micros / 1e6,
    ...jobFields(row),
  };
}

export function createGenerationStore(ctx: SandboxContext) {
  const { db, clock } = ctx;
  const states = createJobStates(db, 'generations', () => iso(clock.now()), { keepFirstStart: true });
  return {
    states,
    /** A generation of the account, or 404. */
    get(accountId: number, id: number): GenerationRow {
      const row = db.prepare('SELECT * FROM generations WHERE id = ? AND account_id = ?').get(id, accountId) as
        GenerationRow | undefined;
      if (!row) throw new ApiError('resource.not_found', `No generation ${id} in this account.`);
      return row;
    },
    byId(id: number): GenerationRow | undefined {
      return db.prepare('SELECT * FROM generations WHERE id = ?').get(id) as GenerationRow | undefined;
    },
    page(
      accountId: number,
      projectId: number | undefined,
      where: string,
      args: (string | number | null)[],
      limit: number,
    ): GenerationRow[] {
      return jobPage(db, 'generations', accountId, { project_id: projectId }, where, args, limit);
    },
  };
}

export type GenerationStore = ReturnType<typeof createGenerationStore>;
