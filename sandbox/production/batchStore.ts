// Editor batches (productions) as rows: the batch, and one item per prepared project
// holding the render fixed when the batch was accepted, so later edits never change a batch
// in flight. A finished batch or item never changes again.
import { z } from 'zod';
import { JOB_STATES, type JobState } from '../../shared/limits.ts';
import { iso } from '../clock.ts';
import type { SandboxContext } from '../context.ts';
import { storedRender } from '../editor/renderStore.ts';
import type { TimelineRender } from '../editor/timelineRender.ts';
import { revisionLabel } from '../editor/timelineStore.ts';
import { ApiError } from '../http/apiError.ts';
import {
  createJobStates,
  errorOf,
  JOB_COLUMNS,
  JobErrorSchema,
  jobFields,
  jobPage,
  jobShape,
  type JobRow,
} from '../jobs/jobLifecycle.ts';
import type { JobError } from '../jobs/jobRunner.ts';
import { OutputSettingsSchema, resolveOutput } from '../render/outputSettings.ts';

interface BatchRow extends JobRow {
  project_id: number;
}

interface ItemRow {
  batch_id: number;
  position: number;
  project_id: number;
  revision: number;
  aspect_ratio: string;
  cuts: string;
  state: JobState;
  asset_id: number | null;
  error_code: string | null;
  error_message: string | null;
}

export const BatchItemSchema = z.object({
  projectId: z.number().int().describe('The prepared project rendered.'),
  revision: z.string().describe('The timeline revision rendered (fixed when the batch was accepted).'),
  state: z.enum(JOB_STATES),
  assetId: z
    .number()
    .int()
    .nullable()
    .describe('The rendered MP4 (an Asset of that project, source "production"); null until the item completed.'),
  error: JobErrorSchema.nullable().describe('Why the item failed or was cancelled; null otherwise.'),
});

export const BatchSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int().describe('The project the batch was started from.'),
  output: z
    .object({ kind: z.literal('render') })
    .extend(OutputSettingsSchema.shape)
    .describe("What each item makes: its project's whole timeline rendered to an MP4, at these output settings."),
  state: z
    .enum(JOB_STATES)
    .describe(
      'completed when every item completed; failed when any item failed; cancelled by POST /batches/{id}/cancel.',
    ),
  items: z.array(BatchItemSchema).describe('In the order given; rendered one after another.'),
  costUsd: z.number().describe('Always 0: batches are not charged.'),
  ...jobShape(),
});
export type Batch = z.infer<typeof BatchSchema>;

export interface NewItem {
  projectId: number;
  revision: number;
  render: TimelineRender;
}

export interface JobItem {
  position: number;
  projectId: number;
  /** null: accepted by an earlier renderer. */
  render: TimelineRender | null;
  state: JobState;
  error: JobError | null;
}

