// Stored media: one file under the media folder per asset, described by a row in `assets`.
// Uploads, generations, exports and finishes all register their files here.
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rename, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { z } from 'zod';
import { iso } from '../clock.ts';
import type { SandboxContext } from '../context.ts';
import { ApiError } from '../http/apiError.ts';
import { probe, type MediaProbe } from './ffmpeg.ts';

export type MediaKind = 'image' | 'video' | 'audio';

export interface AssetRow {
  id: number;
  account_id: number;
  project_id: number | null;
  brand_id: number | null;
  kind: MediaKind;
  filename: string;
  content_type: string;
  size_bytes: number;
  sha256: string;
  width: number | null;
  height: number | null;
  duration_ms: number | null;
  source: string;
  storage_path: string;
  created_at: string;
}

export const AssetSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int().nullable(),
  brandId: z.number().int().nullable(),
  kind: z.enum(['image', 'video', 'audio']),
  filename: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  sha256: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  source: z.string().describe('upload, generation, export, finish, …'),
  createdAt: z.string(),
});

export function toAsset(row: AssetRow): z.infer<typeof AssetSchema> {
  return {
    id: row.id,
    projectId: row.project_id,
    brandId: row.brand_id,
    kind: row.kind,
    filename: row.filename,
    contentType: row.content_type,
    sizeBytes: row.size_bytes,
    sha256: row.sha256,
    width: row.width,
    height: row.height,
    durationMs: row.duration_ms,
    source: row.source,
    createdAt: row.created_at,
  };
}

async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export function createAssetStore(ctx: SandboxContext) {
  const { db } = ctx;
  return {
    /** A fresh path under the media folder for a file about to be written. */
    newPath(extension: string): string {
      return join(ctx.mediaDir, `${randomUUID()}${extension.startsWith('.') ? extension : `.${extension}`}`);
    },
    /** Moves (if needed) a finished file into the media folder, measures it and records it. */
    async register(input: {
      accountId: number;
      projectId?: number | null;
      brandId?: number | null;
      kind: MediaKind;
      filename: string;
      contentType: string;
      source: string;
      filePath: string;
      /** ffprobe's reading when the caller has one (an upload was probed to judge it). */
      probed?: MediaProbe;
    }): Promise<AssetRow> {
      let path = input.filePath;
      if (!path.startsWith(ctx.mediaDir)) {
        const target = this.newPath(extname(input.filename) || '.bin');
        await rename(path, target);
        path = target;
      }
      const [{ size }, sha256, info] = await Promise.all([stat(path), sha256File(path), input.probed ?? probe(path)]);
      const { lastInsertRowid } = db
        .prepare(
          `INSERT INTO assets (account_id, project_id, brand_id, kind, filename, content_type, size_bytes, sha256, width, height, duration_ms, source, storage_path, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          input.accountId,
          input.projectId ?? null,
          input.brandId ?? null,
          input.kind,
          input.filename,
          input.contentType,
          size,
          sha256,
          info?.width ?? null,
          info?.height ?? null,
          input.kind === 'image' ? null : (info?.durationMs ?? null),
          input.source,
          path,
          iso(ctx.clock.now()),
        );
      return this.get(input.accountId, Number(lastInsertRowid));
    },
    get(accountId: number, id: number): AssetRow {
      const row = db.prepare('SELECT * FROM assets WHERE id = ? AND account_id = ?').get(id, accountId) as
        AssetRow | undefined;
      if (!row) throw new ApiError('resource.not_found', `No asset ${id} in this account.`);
      return row;
    },
    /** Media a project may edit with: its own, and brand assets attached to it. */
    usableInProject(projectId: number, assetId: number): boolean {
      return Boolean(
        db
          .prepare(
            `SELECT 1 FROM assets WHERE id = ? AND (project_id = ? OR id IN (SELECT asset_id FROM project_attachments WHERE project_id = ?))`,
          )
          .get(assetId, projectId, projectId),
      );
    },
  };
}

export type AssetStore = ReturnType<typeof createAssetStore>;
