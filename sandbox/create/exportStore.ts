// Export jobs as rows and as the Export resource. An export's clips and length are fixed
// when it is accepted; only its state, result asset and error change afterwards.
import { z } from 'zod';
import { JOB_STATES, type JobState } from '../../shared/limits.ts';
import { iso } from '../clock.ts';
import type { SandboxContext } from '../context.ts';
import { ApiError } from '../http/apiError.ts';
import { ClipSchema, type Clip } from './exportInput.ts';

interface ExportRow {
  id: number;
  account_id: number;
  project_id: number;
  clips: string;
  duration_ms: number;
  state: JobState;
  asset_id: number | null;
  error_code: string | null;
  error_message: string | null;
  created_at: string;
  updated_at: string;
  started_at: string | null;
  completed_at: string | null;
  titles_drawn: number | null;
}

export const ExportSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  clips: z.array(ClipSchema).describe('The clips as accepted, with every option filled in and trims resolved.'),
  durationMs: z.number().int().describe('The sum of the clips\' durations: how long the exported video lasts (to within one frame at 30 fps).'),
  state: z.enum(JOB_STATES),
  assetId: z.number().int().nullable().describe('The rendered MP4 (an Asset of the project, source "export"); null until completed.'),
  costUsd: z.number().describe('Always 0: exports are not charged (generation, text and speech work are).'),
  titlesDrawn: z
    .boolean()
    .nullable()
    .describe('Whether clip titles were drawn into the picture. null until completed, or when no clip has a title; false when the machine had no font to draw with, so the titles live only in clips[].title.'),
  error: z.object({ code: z.string(), message: z.string() }).nullable().describe('Why the export failed; null otherwise.'),
  createdAt: z.string(),
  updatedAt: z.string(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
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
    error: row.error_code ? { code: row.error_code, message: row.error_message ?? '' } : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    startedAt: row.started_at,
    completedAt: row.completed_at,
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
  /** Moves an unfinished export on; a finished one never changes again. */
  const move = (id: number, set: string, args: (string | number | null)[]) =>
    db.prepare(`UPDATE exports SET ${set}, updated_at = ? WHERE id = ? AND state IN ('queued', 'running')`).run(...args, now(), id);

  return {
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
      const row = db.prepare(`${SELECT} WHERE e.id = ? AND e.account_id = ?`).get(id, accountId) as ExportRow | undefined;
      if (!row) throw new ApiError('resource.not_found', `No export ${id} in this account.`);
      return toExport(row);
    },
    /** What the job needs to render: the export as stored, with its account. */
    job(id: number): { accountId: number; export: Export } {
      const row = db.prepare(`${SELECT} WHERE e.id = ?`).get(id) as ExportRow | undefined;
      if (!row) throw new Error(`export ${id} is not in the database`);
      return { accountId: row.account_id, export: toExport(row) };
    },
    page(accountId: number, projectId: number | undefined, where: string, args: (string | number | null)[], limit: number): Export[] {
      const filter = projectId ? ' AND project_id = ?' : '';
      const rows = db
        .prepare(`SELECT * FROM (${SELECT}) WHERE account_id = ? AND ${where}${filter} ORDER BY id DESC LIMIT ?`)
        .all(accountId, ...args, ...(projectId ? [projectId] : []), limit) as unknown as ExportRow[];
      return rows.map(toExport);
    },
    unfinished(): number[] {
      return (db.prepare(`SELECT id FROM exports WHERE state IN ('queued', 'running') ORDER BY id`).all() as { id: number }[]).map((r) => r.id);
    },
    markRunning(id: number): void {
      move(id, `state = 'running', started_at = ?`, [now()]);
    },
    markCompleted(id: number, assetId: number, titlesDrawn: boolean | null): void {
      const changed = move(id, `state = 'completed', asset_id = ?, completed_at = ?`, [assetId, now()]);
      if (changed.changes > 0) {
        db.prepare('INSERT OR REPLACE INTO export_renders (export_id, titles_drawn) VALUES (?, ?)').run(id, titlesDrawn === null ? null : Number(titlesDrawn));
      }
    },
    markFailed(id: number, error: { code: string; message: string }): void {
      move(id, `state = 'failed', error_code = ?, error_message = ?`, [error.code, error.message]);
    },
    markCancelled(id: number): void {
      move(id, `state = 'cancelled'`, []);
    },
  };
}

export type ExportStore = ReturnType<typeof createExportStore>;
