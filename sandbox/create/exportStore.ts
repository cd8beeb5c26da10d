// Export jobs as rows and as the Export resource. What an export renders (its clips, or its
// project's timeline as it stood) and its output settings are fixed when it is accepted;
// only its state, result asset and error change afterwards.
import { z } from 'zod';
import { JOB_STATES } from '../../shared/limits.ts';
import { iso } from '../clock.ts';
import type { SandboxContext } from '../context.ts';
import { ApiError } from '../http/apiError.ts';
import { createJobStates, jobFields, jobPage, jobShape, type JobRow } from '../jobs/jobLifecycle.ts';
import type { JobError } from '../jobs/jobRunner.ts';
import { asTimelineRender } from '../editor/renderStore.ts';
import type { TimelineRender } from '../editor/timelineRender.ts';
import { revisionLabel } from '../editor/timelineStore.ts';
import { OutputSettingsSchema, type OutputSettings } from '../render/outputSettings.ts';
import { ProgressSchema, renderProgress } from '../render/renderProgress.ts';
import { ClipSchema, type Clip } from './exportInput.ts';

interface ExportRow extends JobRow {
  project_id: number;
  clips: string;
  duration_ms: number;
  asset_id: number | null;
  titles_drawn: number | null;
  /** ExportPlan as JSON; null for exports accepted before plans existed (clip lists at the old settings). */
  plan: string | null;
}

/** What an export renders beyond its clips: its output settings and, for a timeline export, the timeline. */
interface ExportPlan {
  output: OutputSettings;
  timeline: { revision: number; render: TimelineRender } | null;
}

/** What exports accepted before output settings existed were made with (640 × 360 for 16:9). */
const EARLIER_OUTPUT: OutputSettings = { resolution: '360p', frameRate: 30, quality: 'draft', format: 'mp4' };

const planOf = (row: ExportRow): ExportPlan => {
  if (!row.plan) return { output: EARLIER_OUTPUT, timeline: null };
  const plan = JSON.parse(row.plan) as {
    output: OutputSettings;
    timeline: { revision: number; render: unknown } | null;
  };
  const render = plan.timeline && asTimelineRender(plan.timeline.render);
  return {
    output: plan.output,
    timeline: plan.timeline && render ? { revision: plan.timeline.revision, render } : null,
  };
};

export const ExportSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  source: z.enum(['clips', 'timeline']).describe("What was exported: a clip list, or the project's timeline."),
  clips: z
    .array(ClipSchema)
    .describe('The clips as accepted, with every option filled in and trims resolved; empty for a timeline export.'),
  timeline: z
    .object({
      revision: z.string().describe('The timeline revision exported.'),
      range: z
        .object({ startMs: z.number().int(), endMs: z.number().int() })
        .nullable()
        .optional()
        .describe(
          'The part of the timeline exported (the whole of it unless a range was asked for); null for a still.',
        ),
      still: z
        .object({ atMs: z.number().int() })
        .nullable()
        .optional()
        .describe('The moment whose frame was exported as a PNG; null for a moving export.'),
    })
    .nullable()
    .describe('For a timeline export, the revision it rendered and what of it; null for a clip list.'),
  output: OutputSettingsSchema,
  durationMs: z
    .number()
    .int()
    .describe(
      "How long the exported video lasts (to within one frame): the clips' durations together, or the timeline's.",
    ),
  state: z.enum(JOB_STATES),
  progress: ProgressSchema,
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
      'Whether clip titles were drawn into the picture: true once a clip list with titles completed (titles are drawn with a font that ships with the service); null until then, when no clip has a title, and for a timeline export.',
    ),
  ...jobShape('Why the export failed; null otherwise.'),
});

export type Export = z.infer<typeof ExportSchema>;

const SELECT =
  'SELECT e.*, r.titles_drawn, p.plan FROM exports e LEFT JOIN export_renders r ON r.export_id = e.id LEFT JOIN export_plans p ON p.export_id = e.id';

function toExport(row: ExportRow, progress: number | null): Export {
  const plan = planOf(row);
  return {
    id: row.id,
    projectId: row.project_id,
    source: plan.timeline ? 'timeline' : 'clips',
    clips: JSON.parse(row.clips) as Clip[],
    timeline: plan.timeline && {
      revision: revisionLabel(plan.timeline.revision),
      range: plan.timeline.render.still ? null : plan.timeline.render.range,
      still: plan.timeline.render.still ? { atMs: plan.timeline.render.range.startMs } : null,
    },
    output: plan.output,
    durationMs: row.duration_ms,
    state: row.state,
    progress,
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
  // What to render beyond the clips, fixed at acceptance: the output settings and a timeline export's timeline.
  db.exec(`CREATE TABLE IF NOT EXISTS export_plans (
    export_id INTEGER PRIMARY KEY REFERENCES exports(id),
    plan TEXT NOT NULL
  )`);
  const now = () => iso(clock.now());
  const states = createJobStates(db, 'exports', now);
  const progress = renderProgress(ctx);
  const shown = (row: ExportRow) => toExport(row, progress.of('export', row.id, row.state));

  return {
    states,
    /** Records a queued export (call inside the transaction that checked it). */
    insert(
      accountId: number,
      projectId: number,
      what: {
        clips: Clip[];
        durationMs: number;
        output: OutputSettings;
        timeline?: { revision: number; render: TimelineRender };
      },
    ): number {
      const at = now();
      const { lastInsertRowid } = db
        .prepare(
          `INSERT INTO exports (account_id, project_id, clips, duration_ms, state, created_at, updated_at) VALUES (?, ?, ?, ?, 'queued', ?, ?)`,
        )
        .run(accountId, projectId, JSON.stringify(what.clips), what.durationMs, at, at);
      const id = Number(lastInsertRowid);
      db.prepare('INSERT INTO export_plans (export_id, plan) VALUES (?, ?)').run(
        id,
        JSON.stringify({ output: what.output, timeline: what.timeline ?? null }),
      );
      return id;
    },
    get(accountId: number, id: number): Export {
      const row = db.prepare(`${SELECT} WHERE e.id = ? AND e.account_id = ?`).get(id, accountId) as
        ExportRow | undefined;
      if (!row) throw new ApiError('resource.not_found', `No export ${id} in this account.`);
      return shown(row);
    },
    /** What the job needs to render: the export as stored, with its account, and a timeline export's render. */
    job(id: number): { accountId: number; export: Export; timeline: TimelineRender | null } {
      const row = db.prepare(`${SELECT} WHERE e.id = ?`).get(id) as ExportRow | undefined;
      if (!row) throw new Error(`export ${id} is not in the database`);
      return { accountId: row.account_id, export: shown(row), timeline: planOf(row).timeline?.render ?? null };
    },
    page(
      accountId: number,
      projectId: number | undefined,
      where: string,
      args: (string | number | null)[],
      limit: number,
    ): Export[] {
      return jobPage<ExportRow>(db, `(${SELECT})`, accountId, { project_id: projectId }, where, args, limit).map(shown);
    },
    /** Records how far the running export got (0..1); forgotten when it ends. */
    setProgress: (id: number, share: number) => progress.set('export', id, share),
    forgetProgress: (id: number) => progress.clear('export', id),
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
