// Auto reframe jobs as rows and as the resource: which clips to follow (fixed when accepted),
// how far the analysis got, and once completed the timeline revision its keyframes made.
import { z } from 'zod';
import { JOB_STATES } from '../../shared/limits.ts';
import { iso } from '../clock.ts';
import type { SandboxContext } from '../context.ts';
import { ApiError } from '../http/apiError.ts';
import { createJobStates, JOB_COLUMNS, jobFields, jobPage, jobShape, type JobRow } from '../jobs/jobLifecycle.ts';

interface ReframeRow extends JobRow {
  project_id: number;
  /** The clip IDs to follow (JSON). */
  clip_ids: string;
  progress: number;
  /** ReframeResult as JSON; null until completed. */
  result: string | null;
}

export const ReframeClipSchema = z.object({
  clipId: z.string(),
  subject: z
    .enum(['face', 'motion', 'none'])
    .describe('What was followed: faces where found, else the centre of motion; none: nothing to follow (kept still).'),
  samples: z.number().int().describe('How many frames were looked at.'),
  keyframes: z.number().int().describe('How many positionX and positionY keyframes were written.'),
});

export const ReframeSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  clipIds: z.array(z.string()).describe('The clips followed.'),
  state: z.enum(JOB_STATES),
  progress: z.number().min(0).max(1).describe('Share of the sampled frames looked at so far, 0 to 1.'),
  revision: z
    .string()
    .nullable()
    .describe('The timeline revision holding the keyframes (one edit: undone as one); null until completed.'),
  clips: z.array(ReframeClipSchema).nullable().describe('What was found in each clip; null until completed.'),
  costUsd: z.number().describe('Always 0: the analysis runs on the machine and is not charged.'),
  ...jobShape('Why the reframe failed or was cancelled; null otherwise.'),
});

export type Reframe = z.infer<typeof ReframeSchema>;
export type ReframeResult = { revision: string; clips: z.infer<typeof ReframeClipSchema>[] };

function toReframe(row: ReframeRow): Reframe {
  const result = row.result ? (JSON.parse(row.result) as ReframeResult) : null;
  return {
    id: row.id,
    projectId: row.project_id,
    clipIds: JSON.parse(row.clip_ids) as string[],
    state: row.state,
    progress: row.state === 'completed' ? 1 : row.progress,
    revision: result?.revision ?? null,
    clips: result?.clips ?? null,
    costUsd: 0,
    ...jobFields(row),
  };
}

export function createReframeStore(ctx: SandboxContext) {
  const { db, clock } = ctx;
  db.exec(`CREATE TABLE IF NOT EXISTS reframes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    account_id INTEGER NOT NULL,
    project_id INTEGER NOT NULL REFERENCES projects(id),
    clip_ids TEXT NOT NULL,
    progress REAL NOT NULL DEFAULT 0,
    state TEXT NOT NULL,
    result TEXT,
    ${JOB_COLUMNS}
  )`);
  const now = () => iso(clock.now());
  const states = createJobStates(db, 'reframes', now);
  const row = (id: number) => db.prepare('SELECT * FROM reframes WHERE id = ?').get(id) as ReframeRow | undefined;

  return {
    states,
    insert(input: { accountId: number; projectId: number; clipIds: string[] }): number {
      const at = now();
      const { lastInsertRowid } = db
        .prepare(
          `INSERT INTO reframes (account_id, project_id, clip_ids, state, created_at, updated_at) VALUES (?, ?, ?, 'queued', ?, ?)`,
        )
        .run(input.accountId, input.projectId, JSON.stringify(input.clipIds), at, at);
      return Number(lastInsertRowid);
    },
    get(accountId: number, projectId: number, id: number): Reframe {
      const found = row(id);
      if (!found || found.account_id !== accountId || found.project_id !== projectId)
        throw new ApiError('resource.not_found', `No reframe ${id} of project ${projectId} in this account.`);
      return toReframe(found);
    },
    page(accountId: number, projectId: number, where: string, args: (string | number | null)[], limit: number) {
      return jobPage<ReframeRow>(db, 'reframes', accountId, { project_id: projectId }, where, args, limit).map(
        toReframe,
      );
    },
    job(id: number): { accountId: number; projectId: number; reframe: Reframe } {
      const found = row(id);
      if (!found) throw new Error(`reframe ${id} is not in the database`);
      return { accountId: found.account_id, projectId: found.project_id, reframe: toReframe(found) };
    },
    setProgress(id: number, progress: number): void {
      db.prepare(`UPDATE reframes SET progress = ? WHERE id = ? AND state = 'running'`).run(progress, id);
    },
    markCompleted: (id: number, result: ReframeResult) =>
      states.completed(id, { set: 'result = ?', args: [JSON.stringify(result)] }),
  };
}

export type ReframeStore = ReturnType<typeof createReframeStore>;
