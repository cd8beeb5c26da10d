// Brands and their reusable assets, and attaching brand assets to projects (spec: "brand
// assets are reusable and must be attached to a project to be edited with"). Attached media
// counts as the project's own for exports and the editor (assets.usableInProject).
import { z } from 'zod';
import { CREATE_LIMITS, UPLOAD_LIMITS } from '../../shared/limits.ts';
import { iso } from '../clock.ts';
import type { SandboxContext } from '../context.ts';
import { transaction } from '../db/database.ts';
import { ApiError } from '../http/apiError.ts';
import { pageOf, pageQuery } from '../http/pagination.ts';
import { route } from '../http/route.ts';
import { AssetSchema, toAsset, type AssetRow } from '../media/assetStore.ts';
import { createProjectStore } from './projects.ts';
import { trimmedText } from '../http/trimmedText.ts';

interface BrandRow {
  id: number;
  account_id: number;
  name: string;
  created_at: string;
}

const { min: nameMin, max: nameMax } = UPLOAD_LIMITS.brandName;

export const BrandSchema = z.object({ id: z.number().int(), name: z.string(), createdAt: z.string() });

const BrandInput = z.strictObject({
  name: trimmedText(nameMin, nameMax),
});

const AttachmentSchema = z.object({
  projectId: z.number().int(),
  assetId: z.number().int(),
  attachedAt: z.string(),
  asset: AssetSchema,
});

const AttachInput = z.strictObject({
  assetId: z
    .number()
    .int()
    .min(1)
    .max(CREATE_LIMITS.idMax)
    .describe('A brand asset of this account (from GET /brands/{id}/assets).'),
});

const toBrand = (row: BrandRow) => ({ id: row.id, name: row.name, createdAt: row.created_at });

export function createBrandStore(ctx: SandboxContext) {
  return {
    get(accountId: number, id: number): BrandRow {
      const row = ctx.db.prepare('SELECT * FROM brands WHERE id = ? AND account_id = ?').get(id, accountId) as
        BrandRow | undefined;
      if (!row) throw new ApiError('resource.not_found', `No brand ${id} in this account: pick one from GET /brands.`);
      return row;
    },
  };
}

