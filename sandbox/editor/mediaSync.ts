// Media sync: the editor's media bin, i.e. every asset the project may edit with (its own
// and brand assets attached to it), optionally only what arrived since the last sync.
import { z } from 'zod';
import { ACCEPTS } from '../../shared/timeline/timelineRules.ts';
import { iso } from '../clock.ts';
import type { SandboxContext } from '../context.ts';
import { createProjectStore } from '../create/projects.ts';
import { route } from '../http/route.ts';
import { AssetSchema, toAsset, type AssetRow } from '../media/assetStore.ts';
import { revisionLabel, type TimelineStore } from './timelineStore.ts';

const MediaSyncInput = z
  .strictObject({
    since: z.iso
      .datetime({ offset: true })
      .optional()
      .describe(
        'The syncedAt of your previous sync: only media added or attached at or after it is listed. Everything by default.',
      ),
  })
  .optional();

const BinAssetSchema = AssetSchema.extend({
  attached: z.boolean().describe('A brand asset attached to the project (not one of its own).'),
  usableOn: z.array(z.enum(['video', 'audio'])).describe('The track kinds it can be placed on.'),
});

export const MediaSyncSchema = z.object({
  projectId: z.number().int(),
  revision: z.string().describe('The timeline revision at the time of the sync.'),
  syncedAt: z.string().describe('Send it as `since` next time to get only what is new.'),
  assets: z.array(BinAssetSchema).describe('Newest first.'),
});

/** The track kinds that take an asset of this kind (the editor's rule: timelineRules.ts ACCEPTS). */
const usableOn = (kind: string) => (['video', 'audio'] as const).filter((track) => ACCEPTS[track].includes(kind));

export function mediaSyncRoutes(ctx: SandboxContext, timelines: TimelineStore) {
  const { db } = ctx;
  const projects = createProjectStore(ctx);
  const bin = db.prepare(
    `SELECT a.*, 0 AS attached FROM assets a WHERE a.account_id = ? AND a.project_id = ? AND a.created_at >= ?
     UNION ALL
     SELECT a.*, 1 AS attached FROM assets a JOIN project_attachments p ON p.asset_id = a.id
       WHERE a.account_id = ? AND p.project_id = ? AND (a.project_id IS NULL OR a.project_id <> p.project_id) AND (p.attached_at >= ? OR a.created_at >= ?)
     ORDER BY id DESC`,
  );

  return [
    route<z.infer<typeof MediaSyncInput>>({
      method: 'POST',
      path: '/projects/{id}/editor/media-sync',
      auth: 'any',
      tag: 'Editor',
      summary:
        "Sync the editor's media bin: the project's own media and the brand assets attached to it (optionally only what is new since the last sync)",
      body: MediaSyncInput,
      responses: {
        200: { description: 'The media bin', schema: MediaSyncSchema },
        404: { description: 'resource.not_found: no such project in this account' },
      },
      handler({ principal, params, body }) {
        const projectId = params.id as number;
        const { accountId } = principal;
        projects.get(accountId, projectId);
        const syncedAt = iso(ctx.clock.now());
        const since = body?.since ? new Date(body.since).toISOString() : '';
        const rows = bin.all(
          accountId,
          projectId,
          since,
          accountId,
          projectId,
          since,
          since,
        ) as unknown as (AssetRow & { attached: number })[];
        return {
          data: {
            projectId,
            revision: revisionLabel(timelines.read(accountId, projectId).revision),
            syncedAt,
            assets: rows.map((row) => ({
              ...toAsset(row),
              attached: row.attached === 1,
              usableOn: usableOn(row.kind),
            })),
          },
        };
      },
    }),
  ];
}
