// Delivery links (spec: "anyone holding a link can access the asset while the link and its
// source remain valid"): an unguessable URL on the sandbox's origin that serves one asset's
// bytes without credentials until it expires or is revoked. Only a hash of each token is kept,
// so the URL is shown once, when the link is made. A link that is unknown, revoked, expired or
// whose asset is gone answers the same 404, so a holder learns nothing about which.
import { randomBytes } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { z } from 'zod';
import { UPLOAD_LIMITS } from '../../shared/limits.ts';
import { sha256Hex } from '../auth/secrets.ts';
import { iso } from '../clock.ts';
import type { SandboxContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { ApiError } from '../http/apiError.ts';
import { pageOf, pageQuery } from '../http/pagination.ts';
import { HANDLED, route } from '../http/route.ts';
import type { AssetRow } from '../media/assetStore.ts';
import { sendMediaFile } from '../media/sendMediaFile.ts';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS delivery_links (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  account_id INTEGER NOT NULL REFERENCES accounts(id),
  asset_id INTEGER NOT NULL REFERENCES assets(id),
  token_hash TEXT NOT NULL UNIQUE,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  revoked_at INTEGER
);
CREATE INDEX IF NOT EXISTS delivery_links_asset ON delivery_links (asset_id, id);
`;

interface LinkRow {
  id: number;
  account_id: number;
  asset_id: number;
  token_hash: string;
  /** Epoch ms on the sandbox clock. */
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

/** The public path a link's URL points at, on the sandbox origin (outside /api/v1). */
export const DELIVERY_PATH = '/d';
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const { min: hoursMin, max: hoursMax, default: hoursDefault } = UPLOAD_LIMITS.deliveryLinkHours;

export const DeliveryLinkSchema = z.object({
  id: z.number().int(),
  assetId: z.number().int(),
  url: z
    .string()
    .nullable()
    .describe(
      `The public URL (${DELIVERY_PATH}/<token> on the service origin; no credentials needed). Only in the answer that made the link: just a hash of its token is kept, so lists show null.`,
    ),
  state: z.enum(['active', 'expired', 'revoked']),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
});

const LinkInput = z
  .strictObject({
    expiresInHours: z
      .number()
      .int('must be a whole number of hours')
      .min(hoursMin, `must be from ${hoursMin} to ${hoursMax}`)
      .max(hoursMax, `must be from ${hoursMin} to ${hoursMax} (30 days)`)
      .default(hoursDefault)
      .describe(`How long the link works, ${hoursMin} to ${hoursMax} hours; default ${hoursDefault} (7 days).`),
  })
  .prefault({});

function linkTable(db: Db) {
  db.exec(SCHEMA);
  return {
    get(accountId: number, assetId: number, id: number): LinkRow | undefined {
      return db
        .prepare('SELECT * FROM delivery_links WHERE id = ? AND asset_id = ? AND account_id = ?')
        .get(id, assetId, accountId) as LinkRow | undefined;
    },
    /** The asset behind a token, if its link still works at `now`. */
    resolve(token: string, now: number): AssetRow | undefined {
      return db
        .prepare(
          `SELECT a.* FROM delivery_links l JOIN assets a ON a.id = l.asset_id AND a.account_id = l.account_id
           WHERE l.token_hash = ? AND l.revoked_at IS NULL AND l.expires_at > ?`,
        )
        .get(sha256Hex(token), now) as AssetRow | undefined;
    },
  };
}

export function deliveryLinkRoutes(ctx: SandboxContext) {
  const { db, clock } = ctx;
  const links = linkTable(db);

  const toLink = (row: LinkRow, token?: string) => {
    const now = clock.now();
    return {
      id: row.id,
      assetId: row.asset_id,
      url: token ? `${ctx.origin()}${DELIVERY_PATH}/${token}` : null,
      state:
        row.revoked_at !== null
          ? ('revoked' as const)
          : row.expires_at <= now
            ? ('expired' as const)
            : ('active' as const),
      createdAt: iso(row.created_at),
      expiresAt: iso(row.expires_at),
      revokedAt: row.revoked_at === null ? null : iso(row.revoked_at),
    };
  };

  return [
    route({
      method: 'POST',
      path: '/assets/{id}/delivery-links',
      auth: 'any',
      tag: 'Delivery links',
      summary:
        "Make a delivery link: a public URL that serves the asset's bytes to anyone holding it, until it expires or is revoked",
      body: LinkInput,
      responses: { 201: { description: 'The link, with its URL (shown this once)', schema: DeliveryLinkSchema } },
      handler({ principal, params, body }) {
        const asset = ctx.assets.get(principal.accountId, params.id as number);
        const token = randomBytes(32).toString('base64url');
        const now = clock.now();
        const { lastInsertRowid } = db
          .prepare(
            'INSERT INTO delivery_links (account_id, asset_id, token_hash, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
          )
          .run(principal.accountId, asset.id, sha256Hex(token), now, now + body.expiresInHours * 3_600_000);
        return { status: 201, data: toLink(links.get(principal.accountId, asset.id, Number(lastInsertRowid))!, token) };
      },
    }),
    route({
      method: 'GET',
      path: '/assets/{id}/delivery-links',
      auth: 'any',
      tag: 'Delivery links',
      summary: "List an asset's delivery links (active, expired and revoked), newest first",
      query: pageQuery,
      responses: {
        200: {
          description: 'A page of links (url is null: it is shown only when made)',
          schema: DeliveryLinkSchema,
          list: true,
        },
      },
      handler({ principal, params, query }) {
        const asset = ctx.assets.get(principal.accountId, params.id as number);
        const { items, pagination } = pageOf<LinkRow>(
          (where, args, limit) =>
            db
              .prepare(
                `SELECT * FROM delivery_links WHERE account_id = ? AND asset_id = ? AND ${where} ORDER BY id DESC LIMIT ?`,
              )
              .all(principal.accountId, asset.id, ...args, limit) as unknown as LinkRow[],
          query,
        );
        return { data: items.map((row) => toLink(row)), pagination };
      },
    }),
    route({
      method: 'DELETE',
      path: '/assets/{id}/delivery-links/{linkId}',
      auth: 'any',
      tag: 'Delivery links',
      summary: 'Revoke a delivery link: it stops working at once (revoking again changes nothing)',
      responses: { 200: { description: 'The revoked link', schema: DeliveryLinkSchema } },
      handler({ principal, params }) {
        const asset = ctx.assets.get(principal.accountId, params.id as number);
        const linkId = params.linkId as number;
        if (!links.get(principal.accountId, asset.id, linkId))
          throw new ApiError('resource.not_found', `Asset ${asset.id} has no delivery link ${linkId}.`);
        db.prepare('UPDATE delivery_links SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL').run(
          clock.now(),
          linkId,
        );
        return { data: toLink(links.get(principal.accountId, asset.id, linkId)!) };
      },
    }),
  ];
}

/** GET {origin}/d/{token}: the public fetch, served by the origin's router (no credentials). */
export function deliveryDownloadRoutes(ctx: SandboxContext) {
  const links = linkTable(ctx.db);
  const gone = () =>
    new ApiError(
      'resource.not_found',
      'This delivery link does not work: it may never have existed, or have been revoked or expired. Ask the sender for a new link.',
    );
  return [
    route({
      method: 'GET',
      path: `${DELIVERY_PATH}/{token}`,
      params: { token: 'string' },
      auth: 'none',
      tag: 'Delivery links',
      summary: "Fetch a delivered asset's bytes; one Range is honoured",
      responses: {
        200: { description: 'The whole file', contentType: 'application/octet-stream' },
        206: { description: 'The requested byte range', contentType: 'application/octet-stream' },
        404: { description: 'resource.not_found: the link is unknown, revoked or expired, or its asset is gone' },
      },
      async handler({ req, res, params, requestId }): Promise<typeof HANDLED> {
        const token = params.token as string;
        const asset = TOKEN.test(token) ? links.resolve(token, ctx.clock.now()) : undefined;
        if (!asset || !(await stat(asset.storage_path).catch(() => null))) throw gone();
        // The URL is the secret: keep it out of Referer headers and search indexes.
        res.setHeader('referrer-policy', 'no-referrer');
        res.setHeader('x-robots-tag', 'noindex');
        await sendMediaFile(
          req,
          res,
          { path: asset.storage_path, contentType: asset.content_type, filename: asset.filename, etag: asset.sha256 },
          requestId,
        );
        return HANDLED;
      },
    }),
  ];
}