export function brandRoutes(ctx: SandboxContext) {
  const { db, clock } = ctx;
  const brands = createBrandStore(ctx);
  const projects = createProjectStore(ctx);

  function attachment(projectId: number, assetId: number, attachedAt: string, accountId: number) {
    return { projectId, assetId, attachedAt, asset: toAsset(ctx.assets.get(accountId, assetId)) };
  }

  /** The asset to attach, or a 400 that says why this one cannot be. */
  function brandAsset(accountId: number, assetId: number): AssetRow {
    const asset = db.prepare('SELECT * FROM assets WHERE id = ? AND account_id = ?').get(assetId, accountId) as
      AssetRow | undefined;
    if (!asset) {
      throw new ApiError(
        'attachment.not_brand_asset',
        `assetId: asset ${assetId} does not exist in this account; pick a brand asset from GET /brands/{id}/assets.`,
      );
    }
    if (asset.brand_id === null) {
      throw new ApiError(
        'attachment.not_brand_asset',
        `assetId: asset ${assetId} is media of project ${asset.project_id}, not a brand asset, and is usable in that project as it is; only brand assets are attached.`,
      );
    }
    return asset;
  }

  return [
    route({
      method: 'GET',
      path: '/brands',
      auth: 'any',
      tag: 'Brands',
      summary: "List the account's brands, newest first",
      query: pageQuery,
      responses: { 200: { description: 'A page of brands', schema: BrandSchema, list: true } },
      handler({ principal, query }) {
        const { items, pagination } = pageOf<BrandRow>(
          (where, args, limit) =>
            db
              .prepare(`SELECT * FROM brands WHERE account_id = ? AND ${where} ORDER BY id DESC LIMIT ?`)
              .all(principal.accountId, ...args, limit) as unknown as BrandRow[],
          query,
        );
        return { data: items.map(toBrand), pagination };
      },
    }),
    route({
      method: 'POST',
      path: '/brands',
      auth: 'any',
      tag: 'Brands',
      summary: 'Create a brand (a home for reusable assets)',
      body: BrandInput,
      responses: { 201: { description: 'The new brand', schema: BrandSchema } },
      handler({ principal, body }) {
        const { lastInsertRowid } = db
          .prepare('INSERT INTO brands (account_id, name, created_at) VALUES (?, ?, ?)')
          .run(principal.accountId, body.name, iso(clock.now()));
        return { status: 201, data: toBrand(brands.get(principal.accountId, Number(lastInsertRowid))) };
      },
    }),
    route({
      method: 'GET',
      path: '/brands/{id}',
      auth: 'any',
      tag: 'Brands',
      summary: 'Read a brand',
      responses: { 200: { description: 'The brand', schema: BrandSchema } },
      handler({ principal, params }) {
        return { data: toBrand(brands.get(principal.accountId, params.id as number)) };
      },
    }),
    route({
      method: 'GET',
      path: '/brands/{id}/assets',
      auth: 'any',
      tag: 'Brands',
      summary: "List a brand's reusable assets, newest first (attach one to a project to edit with it)",
      query: pageQuery,
      responses: { 200: { description: 'A page of brand assets', schema: AssetSchema, list: true } },
      handler({ principal, params, query }) {
        const brand = brands.get(principal.accountId, params.id as number);
        const { items, pagination } = pageOf<AssetRow>(
          (where, args, limit) =>
            db
              .prepare(
                `SELECT * FROM assets WHERE account_id = ? AND brand_id = ? AND ${where} ORDER BY id DESC LIMIT ?`,
              )
              .all(principal.accountId, brand.id, ...args, limit) as unknown as AssetRow[],
          query,
        );
        return { data: items.map(toAsset), pagination };
      },
    }),
    route({
      method: 'GET',
      path: '/projects/{id}/attachments',
      auth: 'any',
      tag: 'Brands',
      summary: 'List the brand assets attached to a project, highest asset ID first',
      query: pageQuery,
      responses: {
        200: {
          description: 'A page of attachments; pagination.nextCursor is an asset ID',
          schema: AttachmentSchema,
          list: true,
        },
      },
      handler({ principal, params, query }) {
        const project = projects.get(principal.accountId, params.id as number);
        const { items, pagination } = pageOf<{ id: number; attached_at: string }>(
          (where, args, limit) =>
            db
              .prepare(
                `SELECT * FROM (SELECT asset_id AS id, attached_at FROM project_attachments WHERE project_id = ?) WHERE ${where} ORDER BY id DESC LIMIT ?`,
              )
              .all(project.id, ...args, limit) as unknown as { id: number; attached_at: string }[],
          query,
        );
        return {
          data: items.map((row) => attachment(project.id, row.id, row.attached_at, principal.accountId)),
          pagination,
        };
      },
    }),
    route({
      method: 'POST',
      path: '/projects/{id}/attachments',
      auth: 'any',
      tag: 'Brands',
      summary:
        'Attach a brand asset to a project so its exports and timeline may use it; attaching again changes nothing',
      body: AttachInput,
      responses: {
        201: { description: 'Attached', schema: AttachmentSchema },
        200: { description: 'It was already attached: the existing attachment', schema: AttachmentSchema },
        400: {
          description:
            "attachment.not_brand_asset: the asset does not exist in this account, or is a project's own media",
        },
      },
      handler({ principal, params, body }) {
        const { accountId } = principal;
        return transaction(db, () => {
          const project = projects.get(accountId, params.id as number);
          brandAsset(accountId, body.assetId);
          const { changes } = db
            .prepare('INSERT OR IGNORE INTO project_attachments (project_id, asset_id, attached_at) VALUES (?, ?, ?)')
            .run(project.id, body.assetId, iso(clock.now()));
          const row = db
            .prepare('SELECT attached_at FROM project_attachments WHERE project_id = ? AND asset_id = ?')
            .get(project.id, body.assetId) as { attached_at: string };
          return {
            status: changes > 0 ? 201 : 200,
            data: attachment(project.id, body.assetId, row.attached_at, accountId),
          };
        });
      },
    }),
    route({
      method: 'DELETE',
      path: '/projects/{id}/attachments/{assetId}',
      auth: 'any',
      tag: 'Brands',
      summary: 'Detach a brand asset from a project (the asset stays with its brand; finished exports are unchanged)',
      responses: {
        200: {
          description: 'Detached',
          schema: z.object({ projectId: z.number().int(), assetId: z.number().int(), detached: z.literal(true) }),
        },
      },
      handler({ principal, params }) {
        const project = projects.get(principal.accountId, params.id as number);
        const assetId = params.assetId as number;
        const { changes } = db
          .prepare('DELETE FROM project_attachments WHERE project_id = ? AND asset_id = ?')
          .run(project.id, assetId);
        if (changes === 0)
          throw new ApiError('resource.not_found', `Asset ${assetId} is not attached to project ${project.id}.`);
        return { data: { projectId: project.id, assetId, detached: true } };
      },
    }),
  ];
}