export function createBatchStore(ctx: SandboxContext) {
  const { db, clock } = ctx;
  db.exec(`
    CREATE TABLE IF NOT EXISTS production_batches (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      account_id INTEGER NOT NULL,
      project_id INTEGER NOT NULL REFERENCES projects(id),
      state TEXT NOT NULL,
      ${JOB_COLUMNS}
    );
    CREATE TABLE IF NOT EXISTS production_batch_items (
      batch_id INTEGER NOT NULL REFERENCES production_batches(id),
      position INTEGER NOT NULL,
      project_id INTEGER NOT NULL REFERENCES projects(id),
      revision INTEGER NOT NULL,
      aspect_ratio TEXT NOT NULL,
      cuts TEXT NOT NULL,
      state TEXT NOT NULL,
      asset_id INTEGER REFERENCES assets(id),
      error_code TEXT,
      error_message TEXT,
      PRIMARY KEY (batch_id, position)
    );
  `);
  const now = () => iso(clock.now());
  const batchRow = (id: number) =>
    db.prepare('SELECT * FROM production_batches WHERE id = ?').get(id) as BatchRow | undefined;
  const itemRows = (id: number) =>
    db
      .prepare('SELECT * FROM production_batch_items WHERE batch_id = ? ORDER BY position')
      .all(id) as unknown as ItemRow[];
  const toBatch = (row: BatchRow): Batch => {
    const items = itemRows(row.id);
    // Every item is rendered at the batch's settings; rows from before them show the defaults.
    const settings = (items[0] && storedRender(items[0].cuts)?.output) ?? resolveOutput(undefined, 'final');
    return {
      id: row.id,
      projectId: row.project_id,
      output: { kind: 'render', ...settings },
      state: row.state,
      items: items.map((item) => ({
        projectId: item.project_id,
        revision: revisionLabel(item.revision),
        state: item.state,
        assetId: item.asset_id,
        error: errorOf(item),
      })),
      costUsd: 0,
      ...jobFields(row),
    };
  };
  const states = createJobStates(db, 'production_batches', now);
  const moveItem = (id: number, position: number, set: string, args: (string | number | null)[]) =>
    db
      .prepare(
        `UPDATE production_batch_items SET ${set} WHERE batch_id = ? AND position = ? AND state IN ('queued', 'running')`,
      )
      .run(...args, id, position).changes > 0;
  /** Ends every unfinished item with the batch's final state and reason. */
  const endItems = (id: number, state: JobState, error: JobError) =>
    db
      .prepare(
        `UPDATE production_batch_items SET state = ?, error_code = ?, error_message = ? WHERE batch_id = ? AND state IN ('queued', 'running')`,
      )
      .run(state, error.code, error.message, id);

  return {
    states,
    /** Records a queued batch and its items (call inside a transaction). */
    insert(accountId: number, projectId: number, items: NewItem[]): number {
      const at = now();
      const { lastInsertRowid } = db
        .prepare(
          `INSERT INTO production_batches (account_id, project_id, state, created_at, updated_at) VALUES (?, ?, 'queued', ?, ?)`,
        )
        .run(accountId, projectId, at, at);
      const id = Number(lastInsertRowid);
      const insertItem = db.prepare(
        `INSERT INTO production_batch_items (batch_id, position, project_id, revision, aspect_ratio, cuts, state) VALUES (?, ?, ?, ?, ?, ?, 'queued')`,
      );
      items.forEach((item, position) =>
        insertItem.run(
          id,
          position,
          item.projectId,
          item.revision,
          item.render.aspectRatio,
          JSON.stringify(item.render),
        ),
      );
      return id;
    },
    get(accountId: number, id: number): Batch {
      const row = batchRow(id);
      if (!row || row.account_id !== accountId)
        throw new ApiError('resource.not_found', `No batch ${id} in this account.`);
      return toBatch(row);
    },
    page(
      accountId: number,
      projectId: number,
      where: string,
      args: (string | number | null)[],
      limit: number,
    ): Batch[] {
      return jobPage<BatchRow>(db, 'production_batches', accountId, { project_id: projectId }, where, args, limit).map(
        toBatch,
      );
    },
    /** What the job needs: the account and the items as they stand now. */
    job(id: number): { accountId: number; active: boolean; batch: Batch; items: JobItem[] } {
      const row = batchRow(id);
      if (!row) throw new Error(`batch ${id} is not in the database`);
      const items = itemRows(id).map((item) => ({
        position: item.position,
        projectId: item.project_id,
        render: storedRender(item.cuts),
        state: item.state,
        error: errorOf(item),
      }));
      return {
        accountId: row.account_id,
        active: row.state === 'queued' || row.state === 'running',
        batch: toBatch(row),
        items,
      };
    },
    markEnded(id: number, state: 'failed' | 'cancelled', error: JobError): boolean {
      const moved = states.ended(id, state, error);
      if (moved) endItems(id, state, error);
      return moved;
    },
    itemRunning: (id: number, position: number) => moveItem(id, position, `state = 'running'`, []),
    itemCompleted: (id: number, position: number, assetId: number) =>
      moveItem(id, position, `state = 'completed', asset_id = ?`, [assetId]),
    itemFailed: (id: number, position: number, error: JobError) =>
      moveItem(id, position, `state = 'failed', error_code = ?, error_message = ?`, [error.code, error.message]),
  };
}

export type BatchStore = ReturnType<typeof createBatchStore>;
