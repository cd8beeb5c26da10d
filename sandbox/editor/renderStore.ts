// Editor render jobs as rows and as the resource. The cuts to render are fixed when the
// render is accepted, so later edits never change a render in flight.
import { z } from 'zod';
import { JOB_STATES, type JobState } from '../../shared/limits.ts';
import { iso } from '../clock.ts';
import type { SandboxContext } from '../context.ts';
import { ApiError } from '../http/apiError.ts';
import type { RenderCuts, RenderRange } from './renderPlan.ts';
import { revisionLabel } from './timelineStore.ts';

interface RenderRow {
  id: number;
  account_id: number;
  project_id: number;
  revision: number;
  range_start: number;
  range_end: number;
  aspect_ratio: string;
  cuts: string;
  state: JobState;
  asset_id: number | null;
  error_code: string | null;
  error_message: string | null;
  created_at: string;
  updated_at: string;
  started_at: string | null;
  completed_at: string | null;
}

export const RenderSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  revision: z.string().describe('The timeline revision rendered.'),
  range: z.object({ startMs: z.number().int(), endMs: z.number().int() }).describe('The part of the timeline rendered.'),
  durationMs: z.number().int().describe('How long the video lasts: the range, to within one frame at 30 fps.'),
  state: z.enum(JOB_STATES),
  assetId: z.number().int().nullable().describe('The rendered MP4 (an Asset of the project, source "render"); null until completed.'),
  costUsd: z.number().describe('Always 0: renders are not charged.'),
  error: z.object({ code: z.string(), message: z.string() }).nullable().describe('Why the render failed; null otherwise.'),
  createdAt: z.string(),
  updatedAt: z.string(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
});

export type Render = z.infer<typeof RenderSchema>;

function toRender(row: RenderRow): Render {
  return {
    id: row.id,
    projectId: row.project_id,
    revision: revisionLabel(row.revision),
    range: { startMs: row.range_start, endMs: row.range_end },
    durationMs: row.range_end - row.range_start,
    state: row.state,
    assetId: row.asset_id,
    costUsd: 0,
    error: row.error_code ? { code: row.error_code, message: row.error_message ?? '' } : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    startedAt: row.started_at,
    completedAt: row.completed_at,
  };
}

export function createRenderStore(ctx: SandboxContext) {
  const { db, clock } = ctx;
  db.exec(`CREATE TABLE IF NOT EXISTS editor_renders (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    account_id INTEGER NOT NULL,
    project_id INTEGER NOT NULL REFERENCES projects(id),
    revision INTEGER NOT NULL,
    range_start INTEGER NOT NULL,
    range_end INTEGER NOT NULL,
    aspect_ratio TEXT NOT NULL,
    cuts TEXT NOT NULL,
    state TEXT NOT NULL,
    asset_id INTEGER REFERENCES assets(id),
    error_code TEXT,
    error_message TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    started_at TEXT,
    completed_at TEXT
  )`);
  const now = () => iso(clock.now());
  /** Moves an unfinished render on; a finished one never changes again. */
  const move = (id: number, set: string, args: (string | number | null)[]) =>
    db.prepare(`UPDATE editor_renders SET ${set}, updated_at = ? WHERE id = ? AND state IN ('queued', 'running')`).run(...args, now(), id).changes > 0;
  const row = (id: number) => db.prepare('SELECT * FROM editor_renders WHERE id = ?').get(id) as RenderRow | undefined;

  return {
    insert(input: { accountId: number; projectId: number; revision: number; range: RenderRange; aspectRatio: string; cuts: RenderCuts }): number {
      const at = now();
      const { lastInsertRowid } = db
        .prepare(
          `INSERT INTO editor_renders (account_id, project_id, revision, range_start, range_end, aspect_ratio, cuts, state, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, 'queued', ?, ?)`,
        )
        .run(input.accountId, input.projectId, input.revision, input.range.startMs, input.range.endMs, input.aspectRatio, JSON.stringify(input.cuts), at, at);
      return Number(lastInsertRowid);
    },
    get(accountId: number, projectId: number, id: number): Render {
      const found = row(id);
      if (!found || found.account_id !== accountId || found.project_id !== projectId) throw new ApiError('resource.not_found', `No render ${id} of project ${projectId} in this account.`);
      return toRender(found);
    },
    page(accountId: number, projectId: number, where: string, args: (string | number | null)[], limit: number): Render[] {
      const rows = db
        .prepare(`SELECT * FROM editor_renders WHERE account_id = ? AND project_id = ? AND ${where} ORDER BY id DESC LIMIT ?`)
        .all(accountId, projectId, ...args, limit) as unknown as RenderRow[];
      return rows.map(toRender);
    },
    /** What the job needs: the render's account, project, frame and cuts. */
    job(id: number): { accountId: number; projectId: number; aspectRatio: string; cuts: RenderCuts; render: Render } {
      const found = row(id);
      if (!found) throw new Error(`render ${id} is not in the database`);
      return { accountId: found.account_id, projectId: found.project_id, aspectRatio: found.aspect_ratio, cuts: JSON.parse(found.cuts) as RenderCuts, render: toRender(found) };
    },
    unfinished(): number[] {
      return (db.prepare(`SELECT id FROM editor_renders WHERE state IN ('queued', 'running') ORDER BY id`).all() as { id: number }[]).map((r) => r.id);
    },
    markRunning: (id: number) => move(id, `state = 'running', started_at = ?`, [now()]),
    markCompleted: (id: number, assetId: number) => move(id, `state = 'completed', asset_id = ?, completed_at = ?`, [assetId, now()]),
    markFailed: (id: number, error: { code: string; message: string }) => move(id, `state = 'failed', error_code = ?, error_message = ?, completed_at = ?`, [error.code, error.message, now()]),
    markCancelled: (id: number) => move(id, `state = 'cancelled', completed_at = ?`, [now()]),
  };
}

export type RenderStore = ReturnType<typeof createRenderStore>;
