// Editor render jobs as rows and as the resource. What to render (the range, the output
// settings and the clips that reach the range) is fixed when the render is accepted, so
// later edits never change a render in flight.
import { z } from 'zod';
import { JOB_STATES } from '../../shared/limits.ts';
import { iso } from '../clock.ts';
import type { SandboxContext } from '../context.ts';
import { ApiError } from '../http/apiError.ts';
import { createJobStates, JOB_COLUMNS, jobFields, jobPage, jobShape, type JobRow } from '../jobs/jobLifecycle.ts';
import { OutputSettingsSchema, type OutputSettings } from '../render/outputSettings.ts';
import { ProgressSchema, renderProgress } from '../render/renderProgress.ts';
import type { TimelineRender } from './timelineRender.ts';
import { revisionLabel } from './timelineStore.ts';

interface RenderRow extends JobRow {
  project_id: number;
  revision: number;
  range_start: number;
  range_end: number;
  aspect_ratio: string;
  /** The accepted TimelineRender as JSON (older rows: the cuts of the renderer before it). */
  cuts: string;
  asset_id: number | null;
}

export const RenderSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  revision: z.string().describe('The timeline revision rendered.'),
  range: z
    .object({ startMs: z.number().int(), endMs: z.number().int() })
    .describe('The part of the timeline rendered.'),
  durationMs: z.number().int().describe('How long the video lasts: the range, to within one frame.'),
  output: OutputSettingsSchema,
  state: z.enum(JOB_STATES),
  progress: ProgressSchema,
  assetId: z
    .number()
    .int()
    .nullable()
    .describe('The rendered MP4 (an Asset of the project, source "render"); null until completed.'),
  costUsd: z.number().describe('Always 0: renders are not charged.'),
  ...jobShape("Why the render failed (in ffmpeg's words where it failed); null otherwise."),
});

export type Render = z.infer<typeof RenderSchema>;

/** What renders accepted before output settings existed were made with (640 × 360 for 16:9). */
const EARLIER_OUTPUT: OutputSettings = { resolution: '360p', frameRate: 30, quality: 'draft', format: 'mp4' };

/** The accepted render, or null for one stored by the renderer before this one (its cuts). */
export function asTimelineRender(value: unknown): TimelineRender | null {
  const render = value as Partial<TimelineRender> | null;
  return render?.tracks && render.output ? (render as TimelineRender) : null;
}

export const storedRender = (json: string): TimelineRender | null => asTimelineRender(JSON.parse(json));

function toRender(row: RenderRow, progress: number | null): Render {
  return {
    id: row.id,
    projectId: row.project_id,
    revision: revisionLabel(row.revision),
    range: { startMs: row.range_start, endMs: row.range_end },
    durationMs: row.range_end - row.range_start,
    output: storedRender(row.cuts)?.output ?? EARLIER_OUTPUT,
    state: row.state,
    progress,
    assetId: row.asset_id,
    costUsd: 0,
    ...jobFields(row),
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
    ${JOB_COLUMNS}
  )`);
  const now = () => iso(clock.now());
  const states = createJobStates(db, 'editor_renders', now);
  const row = (id: number) => db.prepare('SELECT * FROM editor_renders WHERE id = ?').get(id) as RenderRow | undefined;
  const progress = renderProgress(ctx);
  const shown = (found: RenderRow) => toRender(found, progress.of('render', found.id, found.state));

  return {
    states,
    insert(input: { accountId: number; projectId: number; revision: number; render: TimelineRender }): number {
      const at = now();
      const { render } = input;
      const { lastInsertRowid } = db
        .prepare(
          `INSERT INTO editor_renders (account_id, project_id, revision, range_start, range_end, aspect_ratio, cuts, state, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, 'queued', ?, ?)`,
        )
        .run(
          input.accountId,
          input.projectId,
          input.revision,
          render.range.startMs,
          render.range.endMs,
          render.aspectRatio,
          JSON.stringify(render),
          at,
          at,
        );
      return Number(lastInsertRowid);
    },
    get(accountId: number, projectId: number, id: number): Render {
      const found = row(id);
      if (!found || found.account_id !== accountId || found.project_id !== projectId)
        throw new ApiError('resource.not_found', `No render ${id} of project ${projectId} in this account.`);
      return shown(found);
    },
    page(
      accountId: number,
      projectId: number,
      where: string,
      args: (string | number | null)[],
      limit: number,
    ): Render[] {
      return jobPage<RenderRow>(db, 'editor_renders', accountId, { project_id: projectId }, where, args, limit).map(
        shown,
      );
    },
    /** What the job needs: the render's account, project and what to draw (null: accepted by an older renderer). */
    job(id: number): { accountId: number; projectId: number; accepted: TimelineRender | null; render: Render } {
      const found = row(id);
      if (!found) throw new Error(`render ${id} is not in the database`);
      return {
        accountId: found.account_id,
        projectId: found.project_id,
        accepted: storedRender(found.cuts),
        render: shown(found),
      };
    },
    markCompleted: (id: number, assetId: number) => states.completed(id, { set: 'asset_id = ?', args: [assetId] }),
    /** Records how far the running render got (0..1); forgotten when it ends. */
    setProgress: (id: number, share: number) => progress.set('render', id, share),
    forgetProgress: (id: number) => progress.clear('render', id),
  };
}

export type RenderStore = ReturnType<typeof createRenderStore>;
