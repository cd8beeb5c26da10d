// Export jobs as rows and as the Export resource. An export's clips and length are fixed
// when it is accepted; only its state, result asset and error change afterwards.
import { z } from 'zod';
import { JOB_STATES } from '../../shared/limits.ts';
import { iso } from '../clock.ts';
import type { SandboxContext } from '../context.ts';
import { ApiError } from '../http/apiError.ts';
import { createJobStates, jobFields, jobPage, jobShape, type JobRow } from '../jobs/jobLifecycle.ts';
import type { JobError } from '../jobs/jobRunner.ts';
import { ClipSchema, type Clip } from './exportInput.ts';

interface ExportRow extends JobRow {
  project_id: number;
  clips: string;
  duration_ms: number;
  asset_id: number | null;
  titles_drawn: number | null;
}

export const ExportSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  clips: z.array(ClipSchema).describe('The clips as accepted, with every option filled in and trims resolved.'),
  durationMs: z
    .number()
    .int()
    .describe("The sum of the clips' durations: how long the exported video lasts (to within one frame at 30 fps)."),
  state: z.enum(JOB_STATES),
  assetId: z
    .number()
    .int()
    .nullable()
    .describe('The rendered MP4 (an Asset of the project, source "export"); null until completed.'),
  costUsd: z.number().describe('Always 0: exports are not charged (generation, text and speech work are).'),
  titlesDrawn: z
    .boolean()
    .nullable()
    .describe(
      'Whether clip titles were drawn into the picture. null until completed, or when no clip has a title; false when the machine had no font to draw with, so the titles live only in clips[].title.',
    ),
  ...jobShape('Why the export failed; null otherwise.'),
});

export type Export = z.infer<typeof ExportSchema>;

const SELECT = 'SELECT e.*, r.titles_drawn FROM exports e LEFT JOIN export_renders r ON r.export_id = e.id';

function toExport(row: ExportRow): Export {
  return {
    id: row.id,
    projectId: row.project_id,
    clips: JSON.parse(row.clips) as Clip[],
    durationMs: row.duration_ms,
    state: row.state,
    assetId: row.asset_id,
    costUsd: 0,
    titlesDrawn: row.titles_drawn === null ? null : row.titles_drawn === 1,
    ...jobFields(row),
  };
}

export function createExportStore(ctx: SandboxContext) {
  const { db, clock } = ctx;
  // Render facts found only while rendering; kept beside the shared exports table.
  db.exec(`CREATE TABLE IF NOT EXISTS export_renders (
    export_id INTEGER PRIMARY KEY REFERENCES exports(id),
    titles_drawn INTEGER
  )`);
  const now = () => iso(clock.now());
  const states = createJobStates(db, 'exports', now);

  return {
    states,
    insert(accountId: number, projectId: number, clips: Clip[], durationMs: number): number {
      const at = now();
      const { lastInsertRowid } = db
        .prepare(
          `INSERT INTO exports (account_id, project_id, clips, duration_ms, state, created_at, updated_at) VALUES (?, ?, ?, ?, 'queued', ?, ?)`,
        )
        .run(accountId, projectId, JSON.stringify(clips), durationMs, at, at);
      return Number(lastInsertRowid);
    },
    get(accountId: number, id: number): Export {
      const row = db.prepare(`${SELECT} WHERE e.id = ? AND e.account_id = ?`).get(id, accountId) as
        ExportRow | undefined;
      if (!row) throw new ApiError('resource.not_found', `No export ${id} in this account.`);
      return toExport(row);
    },
    /** What the job needs to render: the export as stored, with its account. */
    job(id: number): { accountId: number; export: Export } {
      const row = db.prepare(`${SELECT} WHERE e.id = ?`).get(id) as ExportRow | undefined;
      if (!row) throw new Error(`export ${id} is not in the database`);
      return { accountId: row.account_id, export: toExport(row) };
    },
    page(
      accountId: number,
      projectId: number | undefined,
      where: string,
      args: (string | number | null)[],
      limit: number,
    ): Export[] {
      return jobPage<ExportRow>(db, `(${SELECT})`, accountId, { project_id: projectId }, where, args, limit).map(
        toExport,
      );
    },
    markCompleted(id: number, assetId: number, titlesDrawn: boolean | null): boolean {
      const moved = states.completed(id, { set: 'asset_id = ?', args: [assetId] });
      if (moved) {
        db.prepare('INSERT OR REPLACE INTO export_renders (export_id, titles_drawn) VALUES (?, ?)').run(
          id,
          titlesDrawn === null ? null : Number(titlesDrawn),
        );
      }
      return moved;
    },
    // Unlike the other kinds, a failed or cancelled export has always left completedAt null
    // (and a cancelled one shows no error): kept, so the API shows what it always did.
    markFailed: (id: number, error: JobError) =>
      states.move(id, `state = 'failed', error_code = ?, error_message = ?`, [error.code, error.message]),
    markCancelled: (id: number) => states.move(id, `state = 'cancelled'`),
  };
}

export type ExportStore = ReturnType<typeof createExportStore>;
